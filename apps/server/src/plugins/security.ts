import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
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
    /** The headers made by securityHeaders. */
    headers: SecurityHeaders;
    /** Server-to-server POST routes with their own authentication. */ csrfExempt: readonly string[];
  },
): Promise<void> {
  // One synchronous hook per request: the fixed security headers, the XSRF cookie when missing,
  // and, for state-changing methods only, the CSRF check.
  app.addHook('onRequest', (request, reply, done) => {
    options.headers.apply(reply.raw);
    const cookie = request.cookies[XSRF_COOKIE_NAME];
    if (!cookie) {
      void reply.setCookie(XSRF_COOKIE_NAME, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (!UNSAFE_METHODS.has(request.method) || options.csrfExempt.includes(request.routeOptions.url ?? '')) return done();
    if (!isSameOrigin(request) || !hasMatchingToken(request, cookie)) {
      void reply.code(403).send({ error: CSRF_MESSAGE });
      return;
    }
    done();
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

/** Helmet's options for this site's policy: CSP admitting only this site and the payment provider's hosts, HSTS, nosniff, frame-ancestors none, no referrer. */
export function helmetOptions(paymentOrigins: readonly string[]): HelmetOptions {
  return {
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
  };
}

/**
 * The security headers of every response, as helmet sets them with this site's policy. The
 * policy has no per-request part (no nonce, no function), so helmet runs once, against a
 * recording response, and each request gets the recorded header operations replayed in the
 * same order, names and values (`security-headers.test.ts` compares the bytes on the wire with
 * helmet's own middleware). One object, so that Fastify's own early errors (bad URL,
 * over-long parameter), which skip the hooks, carry the same headers.
 */
export function securityHeaders(paymentOrigins: readonly string[]): SecurityHeaders {
  const operations: Array<[name: string, value: string | undefined]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => void operations.push([name, String(value)]),
    removeHeader: (name: string) => void operations.push([name, undefined]),
  };
  let failure: unknown;
  helmet(helmetOptions(paymentOrigins))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  const apply = (response: ServerResponse): void => {
    for (const [name, value] of operations) {
      if (value === undefined) response.removeHeader(name);
      else response.setHeader(name, value);
    }
  };
  const middleware = (_request: IncomingMessage, response: ServerResponse, next: (error?: Error) => void): void => {
    apply(response);
    next();
  };
  return Object.assign(middleware, { operations, apply });
}

/**
 * The fixed security headers as a connect-style middleware (for Fastify's early errors), with
 * the header operations helmet performs and `apply` for a raw response.
 */
export interface SecurityHeaders {
  (request: IncomingMessage, response: ServerResponse, next: (error?: Error) => void): void;
  /** [name, value] in helmet's order; value undefined = the header is removed. */
  readonly operations: ReadonlyArray<readonly [name: string, value: string | undefined]>;
  apply(response: ServerResponse): void;
}
