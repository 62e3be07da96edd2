import { createHash, randomBytes } from 'node:crypto';
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES, UserIdSchema } from '@fineprint/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from './errors';
import type { Requester } from './modules/identity/requester';

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header);
  return match?.[1];
}

/** The X-User-ID header, validated; undefined when absent, 400 when malformed. */
export function headerVisitorId(request: FastifyRequest): string | undefined {
  const raw = request.headers['x-user-id'];
  if (raw === undefined || raw === '') return undefined;
  const parsed = UserIdSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new ServiceError('BAD_REQUEST', 'The visitor id is missing or malformed.');
  return parsed.data;
}

/** Every visitor id the request presents (header and user_id cookie), validated. */
function presentedVisitorIds(request: FastifyRequest): string[] {
  const ids: string[] = [];
  const fromHeader = headerVisitorId(request);
  if (fromHeader) ids.push(fromHeader);
  const cookie = UserIdSchema.safeParse(request.cookies[COOKIE_NAMES.userId]);
  if (cookie.success && !ids.includes(cookie.data)) ids.push(cookie.data);
  return ids;
}

/** The visitor id an operation is counted against: the header, else the cookie; 400 if neither. */
export function requireVisitorId(request: FastifyRequest): string {
  const id = presentedVisitorIds(request)[0];
  if (!id) throw new ServiceError('BAD_REQUEST', 'The visitor id is missing or malformed.');
  return id;
}

/** Parses a body or params object with a zod schema, turning failures into a 400 sentence. */
export function parseInput<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
  message: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ServiceError('BAD_REQUEST', message);
  return parsed.data;
}

/**
 * The httpOnly cookie that binds a stored e-mail and a checkout to the browser that made them.
 * Visitor ids are fingerprints, and identical browsers share them; this key is 256 random bits
 * that scripts cannot read. Only its SHA-256 is stored.
 */
export const DEVICE_COOKIE = 'device_key';
const DEVICE_KEY = /^[A-Za-z0-9_-]{43}$/;
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The hash of the request's device key, when it carries a well-formed one. */
function deviceKeyHash(request: FastifyRequest): string | undefined {
  const key = request.cookies[DEVICE_COOKIE];
  return key && DEVICE_KEY.test(key) ? hashKey(key) : undefined;
}

/** The hash of this browser's device key, setting a new key cookie when it has none. */
export function ensureDeviceKey(request: FastifyRequest, reply: FastifyReply): string {
  const existing = deviceKeyHash(request);
  if (existing) return existing;
  const key = randomBytes(32).toString('base64url');
  void reply.setCookie(DEVICE_COOKIE, key, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
  return hashKey(key);
}

/** Who is asking: presented visitor ids, bearer token and device key hash. */
export function requesterOf(request: FastifyRequest): Requester {
  return { visitorIds: presentedVisitorIds(request), token: bearerToken(request), deviceHash: deviceKeyHash(request) };
}
