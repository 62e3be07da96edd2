import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/fineprint.js', import.meta.url));

// Written for this test (never corpus text).
const OLD_TERMS = `# Terms of Service

Last updated: March 1, 2025.

These Terms govern your use of the Acme service.

## Disputes

Any dispute between you and Acme will be resolved by binding individual arbitration, and you waive your right to a class action.

## Changes

We will notify you at least 30 days before changes to these Terms take effect.
`;
const OPT_OUT =
  'You may opt out of this arbitration agreement by emailing optout@acme.example within 30 days of first accepting these Terms.';
const NEW_TERMS = OLD_TERMS.replace('March 1, 2025', 'July 4, 2026')
  .replace('class action.', `class action. ${OPT_OUT}`)
  .replace('at least 30 days', 'at least 15 days');

function files() {
  const dir = mkdtempSync(join(tmpdir(), 'fineprint-diff-'));
  writeFileSync(join(dir, 'old-terms.md'), OLD_TERMS);
  writeFileSync(join(dir, 'new-terms.md'), NEW_TERMS);
  return dir;
}
const run = (args: string[]) => execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

describe('fineprint diff', () => {
  it('--json prints exactly {facts: [{id, before, after}], clauses: [{change, before?, after?}], onlyDates}, clause texts as extracted', () => {
    const dir = files();
    const out = JSON.parse(run(['diff', join(dir, 'old-terms.md'), join(dir, 'new-terms.md'), '--type', 'terms', '--json'])) as {
      facts: Array<Record<string, { value: unknown }>>;
      clauses: Array<Record<string, string>>;
      onlyDates: boolean;
    };
    expect(Object.keys(out)).toEqual(['facts', 'clauses', 'onlyDates']);
    expect(out.onlyDates).toBe(false);
    for (const fact of out.facts) expect(Object.keys(fact)).toEqual(['id', 'before', 'after']);
    expect(out.facts.map((f) => [f.id, f.before!.value, f.after!.value])).toEqual(
      expect.arrayContaining([
        ['arbitration', 'mandatory', 'mandatory_with_opt_out'],
        ['terms_change_notice', 'advance_notice', 'advance_notice'],
      ]),
    );
    expect(out.clauses).toEqual([
      { change: 'reworded', before: 'Last updated: March 1, 2025.', after: 'Last updated: July 4, 2026.' },
      { change: 'added', after: OPT_OUT },
      {
        change: 'reworded',
        before: 'We will notify you at least 30 days before changes to these Terms take effect.',
        after: 'We will notify you at least 15 days before changes to these Terms take effect.',
      },
    ]);
    for (const c of out.clauses) {
      if (c.before) expect(OLD_TERMS).toContain(c.before);
      if (c.after) expect(NEW_TERMS).toContain(c.after);
    }
  }, 30_000);

  it('prints the fact changes and the clause diff with changed words marked, and says when only a date changed', () => {
    const dir = files();
    const text = run(['diff', join(dir, 'old-terms.md'), join(dir, 'new-terms.md')]);
    expect(text).toMatch(/arbitration: mandatory → mandatory_with_opt_out/);
    expect(text).toContain(`+ ${OPT_OUT}`);
    expect(text).toContain('at least [-30-]{+15+} days');
    writeFileSync(join(dir, 'dated-terms.md'), OLD_TERMS.replace('March 1, 2025', 'July 4, 2026'));
    expect(run(['diff', join(dir, 'old-terms.md'), join(dir, 'dated-terms.md')])).toMatch(/^Only dates or numbering changed\./);
  }, 30_000);
});

describe('fineprint analyze --since', () => {
  it('adds what changed since an earlier --json output', () => {
    const dir = files();
    const earlier = join(dir, 'earlier.json');
    writeFileSync(earlier, run(['analyze', '--file', join(dir, 'old-terms.md'), '--type', 'terms', '--json']));
    const later = JSON.parse(run(['analyze', '--file', join(dir, 'new-terms.md'), '--type', 'terms', '--json', '--since', earlier])) as {
      changes?: { facts: Array<{ id: string }>; clauses: Array<{ change: string; after?: string }>; onlyDates: boolean };
    };
    expect(later.changes?.facts.map((f) => f.id)).toContain('arbitration');
    expect(later.changes?.clauses).toContainEqual(expect.objectContaining({ change: 'added', after: OPT_OUT }));
    expect(later.changes?.onlyDates).toBe(false);
    const same = JSON.parse(run(['analyze', '--file', join(dir, 'old-terms.md'), '--type', 'terms', '--json', '--since', earlier])) as {
      changes?: unknown;
    };
    expect(same.changes).toBeUndefined();
  }, 60_000);
});
