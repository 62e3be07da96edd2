import { DocumentTypeSchema, SCORED_FACT_IDS, SeveritySchema } from '@fineprint/contracts';
import { z } from 'zod';

/**
 * What the model must return, built from the contracts' own schemas (fact ids, document types,
 * severities). Every field is required (OpenAI's strict structured output needs that); every
 * answer and item carries the verbatim sentences it rests on, which the engine then checks.
 */
export const LlmQuoteSchema = z.object({
  document: DocumentTypeSchema,
  quote: z.string().min(1).max(1200).describe('Copied character for character from the document: no paraphrase, no ellipsis.'),
});

export const LlmAnswerSchema = z.object({
  id: z.enum(SCORED_FACT_IDS),
  value: z.string().max(200).describe("One of the question's values; a number as digits; 'not_stated' when the text says nothing."),
  quotes: z.array(LlmQuoteSchema).max(3),
});

export const LlmItemSchema = z.object({
  text: z.string().min(1).max(400).describe('One plain English sentence for a visitor, at most 40 words.'),
  category: z.string().max(60),
  severity: SeveritySchema,
  quotes: z.array(LlmQuoteSchema).min(1).max(3),
});

export const LlmOutputSchema = z.object({
  facts: z.array(LlmAnswerSchema).max(60),
  keyPoints: z.array(LlmItemSchema).max(10),
  privacyConcerns: z.array(LlmItemSchema).max(10),
  recommendations: z.array(LlmItemSchema).max(10),
});

export type LlmQuote = z.infer<typeof LlmQuoteSchema>;
export type LlmAnswer = z.infer<typeof LlmAnswerSchema>;
export type LlmItem = z.infer<typeof LlmItemSchema>;
export type LlmOutput = z.infer<typeof LlmOutputSchema>;
export const LIST_NAMES = ['keyPoints', 'privacyConcerns', 'recommendations'] as const;
export type ListName = (typeof LIST_NAMES)[number];
