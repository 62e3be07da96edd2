import { normalizeSiteUrl } from '@fineprint/analysis';

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  body?: unknown;
  routeOptions?: { url?: string };
}

/**
 * What a request line logs: method, path without its query string (a `tx_ref` carries an
 * e-mail, a callback the transaction), any path segment that looks like an e-mail masked, and
 * the client address. No headers, so no token, cookie or XSRF value.
 */
export function requestLogSerializer(request: LoggedRequest): { method: string; url: string; remoteAddress?: string } {
  return { method: request.method, url: pathOnly(request.url), ...(request.ip ? { remoteAddress: request.ip } : {}) };
}

/** The fields a known error is logged with: its code and status, the route, the analysed site's host, and a provider error's cause. */
export function logFields(error: Error & { code: string }, request: LoggedRequest, status: number): Record<string, unknown> {
  const host = siteHost(request.body);
  return {
    code: error.code,
    status,
    route: request.routeOptions?.url ?? pathOnly(request.url),
    ...(host ? { host } : {}),
    ...(error.cause !== undefined ? { cause: describeCause(error.cause) } : {}),
  };
}

function pathOnly(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '[email]' : segment))
    .join('/');
}

/** The host of the address a request asks to analyse, if it has a usable one. */
function siteHost(body: unknown): string | undefined {
  const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
  if (typeof url !== 'string') return undefined;
  try {
    return normalizeSiteUrl(url).hostname;
  } catch {
    return undefined;
  }
}

/** A cause as name, message and code, down to three levels (fetch's "fetch failed" hides ECONNREFUSED one level down). */
function describeCause(cause: unknown, depth = 0): Record<string, unknown> | string {
  if (!(cause instanceof Error)) return String(cause).slice(0, 200);
  const code = (cause as { code?: unknown }).code;
  return {
    name: cause.name,
    message: cause.message.slice(0, 300),
    ...(typeof code === 'string' ? { code } : {}),
    ...(cause.cause !== undefined && depth < 2 ? { cause: describeCause(cause.cause, depth + 1) } : {}),
  };
}

/** Error codes of a database or Redis that cannot be reached or went away (node, PostgreSQL SQLSTATE). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);

/**
 * Error codes of storage that cannot take writes or returns damaged pages: SQLite's full disk,
 * I/O errors (every SQLITE_IOERR_* extended code), corruption and a file that is no database;
 * node's ENOSPC/EIO/EROFS; PostgreSQL's class 53 (disk full 53100, out of memory, too many
 * connections), 58030 (I/O error) and XX001/XX002 (data or index corrupted).
 */
const STORAGE_CODES = /^(SQLITE_(FULL|IOERR(_\w+)?|CORRUPT(_\w+)?|NOTADB|READONLY(_\w+)?)|ENOSPC|EIO|EROFS|53\d{3}|58030|XX00[12])$/;

/**
 * Whether an error says the storage failed (disk full, I/O error, corruption): answered 503
 * like an unreachable database, and remembered by the readiness probe (`readiness.ts`).
 */
export function isStorageFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && STORAGE_CODES.test(code)) return true;
  }
  return false;
}

/** Codes of damaged data (not a full or failing disk): SQLite's corruption and not-a-database, PostgreSQL's XX001/XX002. */
const CORRUPTION_CODES = /^(SQLITE_CORRUPT(_\w+)?|SQLITE_NOTADB|XX00[12])$/;

/** Whether a storage failure says the data is damaged: that does not mend itself, unlike a full disk. */
export function isStorageCorruption(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CORRUPTION_CODES.test(code)) return true;
  }
  return false;
}

/**
 * Whether an unexpected error only says a dependency is down for now (PostgreSQL restarting,
 * Redis gone, a full or failing disk): the request is answered 503 with Retry-After, like a
 * full queue, not 500.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  if (isStorageFailure(error)) return true;
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08/.test(code))) return true;
    if (e.name === 'MaxRetriesPerRequestError' || /^Connection (terminated|is closed)/.test(e.message)) return true;
  }
  return false;
}

/** How an unavailable dependency is logged: the error's name, message and code, nothing of the request. */
export function unavailableFields(error: unknown): Record<string, unknown> {
  return { code: 'DEPENDENCY_UNAVAILABLE', status: 503, cause: describeCause(error) };
}
