import { Redis } from 'ioredis';

/**
 * The one Redis connection of an app (rate limits, single-flight locks, readiness). A command
 * fails after one retry instead of waiting forever, so a Redis outage shows as errors and a
 * failed readiness check, never as requests hanging.
 */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  // Connection errors are retried by ioredis and surface in the commands that fail; no crash.
  redis.on('error', () => undefined);
  return redis;
}
