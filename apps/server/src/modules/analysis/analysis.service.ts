import { createHash, randomBytes } from 'node:crypto';
import { ENGINE_VERSION, normalizeSiteUrl, type DatedDocumentVersion, type DocumentInput, type DocumentVersion } from '@fineprint/analysis';
import { FREE_ANALYSES, MESSAGES, SHARE_MESSAGES, type AnalysisResult, type Changes } from '@fineprint/contracts';
import type { VersionsService } from '../versions/versions.service';
import { ServiceError } from '../../errors';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { VisitorsRepository } from '../visitors/visitors.repository';
import type { AnalysisRepository } from './analysis.repository';
import type { AnalysisWatch } from './analysis-pool';
import { runAsClient } from './client-scope';
import { BACKGROUND_CLIENT } from './fair-queue';
import { createSingleFlight, type SingleFlight } from './single-flight';

/** A cached analysis is reused for a day; sites change their policies rarely. */
const CACHE_HOURS = 24;
/** Analyses one client (IP, or IPv6 /64) may have in flight: nobody can hold every slot. */
const MAX_ANALYSES_IN_FLIGHT_PER_CLIENT = 2;
/** A reservation's lease when the app does not derive one from its deadlines. */
const DEFAULT_RESERVATION_LEASE_MS = 10 * 60_000;
/** A permalink id: 16 random bytes as base64url. */
const RESULT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export interface AnalysisServiceDeps {
  analyses: AnalysisRepository;
  visitors: VisitorsRepository;
  subscriptions: SubscriptionsService;
  clock: () => Date;
  /**
   * Analyses one normalised site address (the worker pool; a stand-in in tests), optionally
   * followed and cancelled through `watch`; given the site's previous versions, it also says what
   * changed since them (`versionChanges`), computed where the analysis ran.
   */
  runAnalysis: (site: string, watch?: AnalysisWatch, versions?: VersionsToDiff) => Promise<AnalysisRun>;
  /** The version store (issue 23): each run's documents recorded, `changes` added, results kept past the cache. Unset: none. */
  versions?: Pick<VersionsService, 'previousVersions' | 'recordSiteDocuments' | 'briefOf' | 'keepResult' | 'findKeptResult'>;
  /** Analyses documents the visitor provided (the worker pool; in process in tests). */
  runDocuments: (documents: DocumentInput[]) => Promise<AnalysisResult>;
  /** Shares one run among concurrent requests for the same site (default: within this process). */
  singleFlight?: SingleFlight;
  /** Told whether each cache lookup found a result (metrics). */
  onCacheLookup?: (isHit: boolean) => void;
  /** The engine results are cached under: ENGINE_VERSION, plus the LLM engine's id when one is configured. Default ENGINE_VERSION. */
  engineVersion?: string;
  /**
   * How long a reservation holds its unit without an outcome: longer than any analysis may run
   * (the pool's hard stop), so only a process that died leaves one to lapse. Default 10 minutes.
   */
  reservationLeaseMs?: number;
}

/**
 * A site's analysis as a runner returns it: the result, its documents as the version store keeps
 * them, and what changed since the previous versions it was given (issue 23).
 */
export type AnalysisRun = AnalysisResult & { documentVersions?: DocumentVersion[]; versionChanges?: Changes };

/** What a reading is diffed against: the site's previous versions, and the date of this reading (issue 23). */
export interface VersionsToDiff {
  previous: DatedDocumentVersion[];
  readAt: string;
}

/** Who asks for an analysis: the visitor counted, the bearer token, and the client (IP) for the in-flight cap. */
interface Requester {
  visitorId: string;
  token: string | undefined;
  client: string;
}

/**
 * The analyze rule: a valid address, at most MAX_ANALYSES_IN_FLIGHT_PER_CLIENT at once per
 * client, then one unit of quota taken atomically (subscribers unlimited), then the cached or
 * freshly computed analysis; a failed analysis gives the unit back.
 */
