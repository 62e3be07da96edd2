import { createHash } from 'node:crypto';
import { fetchDocument, FetchError, type FetchedDocument, type FetchOptions } from '@fineprint/analysis';
import type { AnalysisResult } from '@fineprint/contracts';
import type { CheckRecord, TakenSite, WatchQueue } from './watch-queue';
import type { FactChange, WatchedDocument } from './watch.repository';

/** What a re-read ended with, as counted in the metrics. */
export type CheckOutcome = 'not_modified' | 'unchanged' | 'changed' | 'failed';

export interface WatchSchedulerOptions {
  /** Where due sites come from and outcomes go (the table queue on SQLite, pg-boss on PostgreSQL). */
  queue: WatchQueue;
  clock: () => Date;
  /** WATCH_INTERVAL_HOURS in ms: a site is re-read at most once per interval. */
  intervalMs: number;
  /** Document fetches started per second by this instance, at most (WATCH_FETCHES_PER_SECOND). */
  fetchesPerSecond: number;
  /** Sites re-read at once by this instance. Default 16. */
  concurrency?: number;
  /** The guard every fetch goes through (allow-list, blocked hosts, resolver) and its deadlines. */
  fetchOptions: FetchOptions;
  /** Deadline of one document's re-read. */
  fetchTimeoutMs: number;
  /** Analyses a changed site again: through the worker pool, behind every interactive analysis. */
  reanalyze: (site: string) => Promise<AnalysisResult>;
  /** Told of each change found (e-mails); its failure is logged, never undoes the change. */
  onChange?: (site: string, change: { facts: FactChange[]; documents: string[] }) => Promise<void>;
  onOutcome?: (outcome: CheckOutcome, site: string, error?: unknown) => void;
  /** Counts each conditional request answered 304 (the cheap path). */
  onNotModified?: () => void;
  onReanalysis?: () => void;
  /** 0 ≤ x < 1; default Math.random. */
  random?: () => number;
  /** How often the loop looks for due sites (start()). Default 30 s. */
  pollMs?: number;
}

/** First retry after a failed re-read, doubling per failure, never past the interval. */
const FIRST_RETRY_MS = 30 * 60_000;
/** Waits before each new attempt to record an outcome (about 16 s in all, well within a job's lease). */
const RECORD_RETRIES_MS = [250, 500, 1000, 2000, 4000, 8000];
/** A re-read's next time is one interval plus up to this share of it: reads of one site are never closer than an interval. */
const JITTER = 0.1;

/**
 * The watch scheduler: re-reads due watched sites, each handed by the queue to one instance
 * only; a conditional request per document (an unchanged site costs one small fetch per
 * document and no analysis), a re-analysis only when a document's text changed, backoff on
 * failures (the site row's next time). The queue survives restarts and gives a dead instance's
 * work to another (`watch-queue.ts`).
 */
