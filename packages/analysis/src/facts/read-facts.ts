import { SCORED_FACT_IDS, type FactAnswer, type FactSheet } from '@fineprint/contracts';
import { isStatement } from '../summarize/details';
import { createQuestionFinder } from './question-finder';
import { BEARS_ON, FACT_QUESTIONS } from './questions';
import { createReadContext, evidenceOf, type FactDocument, type Located, type ReadContext } from './reader';

/** How many clauses a "not stated plainly" answer shows as bearing on its question. */
const MAX_RELATED = 3;

/**
 * Answers the fixed questions of the fact sheet (../shared/factsheet/questions.json) from the
 * documents' clauses: for each, a value ("not_stated" when the documents say nothing plainly), the
 * detail fields of its question and the clauses that state it. A "not_stated" answer carries, as
 * `related`, the clauses its reader found on the topic but could not read as a plain answer (a
 * hedged denial, a rule for other users, a possibility), then those the learned question finder
 * ranks best for it, so a reader can judge them.
 */
export function readFacts(
  documents: readonly FactDocument[],
  /** Without the learned finder's clauses among `related` (a document version's own sheet, read only to compare answers). */
  options: { learnedRelated?: boolean } = {},
): FactSheet {
  const ctx = createReadContext(documents);
  const learned = options.learnedRelated === false ? () => [] : createQuestionFinder(documents);
  const sheet = {} as FactSheet;
  for (const question of FACT_QUESTIONS) {
    // What its reader found, kept by reference: read only if the answer is "not stated".
    const looked: Located[][] = [];
    const watched: ReadContext = {
      ...ctx,
      find: (...args) => {
        const found = ctx.find(...args);
        looked.push(found);
        return found;
      },
    };
    const answer = question.read(watched);
    sheet[question.id] = answer.value === 'not_stated' ? withRelated(answer, looked, BEARS_ON[question.id], learned(question.id)) : answer;
  }
  for (const id of SCORED_FACT_IDS) if (!sheet[id]) throw new Error(`fact question ${id} has no reader`);
  return sheet;
}

/**
 * The first few distinct clauses on the question's topic its reader looked at, sentences only (a heading or a fragment
 * such as "Law enforcement" bears on nothing by itself), then the learned finder's best.
 */
function withRelated(answer: FactAnswer, looked: readonly Located[][], topic: RegExp, learned: readonly Located[]): FactAnswer {
  const seen = new Set<Located['clause']>();
  const related: Located[] = [];
  const onTopic = (l: Located) => topic.test(l.clause.text) && isStatement(l.clause.text);
  for (const [l, bears] of [...looked.flat().map((l) => [l, onTopic(l)] as const), ...learned.map((l) => [l, true] as const)]) {
    if (related.length === MAX_RELATED || seen.has(l.clause)) continue;
    seen.add(l.clause);
    if (bears) related.push(l);
  }
  return related.length > 0 ? { ...answer, related: related.map(evidenceOf) } : answer;
}

export type { FactDocument } from './reader';
