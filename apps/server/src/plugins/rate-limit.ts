import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** The plugin's own two stores (CommonJS files without type declarations of their own). */
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;

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
    ...(redis ? { store: redisWithFallback(redis, 'fineprint-rl:') } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}

/**
 * The Redis store, falling back to this process's memory while Redis is unreachable. A limiter
 * that failed closed answered every request 503 during a Redis outage, `/api/health` and the
 * SPA included, so a liveness probe restarted healthy processes. Failing open to the in-memory
 * limiter keeps every route limited per instance (each instance counts its own share, so a
 * client gets at most the limit times the instances for the outage), and `/api/ready` names
 * Redis meanwhile. Once the connection has failed, Redis is not asked again until it is back
 * (commands would wait for each reconnect to fail, adding that delay to every request); before
 * its first connection, commands wait in ioredis's queue as usual.
 */
function redisWithFallback(redis: Redis, nameSpace: string) {
  let isDown = false;
  redis.on('ready', () => (isDown = false));
  redis.on('error', () => (isDown = true));
  redis.on('close', () => (isDown = true));
  const make = (shared: FastifyRateLimitStore, local: FastifyRateLimitStore): FastifyRateLimitStore => ({
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      if (isDown) return local.incr(key, callback, timeWindow, max);
      shared.incr(key, (error, result) => (error ? local.incr(key, callback, timeWindow, max) : callback(null, result)), timeWindow, max);
    },
    child: (routeOptions: ChildOptions) => make(shared.child(routeOptions), local.child(routeOptions)),
  });
  return class {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      return make(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  } as unknown as new (params: object) => FastifyRateLimitStore;
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