export function createWatchScheduler(options: WatchSchedulerOptions) {
  const { queue } = options;
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? 16;
  const pace = createPacer(options.fetchesPerSecond);
  // Re-analyses one at a time per instance: each is a whole analysis (CPU, a pool thread), and none is urgent.
  const oneAtATime = createGate();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const nextAfter = (now: Date, failures: number) => {
    const delay =
      failures > 0 ? Math.min(options.intervalMs, FIRST_RETRY_MS * 2 ** (failures - 1)) : options.intervalMs * (1 + JITTER * random());
    return new Date(now.getTime() + delay).toISOString();
  };

  /**
   * Records a re-read's outcome, trying again while the database is away (a restart takes a few
   * seconds): the read is done, and giving its job back would read the site a second time. A
   * second attempt after a first that committed unseen records nothing (the queue finishes once).
   */
  const record = async (claimed: TakenSite, outcome: CheckRecord): Promise<boolean> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await queue.finish(claimed, outcome);
      } catch (error) {
        if (attempt >= RECORD_RETRIES_MS.length) throw new RecordError(error);
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRIES_MS[attempt]));
      }
    }
  };

  const readDocument = async (document: WatchedDocument) => {
    await pace();
    return fetchDocument(document.url, {
      ...options.fetchOptions,
      totalTimeoutMs: options.fetchTimeoutMs,
      conditional: { etag: document.etag, lastModified: document.lastModified },
    });
  };

  /** One site's re-read; `releaseSlot` is called once its fetches are over (a re-analysis then waits in the pool, not in a fetch slot). */
  const check = async (claimed: TakenSite, releaseSlot: () => void): Promise<CheckOutcome> => {
    const documents = claimed.documents.length > 0 ? claimed.documents : [{ url: claimed.site }];
    try {
      const read: WatchedDocument[] = [];
      const changed: string[] = [];
      let notModified = 0;
      for (const document of documents) {
        const fetched = await readDocument(document);
        if (fetched.notModified) {
          notModified++;
          options.onNotModified?.();
          read.push({ ...document, ...fetched.validators });
          continue;
        }
        const textHash = textHashOf(fetched);
        if (document.textHash !== undefined && document.textHash !== textHash) changed.push(document.url);
        read.push({ url: document.url, ...fetched.validators, textHash });
      }
      const now = options.clock();
      if (changed.length === 0) {
        await record(claimed, {
          now: now.toISOString(),
          nextCheckAt: nextAfter(now, 0),
          failures: 0,
          error: null,
          documents: read,
        });
        return notModified === documents.length ? 'not_modified' : 'unchanged';
      }
      releaseSlot();
      options.onReanalysis?.();
      const result = await oneAtATime(() => options.reanalyze(claimed.site));
      const facts = factValuesOf(result);
      const change = { facts: factChanges(claimed.facts, facts), documents: changed };
      const after = options.clock();
      const isOwn = await record(claimed, {
        now: after.toISOString(),
        nextCheckAt: nextAfter(after, 0),
        failures: 0,
        error: null,
        documents: documentsAfter(result, read),
        facts,
        change,
      });
      // The version store (issue 23 items 1–2) says when only dates or numbering changed: kept in the feed, no e-mail.
      const isOnlyDates = result.changes?.onlyDates === true && change.facts.length === 0;
      if (isOwn && !isOnlyDates) await options.onChange?.(claimed.site, change);
      return 'changed';
    } catch (error) {
      // The outcome could not be written: writing a failure would fail too; the job goes back (tick).
      if (error instanceof RecordError) throw error.cause;
      // The held hashes stay: the next attempt sees the same change again.
      const failures = claimed.failures + 1;
      const now = options.clock();
      await record(claimed, {
        now: now.toISOString(),
        nextCheckAt: nextAfter(now, failures),
        failures,
        error: error instanceof FetchError ? error.code : error instanceof Error ? ((error as { code?: string }).code ?? 'ERROR') : 'ERROR',
      });
      options.onOutcome?.('failed', claimed.site, error);
      return 'failed';
    }
  };

  /**
   * One pass: keeps up to `concurrency` re-reads going, claiming due sites as slots free up,
   * until none is due and none is running. Resolves with the outcomes counted.
   */
  const tick = async (): Promise<Record<CheckOutcome, number>> => {
    const counts: Record<CheckOutcome, number> = { not_modified: 0, unchanged: 0, changed: 0, failed: 0 };
    /** Re-reads still fetching (at most `concurrency`), and every re-read until its outcome is recorded. */
    const fetching = new Set<Promise<void>>();
    const running = new Set<Promise<void>>();
    if (!stopped) await queue.prepare(options.clock());
    for (;;) {
      const free = concurrency - fetching.size;
      const now = options.clock();
      const claimed = free > 0 && !stopped ? await queue.take({ now, limit: free }) : [];
      for (const site of claimed) {
        let releaseSlot = () => {};
        const slot = new Promise<void>((resolve) => (releaseSlot = resolve));
        fetching.add(slot);
        void slot.then(() => fetching.delete(slot));
        // A re-read whose outcome could not even be recorded (the database is down) is a failure: its job is
        // given back (pg-boss retries it) or, when even that fails, its claim lapses.
        const checked = check(site, releaseSlot).catch(async (error: unknown) => {
          options.onOutcome?.('failed', site.site, error);
          await queue.abandon(site, error).catch(() => undefined);
          return 'failed' as const;
        });
        const done: Promise<void> = checked.then((outcome) => {
          releaseSlot();
          counts[outcome]++;
          if (outcome !== 'failed') options.onOutcome?.(outcome, site.site);
          running.delete(done);
        });
        running.add(done);
      }
      if (running.size === 0) return counts;
      if (fetching.size >= concurrency) await Promise.race(fetching);
      else if (claimed.length === 0) await Promise.race([...fetching, ...running]);
    }
  };

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => options.onOutcome?.('failed', '', error))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, options.pollMs ?? 30_000);
      });
  };

  return {
    tick,
    /** Starts the loop (the server does; tests call tick). */
    start() {
      stopped = false;
      timer = setTimeout(loop, 0);
    },
    /** Stops looking for sites, waits for the re-reads under way, then stops the queue. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await queue.stop();
    },
  };
}
export type WatchScheduler = ReturnType<typeof createWatchScheduler>;

/** A re-read's outcome that could not be written, the database's error as its cause. */
class RecordError extends Error {
  constructor(cause: unknown) {
    super('the outcome of a re-read could not be recorded', { cause });
  }
}

/** Runs the given work one call at a time, in arrival order. */
function createGate() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Spaces fetch starts to at most `perSecond` (real time), across all the scheduler's concurrent re-reads. */
function createPacer(perSecond: number) {
  const gapMs = 1000 / perSecond;
  let nextStart = 0;
  return async () => {
    const now = performance.now();
    const start = Math.max(now, nextStart);
    nextStart = start + gapMs;
    const wait = start - now;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

/** The text of a document, markup, scripts and whitespace left out, hashed: what "changed" means for a re-read. */
export function textHashOf(document: FetchedDocument): string {
  const hash = createHash('sha256');
  if (document.mediaType === 'pdf') return hash.update(document.body).digest('hex');
  const text = document.text
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return hash.update(text).digest('hex');
}

type FactValue = string | number | boolean | null;

/** The fact sheet's answers by id. */
export function factValuesOf(result: AnalysisResult): Record<string, FactValue> {
  return Object.fromEntries(Object.entries(result.factSheet).map(([id, answer]) => [id, answer?.value ?? null]));
}

/** The answers that differ between two fact sheets (an answer missing on one side is null). */
export function factChanges(before: Record<string, unknown>, after: Record<string, FactValue>): FactChange[] {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return ids
    .map((id) => ({ id, before: (before[id] ?? null) as FactValue, after: after[id] ?? null }))
    .filter((change) => change.before !== change.after);
}

/** The documents the next re-read fetches: those the new analysis read, keeping what this read learnt of each. */
function documentsAfter(result: AnalysisResult, read: WatchedDocument[]): WatchedDocument[] {
  const urls = result.documents.filter((d) => d.source !== 'provided').map((d) => d.url);
  if (urls.length === 0) return read;
  return urls.map((url) => read.find((d) => d.url === url) ?? { url });
}
