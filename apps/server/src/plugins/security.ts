import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { XSRF_COOKIE_NAME } from '@fineprint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_MESSAGE = 'Request blocked: missing or invalid security token. Reload the page and try again.';

/**
 * Security headers and the CSRF defence for state-changing calls: a same-origin Origin header
 * and the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN. JSON API answers (`/api/…`) carry the lean
 * API set, everything else (the SPA's pages, the payment callback, the sandbox checkout and its
 * frame) helmet's document set: see `securityHeaders`.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: {
    /** The headers made by securityHeaders. */
    headers: SecurityHeaders;
    /** Server-to-server POST routes with their own authentication. */ csrfExempt: readonly string[];
  },
): Promise<void> {
  // One synchronous hook per request: the fixed security headers of the path, the XSRF cookie
  // when missing, and, for state-changing methods only, the CSRF check.
  app.addHook('onRequest', (request, reply, done) => {
    options.headers.forUrl(request.url).apply(reply.raw);
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

/** The paths answered with JSON (or, for the analysis stream, Server-Sent Events), never with a document. */
const API_PREFIX = '/api/';

/**
 * The security headers, computed once, in two sets:
 * - `document`: helmet's set with this site's policy, for everything a browser may render (the
 *   SPA's pages, the payment callback, the sandbox checkout and frame, assets). The policy has
 *   no per-request part (no nonce, no function), so helmet runs once, against a recording
 *   response, and each request gets the recorded header operations replayed in the same order,
 *   names and values (`security-headers.test.ts` compares the bytes on the wire with helmet's
 *   own middleware).
 * - `api`: the lean set OWASP's REST Security Cheat Sheet gives for API answers, which no
 *   browser renders as a page: a CSP that allows nothing (`default-src 'none'; frame-ancestors
 *   'none'`), helmet's HSTS value, nosniff, `X-Frame-Options: DENY`, no referrer. The
 *   document-only headers (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-XSS-Protection…)
 *   say nothing about a JSON answer and cost the client bytes on every call.
 * `forUrl` picks the set by the request's path, the same rule as the not-found handler's
 * (`/api/…` answers JSON, anything else may be the SPA's error page); Fastify's own early
 * errors (bad URL, over-long parameter), which skip the hooks, use it too.
 */
export function securityHeaders(paymentOrigins: readonly string[]): SecurityHeaders {
  const document: HeaderOperation[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void document.push([name, String(value)]),
    removeHeader: (name: string) => void document.push([name, undefined]),
  };
  let failure: unknown;
  helmet(helmetOptions(paymentOrigins))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  const hsts = document.find(([name]) => name.toLowerCase() === 'strict-transport-security')?.[1];
  if (!hsts) throw new Error('helmet set no Strict-Transport-Security header');
  const api: HeaderOperation[] = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Strict-Transport-Security', hsts],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'no-referrer'],
  ];
  const documentSet = headerSet(document);
  const apiSet = headerSet(api);
  return { document: documentSet, api: apiSet, forUrl: (url) => (url.startsWith(API_PREFIX) ? apiSet : documentSet) };
}

function headerSet(operations: readonly HeaderOperation[]): HeaderSet {
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

/** [name, value]; value undefined = the header is removed. */
type HeaderOperation = readonly [name: string, value: string | undefined];

/** One fixed set of security headers as a connect-style middleware, with its header operations and `apply` for a raw response. */
export interface HeaderSet {
  (request: IncomingMessage, response: ServerResponse, next: (error?: Error) => void): void;
  /** [name, value] in the order they are set (helmet's order for the document set); value undefined = the header is removed. */
  readonly operations: readonly HeaderOperation[];
  apply(response: ServerResponse): void;
}

/** The two fixed sets of security headers and the rule choosing one per request. */
export interface SecurityHeaders {
  /** Helmet's set with this site's policy: pages, the SPA, the payment callback, /sandbox/*. */
  readonly document: HeaderSet;
  /** The lean set of JSON API answers (/api/*). */
  readonly api: HeaderSet;
  /** The set for a request's URL (path and query as received). */
  forUrl(url: string): HeaderSet;
}
