import { z } from 'zod';
import { FEEDBACK_REASONS, MAX_FEEDBACK_INDEX, MAX_FEEDBACK_NOTE, RECENT_RESULTS_LIMIT } from './browse';
import { FactIdSchema, GradeSchema } from './schemas';

/** Issue 22 items 8 and 9: the requests and answers of `POST /api/feedback` and `GET /api/results/recent`. */

/** A permalink id: 22 base64url characters. */
export const ResultIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export const FeedbackReasonSchema = z.enum(FEEDBACK_REASONS);

/**
 * The item a report is about: a list item by its list and position, or a fact row by its id.
 * The server reads the item's text, quote and engine from the kept result itself, never from the request.
 */
export const FeedbackTargetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('item'),
    list: z.enum(['keyPoints', 'privacyConcerns', 'recommendations']),
    index: z.number().int().nonnegative().max(MAX_FEEDBACK_INDEX),
  }),
  z.object({ kind: z.literal('fact'), fact: FactIdSchema }),
]);
export type FeedbackTarget = z.infer<typeof FeedbackTargetSchema>;

/** `POST /api/feedback`: a report on one item of a kept result. Nothing about the visitor is sent or stored. */
export const FeedbackRequestSchema = z.strictObject({
  resultId: ResultIdSchema,
  target: FeedbackTargetSchema,
  reason: FeedbackReasonSchema,
  note: z.string().max(MAX_FEEDBACK_NOTE).optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

/** One line of `npm run feedback:export` (JSONL). */
export const FeedbackRecordSchema = z.object({
  id: z.number().int(),
  resultId: z.string(),
  site: z.string(),
  engine: z.string(),
  target: FeedbackTargetSchema,
  /** The reported item's text (a list item) or answer value (a fact row), as the result held it. */
  item: z.string(),
  /** The item's first quoted clause, when it has one. */
  quote: z.string().nullable(),
  reason: FeedbackReasonSchema,
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackRecord = z.infer<typeof FeedbackRecordSchema>;

/** One site of "Recently analysed": only what its public permalink already shows. */
export const RecentResultSchema = z.object({
  resultId: z.string(),
  site: z.string(),
  grade: GradeSchema,
  analysedAt: z.string(),
});
export type RecentResult = z.infer<typeof RecentResultSchema>;
export const RecentResultsSchema = z.object({ results: z.array(RecentResultSchema).max(RECENT_RESULTS_LIMIT) });
export type RecentResults = z.infer<typeof RecentResultsSchema>;
