// @vitest-environment happy-dom
import { SCORED_FACT_IDS, type AnalysisResult, type AnalyzedDocument, type FactAnswer } from '@fineprint/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AtAGlance, factRows } from './at-a-glance';

const quote = { quote: 'a clause', document: 'terms' as const, url: 'https://example.com/terms', start: 0, end: 8 };
const sheet = (answers: Partial<Record<(typeof SCORED_FACT_IDS)[number], FactAnswer>>) =>
  Object.fromEntries(
    SCORED_FACT_IDS.map((id) => [id, answers[id] ?? { value: 'not_stated', evidence: [] }]),
  ) as AnalysisResult['factSheet'];
const doc = (type: 'terms' | 'privacy'): AnalyzedDocument => ({
  type,
  url: `https://example.com/${type}`,
  title: type,
  words: 100,
  language: 'en',
});

describe('At a glance', () => {
  it('puts bad answers first, then good ones, then the rest', () => {
    const { rows } = factRows(
      sheet({
        breach_notice: { value: 'yes', evidence: [quote] },
        cross_site_tracking: { value: 'yes', evidence: [quote] },
      }),
      [doc('terms'), doc('privacy')],
    );
    expect(rows.slice(0, 2).map((r) => [r.id, r.tone])).toEqual([
      ['cross_site_tracking', 'bad'],
      ['breach_notice', 'good'],
    ]);
    expect(rows).toHaveLength(29);
  });

  it('hides privacy rows nothing states when no Privacy Policy was analysed, and says why', () => {
    const facts = sheet({ sells_data: { value: 'yes', evidence: [quote] } });
    const { rows, hiddenPrivacy } = factRows(facts, [doc('terms')]);
    expect(rows.map((r) => r.id)).toContain('sells_data');
    expect(rows.map((r) => r.id)).not.toContain('biometrics');
    expect(hiddenPrivacy).toBe(14);
    render(<AtAGlance factSheet={facts} documents={[doc('terms')]} />);
    expect(screen.getByTestId('privacy-rows-hidden').textContent).toMatch(/no Privacy Policy was analysed/);
  });

  it('writes counts in the singular or the plural', () => {
    const facts = sheet({
      claim_time_limit: { value: 1, evidence: [quote] },
      retention: {
        value: 'fixed_periods',
        evidence: [quote],
        periods: [
          { what: 'logs', days: 1 },
          { what: 'backups', days: 730 },
        ],
      },
    });
    render(<AtAGlance factSheet={facts} documents={[doc('terms'), doc('privacy')]} />);
    expect(screen.getByText('1 day')).toBeTruthy();
    expect(screen.getByText('1 day, 2 years')).toBeTruthy();
  });

  it('says a liability cap from its structured fields, never the clause text', () => {
    const facts = sheet({
      liability_cap: {
        value: 'EXCEED THE GREATER OF ONE HUNDRED U.S. DOLLARS ($100) OR ANY AMOUNT YOU PAID',
        evidence: [quote],
        usd: 100,
        cap: 'greater',
        paid_months: 6,
      },
    });
    render(<AtAGlance factSheet={facts} documents={[doc('terms'), doc('privacy')]} />);
    expect(screen.getByText('Capped at the greater of US$100 and what you paid in the 6 months before the claim')).toBeTruthy();
    expect(screen.queryByText(/EXCEED/i)).toBeNull();
  });

  it('shows "Not stated plainly" with the clauses that bear on a question', () => {
    const facts = sheet({
      sells_data: {
        value: 'not_stated',
        evidence: [],
        related: [{ ...quote, quote: 'We do not sell your data in the conventional sense.' }],
      },
    });
    render(<AtAGlance factSheet={facts} documents={[doc('terms'), doc('privacy')]} />);
    expect(screen.getByText('Not stated plainly')).toBeTruthy();
    expect(screen.getByText('Not stated plainly — read these clauses:')).toBeTruthy();
    expect(screen.getByText(/conventional sense/)).toBeTruthy();
  });
});
