import type { DocumentType } from '@fineprint/contracts';
import type { Clause } from '../segment/segment';
import { extractFeatures, matchPatternCategories } from './features';
import { scoreFeatures } from './model';
import { MODEL } from './model-weights.generated';
import { CATEGORIES, CLAUDETTE_LABELS, type Category, type ClaudetteLabel } from './taxonomy';

/** One clause judged to belong to one category of the taxonomy. */
export interface Finding {
  category: Category;
  clause: Clause;
  document: DocumentType;
  url: string;
  /** Confidence in [0, 1]: the model's probability, or 0.6 for a pattern-only match. */
  score: number;
  /**
   * False for a CLAUDETTE-category clause that only its pattern found: it may supply the
   * detail (an opt-out window, a court) once the model has confirmed the category elsewhere.
   */
  isConfirmed: boolean;
}

const CLAUDETTE = new Set<string>(CLAUDETTE_LABELS);
const BY_ID = new Map<string, Category>(CATEGORIES.map((category) => [category.id, category]));

/**
 * Judges one sentence once: the taxonomy patterns it matches, the model's probabilities, and
 * the CLAUDETTE labels the model confirms (a pattern match halves the threshold).
 */
function judgeSentence(text: string) {
  const matchedList = matchPatternCategories(text);
  const matched = new Set(matchedList);
  const scores = scoreFeatures(extractFeatures(text, matchedList), MODEL);
  const isConfirmed = (label: ClaudetteLabel) => {
    const threshold = MODEL.threshold[label] ?? 0.5;
    return scores[label] >= threshold || (matched.has(label) && scores[label] >= threshold * 0.5);
  };
  return { matched, scores, isConfirmed };
}

/**
 * Classifies the clauses of one document. CLAUDETTE categories need the learned model's
 * vote (a pattern match lowers the bar); the other categories are found by their patterns,
 * limited to the document types where the practice is described.
 */
export function classifyClauses(clauses: readonly Clause[], document: DocumentType, url: string): Finding[] {
  const findings: Finding[] = [];
  for (const clause of clauses) {
    if (clause.text.length < 25) continue;
    const { matched, scores, isConfirmed } = judgeSentence(clause.text);
    for (const label of CLAUDETTE_LABELS) {
      const confirmed = isConfirmed(label);
      if (confirmed || matched.has(label)) {
        findings.push({ category: BY_ID.get(label)!, clause, document, url, score: scores[label], isConfirmed: confirmed });
      }
    }
    for (const id of matched) {
      if (CLAUDETTE.has(id)) continue;
      const category = BY_ID.get(id)!;
      if (category.documents && !category.documents.includes(document)) continue;
      findings.push({ category, clause, document, url, score: 0.6, isConfirmed: true });
    }
  }
  return findings;
}

/** Convenience for evaluation: CLAUDETTE labels predicted for a lone sentence. */
export function classifySentence(sentence: string): ClaudetteLabel[] {
  const { isConfirmed } = judgeSentence(sentence);
  return CLAUDETTE_LABELS.filter(isConfirmed);
}
