import type { Evidence } from '@fineprint/contracts';
import { describe, expect, it } from 'vitest';
import { CLAIM_RULES, meaningRefusal } from './meaning';

// Every example of every claim rule is a test: its quote carries its sentence's claim, or not.
describe.each(CLAIM_RULES.map((rule) => [rule.id, rule] as const))('claim rule %s', (_id, rule) => {
  it.each(rule.examples.map((e) => [e.sentence, e] as const))('reads "%s"', (sentence, example) => {
    expect(rule.examples.length).toBeGreaterThan(0);
    const severity = example.severity ?? 'good';
    const claimed =
      (!rule.severities || rule.severities.includes(severity)) &&
      (typeof rule.claims === 'function' ? rule.claims(sentence) : rule.claims.test(sentence));
    expect(claimed && !rule.carriedBy?.(sentence, [example.quote])).toBe(!example.carried);
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
    expect(meaningRefusal({ ...sale, severity: 'blocker' }, 'keyPoints', english)).toBeUndefined();
    expect(meaningRefusal({ ...sale, severity: 'bad' }, 'keyPoints', english)).toBeUndefined();
    expect(meaningRefusal({ ...sale, severity: 'good' }, 'keyPoints', english)).toBe('severity');
    expect(meaningRefusal({ ...sale, category: 'arbitration', severity: 'bad' }, 'keyPoints', english)).toBe('category');
  });

  it('refuses good and blocker for "other", which has no reading to weigh', () => {
    const other = {
      text: 'The service has a help centre.',
      category: 'other',
      evidence: [at('You can delete your account at any time in Settings.')],
    };
    expect(meaningRefusal({ ...other, severity: 'neutral' }, 'keyPoints', english)).toBeUndefined();
    expect(meaningRefusal({ ...other, severity: 'good' }, 'keyPoints', english)).toBe('severity');
    expect(meaningRefusal({ ...other, severity: 'blocker' }, 'keyPoints', english)).toBe('severity');
  });

  it('lets a carried denial turn a practice good, and refuses denials it cannot read', () => {
    const denial = {
      text: 'The service does not sell your personal information.',
      category: 'no_sale_of_data',
      severity: 'good' as const,
      evidence: [at('We do not sell your personal information to data brokers.')],
    };
    expect(meaningRefusal(denial, 'keyPoints', english)).toBeUndefined();
    // The built-in reading reads English only: a denial on a quote it cannot read is refused.
    expect(meaningRefusal(denial, 'keyPoints', () => false)).toBe('absence');
    // … while a practice claimed on such a quote keeps the model's category.
    expect(
      meaningRefusal(
        {
          text: 'Your data is sold to advertisers.',
          category: 'sale_of_data',
          severity: 'blocker',
          evidence: [at('Nous vendons vos informations personnelles.')],
        },
        'privacyConcerns',
        () => false,
      ),
    ).toBeUndefined();
  });

  it('weighs the severity the built-in writer gives what it reads in the quote, and lets a recommendation be good', () => {
    const law = at('If you are a consumer, these Terms are governed by the law of the jurisdiction in which you live.', 'terms');
    const consumerLaw = {
      text: 'As a consumer, the law of your own country governs these terms.',
      category: 'choice_of_law',
      evidence: [law],
    };
    // choice_of_law is 'neutral' in the taxonomy; the fact-sheet writer reads this clause as 'good'.
    expect(meaningRefusal({ ...consumerLaw, severity: 'good' }, 'keyPoints', english)).toBeUndefined();
    const californiaLaw = { ...consumerLaw, evidence: [at('These Terms are governed by the laws of the State of California.', 'terms')] };
    expect(meaningRefusal({ ...californiaLaw, severity: 'good' }, 'keyPoints', english)).toBe('severity');
    const optOut = {
      text: 'Opt out of personalised ads in your ad settings.',
      category: 'targeted_advertising',
      evidence: [at('We use your data to show you personalised ads; you can opt out in your ad settings.')],
    };
    expect(meaningRefusal({ ...optOut, severity: 'good' }, 'recommendations', english)).toBeUndefined();
    expect(meaningRefusal({ ...optOut, severity: 'good' }, 'privacyConcerns', english)).toBe('severity');
  });
});
