import { classifyClauses } from './classify/classify';
import { CATEGORIES, CLAUDETTE_LABELS } from './classify/taxonomy';

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

/**
 * ToS;DR recall: for quotes whose case maps to a taxonomy category, the share where the
 * classifier finds that category in the quote (per case and overall). ToS;DR data has
 * positives only, so precision cannot be measured here.
 */
export function computeTosdrRecall(records: ReadonlyArray<{ sentence: string; labels: readonly string[] }>) {
  const categoriesOfCase = new Map<string, string[]>();
  for (const category of CATEGORIES)
    for (const slug of category.tosdrCases) categoriesOfCase.set(slug, [...(categoriesOfCase.get(slug) ?? []), category.id]);
  const perCase: Record<string, { hits: number; support: number; recall: number }> = {};
  let hits = 0;
  let support = 0;
  for (const record of records) {
    const found = new Set<string>();
    const clauses = [{ text: record.sentence, start: 0, end: record.sentence.length, heading: '', kind: 'paragraph' as const }];
    for (const document of ['terms', 'privacy'] as const)
      for (const f of classifyClauses(clauses, document, '')) if (f.isConfirmed) found.add(f.category.id);
    for (const label of record.labels) {
      const wanted = categoriesOfCase.get(label);
      if (!wanted) continue;
      const entry = (perCase[label] ??= { hits: 0, support: 0, recall: 0 });
      entry.support++;
      support++;
      if (wanted.some((id) => found.has(id))) {
        entry.hits++;
        hits++;
      }
    }
  }
  for (const entry of Object.values(perCase)) entry.recall = round(entry.hits / entry.support);
  return { perCase, recall: round(support === 0 ? 0 : hits / support), support };
}