export function createAnalysisService(deps: AnalysisServiceDeps) {
  const inFlight = new Map<string, number>();
  const engineVersion = deps.engineVersion ?? ENGINE_VERSION;
  const singleFlight = deps.singleFlight ?? createSingleFlight();
  return {
    async analyze(input: { url: string } & Requester): Promise<AnalysisResult> {
      const site = normalizeSiteUrl(input.url).href;
      return withSlot(input, () => analyzeOnce(site, input));
    },
    /**
     * The same analysis, followed: each progress sentence goes to `watch.onProgress`, and
     * `watch.signal` cancels it (the quota unit is given back). It runs on its own rather than
     * joining another request's run, so cancelling it never stops anyone else's.
     */
    async analyzeWatched(input: { url: string; watch: AnalysisWatch } & Requester): Promise<AnalysisResult> {
      const site = normalizeSiteUrl(input.url).href;
      return withSlot(input, () => analyzeOnce(site, input, input.watch));
    },
    /**
     * Analyses documents the visitor provided (pasted or uploaded) under the same in-flight cap
     * and quota as an address; never cached, each document marked as provided.
     */
    async analyzeProvided(input: { documents: DocumentInput[] } & Requester): Promise<AnalysisResult> {
      return withSlot(input, () =>
        withReservation(input, async () => {
          const result = await deps.runDocuments(input.documents);
          return {
            ...result,
            documents: result.documents.map((d) => ({ ...d, source: 'provided' as const })),
            analyzedAt: deps.clock().toISOString(),
          };
        }),
      );
    },
    /**
     * A watched site whose documents changed (issue 23): analysed afresh for no visitor and no
     * quota, queued as background work behind every visitor's analysis, cached like any result.
     */
    async refreshWatched(site: string): Promise<AnalysisResult> {
      return runAsClient(BACKGROUND_CLIENT, () => computeAndCache(site));
    },
    /** A kept result by its permalink id: no quota used; 404 when unknown or replaced by a newer analysis of its site. */
    async findResult(resultId: string): Promise<AnalysisResult> {
      const isId = RESULT_ID_PATTERN.test(resultId);
      // A result the cache has replaced (its site analysed again) is still kept by the version store.
      const result = isId ? ((await deps.analyses.findByResultId(resultId)) ?? (await deps.versions?.findKeptResult(resultId))) : undefined;
      if (!result) throw new ServiceError('NOT_FOUND', SHARE_MESSAGES.permalinkGone);
      return result;
    },
  };

  /**
   * Runs the work in one of the client's in-flight slots (429 when they are all taken), as that
   * client: the worker pool queues its analyses fairly among clients (`client-scope.ts`).
   */
  async function withSlot<T>(input: Requester, work: () => Promise<T>): Promise<T> {
    const running = inFlight.get(input.client) ?? 0;
    if (running >= MAX_ANALYSES_IN_FLIGHT_PER_CLIENT)
      throw new ServiceError(
        'TOO_MANY_REQUESTS',
        `You already have ${MAX_ANALYSES_IN_FLIGHT_PER_CLIENT} analyses running. Please wait for one to finish.`,
      );
    inFlight.set(input.client, running + 1);
    try {
      return await runAsClient(input.client, work);
    } finally {
      const left = (inFlight.get(input.client) ?? 1) - 1;
      if (left > 0) inFlight.set(input.client, left);
      else inFlight.delete(input.client);
    }
  }

  /**
   * Takes one unit of quota (subscribers unlimited) with a lease, runs the work, and gives the
   * unit back if it fails or is cancelled; a result keeps it. A cancel gives it back at once, not
   * when the worker has stopped, so the status the visitor asks for next already counts it. A
   * process killed mid-analysis gives nothing back: its lease ends and the unit is free again.
   */
  async function withReservation<T>(input: Omit<Requester, 'client'>, work: (now: Date) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const subscription = await deps.subscriptions.findEntitlement(input.token);
    const now = deps.clock();
    const leaseUntil = new Date(now.getTime() + (deps.reservationLeaseMs ?? DEFAULT_RESERVATION_LEASE_MS)).toISOString();
    const reservationId = await deps.visitors.reserveAnalysis(
      input.visitorId,
      subscription ? null : FREE_ANALYSES,
      now.toISOString(),
      leaseUntil,
    );
    if (!reservationId) throw new ServiceError('SUBSCRIPTION_REQUIRED', MESSAGES.subscriptionRequired);
    let refunding: Promise<void> | undefined;
    const refund = () => (refunding ??= deps.visitors.refundReservation(reservationId, input.visitorId));
    // Its failure is not lost: the work rejects once cancelled, and the catch below awaits the same promise.
    const onAbort = () => void refund().catch(() => undefined);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    let result: T;
    try {
      result = await work(now);
    } catch (error) {
      await refund();
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (signal?.aborted) await refund();
    else await deps.visitors.keepReservation(reservationId);
    return result;
  }

  /**
   * A fresh run of the site: its documents recorded by the version store (with the result's
   * `changes` and `history`), cached with a new permalink (an LLM fallback is not kept).
   */
  async function computeAndCache(site: string, watch?: AnalysisWatch): Promise<AnalysisResult> {
    // The previous versions go with the task, so the diff runs where the analysis does, never in this event loop.
    const readAt = deps.clock().toISOString();
    const previous = await deps.versions?.previousVersions(site);
    const { documentVersions, versionChanges, ...run } = await deps.runAnalysis(
      site,
      watch,
      previous && { previous: previous.documents, readAt },
    );
    // Every run's documents are versioned, an LLM fallback's too: the texts are the same.
    const recorded =
      documentVersions && deps.versions
        ? await deps.versions.recordSiteDocuments(site, documentVersions, {
            readAt,
            ...(previous ? { diffed: { previous, changes: versionChanges } } : {}),
          })
        : {};
    const history = deps.versions ? await deps.versions.briefOf(site) : undefined;
    const computed: AnalysisResult = {
      ...run,
      analyzedAt: deps.clock().toISOString(),
      ...(recorded.changes ? { changes: recorded.changes } : {}),
      ...(history ? { history } : {}),
    };
    // A built-in result the LLM engine fell back to is not kept: the next visitor tries the model again.
    if (computed.notices.includes(MESSAGES.llmFallback)) return computed;
    // Its permalink: random, so a site's address (or engine version) never lets anyone guess it.
    const result = { ...computed, resultId: randomBytes(16).toString('base64url') };
    const contentHash = createHash('sha256').update(JSON.stringify(result.details)).digest('hex');
    await deps.analyses.saveCached(
      { site, engineVersion, documentUrls: result.documents.map((d) => d.url), contentHash, result },
      deps.clock().toISOString(),
    );
    await deps.versions?.keepResult(site, result);
    return result;
  }

  async function analyzeOnce(site: string, input: Omit<Requester, 'client'>, watch?: AnalysisWatch): Promise<AnalysisResult> {
    return withReservation(
      input,
      async (now) => {
        const readCache = () =>
          deps.analyses.findCached(site, engineVersion, new Date(now.getTime() - CACHE_HOURS * 3_600_000).toISOString());
        const cached = await readCache();
        deps.onCacheLookup?.(cached !== undefined);
        if (cached) return cached;
        const compute = () => computeAndCache(site, watch);
        if (watch) return compute();
        // Each request has taken its own unit above; concurrent ones for the same site share one run.
        return singleFlight.run(site, { readShared: readCache, compute });
      },
      watch?.signal,
    );
  }
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
