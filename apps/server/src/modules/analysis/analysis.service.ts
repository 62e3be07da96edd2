import { createHash } from 'node:crypto';
import { ENGINE_VERSION, normalizeSiteUrl } from '@fineprint/analysis';
import { FREE_ANALYSES, MESSAGES, type AnalysisResult } from '@fineprint/contracts';
import { ServiceError } from '../../errors';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { VisitorsRepository } from '../visitors/visitors.repository';
import type { AnalysisRepository } from './analysis.repository';

/** A cached analysis is reused for a day; sites change their policies rarely. */
const CACHE_HOURS = 24;
/** Analyses one client (IP, or IPv6 /64) may have in flight: nobody can hold every slot. */
const MAX_ANALYSES_IN_FLIGHT_PER_CLIENT = 2;

export interface AnalysisServiceDeps {
  analyses: AnalysisRepository;
  visitors: VisitorsRepository;
  subscriptions: SubscriptionsService;
  clock: () => Date;
  /** Analyses one normalised site address (the worker pool; a stand-in in tests). */
  runAnalysis: (site: string) => Promise<AnalysisResult>;
}

/**
 * The analyze rule: a valid address, at most MAX_ANALYSES_IN_FLIGHT_PER_CLIENT at once per
 * client, then one unit of quota taken atomically (subscribers unlimited), then the cached or
 * freshly computed analysis; a failed analysis gives the unit back.
 */
export function createAnalysisService(deps: AnalysisServiceDeps) {
  const inFlight = new Map<string, number>();
  return {
    async analyze(input: { url: string; visitorId: string; token: string | undefined; client: string }): Promise<AnalysisResult> {
      const site = normalizeSiteUrl(input.url).href;
      const running = inFlight.get(input.client) ?? 0;
      if (running >= MAX_ANALYSES_IN_FLIGHT_PER_CLIENT)
        throw new ServiceError(
          'TOO_MANY_REQUESTS',
          `You already have ${MAX_ANALYSES_IN_FLIGHT_PER_CLIENT} analyses running. Please wait for one to finish.`,
        );
      inFlight.set(input.client, running + 1);
      try {
        return await analyzeOnce(site, input);
      } finally {
        const left = (inFlight.get(input.client) ?? 1) - 1;
        if (left > 0) inFlight.set(input.client, left);
        else inFlight.delete(input.client);
      }
    },
  };

  async function analyzeOnce(site: string, input: { visitorId: string; token: string | undefined }): Promise<AnalysisResult> {
    const subscription = await deps.subscriptions.findEntitlement(input.token);
    const now = deps.clock();
    const isReserved = await deps.visitors.reserveAnalysis(input.visitorId, subscription ? null : FREE_ANALYSES, now.toISOString());
    if (!isReserved) throw new ServiceError('SUBSCRIPTION_REQUIRED', MESSAGES.subscriptionRequired);
    try {
      const cached = await deps.analyses.findCached(site, ENGINE_VERSION, new Date(now.getTime() - CACHE_HOURS * 3_600_000).toISOString());
      if (cached) return cached;
      const result = await deps.runAnalysis(site);
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
  }
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
