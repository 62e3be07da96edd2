import { z } from 'zod';
import { EMAIL_PATTERN, MAX_PROVIDED_TEXT_BYTES } from './constants';
import { FACT_IDS, SCORED_FACT_IDS, TOPIC_FACT_IDS, type ScoredFactId, type TopicFactId } from './fact-ids';

/** Visitor ids: the fingerprint hash, bounded in length and charset. */
export const UserIdSchema = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'invalid visitor id')
  .refine((id) => !['__proto__', 'constructor', 'prototype'].includes(id), 'invalid visitor id');

export const EmailSchema = z.string().max(254).regex(EMAIL_PATTERN);

export const AnalyzeRequestSchema = z.object({ url: z.string().max(8192) });
export type AnalyzeRequest = z.infer<typeof AnalyzeRequestSchema>;

export const DocumentTypeSchema = z.enum(['terms', 'privacy']);
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

/** What a visitor's own text or file is: one of the two documents, or both in one. */
export const ProvidedDocumentTypeSchema = z.enum(['terms', 'privacy', 'both']);
export type ProvidedDocumentType = z.infer<typeof ProvidedDocumentTypeSchema>;

/** Analyze request with the document's text pasted by the visitor instead of an address. */
export const AnalyzeTextRequestSchema = z.object({
  text: z.string().min(1).max(MAX_PROVIDED_TEXT_BYTES),
  type: ProvidedDocumentTypeSchema,
});
export type AnalyzeTextRequest = z.infer<typeof AnalyzeTextRequestSchema>;

/** Where a document came from: fetched from the site, or provided by the visitor (pasted or uploaded). */
export const DocumentSourceSchema = z.enum(['fetched', 'provided']);
export type DocumentSource = z.infer<typeof DocumentSourceSchema>;

export const SeveritySchema = z.enum(['good', 'neutral', 'bad', 'blocker']);
export type Severity = z.infer<typeof SeveritySchema>;

