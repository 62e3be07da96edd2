import { createHash, randomBytes } from 'node:crypto';
import { AnalysisError, type AnalysisErrorCode } from '@fineprint/analysis';
import type { Redis } from 'ioredis';

/** First and longest pause between two looks at the shared cache while another instance runs. */
const FIRST_POLL_MS = 50;
const MAX_POLL_MS = 500;
/** How long a failed run's error answers every request for its key, on every instance. */
const DEFAULT_FAILURE_TTL_MS = 30_000;
/** Deletes the lock only if it is still ours (it may have expired and been taken by another instance). */
const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export interface SingleFlightOptions {
  /** Shares runs across instances; without it, only within this process. */
  redis?: Redis;
  /** How long a run may hold the cross-instance lock before others stop waiting for it. */
  lockTtlMs?: number;
  /** How long a run's failure (an AnalysisError: the site's answer, not this server's state) is shared. Default 30 s. */
  failureTtlMs?: number;
  /** Told each time a request shares a run instead of starting one. */
  onJoin?: (scope: 'process' | 'redis') => void;
}

export interface SharedRun<T> {
  /** Does the work and publishes its result where `readShared` finds it (the analysis cache). */
  compute: () => Promise<T>;
  /** Reads a result another instance published; undefined while there is none. */
  readShared: () => Promise<T | undefined>;
}

/**
 * Concurrent requests for the same key share one run. In process: the second caller awaits the
 * first one's promise. Across instances (Redis): the run holds `SET key token NX PX ttl`; the
 * others poll the shared cache until the result appears, or run themselves when the lock is gone
 * (its holder died and the lock expired). A run that fails with an AnalysisError (the site cannot
 * be found, blocks readers, times out) stores the error's code and sentence next to the lock for
 * `failureTtlMs` before letting go of it: the waiters of every instance, and requests arriving
 * meanwhile, get the same error at once instead of fetching the failing site again. Without
 * Redis, or when Redis fails, each instance runs for itself.
 */
export function createSingleFlight(options: SingleFlightOptions = {}) {
  const running = new Map<string, Promise<unknown>>();
  const lockTtlMs = options.lockTtlMs ?? 60_000;
  const failureTtlMs = options.failureTtlMs ?? DEFAULT_FAILURE_TTL_MS;

  return {
    async run<T>(key: string, work: SharedRun<T>): Promise<T> {
      const existing = running.get(key) as Promise<T> | undefined;
      if (existing) {
        options.onJoin?.('process');
        return existing;
      }
      const shared = (options.redis ? acrossInstances(options.redis, key, work) : work.compute()).finally(() => running.delete(key));
      running.set(key, shared);
      return shared;
    },
  };

  async function acrossInstances<T>(redis: Redis, key: string, work: SharedRun<T>): Promise<T> {
    const lockKey = `fineprint-sf:${createHash('sha256').update(key).digest('hex')}`;
    const failureKey = `${lockKey}:failed`;
    let hasJoined = false;
    for (;;) {
      const failure = await readFailure(redis, failureKey);
      if (failure) throw failure;
      const token = randomBytes(16).toString('hex');
      let isLocked: boolean;
      try {
        isLocked = (await redis.set(lockKey, token, 'PX', lockTtlMs, 'NX')) === 'OK';
      } catch {
        return work.compute(); // Redis unreachable: serve the request, unshared.
      }
      if (isLocked) {
        try {
          return await work.compute();
        } catch (error) {
          // Published before the lock goes, so a waiter that sees the lock gone finds it.
          if (error instanceof AnalysisError) await publishFailure(redis, failureKey, error);
          throw error;
        } finally {
          await redis.eval(RELEASE_SCRIPT, 1, lockKey, token).catch(() => undefined);
        }
      }
      if (!hasJoined) {
        hasJoined = true;
        options.onJoin?.('redis');
      }
      const result = await waitForOther(redis, lockKey, work);
      if (result !== undefined) return result;
    }
  }

  async function publishFailure(redis: Redis, failureKey: string, error: AnalysisError): Promise<void> {
    const shared: SharedFailure = { code: error.code, message: error.message, isTransient: error.isTransient };
    await redis.set(failureKey, JSON.stringify(shared), 'PX', failureTtlMs).catch(() => undefined);
  }

  /** Polls until the other instance's result is readable (returned) or its lock is gone (undefined). */
  async function waitForOther<T>(redis: Redis, lockKey: string, work: SharedRun<T>): Promise<T | undefined> {
    let pause = FIRST_POLL_MS;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(MAX_POLL_MS, Math.round(pause * 1.5));
      const result = await work.readShared();
      if (result !== undefined) return result;
      const isHeld = await redis.exists(lockKey).then(
        (n) => n === 1,
        () => false,
      );
      if (!isHeld) return work.readShared();
    }
  }
}

export type SingleFlight = ReturnType<typeof createSingleFlight>;

/** A failed run as stored in Redis: what the visitor is told, never a cause or an address. */
interface SharedFailure {
  code: AnalysisErrorCode;
  message: string;
  isTransient: boolean;
}

/** The error another run of this key failed with in the last seconds, if any (none when Redis fails). */
async function readFailure(redis: Redis, failureKey: string): Promise<AnalysisError | undefined> {
  const text = await redis.get(failureKey).catch(() => null);
  if (!text) return undefined;
  try {
    const shared = JSON.parse(text) as SharedFailure;
    return new AnalysisError(shared.code, shared.message, { isTransient: shared.isTransient });
  } catch {
    return undefined;
  }
}
