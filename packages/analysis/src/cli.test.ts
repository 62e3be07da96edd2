import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
    expect(lines).toHaveLength(29);
    expect(lines.find((l) => l.startsWith('arbitration'))).toMatch(
      /mandatory_with_opt_out\s+opt_out_days=30 opt_out_contact=optout@\S*\s+terms: “Any dispute between you and Pebble/,
    );
    expect(lines.find((l) => l.startsWith('governing_law'))).toMatch(/Delaware/);
    expect(lines.find((l) => l.startsWith('law_enforcement_notice'))).toMatch(/not_stated\s*$/);
  }, 30_000);
});
