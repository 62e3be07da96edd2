import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SCORED_FACT_IDS, TOPIC_FACT_IDS } from '@fineprint/contracts';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/fineprint.js', import.meta.url));
const GOLDEN = fileURLToPath(new URL('../test/golden/us-social/', import.meta.url));

describe('fineprint facts', () => {
  it('prints the fact sheet of local files as a table, one question a line with its answer, details and quote', () => {
    const out = execFileSync(
      process.execPath,
      [BIN, 'facts', '--file', `${GOLDEN}terms.md`, '--type', 'terms', '--file', `${GOLDEN}privacy.md`, '--type', 'privacy'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const lines = out.trim().split('\n');
    // The 29 scored questions, then the topics the documents state.
    const ids = lines.map((l) => l.split(/\s+/)[0]!);
    expect(ids.slice(0, 29)).toEqual([...SCORED_FACT_IDS]);
    expect(ids.slice(29).every((id) => (TOPIC_FACT_IDS as readonly string[]).includes(id))).toBe(true);
    expect(lines.find((l) => l.startsWith('arbitration'))).toMatch(
      /mandatory_with_opt_out\s+opt_out_days=30 opt_out_contact=optout@\S*\s+terms: “Any dispute between you and Pebble/,
    );
    expect(lines.find((l) => l.startsWith('governing_law'))).toMatch(/Delaware/);
    expect(lines.find((l) => l.startsWith('law_enforcement_notice'))).toMatch(/not_stated\s*$/);
  }, 30_000);
});
