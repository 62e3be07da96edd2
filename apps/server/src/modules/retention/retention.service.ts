import { RETENTION_DAYS } from '@fineprint/contracts';
import type { AnalysisRepository } from '../analysis/analysis.repository';
import type { PaymentsRepository } from '../payments/payments.repository';
import type { VersionsService } from '../versions/versions.service';
import type { VisitorsRepository } from '../visitors/visitors.repository';

/** Purges what the legal pages promise not to keep: visitors and cached analyses older than 30 days, watches a month after their subscription ended. */
export function createRetentionService(deps: {
  visitors: VisitorsRepository;
  analyses: AnalysisRepository;
  payments: PaymentsRepository;
  /** Versions of sites' documents (DOCUMENT_HISTORY_DAYS) and kept results (30 days). */
  versions?: Pick<VersionsService, 'purgeExpired'>;
  clock: () => Date;
  /** Watches of subscriptions that ended a month ago, and the jobs and changes of sites nobody watches (issue 23). */
  watches?: { purgeEnded(cutoff: string): Promise<number> };
}) {
  return {
    async purgeExpired(): Promise<{ visitors: number; analyses: number }> {
      const cutoff = new Date(deps.clock().getTime() - RETENTION_DAYS * 86_400_000).toISOString();
      const [visitors, analyses] = await Promise.all([deps.visitors.purgeOlderThan(cutoff), deps.analyses.purgeOlderThan(cutoff)]);
      await deps.payments.purgeIntentsOlderThan(cutoff);
      await deps.versions?.purgeExpired();
      await deps.watches?.purgeEnded(cutoff);
      return { visitors, analyses };
    },
  };
}
