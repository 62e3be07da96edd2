import { FACT_IDS, type FactAnswer, type FactSheet } from '@fineprint/contracts';
import { isStatement } from '../summarize/details';
import { BEARS_ON, FACT_QUESTIONS } from './questions';
import { createReadContext, evidenceOf, type FactDocument, type Located, type ReadContext } from './reader';

/** How many clauses a "not stated plainly" answer shows as bearing on its question. */
const MAX_RELATED = 3;

/**
 * Answers the fixed questions of the fact sheet (../shared/factsheet/questions.json) from the
 * documents' clauses: for each, a value ("not_stated" when the documents say nothing plainly), the
 * detail fields of its question and the clauses that state it. A "not_stated" answer carries, as
 * `related`, the clauses its reader found on the topic but could not read as a plain answer (a
 * hedged denial, a rule for other users, a possibility), so a reader can judge them.
 */
export function readFacts(documents: readonly FactDocument[]): FactSheet {
  const ctx = createReadContext(documents);
  const sheet = {} as FactSheet;
  for (const question of FACT_QUESTIONS) {
    const looked: Located[] = [];
    const watched: ReadContext = {
      ...ctx,
      find: (...args) => {
        const found = ctx.find(...args);
        looked.push(...found);
        return found;
      },
    };
    sheet[question.id] = withRelated(
      question.read(watched),
      looked.filter((l) => BEARS_ON[question.id].test(l.clause.text)),
    );
  }
  for (const id of FACT_IDS) if (!sheet[id]) throw new Error(`fact question ${id} has no reader`);
  return sheet;
}

function withRelated(answer: FactAnswer, looked: readonly Located[]): FactAnswer {
  if (answer.value !== 'not_stated') return answer;
  // Sentences on the topic only: a heading or a list fragment ("Law enforcement") bears on nothing by itself.
  const distinct = looked.filter((l, i) => isStatement(l.clause.text) && looked.findIndex((other) => other.clause === l.clause) === i);
  return distinct.length > 0 ? { ...answer, related: distinct.slice(0, MAX_RELATED).map(evidenceOf) } : answer;
}

export type { FactDocument } from './reader';
