import type { DocumentType } from '@fineprint/contracts';
import type { Clause } from '../segment/segment';
import { extractFeatures, leadInIndex, matchPatternCategories } from './features';
import { confidence, scoreFeatures, scoreWeighed, weighSentence, type WeighedFeatures } from './model';
import { MODEL } from './model-weights.generated';
import { CATEGORIES, CLAUDETTE_LABELS, type Category, type ClaudetteLabel } from './taxonomy';

/** One clause judged to belong to one category of the taxonomy. */
export interface Finding {
  category: Category;
  clause: Clause;
  document: DocumentType;
  url: string;
  /** Confidence in (0, 1): from the model's margin (0.5 on its threshold), or 0.6 for the pattern-only categories. */
  score: number;
  /**
   * False for a CLAUDETTE-category clause that only its pattern found: it may supply the
   * detail (an opt-out window, a court) once the model has confirmed the category elsewhere.
   */
  isConfirmed: boolean;
  /**
   * The category's own pattern matches the clause. Only such a clause backs a summary
   * sentence: the model may confirm "termination" on "we may change our offerings without
   * notice", but that clause cannot show that accounts can be closed.
   */
  matchesPattern: boolean;
}

const PATTERN_CONFIDENCE = 0.6;
const CLAUDETTE = new Set<string>(CLAUDETTE_LABELS);
const BY_ID = new Map<string, Category>(CATEGORIES.map((category) => [category.id, category]));

/**
 * A clause's features as the clause model weighs them, counted once per clause object: a lead-in serves every item of its
 * list, and the fact readers' learned question finder (facts/question-finder.ts) scores the same counts.
 */
const WEIGHED = new WeakMap<Clause, WeighedFeatures>();
export function weighedFeaturesOf(clause: Clause, matched?: readonly string[]): WeighedFeatures {
  let features = WEIGHED.get(clause);
  if (!features) WEIGHED.set(clause, (features = weighSentence(clause.text, matched ?? matchPatternCategories(clause.text), MODEL)));
  return features;
}

/** The CLAUDETTE labels margins confirm (margin above the label's threshold). */
const confirms = (margins: Record<ClaudetteLabel, number>) => (label: ClaudetteLabel) => margins[label] > 0;

/**
 * Classifies the clauses of one document, in reading order (a list item is read with the
 * sentence that introduces the list). CLAUDETTE categories need the learned model's vote; a
 * clause only their pattern matches is kept unconfirmed, to supply detail. The other
 * categories are found by their patterns, limited to the document types where the practice
 * is described.
 */
export function classifyClauses(clauses: readonly Clause[], document: DocumentType, url: string): Finding[] {
  const findings: Finding[] = [];
  const texts = clauses.map((clause) => clause.text);
  clauses.forEach((clause, i) => {
    if (clause.text.length < 25) return;
    const matchedList = matchPatternCategories(clause.text);
    const matched = new Set(matchedList);
    const own = weighedFeaturesOf(clause, matchedList);
    const lead = leadInIndex(texts, i);
    const margins = scoreWeighed(own, lead >= 0 ? weighedFeaturesOf(clauses[lead]!) : undefined, MODEL);
    const isConfirmed = confirms(margins);
    for (const label of CLAUDETTE_LABELS) {
      const category = BY_ID.get(label)!;
      // A category read only in some documents (governing law in the terms) is not read elsewhere.
      if (category.documents && !category.documents.includes(document)) continue;
      const confirmed = isConfirmed(label);
      if (confirmed || matched.has(label)) {
        findings.push({
          category,
          clause,
          document,
          url,
          score: confidence(margins[label]),
          isConfirmed: confirmed,
          matchesPattern: matched.has(label),
        });
      }
    }
    for (const id of matched) {
      if (CLAUDETTE.has(id)) continue;
      const category = BY_ID.get(id)!;
      if (category.documents && !category.documents.includes(document)) continue;
      findings.push({ category, clause, document, url, score: PATTERN_CONFIDENCE, isConfirmed: true, matchesPattern: true });
    }
  });
  return findings;
}

/** Convenience for evaluation: CLAUDETTE labels predicted for a lone sentence. */
export function classifySentence(sentence: string, leadIn?: string): ClaudetteLabel[] {
  return CLAUDETTE_LABELS.filter(confirms(scoreFeatures(extractFeatures(sentence, leadIn), MODEL)));
}
