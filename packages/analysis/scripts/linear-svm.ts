/**
 * Linear models over TF-IDF features for the analyzer's learned readers: one L2-regularised
 * squared-hinge SVM per label, solved by dual coordinate descent as in LIBLINEAR (Hsieh et al.,
 * ICML 2008). Used by train.ts (the CLAUDETTE clause model) and train-questions.ts (which
 * clauses speak to each fact-sheet question).
 */
import type { FeatureCounts } from '../src/classify/features';
import { type LinearModel, vectorize } from '../src/classify/model';

export interface TrainOptions {
  /** The cost of a training error. */
  c: number;
  /** How much more an error on a positive costs (positives are rare). */
  positiveWeight: number;
  /** Features in fewer training rows are dropped. */
  minDocumentFrequency: number;
  /** Smaller weights are dropped from the model (a regulariser, and a smaller file). */
  minWeight: number;
}

type Vector = { index: Int32Array; value: Float64Array };

/** Fits idf on the rows and one SVM per label (`isPositive` says a row's label); thresholds at 0. */
export function trainLinear(
  rows: ReadonlyArray<{ counts: FeatureCounts }>,
  labels: readonly string[],
  isPositive: (row: number, label: string) => boolean,
  options: TrainOptions,
): LinearModel {
  const df = new Map<string, number>();
  for (const row of rows) for (const f of row.counts.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  const idf: Record<string, number> = {};
  for (const [f, d] of df) if (d >= options.minDocumentFrequency) idf[f] = Math.log((1 + rows.length) / (1 + d)) + 1;
  const names = Object.keys(idf);
  const position = new Map(names.map((f, i) => [f, i]));
  const bias = names.length;
  const X: Vector[] = rows.map((row) => {
    const v = vectorize(row.counts, idf);
    return {
      index: Int32Array.from([...v.features.map((f) => position.get(f)!), bias]),
      value: Float64Array.from([...v.values, 1]),
    };
  });
  const model: LinearModel = { labels: [...labels], idf: {}, bias: {}, threshold: {}, weights: {} };
  const used = new Set<string>();
  for (const label of labels) {
    const w = solve(
      X,
      rows.map((_, i) => (isPositive(i, label) ? 1 : -1)),
      bias + 1,
      options,
    );
    const weights: Record<string, number> = {};
    names.forEach((f, i) => {
      if (Math.abs(w[i]!) >= options.minWeight) {
        weights[f] = Math.round(w[i]! * 10000) / 10000;
        used.add(f);
      }
    });
    model.weights[label] = weights;
    model.bias[label] = Math.round(w[bias]! * 10000) / 10000;
    model.threshold[label] = 0;
  }
  for (const f of used) model.idf[f] = Math.round(idf[f]! * 10000) / 10000;
  return model;
}

/** Dual coordinate descent for the L2-regularised L2-loss SVM. */
function solve(X: readonly Vector[], y: readonly number[], dim: number, options: TrainOptions): Float64Array {
  const w = new Float64Array(dim);
  const alpha = new Float64Array(X.length);
  const squaredNorm = X.map((x) => x.value.reduce((s, v) => s + v * v, 0));
  const order = X.map((_, i) => i);
  let seed = 1;
  for (let pass = 0; pass < 100; pass++) {
    for (let i = order.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const j = seed % (i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let maxGradient = 0;
    for (const i of order) {
      const x = X[i]!;
      const yi = y[i]!;
      const diagonal = 1 / (2 * options.c * (yi > 0 ? options.positiveWeight : 1));
      let wx = 0;
      for (let k = 0; k < x.index.length; k++) wx += w[x.index[k]!]! * x.value[k]!;
      const gradient = yi * wx - 1 + diagonal * alpha[i]!;
      const projected = alpha[i] === 0 ? Math.min(gradient, 0) : gradient;
      maxGradient = Math.max(maxGradient, Math.abs(projected));
      if (projected === 0) continue;
      const previous = alpha[i]!;
      alpha[i] = Math.max(previous - gradient / (squaredNorm[i]! + diagonal), 0);
      const step = (alpha[i]! - previous) * yi;
      for (let k = 0; k < x.index.length; k++) w[x.index[k]!]! += step * x.value[k]!;
    }
    if (maxGradient < 0.01) break;
  }
  return w;
}
