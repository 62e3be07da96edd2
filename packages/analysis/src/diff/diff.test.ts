import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract/extract';
import { diffDocumentVersion, diffSiteVersions } from './changes';
import { hashDocumentText } from './normalize';
import { readDocumentVersion, versionText, type DatedDocumentVersion } from './versions';

// Golden cases written for these tests (never corpus text): one short Terms and its edits.
const TERMS = `# Terms of Service

Last updated: March 1, 2025.

These Terms govern your use of the Acme service. You must be at least 13 years old to use Acme.

## Disputes

These Terms are governed by the laws of the State of Delaware. Any dispute between you and Acme will be resolved by binding individual arbitration, and you waive your right to a class action.

## Changes

We will notify you at least 30 days before changes to these Terms take effect.

## Termination

We may suspend or terminate your account at any time for any reason.
`;

const version = (markdown: string, type: 'terms' | 'privacy' = 'terms') =>
  readDocumentVersion({ type, url: `https://acme.example/${type}`, blocks: extractDocument(markdown, 'markdown', '', {}).blocks });
const dated = (markdown: string, readAt: string, type: 'terms' | 'privacy' = 'terms'): DatedDocumentVersion => ({
  ...version(markdown, type),
  readAt,
});
const diff = (after: string) => diffDocumentVersion(version(TERMS), version(after));

describe('diffDocumentVersion (golden edits)', () => {
  it('reports a clause added, and nothing else', () => {
    const added = 'You may export your content before your account is closed.';
    const result = diff(TERMS.replace('for any reason.', `for any reason. ${added}`));
    expect(result.clauses).toEqual([expect.objectContaining({ change: 'added', after: expect.objectContaining({ text: added }) })]);
    expect(result.facts).toEqual([]);
    expect(result.onlyDates).toBe(false);
  });

  it('reports a clause removed, and the minimum age it stated as a fact change quoted from the earlier version', () => {
    const removed = 'You must be at least 13 years old to use Acme.';
    const result = diff(TERMS.replace(` ${removed}`, ''));
    expect(result.clauses).toEqual([expect.objectContaining({ change: 'removed', before: expect.objectContaining({ text: removed }) })]);
    expect(result.facts.map((f) => [f.id, f.before.value, f.after.value])).toEqual([['min_age', 13, 'not_stated']]);
    expect(result.facts[0]!.before.evidence[0]!.quote).toContain(removed);
    expect(result.facts[0]!.after.evidence).toEqual([]);
  });

  it('reports a changed notice period as one reworded clause with the changed words marked, and the fact before → after', () => {
    const after = TERMS.replace('at least 30 days', 'at least 15 days');
    const result = diff(after);
    expect(result.clauses).toHaveLength(1);
    const [clause] = result.clauses;
    expect(clause!.change).toBe('reworded');
    expect(clause!.words!.filter((w) => w.change !== 'same')).toEqual([
      { text: '30', change: 'removed' },
      { text: '15', change: 'added' },
    ]);
    expect(clause!.onlyDates).toBe(false);
    const fact = result.facts.find((f) => f.id === 'terms_change_notice')!;
    expect([fact.before.days, fact.after.days]).toEqual([30, 15]);
    expect(fact.before.evidence[0]!.quote).toContain('30 days');
    expect(fact.after.evidence[0]!.quote).toContain('15 days');
    expect(versionText(version(after).blocks)).toContain(fact.after.evidence[0]!.quote);
    expect(result.onlyDates).toBe(false);
  });

  it('reports an arbitration opt-out introduced: the clause added and arbitration mandatory → mandatory with a 30-day opt-out', () => {
    const optOut =
      'You may opt out of this arbitration agreement by emailing optout@acme.example within 30 days of first accepting these Terms.';
    const result = diff(TERMS.replace('class action.', `class action. ${optOut}`));
    expect(result.clauses).toEqual([expect.objectContaining({ change: 'added', after: expect.objectContaining({ text: optOut }) })]);
    const fact = result.facts.find((f) => f.id === 'arbitration')!;
    expect([fact.before.value, fact.after.value, fact.after.opt_out_days]).toEqual(['mandatory', 'mandatory_with_opt_out', 30]);
    expect(fact.before.evidence.every((e) => TERMS.includes(e.quote))).toBe(true);
    expect(fact.after.evidence.some((e) => e.quote.includes('opt out'))).toBe(true);
  });

  it('says a pure date change is only a date change', () => {
    const result = diff(TERMS.replace('March 1, 2025', 'July 4, 2026'));
    expect(result.facts).toEqual([]);
    expect(result.clauses).toEqual([
      expect.objectContaining({
        change: 'reworded',
        onlyDates: true,
        before: expect.objectContaining({ text: 'Last updated: March 1, 2025.' }),
        after: expect.objectContaining({ text: 'Last updated: July 4, 2026.' }),
      }),
    ]);
    expect(result.onlyDates).toBe(true);
  });

  it('treats a renumbered section as unchanged, and the renumbering alone as a numbering change', () => {
    const before = '## Terms\n\nJ. You may cancel at any time.\n\nK. We may end the service.\n';
    const after = '## Terms\n\nK. You may cancel at any time.\n\nL. We may end the service.\n';
    const result = diffDocumentVersion(version(before), version(after));
    expect(result.clauses).toEqual([]);
    expect(result.onlyDates).toBe(true);
  });

  it('does not call a removed "may" a date change', () => {
    const result = diff(TERMS.replace('We may suspend or terminate', 'We suspend or terminate'));
    expect(result.clauses[0]!.onlyDates).toBe(false);
    expect(result.onlyDates).toBe(false);
  });
});