/** Where an item came from: the verbatim clause, its document and its character offsets there. */
export const EvidenceSchema = z.object({
  quote: z.string(),
  document: DocumentTypeSchema,
  url: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  /** Links in the quoted words, as absolute http(s) or mailto addresses: "contact us through our webform" → where the form is. */
  links: z
    .array(z.object({ text: z.string(), href: z.string() }))
    .max(5)
    .optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const SummaryItemSchema = z.object({
  text: z.string(),
  category: z.string(),
  severity: SeveritySchema,
  evidence: z.array(EvidenceSchema),
});
export type SummaryItem = z.infer<typeof SummaryItemSchema>;

export const AnalyzedDocumentSchema = z.object({
  type: DocumentTypeSchema,
  url: z.string(),
  title: z.string(),
  words: z.number().int().nonnegative(),
  language: z.string(),
  /** Absent on results made before sources were recorded: those were fetched. */
  source: DocumentSourceSchema.optional(),
  /** The date the document itself states ("Last updated", "Effective"), as YYYY-MM-DD, when it states one. */
  statedDate: z.string().optional(),
});
export type AnalyzedDocument = z.infer<typeof AnalyzedDocumentSchema>;

export const GradeSchema = z.enum(['A', 'B', 'C', 'D', 'E']).nullable();
export type Grade = z.infer<typeof GradeSchema>;

export const FactIdSchema = z.enum(FACT_IDS);

/**
 * One answer of the fact sheet: a value ("not_stated" is an answer), the scope it holds for
 * when the documents limit it, the detail fields of its question, and the clauses that state it.
 */
export const FactAnswerSchema = z.object({
  value: z.union([z.string(), z.number()]),
  scope: z.string().optional(),
  evidence: z.array(EvidenceSchema),
  periods: z.array(z.object({ what: z.string(), days: z.number().int().nonnegative() })).optional(),
  how: z.string().optional(),
  hours: z.number().int().positive().optional(),
  where: z.array(z.string()).optional(),
  variants: z.array(z.object({ scope: z.string(), value: z.union([z.string(), z.number()]) })).optional(),
  opt_out_days: z.number().int().positive().optional(),
  opt_out_contact: z.string().optional(),
  days: z.number().int().positive().optional(),
  usd: z.number().positive().optional(),
  perpetual: z.boolean().optional(),
  irrevocable: z.boolean().optional(),
  sublicensable: z.boolean().optional(),
  /** Liability cap: the cap counts what you paid in this many months before the claim. */
  paid_months: z.number().int().positive().optional(),
  /** Liability cap: what the cap counts — a fixed amount (`usd`), what you paid, both (the greater, the lesser, or as the clause says "either"), foreseeable damage only, or nothing (`none`: liability for damage of any kind excluded). */
  cap: z.enum(['fixed', 'paid', 'greater', 'lesser', 'either', 'foreseeable', 'none']).optional(),
  /** A "not_stated" answer only: clauses on the question's topic that do not state an answer plainly ("Not stated plainly — read these clauses"). */
  related: z.array(EvidenceSchema).optional(),
});
export type FactAnswer = z.infer<typeof FactAnswerSchema>;
/** Every scored question answered; the topics where the documents state them. */
export const FactSheetSchema = z.object({
  ...(Object.fromEntries(SCORED_FACT_IDS.map((id) => [id, FactAnswerSchema])) as Record<ScoredFactId, typeof FactAnswerSchema>),
  ...(Object.fromEntries(TOPIC_FACT_IDS.map((id) => [id, FactAnswerSchema.optional()])) as Record<
    TopicFactId,
    z.ZodOptional<typeof FactAnswerSchema>
  >),
});
export type FactSheet = z.infer<typeof FactSheetSchema>;

/**
 * What changed in a site's documents between two analyses (issue 23): the fact-sheet answers that
 * changed, the clauses added, removed or reworded, and the documents that appeared or disappeared.
 */

/** A piece of a reworded clause: words kept, or words only the earlier (`removed`) or later (`added`) version has. */
export const ChangedWordsSchema = z.object({
  text: z.string(),
  change: z.enum(['same', 'added', 'removed']),
});
export type ChangedWords = z.infer<typeof ChangedWordsSchema>;

/** One clause-level change; `before`/`after` are the clause texts as extracted, so they can be found in the documents. */
export const ClauseChangeSchema = z.object({
  document: DocumentTypeSchema,
  change: z.enum(['added', 'removed', 'reworded']),
  before: z.string().optional(),
  after: z.string().optional(),
  /** Reworded clauses only: the words of both versions in reading order, each marked. */
  words: z.array(ChangedWordsSchema).optional(),
  /** True when the clauses differ only in dates or numbering. */
  onlyDates: z.boolean().optional(),
});
export type ClauseChange = z.infer<typeof ClauseChangeSchema>;

/** One fact-sheet answer that changed, each side with the clauses of its own version and that version's date. */
export const FactChangeSchema = z.object({
  id: FactIdSchema,
  document: DocumentTypeSchema,
  before: FactAnswerSchema,
  after: FactAnswerSchema,
  beforeDate: z.string(),
  afterDate: z.string(),
});
export type FactChange = z.infer<typeof FactChangeSchema>;

export const DocumentChangeSchema = z.object({
  type: DocumentTypeSchema,
  change: z.enum(['appeared', 'disappeared', 'changed']),
  url: z.string(),
});
export type DocumentChange = z.infer<typeof DocumentChangeSchema>;

export const ChangesSchema = z.object({
  /** When the earlier version was read (ISO 8601). */
  since: z.string(),
  /** When the later version was read (ISO 8601). */
  until: z.string(),
  facts: z.array(FactChangeSchema),
  clauses: z.array(ClauseChangeSchema),
  /** Clause changes beyond the ones listed (a rewrite lists its first ones only). */
  moreClauses: z.number().int().nonnegative(),
  documents: z.array(DocumentChangeSchema),
  /** True when the only changes are dates or numbering. */
  onlyDates: z.boolean(),
});
export type Changes = z.infer<typeof ChangesSchema>;

/** One step of a site's history: the documents read then, and what changed from the step before. */
export const HistoryEntrySchema = z.object({
  /** The step's id: `GET /api/sites/{site}/history/{id}` returns its changes. */
  id: z.string(),
  date: z.string(),
  documents: z.array(z.object({ type: DocumentTypeSchema, url: z.string() })),
  /** One line saying what changed from the step before (the first step: what was first read). */
  summary: z.string(),
  hasChanges: z.boolean(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const SiteHistorySchema = z.object({
  site: z.string(),
  /** Newest first. */
  versions: z.array(HistoryEntrySchema),
});
export type SiteHistory = z.infer<typeof SiteHistorySchema>;

/** The analysis of SPEC section 3, plus the evidence behind every item. */
export const AnalysisResultSchema = z.object({
  keyPoints: z.array(z.string()),
  privacyConcerns: z.array(z.string()),
  recommendations: z.array(z.string()),
  details: z.object({
    keyPoints: z.array(SummaryItemSchema),
    privacyConcerns: z.array(SummaryItemSchema),
    recommendations: z.array(SummaryItemSchema),
  }),
  grade: GradeSchema,
  /** One sentence naming the practices that decided the grade. */
  gradeReason: z.string(),
  /** The answers to the fixed questions, each with the clauses that state it. */
  factSheet: FactSheetSchema,
  documents: z.array(AnalyzedDocumentSchema),
  notices: z.array(z.string()),
  /** Which engine wrote the lists and answers: the built-in analyzer's version, or `llm:<provider>/<model>`. */
  engine: z.string(),
  /** LLM engine only: answers and items its verification dropped (quote not in the documents, claimed value not in its quote). */
  dropped: z.number().int().nonnegative().optional(),
  /** The permalink id of a kept (cached) result: `GET /api/results/{resultId}`, page `/?r={resultId}`. Absent for provided documents. */
  resultId: z.string().optional(),
  /** When the analysis was made (ISO 8601); absent on results kept before it was recorded. */
  analyzedAt: z.string().optional(),
  /** What changed since the site was last analysed with different text (issue 23). */
  changes: ChangesSchema.optional(),
  /** How many versions of the site's documents are kept, since when: `GET /api/sites/{site}/history` lists them. */
  history: z.object({ site: z.string(), versions: z.number().int().positive(), since: z.string() }).optional(),
});
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;

export const SubscriptionStatusSchema = z.object({
  isSubscribed: z.boolean(),
  searchCount: z.number().int().nonnegative(),
  email: z.string().optional(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const PaymentVerificationSchema = z.object({ token: z.string(), email: z.string() });
export type PaymentVerification = z.infer<typeof PaymentVerificationSchema>;

export const SetEmailRequestSchema = z.object({ userId: UserIdSchema, email: EmailSchema });
export type SetEmailRequest = z.infer<typeof SetEmailRequestSchema>;

/** Issued by the server before checkout so that verification can refuse foreign tx_refs. */
export const PaymentIntentRequestSchema = z.object({ email: EmailSchema });
export const PaymentIntentSchema = z.object({
  txRef: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  publicKey: z.string(),
  scriptUrl: z.string(),
  /** The provider's monthly payment plan, when renewals are charged automatically. */
  paymentPlan: z.number().int().positive().optional(),
});
export type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

/** What a subscription is, before checkout: whether the provider charges it again every month. */
export const PaymentPlanSchema = z.object({ renewsMonthly: z.boolean() });
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;
