import { createHash } from 'node:crypto';
import { analyzeSite, ENGINE_VERSION, normalizeSiteUrl, type AnalyzeSiteOptions } from '@fineprint/analysis';
import { FREE_ANALYSES, MESSAGES, type AnalysisResult } from '@fineprint/contracts';
import { ServiceError } from '../../errors';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { VisitorsRepository } from '../visitors/visitors.repository';
import type { AnalysisRepository } from './analysis.repository';

/** A cached analysis is reused for a day; sites change their policies rarely. */
const CACHE_HOURS = 24;
/** Analyses run at once; more wait in line, and past the line the server says it is busy. */
const MAX_CONCURRENT = 4;
const MAX_QUEUED = 100;

export interface AnalysisServiceDeps {
  analyses: AnalysisRepository;
  visitors: VisitorsRepository;
  subscriptions: SubscriptionsService;
  clock: () => Date;
  /** Options for the guarded fetcher (allow-list, own host, resolver in tests). */
  fetchOptions: AnalyzeSiteOptions;
  /** Replaceable for tests; default analyzeSite. */
  analyze?: typeof analyzeSite;
}

/**
 * The analyze rule: a valid address, then one unit of quota taken atomically (subscribers
 * unlimited), then the cached or freshly computed analysis; a failed analysis gives the unit
 * back.
 */
export function createAnalysisService(deps: AnalysisServiceDeps) {
  const run = deps.analyze ?? analyzeSite;
  const gate = createGate(MAX_CONCURRENT, MAX_QUEUED);
  return {
    async analyze(input: { url: string; visitorId: string; token: string | undefined }): Promise<AnalysisResult> {
      const site = normalizeSiteUrl(input.url).href;
      const subscription = await deps.subscriptions.findEntitlement(input.token);
      const now = deps.clock();
      const isReserved = await deps.visitors.reserveAnalysis(input.visitorId, subscription ? null : FREE_ANALYSES, now.toISOString());
      if (!isReserved) throw new ServiceError('SUBSCRIPTION_REQUIRED', MESSAGES.subscriptionRequired);
      try {
        const cached = await deps.analyses.findCached(
          site,
          ENGINE_VERSION,
          new Date(now.getTime() - CACHE_HOURS * 3_600_000).toISOString(),
        );
        if (cached) return cached;
        const result = await gate(() => run(site, deps.fetchOptions));
        const contentHash = createHash('sha256').update(JSON.stringify(result.details)).digest('hex');
        await deps.analyses.saveCached(
          { site, engineVersion: ENGINE_VERSION, documentUrls: result.documents.map((d) => d.url), contentHash, result },
          deps.clock().toISOString(),
        );
        return result;
      } catch (error) {
        await deps.visitors.refundAnalysis(input.visitorId);
        throw error;
      }
    },
  };
}
export type AnalysisService = ReturnType<typeof createAnalysisService>;

/** A small FIFO semaphore: at most `limit` tasks at once, at most `queueLimit` waiting. */
function createGate(limit: number, queueLimit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) {
      if (waiting.length >= queueLimit)
        throw new ServiceError('BUSY', 'The server is busy analysing other sites. Please try again in a minute.');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
