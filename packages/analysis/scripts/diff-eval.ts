/**
 * Changed sentences found by the clause diff (issue 23, item 6): for every pair of
 * ../shared/corpus/ota-history (the version of 2025-08-01) and ../shared/corpus/ota (current),
 * the clause diff is scored against a plain sentence diff of the two extracted texts
 * (`src/diff/sentence-baseline.ts`): recall = changed sentences the diff reports / changed
 * sentences; precision = reported clauses holding a changed sentence / reported clauses
 * (`sentencePrecision`: plain sentences inside reported clauses that changed, a stricter figure
 * that counts the unchanged fragments of a changed clause against it). Prints JSON
 * (totals, then per pair); `--misses` adds the sentences missed or reported in excess.
 *   tsx packages/analysis/scripts/diff-eval.ts [--misses]
 */
import { fileURLToPath } from 'node:url';
import { evaluatePair, listCorpusPairs, readCorpusPair } from '../src/diff/corpus-eval';

const CORPUS = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url));
const withMisses = process.argv.includes('--misses');
const pairs = listCorpusPairs(CORPUS);
if (pairs.length === 0) {
  process.stderr.write(`no pairs under ${CORPUS}ota-history\n`);
  process.exit(1);
}
const total = { pairs: 0, changed: 0, reported: 0, found: 0, clauses: 0, rightClauses: 0, factChanges: 0, onlyDates: 0, ms: 0 };
const rows = [];
for (const entry of pairs) {
  const pair = readCorpusPair(entry);
  const started = performance.now();
  const { diff, score } = evaluatePair(pair);
  const ms = performance.now() - started;
  total.pairs++;
  total.changed += score.changed;
  total.reported += score.reported;
  total.found += score.found;
  total.clauses += score.clauses;
  total.rightClauses += score.rightClauses;
  total.factChanges += diff.facts.length;
  total.onlyDates += diff.onlyDates ? 1 : 0;
  total.ms += ms;
  rows.push({
    pair: `${pair.service}/${pair.file}`,
    changed: score.changed,
    reported: score.reported,
    recall: ratio(score.found, score.changed),
    precision: ratio(score.rightClauses, score.clauses),
    sentencePrecision: ratio(score.found, score.reported),
    clauses: diff.clauses.length,
    facts: diff.facts.map((f) => f.id),
    onlyDates: diff.onlyDates,
    diffMs: Math.round(ms),
    ...(withMisses ? { missed: score.missed, extra: score.extra } : {}),
  });
}
const summary = {
  pairs: total.pairs,
  changedSentences: total.changed,
  reportedSentences: total.reported,
  recall: ratio(total.found, total.changed),
  precision: ratio(total.rightClauses, total.clauses),
  reportedClauses: total.clauses,
  sentencePrecision: ratio(total.found, total.reported),
  factChanges: total.factChanges,
  onlyDatesPairs: total.onlyDates,
  diffMsTotal: Math.round(total.ms),
};
process.stdout.write(`${JSON.stringify({ summary, pairs: rows }, null, 2)}\n`);

function ratio(x: number, y: number): number {
  return y === 0 ? 1 : Math.round((x / y) * 10_000) / 10_000;
}
