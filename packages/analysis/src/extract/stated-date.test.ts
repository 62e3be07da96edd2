import { describe, expect, it } from 'vitest';
import { analyzeDocuments } from '../analyze';
import { readStatedDate } from './stated-date';

describe('readStatedDate', () => {
  it.each([
    ['Last updated: March 3, 2026. These Terms of Service govern your use of Acme Notes.', '2026-03-03'],
    ['Privacy Policy\nEffective date: 1 January 2025\nWe respect your privacy.', '2025-01-01'],
    ['Last modified on 2024-05-01', '2024-05-01'],
    ['Updated Sept. 21st, 2023 — read carefully.', '2023-09-21'],
    ['These terms are effective as of the 4th of July, 2022.', undefined],
    ['Revised: 15 Feb 2021', '2021-02-15'],
  ])('reads %j as %s', (text, expected) => {
    expect(readStatedDate(text)).toBe(expected);
  });

  it('prefers the last update over the effective date', () => {
    expect(readStatedDate('Effective date: January 1, 2020. Last updated: June 30, 2024.')).toBe('2024-06-30');
  });

  it('reads a date stated at the end of a long document, and none from its middle', () => {
    const filler = 'You agree to these terms. '.repeat(400);
    expect(readStatedDate(`${filler}Last updated: November 2, 2025`)).toBe('2025-11-02');
    expect(readStatedDate(`${filler}Last updated: November 2, 2025. ${filler}`)).toBeUndefined();
  });

  it('refuses impossible dates, slashed dates and dates without a label', () => {
    expect(readStatedDate('Last updated: February 30, 2025')).toBeUndefined();
    expect(readStatedDate('Last updated: 03/04/2025')).toBeUndefined();
    expect(readStatedDate('We were founded on March 3, 2010.')).toBeUndefined();
  });
});

describe('analyzeDocuments', () => {
  it("records each document's stated date, and none where the document states none", async () => {
    const terms = 'Acme Terms of Service\n\nLast updated: March 3, 2026\n\nThese Terms are governed by the laws of the State of Delaware.';
    const privacy = 'Acme Privacy Policy\n\nWe share your personal data with advertisers. You may opt out at any time.';
    const result = await analyzeDocuments([
      { type: 'terms', url: 'provided:terms', mediaType: 'text', content: terms },
      { type: 'privacy', url: 'provided:privacy', mediaType: 'text', content: privacy },
    ]);
    expect(result.documents.map((d) => [d.type, d.statedDate])).toEqual([
      ['terms', '2026-03-03'],
      ['privacy', undefined],
    ]);
  });
});
