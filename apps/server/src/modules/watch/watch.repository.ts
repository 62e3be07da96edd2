import type { AnalysisResult } from '@fineprint/contracts';
import { sql } from 'kysely';
import { sqlRunnerOf, type Db, type SqlRunner } from '../../db/database';

/** A document a watched site's re-read fetches, with what the last read left: validators and text hash. */
export interface WatchedDocument {
  url: string;
  etag?: string;
  lastModified?: string;
  /** SHA-256 of the document's text, markup and whitespace left out; undefined until first read. */
  textHash?: string;
}

/** A site claimed for a re-read. */
export interface ClaimedSite {
  site: string;
  /** The `next_check_at` it was due at: what makes a job "this interval's" (a finished re-read moves it on). */
  dueAt: string;
  failures: number;
  documents: WatchedDocument[];
  facts: Record<string, unknown>;
}

export interface FactChange {
  id: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

/** What a re-read ended with, to record on the site's row. */
export interface CheckRecord {
  now: string;
  nextCheckAt: string;
  failures: number;
  error: string | null;
  documents?: WatchedDocument[];
  facts?: Record<string, unknown>;
  change?: { facts: FactChange[]; documents: string[] };
}

export interface WatchRow {
  id: string;
  site: string;
  feedToken: string;
  emailAlerts: boolean;
  seenAt: string;
  createdAt: string;
  lastCheckedAt: string | null;
  lastChangedAt: string | null;
}

export interface ChangeRow {
  id: number;
  site: string;
  changedAt: string;
  facts: FactChange[];
  documents: string[];
}

const toChange = (row: { id: number; site: string; changed_at: string; facts_json: string; documents_json: string }): ChangeRow => ({
  id: Number(row.id),
  site: row.site,
  changedAt: row.changed_at,
  facts: JSON.parse(row.facts_json) as FactChange[],
  documents: JSON.parse(row.documents_json) as string[],
});

/** SQL of watched sites (the shared re-read jobs), subscribers' watches and the changes found. */
export function createWatchRepository(db: Db) {
  /** Sites with at least one watch of a subscription still running at `now`: only these are re-read. */
  const hasActiveWatcher = (now: string) =>
    sql<boolean>`exists (select 1 from watches w join subscriptions s on s.id = w.subscription_id where w.site = watched_sites.site and s.period_end > ${now})`;
  return {
    /** The latest stored result of a site (any engine, any age still kept). */
    async findSiteResult(site: string): Promise<AnalysisResult | undefined> {
      const row = await db.selectFrom('analysis_cache').select('result_json').where('site', '=', site).executeTakeFirst();
      return row && (JSON.parse(row.result_json) as AnalysisResult);
    },
    /** The site of a kept result, by its permalink id. */
    async findSiteByResultId(resultId: string): Promise<string | undefined> {
      const row = await db.selectFrom('analysis_cache').select('site').where('result_id', '=', resultId).executeTakeFirst();
      return row?.site;
    },
    async countWatches(subscriptionId: number): Promise<number> {
      const row = await db
        .selectFrom('watches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Adds the site's job once (a second watcher shares it) and the subscriber's watch (again: its e-mail choice is updated). */
    async addWatch(input: {
      id: string;
      subscriptionId: number;
      site: string;
      feedToken: string;
      emailAlerts: boolean;
      documents: WatchedDocument[];
      facts: Record<string, unknown>;
      firstCheckAt: string;
      now: string;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('watched_sites')
          .values({
            site: input.site,
            next_check_at: input.firstCheckAt,
            failures: 0,
            documents_json: JSON.stringify(input.documents),
            facts_json: JSON.stringify(input.facts),
            created_at: input.now,
          })
          .onConflict((oc) => oc.column('site').doNothing())
          .execute();
        await trx
          .insertInto('watches')
          .values({
            id: input.id,
            subscription_id: input.subscriptionId,
            site: input.site,
            feed_token: input.feedToken,
            email_alerts: input.emailAlerts ? 1 : 0,
            seen_at: input.now,
            created_at: input.now,
          })
          .onConflict((oc) => oc.columns(['subscription_id', 'site']).doUpdateSet({ email_alerts: input.emailAlerts ? 1 : 0 }))
          .execute();
      });
    },
    async listWatches(subscriptionId: number): Promise<WatchRow[]> {
      const rows = await db
        .selectFrom('watches')
        .innerJoin('watched_sites', 'watched_sites.site', 'watches.site')
        .select([
          'watches.id',
          'watches.site',
          'watches.feed_token',
          'watches.email_alerts',
          'watches.seen_at',
          'watches.created_at',
          'watched_sites.last_checked_at',
          'watched_sites.last_changed_at',
        ])
        .where('watches.subscription_id', '=', subscriptionId)
        .orderBy('watches.created_at')
        .orderBy('watches.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        site: row.site,
        feedToken: row.feed_token,
        emailAlerts: Number(row.email_alerts) === 1,
        seenAt: row.seen_at,
        createdAt: row.created_at,
        lastCheckedAt: row.last_checked_at,
        lastChangedAt: row.last_changed_at,
      }));
    },
    async markSeen(subscriptionId: number, now: string): Promise<void> {
      await db.updateTable('watches').set({ seen_at: now }).where('subscription_id', '=', subscriptionId).execute();
    },
    /** Deletes one watch of the subscription; a site nobody watches any more loses its job. False when there is no such watch. */
    async deleteWatch(subscriptionId: number, id: string): Promise<boolean> {
      const result = await db.deleteFrom('watches').where('id', '=', id).where('subscription_id', '=', subscriptionId).executeTakeFirst();
      await deleteUnwatchedSites(db);
      return Number(result.numDeletedRows) > 0;
    },
    /** "Clear my data": every watch of the subscription, and the jobs of sites nobody else watches. */
    async deleteAllWatches(subscriptionId: number): Promise<number> {
      const result = await db.deleteFrom('watches').where('subscription_id', '=', subscriptionId).executeTakeFirst();
      await deleteUnwatchedSites(db);
      return Number(result.numDeletedRows);
    },
    async findByFeedToken(token: string): Promise<{ site: string; createdAt: string } | undefined> {
      const row = await db.selectFrom('watches').select(['site', 'created_at']).where('feed_token', '=', token).executeTakeFirst();
      return row && { site: row.site, createdAt: row.created_at };
    },
    async changesOf(site: string, limit: number): Promise<ChangeRow[]> {
      const rows = await db
        .selectFrom('watch_changes')
        .selectAll()
        .where('site', '=', site)
        .orderBy('changed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toChange);
    },
    /**
     * Claims up to `limit` due sites for `owner` until `leaseUntil`: each by one conditional
     * UPDATE, so of several instances exactly one gets a site; a claim whose lease lapsed (its
     * instance died) is taken over. Sites without a running subscription's watch are skipped.
     */
    async claimDue(input: { now: string; owner: string; leaseUntil: string; limit: number }): Promise<ClaimedSite[]> {
      const candidates = await db
        .selectFrom('watched_sites')
        .select('site')
        .where('next_check_at', '<=', input.now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', input.now)]))
        .where(hasActiveWatcher(input.now))
        .orderBy('next_check_at')
        .limit(input.limit)
        .execute();
      const claimed: ClaimedSite[] = [];
      for (const { site } of candidates) {
        const result = await db
          .updateTable('watched_sites')
          .set({ lease_owner: input.owner, lease_until: input.leaseUntil })
          .where('site', '=', site)
          .where('next_check_at', '<=', input.now)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', input.now)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) continue;
        const row = await db
          .selectFrom('watched_sites')
          .select(['site', 'next_check_at', 'failures', 'documents_json', 'facts_json'])
          .where('site', '=', site)
          .where('lease_owner', '=', input.owner)
          .executeTakeFirst();
        if (row) claimed.push(toClaimed(row));
      }
      return claimed;
    },
    /** Sites due at `now` with a running subscription's watch, oldest first, with the time each was due at (no claim: the pg-boss queue hands them out). */
    async dueSites(input: { now: string; limit: number }): Promise<Array<{ site: string; dueAt: string }>> {
      const rows = await db
        .selectFrom('watched_sites')
        .select(['site', 'next_check_at'])
        .where('next_check_at', '<=', input.now)
        .where(hasActiveWatcher(input.now))
        .orderBy('next_check_at')
        .limit(input.limit)
        .execute();
      return rows.map((row) => ({ site: row.site, dueAt: row.next_check_at }));
    },
    /**
     * The site of a job still to do: undefined when its re-read of `dueAt` was already recorded
     * (the row moved on), nobody watches it any more, or no watcher's subscription runs.
     */
    async findDue(input: { site: string; dueAt: string; now: string }): Promise<ClaimedSite | undefined> {
      const row = await db
        .selectFrom('watched_sites')
        .select(['site', 'next_check_at', 'failures', 'documents_json', 'facts_json'])
        .where('site', '=', input.site)
        .where('next_check_at', '=', input.dueAt)
        .where(hasActiveWatcher(input.now))
        .executeTakeFirst();
      return row && toClaimed(row);
    },
    /** Raw SQL over the same pool (PostgreSQL), for pg-boss. */
    sqlRunner(): SqlRunner {
      return sqlRunnerOf(db);
    },
    /**
     * Ends a claim with the re-read's outcome and the next check's time, once: by the claim's
     * owner only (table queue: a claim taken over after its lease lapsed is no longer this
     * instance's), or only while the site is still due at `dueAt` (pg-boss: a second run of one
     * job records nothing). False if it was not this call's to record. `alsoInTransaction` runs in
     * the same transaction either way (pg-boss completes the job there: outcome and job end together).
     */
    async finishCheck(
      input: CheckRecord & {
        site: string;
        claim: { owner: string } | { dueAt: string };
        alsoInTransaction?: (runner: SqlRunner) => Promise<unknown>;
      },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('watched_sites')
          .set({
            lease_owner: null,
            lease_until: null,
            next_check_at: input.nextCheckAt,
            failures: input.failures,
            last_error: input.error,
            ...(input.error ? {} : { last_checked_at: input.now }),
            ...(input.change ? { last_changed_at: input.now } : {}),
            ...(input.documents ? { documents_json: JSON.stringify(input.documents) } : {}),
            ...(input.facts ? { facts_json: JSON.stringify(input.facts) } : {}),
          })
          .where('site', '=', input.site)
          .where((eb) => ('owner' in input.claim ? eb('lease_owner', '=', input.claim.owner) : eb('next_check_at', '=', input.claim.dueAt)))
          .executeTakeFirst();
        await input.alsoInTransaction?.(sqlRunnerOf(trx));
        if (Number(result.numUpdatedRows) !== 1) return false;
        if (input.change)
          await trx
            .insertInto('watch_changes')
            .values({
              site: input.site,
              changed_at: input.now,
              facts_json: JSON.stringify(input.change.facts),
              documents_json: JSON.stringify(input.change.documents),
            })
            .execute();
        return true;
      });
    },
    /** Who asked for an e-mail about this site: the addresses of running subscriptions whose watch consents. */
    async alertRecipients(site: string, now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('watches')
        .innerJoin('subscriptions', 'subscriptions.id', 'watches.subscription_id')
        .select('subscriptions.email')
        .distinct()
        .where('watches.site', '=', site)
        .where('watches.email_alerts', '=', 1)
        .where('subscriptions.period_end', '>', now)
        .execute();
      return rows.map((row) => row.email);
    },
    /**
     * The retention promise (data kept 1 month): watches of subscriptions that ended before
     * `cutoff` are deleted, then the jobs and changes of sites nobody watches.
     */
    async purgeEnded(cutoff: string): Promise<number> {
      const result = await db
        .deleteFrom('watches')
        .where('subscription_id', 'in', db.selectFrom('subscriptions').select('id').where('period_end', '<', cutoff))
        .executeTakeFirst();
      await deleteUnwatchedSites(db);
      await db
        .deleteFrom('watch_changes')
        .where('changed_at', '<', cutoff)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('watches').select('id').whereRef('watches.site', '=', 'watch_changes.site'))))
        .execute();
      return Number(result.numDeletedRows);
    },
  };
}
export type WatchRepository = ReturnType<typeof createWatchRepository>;

function toClaimed(row: {
  site: string;
  next_check_at: string;
  failures: number;
  documents_json: string;
  facts_json: string;
}): ClaimedSite {
  return {
    site: row.site,
    dueAt: row.next_check_at,
    failures: Number(row.failures),
    documents: JSON.parse(row.documents_json) as WatchedDocument[],
    facts: JSON.parse(row.facts_json) as Record<string, unknown>,
  };
}

async function deleteUnwatchedSites(db: Db): Promise<void> {
  await db
    .deleteFrom('watched_sites')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('watches').select('id').whereRef('watches.site', '=', 'watched_sites.site'))))
    .execute();
}
