// @vitest-environment happy-dom
import { FACT_IDS, type AnalysisResult, type Changes, type SiteHistory } from '@fineprint/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangedSince } from './changed-since';
import { ResultChanges } from './site-timeline';

// Written for this test (never corpus text).
const CHANGES: Changes = {
  since: '2025-03-02T00:00:00.000Z',
  until: '2026-01-05T00:00:00.000Z',
  facts: [
    {
      id: 'arbitration',
      document: 'terms',
      before: {
        value: 'mandatory',
        evidence: [
          { quote: 'Disputes go to binding arbitration.', document: 'terms', url: 'https://acme.example/terms', start: 0, end: 35 },
        ],
      },
      after: {
        value: 'mandatory_with_opt_out',
        opt_out_days: 30,
        evidence: [{ quote: 'You may opt out within 30 days.', document: 'terms', url: 'https://acme.example/terms', start: 0, end: 31 }],
      },
      beforeDate: '2025-03-01T00:00:00.000Z',
      afterDate: '2026-01-05T00:00:00.000Z',
    },
  ],
  clauses: [
    { document: 'terms', change: 'added', after: 'You may opt out within 30 days.' },
    {
      document: 'terms',
      change: 'reworded',
      before: 'We give 30 days notice.',
      after: 'We give 15 days notice.',
      words: [
        { text: 'We give ', change: 'same' },
        { text: '30', change: 'removed' },
        { text: '15', change: 'added' },
        { text: ' days notice.', change: 'same' },
      ],
    },
  ],
  moreClauses: 2,
  documents: [
    { type: 'terms', change: 'changed', url: 'https://acme.example/terms' },
    { type: 'privacy', change: 'appeared', url: 'https://acme.example/privacy' },
  ],
  onlyDates: false,
};

const RESULT: AnalysisResult = {
  keyPoints: [],
  privacyConcerns: [],
  recommendations: [],
  details: { keyPoints: [], privacyConcerns: [], recommendations: [] },
  grade: 'C',
  gradeReason: 'Grade C.',
  factSheet: Object.fromEntries(
    FACT_IDS.map((id) => [id, { value: 'not_stated', evidence: [] }]),
  ) as unknown as AnalysisResult['factSheet'],
  documents: [],
  notices: [],
  engine: 'test',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ChangedSince', () => {
  it('opens with the date, the changed answers before → after with their clauses and dates, then the clauses with changed words marked', () => {
    const { container } = render(<ChangedSince changes={CHANGES} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Changed since 2 March 2025');
    const text = container.textContent!;
    // Facts come before clauses.
    expect(text.indexOf('Arbitration instead of court')).toBeLessThan(text.indexOf('Clauses that changed'));
    expect(text).toContain('Before · 1 March 2025Yes, binding');
    expect(text).toContain('After · 5 January 2026Yes, unless you opt out · opt out within 30 days');
    expect(text).toContain('“Disputes go to binding arbitration.”');
    expect(container.querySelector('del')!.textContent).toBe('30');
    expect(container.querySelectorAll('ins')[1]!.textContent).toBe('15');
    expect(text).toContain('2 more clauses changed (not listed).');
    expect(text).toContain('The Privacy Policy appeared.');
  });

  it('says in one line when only dates changed', () => {
    render(<ChangedSince changes={{ ...CHANGES, facts: [], documents: [], onlyDates: true }} />);
    expect(screen.getByText('Only dates or numbering changed; nothing else in the documents did.')).toBeTruthy();
    expect(screen.queryByText('Clauses that changed')).toBeNull();
  });
});

describe('ResultChanges', () => {
  it('shows nothing for a site read once, and "N versions since <month year>" as a timeline whose steps open their diff', async () => {
    const { container, unmount } = render(
      <ResultChanges result={{ ...RESULT, history: { site: 'https://acme.example/', versions: 1, since: '2025-03-01T00:00:00.000Z' } }} />,
    );
    expect(container.textContent).toBe('');
    unmount();

    const history: SiteHistory = {
      site: 'https://acme.example/',
      versions: [
        { id: '7', date: '2026-01-05T00:00:00.000Z', documents: [], summary: '1 answer changed; 2 clauses changed.', hasChanges: true },
        { id: '3', date: '2025-03-01T00:00:00.000Z', documents: [], summary: 'First read: Terms of Service.', hasChanges: false },
      ],
    };
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        const body = url.endsWith('/history') ? history : CHANGES;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <ResultChanges result={{ ...RESULT, history: { site: 'https://acme.example/', versions: 2, since: '2025-03-01T00:00:00.000Z' } }} />,
    );
    const summary = screen.getByText('2 versions since March 2025');
    const details = summary.closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(screen.getByText('1 answer changed; 2 clauses changed.')).toBeTruthy());
    expect(calls[0]).toBe(`/api/sites/${encodeURIComponent('https://acme.example/')}/history`);
    // Only a step with changes opens a diff.
    const buttons = screen.getAllByRole('button', { name: 'Show what changed' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Changed since 2 March 2025' })).toBeTruthy());
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe(`/api/sites/${encodeURIComponent('https://acme.example/')}/history/7`);
  });
});
