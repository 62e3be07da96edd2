import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCORED_FACT_IDS, type FactAnswer } from '@fineprint/contracts';
import { describe, expect, it } from 'vitest';
import { evaluatePair, listCorpusPairs, readCorpusPair } from './corpus-eval';
import { versionText } from './versions';

/** An answer without its evidence, keys in order. */
function answerOf(answer: FactAnswer): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(answer)
        .filter(([key]) => key !== 'evidence')
        .sort(([x], [y]) => x.localeCompare(y)),
    ),
  );
}

const CORPUS = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));

/**
 * The real changes of the development corpus (issue 23, item 6): the year-old version of 64
 * documents beside the current one. `npm run eval:diff` prints the same figures per pair.
 */
describe('the clause diff on the real year-old versions of the dev corpus', () => {
  it('finds ≥ 0.98 of the changed sentences of a plain sentence diff, reports ≥ 0.98 right, and fact changes exactly as the two sheets differ, quoted from their own version', () => {
    if (!existsSync(`${CORPUS}ota-history`)) {
      if (process.env.CI === 'true') throw new Error(`${CORPUS}ota-history is missing: ../shared must sit beside the project in CI`);
      return;
    }
    const pairs = listCorpusPairs(CORPUS);
    expect(pairs.length).toBe(64);
    const total = { changed: 0, found: 0, clauses: 0, right: 0 };
    for (const entry of pairs) {
      const pair = readCorpusPair(entry);
      const name = `${pair.service}/${pair.file}`;
      const { diff, score } = evaluatePair(pair);
      total.changed += score.changed;
      total.found += score.found;
      total.clauses += score.clauses;
      total.right += score.rightClauses;
      // Flickr's Terms changed only in Markdown spacing: nothing to find, nothing reported.
      // No pair is far off: the worst dev pairs (a list rejoined into other items, a table of contents relettered) stay above 0.95.
      expect(score.changed === 0 ? 1 : score.found / score.changed, `${name} recall`).toBeGreaterThanOrEqual(0.95);
      expect(score.clauses === 0 ? 1 : score.rightClauses / score.clauses, `${name} precision`).toBeGreaterThanOrEqual(0.95);
      // Fact changes: exactly the questions whose answers (evidence aside) differ between the two sheets.
      const differing = SCORED_FACT_IDS.filter((id) => answerOf(pair.before.factSheet[id]) !== answerOf(pair.after.factSheet[id]));
      expect(
        diff.facts.map((f) => f.id),
        name,
      ).toEqual(differing);
      const oldText = versionText(pair.before.blocks);
      const newText = versionText(pair.after.blocks);
      for (const fact of diff.facts) {
        for (const e of fact.before.evidence) expect(oldText.slice(e.start, e.end), `${name} ${fact.id} before`).toBe(e.quote);
        for (const e of fact.after.evidence) expect(newText.slice(e.start, e.end), `${name} ${fact.id} after`).toBe(e.quote);
      }
    }
    expect(total.found / total.changed).toBeGreaterThanOrEqual(0.98);
    expect(total.right / total.clauses).toBeGreaterThanOrEqual(0.98);
  }, 120_000);
});
