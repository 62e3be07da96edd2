import { CLAUDETTE_LABELS } from './classify/taxonomy';

export interface LabelMetrics {
  precision: number;
  recall: number;
  f1: number;
  support: number;
}
export interface ClaudetteMetrics {
  perLabel: Record<string, LabelMetrics>;
  macroF1: number;
  microF1: number;
}

/** Precision, recall and F1 per CLAUDETTE category, with macro and micro F1 over the eight. */
export function computeMetrics(rows: ReadonlyArray<{ gold: readonly string[]; predicted: readonly string[] }>): ClaudetteMetrics {
  const perLabel: Record<string, LabelMetrics> = {};
  let tpAll = 0,
    fpAll = 0,
    fnAll = 0;
  for (const label of CLAUDETTE_LABELS) {
    let tp = 0,
      fp = 0,
      fn = 0;
    for (const row of rows) {
      const g = row.gold.includes(label);
      const p = row.predicted.includes(label);
      if (g && p) tp++;
      else if (p) fp++;
      else if (g) fn++;
    }
    tpAll += tp;
    fpAll += fp;
    fnAll += fn;
    const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
    const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
    perLabel[label] = {
      precision: round(precision),
      recall: round(recall),
      f1: round(precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)),
      support: tp + fn,
    };
  }
  const macroF1 = CLAUDETTE_LABELS.reduce((s, l) => s + perLabel[l]!.f1, 0) / CLAUDETTE_LABELS.length;
  const microF1 = tpAll === 0 ? 0 : (2 * tpAll) / (2 * tpAll + fpAll + fnAll);
  return { perLabel, macroF1: round(macroF1), microF1: round(microF1) };
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
