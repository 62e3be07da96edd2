import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database';

/** How long one dependency may take to answer a readiness probe. */
const PROBE_TIMEOUT_MS = 1500;
/** The write probe's row: larger than what a page's free space usually holds, so it needs a page of its own. */
const PROBE_ROW_BYTES = 8192;

/** What `/api/ready` can name: the database does not answer, its storage takes no writes, Redis does not answer. */
export type Dependency = 'database' | 'storage' | 'redis';

/**
 * Whether the database and, when configured, Redis answer now: the readiness probe of a load
 * balancer. Storage that failed a request (disk full, I/O error, corruption: `isStorageFailure`,
 * told through `recordStorageFailure`) keeps the instance not ready until a real write succeeds
 * again: each probe then writes a row larger than a page and deletes it, committed.
 *
 * Why remember rather than probe every time: a `select 1` answers on a full disk; a write
 * rolled back never reaches the disk (SQLite's WAL is written at commit) and a small committed
 * one often fits a page that is already there, so neither alone says a disk is full; and
 * `PRAGMA quick_check` reads the whole file, seconds for a large database, too slow for a probe
 * sent every few seconds (it runs once, at start: `openDatabase`). The failure a visitor met is
 * the surest sign; the committed write tells when it is over, so a freed disk needs no restart.
 * Damaged data (corruption) does not mend itself and a write elsewhere proves nothing: it keeps
 * the instance not ready until a restart, whose integrity check then refuses a damaged file.
 */
export function createReadinessCheck(deps: { db: Db; redis?: Redis }) {
  let hasStorageFailed = false;
  let isCorrupt = false;
  const writeProbe = async () => {
    const id = randomBytes(8).toString('hex');
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('readiness_probe')
        .values({ id, payload: randomBytes(PROBE_ROW_BYTES / 2).toString('hex') })
        .execute();
      await trx.deleteFrom('readiness_probe').where('id', '=', id).execute();
    });
    hasStorageFailed = false;
  };
  const probes: Array<[Dependency, () => Promise<unknown>]> = [
    ['database', () => sql`select 1`.execute(deps.db)],
    ['storage', () => (isCorrupt ? Promise.reject(new Error('damaged data')) : hasStorageFailed ? writeProbe() : Promise.resolve())],
  ];
  const redis = deps.redis;
  if (redis) probes.push(['redis', () => redis.ping()]);
  const check = async (): Promise<{ ready: boolean; failed: Dependency[] }> => {
    const results = await Promise.all(probes.map(async ([name, probe]) => ((await answers(probe)) ? undefined : name)));
    const failed = results.filter((name): name is Dependency => name !== undefined);
    return { ready: failed.length === 0, failed };
  };
  return Object.assign(check, {
    /** A request met a storage failure: not ready until a write succeeds, or, for damaged data, until a restart. */
    recordStorageFailure: (options: { isCorruption: boolean }) => {
      hasStorageFailed = true;
      if (options.isCorruption) isCorrupt = true;
    },
  });
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
