import { COOKIE_NAMES, UserIdSchema } from '@fineprint/contracts';
import type { FastifyRequest } from 'fastify';
import { ServiceError } from './errors';

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
export function presentedVisitorIds(request: FastifyRequest): string[] {
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