describe('hashDocumentText', () => {
  it('ignores whitespace, curly quotes, dashes and Markdown markup, not words', () => {
    const plain = version("## Rules\n\nYou can't use Acme - ever - for spam.\n");
    const noisy = version('## Rules\n\nYou   can’t use **Acme** — ever — for\nspam.\n');
    expect(noisy.textHash).toBe(plain.textHash);
    expect(version("## Rules\n\nYou can't use Acme for spam.\n").textHash).not.toBe(plain.textHash);
    expect(hashDocumentText([{ text: 'a  b' }])).toBe(hashDocumentText([{ text: ' a b ' }]));
  });
});

describe('diffSiteVersions', () => {
  const privacy = '# Privacy Policy\n\nWe collect your e-mail address to run your account.\n';
  it('returns undefined when no document changed', () => {
    expect(diffSiteVersions([dated(TERMS, '2025-03-02T00:00:00Z')], [dated(TERMS, '2026-01-02T00:00:00Z')])).toBeUndefined();
  });

  it('dates each fact change with its versions, and names documents that appeared or disappeared', () => {
    const changes = diffSiteVersions(
      [dated(TERMS, '2025-03-02T00:00:00.000Z')],
      [dated(TERMS.replace('30 days', '15 days'), '2026-01-02T00:00:00.000Z'), dated(privacy, '2026-01-02T00:00:00.000Z', 'privacy')],
    )!;
    expect(changes.since).toBe('2025-03-02T00:00:00.000Z');
    expect(changes.until).toBe('2026-01-02T00:00:00.000Z');
    expect(changes.documents).toEqual([
      { type: 'terms', change: 'changed', url: 'https://acme.example/terms' },
      { type: 'privacy', change: 'appeared', url: 'https://acme.example/privacy' },
    ]);
    expect(changes.facts[0]).toMatchObject({
      id: 'terms_change_notice',
      document: 'terms',
      beforeDate: '2025-03-02T00:00:00.000Z',
      afterDate: '2026-01-02T00:00:00.000Z',
    });
    expect(changes.onlyDates).toBe(false);
    const gone = diffSiteVersions([dated(TERMS, 'a'), dated(privacy, 'a', 'privacy')], [dated(TERMS, 'b')])!;
    expect(gone.documents).toEqual([{ type: 'privacy', change: 'disappeared', url: 'https://acme.example/privacy' }]);
  });

  it('lists at most maxClauses clause changes and counts the rest', () => {
    const many = Array.from({ length: 5 }, (_, i) => `New rule number ${'abcde'[i]} applies to every member of the service.`).join(' ');
    const changes = diffSiteVersions([dated(TERMS, 'a')], [dated(TERMS.replace('for any reason.', `for any reason. ${many}`), 'b')], {
      maxClauses: 2,
    })!;
    expect(changes.clauses).toHaveLength(2);
    expect(changes.moreClauses).toBe(3);
  });
});
