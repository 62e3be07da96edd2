import type { Evidence } from '@fineprint/contracts';
import { describe, expect, it } from 'vitest';
import { CLAIM_RULES, meaningRefusal } from './meaning';

// Every example of every claim rule is a test: its quote carries its sentence's claim, or not.
describe.each(CLAIM_RULES.map((rule) => [rule.id, rule] as const))('claim rule %s', (_id, rule) => {
  it.each(rule.examples.map((e) => [e.sentence, e] as const))('reads "%s"', (sentence, example) => {
    expect(rule.examples.length).toBeGreaterThan(0);
    const refused = rule.claims.test(sentence) && !rule.carriedBy?.(sentence, [example.quote]);
    expect(refused).toBe(!example.carried);
  });
});

const at = (quote: string, document: 'terms' | 'privacy' = 'privacy'): Evidence => ({
  quote,
  document,
  url: 'u',
  start: 0,
  end: quote.length,
});
const english = () => true;

describe('meaningRefusal', () => {
  it('keeps an item whose quote the classifier reads as its category, at a severity one step from the category’s', () => {
    const sale = {
      text: 'Your data is sold to advertisers.',
      category: 'sale_of_data',
      evidence: [at('We sell your personal information to our advertising partners.')],
    };
    expect(meaningRefusal({ ...sale, severity: 'blocker' }, english)).toBeUndefined();
    expect(meaningRefusal({ ...sale, severity: 'bad' }, english)).toBeUndefined();
    expect(meaningRefusal({ ...sale, severity: 'good' }, english)).toBe('severity');
    expect(meaningRefusal({ ...sale, category: 'arbitration', severity: 'bad' }, english)).toBe('category');
  });

  it('refuses good and blocker for "other", which has no reading to weigh', () => {
    const other = {
      text: 'The service has a help centre.',
      category: 'other',
      evidence: [at('You can delete your account at any time in Settings.')],
    };
    expect(meaningRefusal({ ...other, severity: 'neutral' }, english)).toBeUndefined();
    expect(meaningRefusal({ ...other, severity: 'good' }, english)).toBe('severity');
    expect(meaningRefusal({ ...other, severity: 'blocker' }, english)).toBe('severity');
  });

  it('lets a carried denial turn a practice good, and refuses denials it cannot read', () => {
    const denial = {
      text: 'The service does not sell your personal information.',
      category: 'no_sale_of_data',
      severity: 'good' as const,
      evidence: [at('We do not sell your personal information to data brokers.')],
    };
    expect(meaningRefusal(denial, english)).toBeUndefined();
    // The built-in reading reads English only: a denial on a quote it cannot read is refused.
    expect(meaningRefusal(denial, () => false)).toBe('absence');
    // … while a practice claimed on such a quote keeps the model's category.
    expect(
      meaningRefusal(
        {
          text: 'Your data is sold to advertisers.',
          category: 'sale_of_data',
          severity: 'blocker',
          evidence: [at('Nous vendons vos informations personnelles.')],
        },
        () => false,
      ),
    ).toBeUndefined();
  });
});
