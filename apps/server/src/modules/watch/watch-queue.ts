import type { CheckRecord, ClaimedSite, WatchRepository } from './watch.repository';

export type { CheckRecord } from './watch.repository';

/** A due site handed to this instance: its row, and the queue's job when the queue has jobs (pg-boss). */
export interface TakenSite extends ClaimedSite {
  jobId?: string;
}

/**
 * Where the watch scheduler gets its work: due watched sites, each handed to one instance, its
 * outcome recorded once. Two implementations, chosen by the database's dialect
 * (`docs/decisions/0017-watched-sites.md`): the `watched_sites` table itself with a lease per
 * claim (SQLite, one instance by design) and pg-boss (PostgreSQL, any number of instances). The
 * schedule is the site row's `next_check_at` in both, kept by the app's clock.
 */
export interface WatchQueue {
  readonly kind: 'table' | 'pg-boss';
  /** Once per pass: turns the sites due at `now` into jobs (pg-boss) and gives dead instances' jobs back. */
  prepare(now: Date): Promise<void>;
  /** Up to `limit` due sites for this instance, none of them handed to another instance at the same time. */
  take(input: { now: Date; limit: number }): Promise<TakenSite[]>;
  /** Records the re-read's outcome and ends its job, together; false when it was not this instance's to record. */
  finish(taken: TakenSite, record: CheckRecord): Promise<boolean>;
  /** A job whose outcome could not be recorded: pg-boss retries it (with backoff); the table's lease lapses. */
  abandon(taken: TakenSite, error: unknown): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The table queue (SQLite): a due site is claimed by one conditional UPDATE with a lease
 * (`claimDue`), ended by its owner only; a dead instance's claim lapses after `leaseMs`.
 */
export function createTableQueue(options: { watches: WatchRepository; owner: string; leaseMs: number }): WatchQueue {
  const { watches, owner } = options;
  return {
    kind: 'table',
    async prepare() {},
    take: ({ now, limit }) =>
      watches.claimDue({ now: now.toISOString(), owner, leaseUntil: new Date(now.getTime() + options.leaseMs).toISOString(), limit }),
    finish: (taken, record) => watches.finishCheck({ site: taken.site, claim: { owner }, ...record }),
    async abandon() {},
    async stop() {},
  };
}
