import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { XSRF_COOKIE_NAME } from '@fineprint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_MESSAGE = 'Request blocked: missing or invalid security token. Reload the page and try again.';

/**
 * Security headers (CSP admitting only this site and the payment provider's script host,
 * HSTS, nosniff, frame-ancestors none, no referrer) and the CSRF defence for state-changing
 * calls: a same-origin Origin header and the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: {
    /** The middleware made by securityHeaders. */
    headers: SecurityHeaders;
    /** Server-to-server POST routes with their own authentication. */ csrfExempt: readonly string[];
  },
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => options.headers(request.raw, reply.raw, done));

  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE_NAME];
    if (!cookie) {
      void reply.setCookie(XSRF_COOKIE_NAME, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (!UNSAFE_METHODS.has(request.method) || options.csrfExempt.includes(request.routeOptions.url ?? '')) return;
    if (!isSameOrigin(request) || !hasMatchingToken(request, cookie)) {
      return reply.code(403).send({ error: CSRF_MESSAGE });
    }
  });
}

function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // non-browser clients; the token check still applies
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function hasMatchingToken(request: FastifyRequest, cookie: string | undefined): boolean {
  const header = request.headers['x-xsrf-token'];
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The helmet middleware with this site's policy: CSP admitting only this site and the payment
 * provider's hosts, HSTS, nosniff, frame-ancestors none, no referrer. One function, so that
 * Fastify's own early errors (bad URL, over-long parameter), which skip the hooks, carry
 * the same headers.
 */
export function securityHeaders(paymentOrigins: readonly string[]): SecurityHeaders {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paymentOrigins],
        frameSrc: ["'self'", ...paymentOrigins],
        connectSrc: ["'self'", ...paymentOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...paymentOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  }) as SecurityHeaders;
}

/** Sets the security headers on a raw response, then calls next. */
export type SecurityHeaders = (request: IncomingMessage, response: ServerResponse, next: (error?: Error) => void) => void;
