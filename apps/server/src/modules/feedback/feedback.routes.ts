import { FeedbackRequestSchema } from '@fineprint/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http-context';
import type { FeedbackService } from './feedback.service';

/** Reports per IP and minute: a reader flags a few items, never hundreds. */
export const FEEDBACK_RATE_LIMIT_PER_MINUTE = 20;
/** A report is a few ids, a reason and a note of at most 500 characters. */
const FEEDBACK_BODY_LIMIT = 4 * 1024;

/** POST /api/feedback: a reader's "This is wrong" report (the root's CSRF rule applies; 204 when stored). */
export function registerFeedbackRoutes(app: FastifyInstance, service: FeedbackService): void {
  app.post(
    '/api/feedback',
    { bodyLimit: FEEDBACK_BODY_LIMIT, config: { rateLimit: { max: FEEDBACK_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      const input = parseInput(
        FeedbackRequestSchema,
        request.body,
        'Please send {"resultId", "target", "reason", "note"?}: the reason is one of not_in_text, wrong_detail, wrong_region, other.',
      );
      await service.report(input);
      return reply.code(204).send();
    },
  );
}
