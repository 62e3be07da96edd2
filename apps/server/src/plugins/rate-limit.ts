import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Per-client rate limits, kept in Redis when REDIS_URL is set (shared by every instance),
 * in process memory otherwise. IPv6 clients are bucketed by /64 so rotating addresses
 * inside one allocation does not buy more requests. The x-ratelimit-* headers and Retry-After
 * go only on the 429 answer, where they tell the client when to come back: on every other
 * answer they would cost each response three header lines and say nothing a browser uses.
 */
export async function registerRateLimit(app: FastifyInstance, options: { redis?: Redis; perMinute: number }): Promise<void> {
  const redis = options.redis;
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: clientKey,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    ...(redis ? { redis, nameSpace: 'fineprint-rl:', skipOnError: false } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}

/** The rate-limit bucket of a request: its IPv4 address, or the /64 of its IPv6 address. */
export function clientKey(request: FastifyRequest): string {
  const ip = request.ip.replace(/^::ffff:/, '');
  if (!ip.includes(':')) return ip;
  const full = expandIPv6(ip);
  return `${full.slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  return [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
}
