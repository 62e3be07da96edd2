import type { FeatureCounts } from './features';
import { MODEL } from './model-weights.generated';
import { CLAUDETTE_LABELS, type ClaudetteLabel } from './taxonomy';

/**
 * One-vs-rest linear SVMs over TF-IDF weighted, L2-normalised features (scripts/train.ts).
 * A sentence has a label when its margin exceeds the label's threshold.
 */
export interface LinearModel {
  labels: readonly string[];
  /** Inverse document frequency of every feature some label weighs. */
  idf: Record<string, number>;
  bias: Record<string, number>;
  threshold: Record<string, number>;
  weights: Record<string, Record<string, number>>;
}

/** A sparse TF-IDF vector: feature names and their L2-normalised weights. */
export interface SparseVector {
  features: string[];
  values: number[];
}

/** Sublinear term weight: 1 + ln(tf) for counts of 1 or more, the count itself below (down-weighted context features). */
function termWeight(tf: number): number {
  return tf >= 1 ? 1 + Math.log(tf) : tf;
}

/** TF-IDF weighting of raw counts (termWeight × idf), then L2 normalisation; used to train. */
export function vectorize(counts: FeatureCounts, idf: Readonly<Record<string, number>>): SparseVector {
  const features: string[] = [];
  const values: number[] = [];
  let norm = 0;
  for (const [feature, tf] of counts) {
    const weight = idf[feature];
    if (weight === undefined) continue;
    const value = termWeight(tf) * weight;
    features.push(feature);
    values.push(value);
    norm += value * value;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) values[i]! /= norm;
  return { features, values };
}

/** The model laid out for scoring: one map lookup per feature gives its idf and all label weights. */
interface CompiledModel {
  features: Map<string, { idf: number; weights: Float64Array }>;
  offsets: Float64Array;
}
const compiled = new WeakMap<LinearModel, CompiledModel>();

function compile(model: LinearModel): CompiledModel {
  const features = new Map<string, { idf: number; weights: Float64Array }>();
  for (const [feature, idf] of Object.entries(model.idf))
    features.set(feature, { idf, weights: new Float64Array(CLAUDETTE_LABELS.length) });
  CLAUDETTE_LABELS.forEach((label, j) => {
    for (const [feature, weight] of Object.entries(model.weights[label] ?? {})) {
      const entry = features.get(feature);
      if (entry) entry.weights[j] = weight;
    }
  });
  const offsets = Float64Array.from(CLAUDETTE_LABELS, (label) => (model.bias[label] ?? -1) - (model.threshold[label] ?? 0));
  return { features, offsets };
}

/** Margin per CLAUDETTE label, minus the label's threshold: positive means the model says yes. */
export function scoreFeatures(
  counts: FeatureCounts,
  model: LinearModel = MODEL,
  /** Further features with names of their own (a lead-in's "L:…"): scored as if merged into `counts`, without a copy. */
  more?: FeatureCounts,
): Record<ClaudetteLabel, number> {
  let c = compiled.get(model);
  if (!c) compiled.set(model, (c = compile(model)));
  const margins = new Float64Array(CLAUDETTE_LABELS.length);
  let norm = 0;
  for (const part of more ? [counts, more] : [counts])
    for (const [feature, tf] of part) {
      const entry = c.features.get(feature);
      if (!entry) continue;
      const value = termWeight(tf) * entry.idf;
      norm += value * value;
      for (let j = 0; j < margins.length; j++) margins[j]! += entry.weights[j]! * value;
    }
  norm = Math.sqrt(norm) || 1;
  const scores = {} as Record<ClaudetteLabel, number>;
  CLAUDETTE_LABELS.forEach((label, j) => (scores[label] = c.offsets[j]! + margins[j]! / norm));
  return scores;
}

/** A margin mapped to a confidence in (0, 1); 0.5 sits on the decision threshold. */
export function confidence(margin: number): number {
  return 1 / (1 + Math.exp(-3 * margin));
}
