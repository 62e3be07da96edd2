/**
 * Trains the CLAUDETTE clause model from ../shared/corpus/claudette50_en.jsonl and writes
 * src/classify/model-weights.generated.ts. Prints document-level cross-validated figures
 * (JSON) first, then trains on every document. Usage: npm run train [-- --folds 5]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractFeatures } from '../src/classify/features';
import { CLAUDETTE_LABELS } from '../src/classify/taxonomy';
import type { LinearModel } from '../src/classify/model';
import { scoreFeatures } from '../src/classify/model';
import { computeMetrics } from '../src/evaluate';

interface Row {
  doc: string;
  features: string[];
  labels: Set<string>;
}

const corpusPath =
  process.argv.find((a) => a.endsWith('.jsonl')) ??
  fileURLToPath(new URL('../../../../shared/corpus/claudette50_en.jsonl', import.meta.url));
const folds = Number(process.argv[process.argv.indexOf('--folds') + 1]) || 5;
const rows: Row[] = readFileSync(corpusPath, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { doc: string; sentence: string; labels: string[] })
  .map((r) => ({ doc: r.doc, features: extractFeatures(r.sentence), labels: new Set(r.labels) }));

const EPOCHS = 12;
const L2 = 1e-5;
const RATE = 0.2;

function train(data: Row[]): LinearModel {
  const counts = new Map<string, number>();
  for (const row of data) for (const f of row.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const model: LinearModel = { labels: [...CLAUDETTE_LABELS], bias: {}, threshold: {}, weights: {} };
  for (const label of CLAUDETTE_LABELS) {
    const w: Record<string, number> = {};
    let b = -4;
    const pos = data.filter((r) => r.labels.has(label)).length;
    // Positives are rare (about 1 in 40): weight them up so the model does not learn "never".
    const posWeight = Math.min(20, (data.length - pos) / Math.max(1, pos) / 3);
    const order = data.map((_, i) => i);
    let seed = 7;
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const j = seed % (i + 1);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      const rate = RATE / (1 + epoch);
      for (const idx of order) {
        const row = data[idx]!;
        const feats = row.features.filter((f) => (counts.get(f) ?? 0) >= 2);
        let z = b;
        for (const f of feats) z += w[f] ?? 0;
        const p = 1 / (1 + Math.exp(-z));
        const y = row.labels.has(label) ? 1 : 0;
        const g = (p - y) * (y ? posWeight : 1);
        const scale = rate / Math.sqrt(Math.max(1, feats.length));
        b -= rate * g;
        for (const f of feats) w[f] = (w[f] ?? 0) * (1 - L2) - scale * g;
      }
    }
    const pruned: Record<string, number> = {};
    for (const [f, v] of Object.entries(w)) if (Math.abs(v) >= 0.02) pruned[f] = Math.round(v * 1000) / 1000;
    model.weights[label] = pruned;
    model.bias[label] = Math.round(b * 1000) / 1000;
    model.threshold[label] = 0.5;
  }
  return model;
}

function tuneThresholds(model: LinearModel, data: Row[]): Record<string, number> {
  const thresholds: Record<string, number> = {};
  for (const label of CLAUDETTE_LABELS) {
    const scored = data.map((r) => ({ p: scoreFeatures(r.features, model)[label], y: r.labels.has(label) }));
    let best = 0.5;
    let bestF = -1;
    for (let t = 0.2; t <= 0.95; t += 0.025) {
      let tp = 0,
        fp = 0,
        fn = 0;
      for (const s of scored) {
        if (s.p >= t && s.y) tp++;
        else if (s.p >= t) fp++;
        else if (s.y) fn++;
      }
      const f = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
      if (f > bestF) {
        bestF = f;
        best = t;
      }
    }
    thresholds[label] = Math.round(best * 1000) / 1000;
  }
  return thresholds;
}

// Document-level cross-validation: a service never sits in train and test at once.
const docs = [...new Set(rows.map((r) => r.doc))].sort();
const predictions: Array<{ gold: string[]; predicted: string[] }> = [];
const foldThresholds: Array<Record<string, number>> = [];
for (let k = 0; k < folds; k++) {
  const testDocs = new Set(docs.filter((_, i) => i % folds === k));
  const trainRows = rows.filter((r) => !testDocs.has(r.doc));
  // Thresholds are tuned on an inner split of the training documents only.
  const innerDocs = new Set([...new Set(trainRows.map((r) => r.doc))].filter((_, i) => i % 4 === 0));
  const inner = train(trainRows.filter((r) => !innerDocs.has(r.doc)));
  const thresholds = tuneThresholds(
    inner,
    trainRows.filter((r) => innerDocs.has(r.doc)),
  );
  foldThresholds.push(thresholds);
  const model = { ...train(trainRows), threshold: thresholds };
  for (const row of rows.filter((r) => testDocs.has(r.doc))) {
    const scores = scoreFeatures(row.features, model);
    predictions.push({ gold: [...row.labels], predicted: CLAUDETTE_LABELS.filter((l) => scores[l] >= thresholds[l]!) });
  }
}
console.log(JSON.stringify({ crossValidation: { folds, documents: docs.length, ...computeMetrics(predictions) } }));

const final = train(rows);
final.threshold = Object.fromEntries(
  CLAUDETTE_LABELS.map((l) => [l, Math.round((foldThresholds.reduce((s, t) => s + t[l]!, 0) / folds) * 1000) / 1000]),
);
const out = fileURLToPath(new URL('../src/classify/model-weights.generated.ts', import.meta.url));
writeFileSync(
  out,
  `// GENERATED by packages/analysis/scripts/train.ts from ../shared/corpus/claudette50_en.jsonl (CLAUDETTE, CC BY 4.0).\n` +
    `// Do not edit: regenerate with \`npm run train\`. Holds learned weights only, no corpus text.\n` +
    `/* eslint-disable */\nimport type { LinearModel } from './model';\nexport const MODEL: LinearModel = ${JSON.stringify(final)};\n`,
);
console.log(
  JSON.stringify({ wrote: out, features: Object.fromEntries(CLAUDETTE_LABELS.map((l) => [l, Object.keys(final.weights[l]!).length])) }),
);
