import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { WatchQueue, TakenSite } from './watch-queue';
import type { WatchRepository } from './watch.repository';

/** The one pg-boss queue of watched sites' re-reads. */
const QUEUE = 'watch-site';
/** Due sites turned into jobs per pass, at most (the next pass sends the rest). */
const SEND_BATCH = 1000;
/** Runs of a job that ended without an outcome (its instance died, or the outcome could not be written) before pg-boss parks it. */
const RETRY_LIMIT = 8;

interface JobData {
  site: string;
  dueAt: string;
}

/**
 * The watch queue on PostgreSQL, by pg-boss 10 (`docs/decisions/0017-watched-sites.md`): one job
 * per site and due time, whose id is derived from both, so every instance may send it and one
 * row results; `singletonKey` = the site with the `singleton` policy, so PostgreSQL itself never
 * lets two instances hold one site's job at once; `startAfter` = the due time; a job held past
 * `leaseMs` (its instance was killed) expires and is retried on another instance with pg-boss's
 * backoff. The outcome is written and the job completed in one transaction, only while the site's
 * row is still due at the job's time: a job run again after its instance died records nothing twice.
 * pg-boss runs its SQL through the app's own pool, in its own schema (`pgboss`, or
 * `<schema>_pgboss` beside a non-public schema such as a test's), started at the first pass.
 */
export function createPgBossQueue(options: {
  watches: WatchRepository;
  /** How long a job may be held before it counts as its instance's death. */
  leaseMs: number;
  /** WATCH_INTERVAL_HOURS in ms: a parked job is archived (and the site sent again) after one interval. */
  intervalMs: number;
  /** How often pg-boss's own maintenance (expiry, archive) may run across the instances. */
  maintenanceSeconds: number;
  onError: (error: unknown) => void;
}): WatchQueue {
  const { watches } = options;
  let starting: Promise<PgBoss> | undefined;
  const startOnce = async () => {
    const runner = watches.sqlRunner();
    const { rows } = await runner.executeSql('select current_schema() as schema');
    const current = (rows[0] as { schema: string }).schema;
    const instance = new PgBoss({
      db: runner,
      schema: current === 'public' ? 'pgboss' : `${current}_pgboss`,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      archiveCompletedAfterSeconds: 3600,
      archiveFailedAfterSeconds: Math.max(60, Math.round(options.intervalMs / 1000)),
      deleteAfterDays: 7,
    });
    instance.on('error', options.onError);
    try {
      await instance.start();
      const queue = {
        name: QUEUE,
        policy: 'singleton' as const,
        retryLimit: RETRY_LIMIT,
        retryDelay: 1,
        retryBackoff: true,
        expireInSeconds: Math.max(1, Math.ceil(options.leaseMs / 1000)),
      };
      await instance.createQueue(QUEUE, queue);
      // An existing queue keeps its first settings otherwise (a changed lease).
      await instance.updateQueue(QUEUE, queue);
      return instance;
    } catch (error) {
      await instance.stop({ graceful: false, close: false }).catch(() => undefined);
      throw error;
    }
  };
  const boss = () =>
    (starting ??= (async () => {
      // pg-boss 10 installs its schema and makes the queue's partition safely one instance at a time
      // only: instances starting together on a new database can fail with a duplicate schema or a
      // deadlock. The one that lost finds everything made when it tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await startOnce();
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    })().catch((error: unknown) => {
      starting = undefined;
      throw error;
    }));

  return {
    kind: 'pg-boss',
    async prepare(now) {
      const b = await boss();
      // pg-boss's own expiry sweep (its maintenance runs it too, less often): a dead instance's job is retried sooner.
      await b.expire();
      const due = await watches.dueSites({ now: now.toISOString(), limit: SEND_BATCH });
      if (due.length === 0) return;
      await b.insert(
        due.map(({ site, dueAt }) => ({
          id: jobIdOf(site, dueAt),
          name: QUEUE,
          data: { site, dueAt } satisfies JobData,
          singletonKey: site,
          startAfter: dueAt,
        })),
      );
    },
    async take({ now, limit }) {
      const b = await boss();
      const jobs = await b.fetch<JobData>(QUEUE, { batchSize: limit });
      const taken: TakenSite[] = [];
      for (const job of jobs) {
        const site = await watches.findDue({ site: job.data.site, dueAt: job.data.dueAt, now: now.toISOString() });
        // Done already (its outcome was written before its instance died), unwatched, or no watcher's subscription runs.
        if (site) taken.push({ ...site, jobId: job.id });
        else await b.complete(QUEUE, job.id, {});
      }
      return taken;
    },
    async finish(taken, record) {
      const b = await boss();
      return watches.finishCheck({
        site: taken.site,
        claim: { dueAt: taken.dueAt },
        ...record,
        alsoInTransaction: (db) => b.complete(QUEUE, jobIdOrThrow(taken), {}, { db }),
      });
    },
    async abandon(taken, error) {
      const b = await boss();
      await b.fail(QUEUE, jobIdOrThrow(taken), { message: error instanceof Error ? error.message : String(error) });
    },
    async stop() {
      if (!starting) return;
      const b = await starting.catch(() => undefined);
      starting = undefined;
      await b?.stop({ graceful: false, close: false });
    },
  };
}

/** The job of one site's re-read due at one time, as a UUID (pg-boss's id type): the same on every instance. */
export function jobIdOf(site: string, dueAt: string): string {
  const hex = createHash('sha256').update(`${site}\n${dueAt}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function jobIdOrThrow(taken: TakenSite): string {
  if (!taken.jobId) throw new Error(`No pg-boss job for ${taken.site}`);
  return taken.jobId;
}
