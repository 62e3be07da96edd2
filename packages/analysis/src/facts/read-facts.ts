import { FACT_IDS, type FactSheet } from '@fineprint/contracts';
import { FACT_QUESTIONS } from './questions';
import { createReadContext, type FactDocument } from './reader';

/**
 * Answers the fixed questions of the fact sheet (../shared/factsheet/questions.json) from the
 * documents' clauses: for each, a value ("not_stated" when the documents say nothing), the
 * detail fields of its question and the clauses that state it.
 */
export function readFacts(documents: readonly FactDocument[]): FactSheet {
  const ctx = createReadContext(documents);
  const sheet = {} as FactSheet;
  for (const question of FACT_QUESTIONS) sheet[question.id] = question.read(ctx);
  for (const id of FACT_IDS) if (!sheet[id]) throw new Error(`fact question ${id} has no reader`);
  return sheet;
}

export type { FactDocument } from './reader';
