import { CLAUDETTE_LABELS, type ClaudetteLabel } from './taxonomy';
import { extractFeatures } from './features';
import { MODEL } from './model-weights.generated';

/** Weights of a one-vs-rest logistic regression over extractFeatures' output. */
export interface LinearModel {
  labels: readonly string[];
  bias: Record<string, number>;
  threshold: Record<string, number>;
  weights: Record<string, Record<string, number>>;
}

/** Probability per CLAUDETTE label that the sentence is a potentially unfair clause of that kind. */
export function scoreSentence(sentence: string, model: LinearModel = MODEL): Record<ClaudetteLabel, number> {
  return scoreFeatures(extractFeatures(sentence), model);
}

/** Same as scoreSentence, from precomputed features. */
export function scoreFeatures(features: readonly string[], model: LinearModel = MODEL): Record<ClaudetteLabel, number> {
  const scores = {} as Record<ClaudetteLabel, number>;
  for (const label of CLAUDETTE_LABELS) {
    let z = model.bias[label] ?? -10;
    const w = model.weights[label] ?? {};
    for (const f of features) z += w[f] ?? 0;
    scores[label] = 1 / (1 + Math.exp(-z));
  }
  return scores;
}

/** CLAUDETTE labels whose probability passes the model's tuned threshold. */
export function predictLabels(sentence: string, model: LinearModel = MODEL): ClaudetteLabel[] {
  const scores = scoreSentence(sentence, model);
  return CLAUDETTE_LABELS.filter((label) => scores[label] >= (model.threshold[label] ?? 0.5));
}
