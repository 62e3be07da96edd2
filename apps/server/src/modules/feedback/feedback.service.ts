import { BROWSE_MESSAGES, type AnalysisResult, type FeedbackRequest, type FeedbackTarget } from '@fineprint/contracts';
import { ServiceError } from '../../errors';
import type { FeedbackRepository } from './feedback.repository';

/** The longest item text or quote a report keeps, in characters (a quote is a clause, not a document). */
const MAX_STORED_TEXT = 2_000;
const capped = (text: string) => (text.length > MAX_STORED_TEXT ? `${text.slice(0, MAX_STORED_TEXT - 1)}…` : text);

/** The reported item's text and first quote, read from the kept result; undefined when the result has no such item. */
function itemOf(result: AnalysisResult, target: FeedbackTarget): { item: string; quote: string | null } | undefined {
  if (target.kind === 'item') {
    const text = result[target.list][target.index];
    if (text === undefined) return undefined;
    return { item: text, quote: result.details[target.list][target.index]?.evidence[0]?.quote ?? null };
  }
  const answer = result.factSheet[target.fact];
  if (!answer) return undefined;
  return { item: String(answer.value), quote: answer.evidence[0]?.quote ?? null };
}

/**
 * "This is wrong" (issue 22 item 8): a report names a kept result and one of its items; the
 * item's text, quote and engine are taken from the stored result, so a report can only be
 * about what the result really said. Reported items are not hidden.
 */
export function createFeedbackService(deps: { feedback: FeedbackRepository; clock: () => Date; onReport?: (reason: string) => void }) {
  return {
    async report(request: FeedbackRequest): Promise<void> {
      const kept = await deps.feedback.findKeptResult(request.resultId);
      if (!kept) throw new ServiceError('NOT_FOUND', BROWSE_MESSAGES.reportNotKept);
      const item = itemOf(kept.result, request.target);
      if (!item) throw new ServiceError('BAD_REQUEST', 'This result has no such item.');
      const note = request.note?.trim();
      await deps.feedback.save({
        resultId: request.resultId,
        site: kept.site,
        engine: kept.result.engine,
        target: request.target,
        item: capped(item.item),
        quote: item.quote === null ? null : capped(item.quote),
        reason: request.reason,
        note: note ? note : null,
        createdAt: deps.clock().toISOString(),
      });
      deps.onReport?.(request.reason);
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
