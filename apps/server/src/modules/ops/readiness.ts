import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database';

/** How long one dependency may take to answer a readiness probe. */
const PROBE_TIMEOUT_MS = 1500;

export type Dependency = 'database' | 'redis';

/** Whether the database and, when configured, Redis answer now: the readiness probe of a load balancer. */
export function createReadinessCheck(deps: { db: Db; redis?: Redis }) {
  const probes: Array<[Dependency, () => Promise<unknown>]> = [['database', () => sql`select 1`.execute(deps.db)]];
  const redis = deps.redis;
  if (redis) probes.push(['redis', () => redis.ping()]);
  return async (): Promise<{ ready: boolean; failed: Dependency[] }> => {
    const results = await Promise.all(probes.map(async ([name, probe]) => ((await answers(probe)) ? undefined : name)));
    const failed = results.filter((name): name is Dependency => name !== undefined);
    return { ready: failed.length === 0, failed };
  };
}

async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
