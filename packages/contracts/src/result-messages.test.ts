import { describe, expect, it } from 'vitest';
import { factTone, FACT_LEGEND, plural, resultHeading } from './result-messages';
import { FACT_IDS } from './fact-ids';

describe('FACT_LEGEND', () => {
  it('reads "Yes" as bad for cross-site tracking and good for breach notices; "not stated" is never a signal', () => {
    expect(factTone('cross_site_tracking', 'yes')).toBe('bad');
    expect(factTone('breach_notice', 'yes')).toBe('good');
    expect(factTone('data_export', 'self_service')).toBe('good');
    expect(factTone('arbitration', 'mandatory')).toBe('bad');
    expect(factTone('arbitration', 'mandatory_with_opt_out')).toBe('neutral');
    for (const id of FACT_IDS) expect(factTone(id, 'not_stated')).toBe('neutral');
  });

  it('reads free-form answers by the question: a liability cap is bad, a contact good, a governing law neutral', () => {
    expect(factTone('liability_cap', 'the greater of US$100 or what you paid')).toBe('bad');
    expect(factTone('claim_time_limit', 365)).toBe('bad');
    expect(factTone('privacy_contact', 'privacy@example.com')).toBe('good');
    expect(factTone('governing_law', 'Delaware')).toBe('neutral');
    expect(factTone('min_age', 13)).toBe('neutral');
  });

  it('has a legend for every question, and sorts the privacy questions from the terms questions', () => {
    expect(Object.keys(FACT_LEGEND).sort()).toEqual([...FACT_IDS].sort());
    expect(FACT_LEGEND.biometrics.group).toBe('privacy');
    expect(FACT_LEGEND.governing_law.group).toBe('terms');
  });
});

describe('texts', () => {
  it('puts the grade first in the heading, and counts in the singular or plural', () => {
    expect(resultHeading('Result for example.com', 'D')).toBe('Grade D — Result for example.com');
    expect(resultHeading('Result for your documents', null)).toBe('Result for your documents');
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(90, 'day')).toBe('90 days');
  });
});
