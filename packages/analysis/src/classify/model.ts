import { CLAUDETTE_LABELS, type ClaudetteLabel } from './taxonomy';
import { MODEL } from './model-weights.generated';

/** Weights of a one-vs-rest logistic regression over extractFeatures' output. */
export interface LinearModel {
  labels: readonly string[];
  bias: Record<string, number>;
  threshold: Record<string, number>;
  weights: Record<string, Record<string, number>>;
}

/** Probability per CLAUDETTE label that a sentence, given as extractFeatures' output, is a potentially unfair clause of that kind. */
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
