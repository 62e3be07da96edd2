import type { ScoredFactId } from '@fineprint/contracts';
import { weighedFeaturesOf } from '../classify/classify';
import { scoreOwnWith } from '../classify/model';
import { isStatement } from '../summarize/details';
import { QUESTION_MODELS } from './question-finder.generated';
import { statementsOf, type FactDocument, type Located } from './reader';

/**
 * The margin above which a clause the learned finder ranks is shown as bearing on a "not stated" answer. Measured by the
 * dev folds (`npm run train:questions`): where the readers say "not stated" and the gold answer quotes a clause, one of the
 * at most two clauses shown above -0.25 is a quoted one 38% of the time (the readers' own related clauses: 15%), and
 * where the gold answer says nothing either, 0.18 clauses are shown on average.
 */
const SHOWN_ABOVE = -0.25;
const AT_MOST = 2;

/**
 * The clauses a question's learned model (scripts/train-questions.ts: one linear model per question, learned from the
 * clauses the gold answers of the 34 dev services quote) ranks best for it, in its own document, best first: the
 * "read these clauses" of an answer its reader could not give plainly. It states nothing: an answer comes only from
 * a reader. Margins are computed once per document, on the clause model's counts of each clause's features.
 */
export function createQuestionFinder(documents: readonly FactDocument[]): (id: ScoredFactId) => Located[] {
  // Per document: its statements, and their margins for every question of its model (one row of labels per clause).
  const scored = new Map<FactDocument, { located: Located[]; margins: Float64Array; labels: readonly string[] }>();
  const scoresOf = (document: FactDocument) => {
    let list = scored.get(document);
    if (!list) {
      const model = QUESTION_MODELS[document.type];
      const states = statementsOf(document.clauses);
      const located = document.clauses.flatMap((clause, index) =>
        states[index] && isStatement(clause.text) ? [{ clause, document, index }] : [],
      );
      const margins = new Float64Array(located.length * model.labels.length);
      located.forEach((l, i) => scoreOwnWith(weighedFeaturesOf(l.clause), model, margins, i * model.labels.length));
      scored.set(document, (list = { located, margins, labels: model.labels }));
    }
    return list;
  };
  return (id) => {
    // The best few in one pass: a short list kept sorted, best first.
    const best: Array<{ located: Located; margin: number }> = [];
    for (const document of documents) {
      if (!QUESTION_MODELS[document.type].labels.includes(id)) continue;
      const { located: clauses, margins, labels } = scoresOf(document);
      const label = labels.indexOf(id);
      for (let i = 0; i < clauses.length; i++) {
        const located = clauses[i]!;
        const margin = margins[i * labels.length + label]!;
        if (margin <= SHOWN_ABOVE || (best.length === AT_MOST && margin <= best[AT_MOST - 1]!.margin)) continue;
        const at = best.findIndex((b) => margin > b.margin);
        best.splice(at < 0 ? best.length : at, 0, { located, margin });
        best.length = Math.min(best.length, AT_MOST);
      }
    }
    return best.map((b) => b.located);
  };
}
