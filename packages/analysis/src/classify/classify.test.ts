import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract/extract';
import { segmentClauses } from '../segment/segment';
import { classifyClauses, classifySentence } from './classify';
import { matchCues } from './cues';
import { extractFeatures, leadInIndex, matchPatternCategories } from './features';
import { scoreFeatures, scoreWeighed, weighSentence } from './model';
import { CATEGORIES } from './taxonomy';
import { hasShared, sharedPath } from '../../test/shared-corpus';

const CORPUS = sharedPath('corpus');

/** The taxonomy match without the keyword gate: every pattern of every category. */
function ungated(sentence: string): string[] {
  return CATEGORIES.filter((c) => c.patterns.some((p) => p.test(sentence)) && !(c.exclude ?? []).some((p) => p.test(sentence))).map(
    (c) => c.id,
  );
}

describe('taxonomy keyword gate', () => {
  it('never changes which categories match', () => {
    const samples = [
      'Any dispute will be resolved by binding arbitration administered by JAMS.',
      'We may terminate or suspend your account at any time, without notice.',
      'Your content remains yours; we do not sell your personal information.',
      'We use cookies, pixels and SDKs on other websites and apps to show you personalised ads.',
      'THE SERVICE IS PROVIDED AS-IS. YOU MUST BE AT LEAST 16 YEARS OLD.',
    ];
    for (const sentence of samples) expect(matchPatternCategories(sentence)).toEqual(ungated(sentence));
  });

  it.runIf(hasShared(`${CORPUS}/ota`))('never changes which categories match on the whole development corpus', () => {
    const sentences: string[] = readFileSync(`${CORPUS}/claudette50_en.jsonl`, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { sentence: string }).sentence);
    for (const service of readdirSync(`${CORPUS}/ota`, { withFileTypes: true }).filter((entry) => entry.isDirectory()))
      for (const file of readdirSync(`${CORPUS}/ota/${service.name}`)) {
        const text = readFileSync(`${CORPUS}/ota/${service.name}/${file}`, 'utf8');
        sentences.push(...segmentClauses(extractDocument(text, 'markdown').blocks).map((c) => c.text));
      }
    const differing = sentences.filter((s) => matchPatternCategories(s).join() !== ungated(s).join());
    expect(differing).toEqual([]);
    expect(sentences.length).toBeGreaterThan(10_000);
  });
});

describe('scoring by feature roles', () => {
  /** Margins as classifyClauses computes them (weighed features) and as training does (named feature counts). */
  const both = (sentence: string, leadIn?: string) => {
    const weigh = (text: string) => weighSentence(text, matchPatternCategories(text));
    const fast = scoreWeighed(weigh(sentence), leadIn === undefined ? undefined : weigh(leadIn));
    return { fast, named: scoreFeatures(extractFeatures(sentence, leadIn)) };
  };
  const same = (a: Record<string, number>, b: Record<string, number>) =>
    Object.keys(b).every((label) => Math.abs(a[label]! - b[label]!) < 1e-12);

  it('gives the margins of the named features, for a sentence alone and for a list item with its lead-in', () => {
    const cases: Array<[string, string?]> = [
      ['Any dispute will be resolved by binding arbitration administered by JAMS, and you waive class actions.'],
      ['We reserve the right to modify these Terms at any time, at our sole discretion.'],
      ['(b) if you breach these Terms or fail to pay fees when due;', 'We may suspend or terminate your account immediately:'],
      ['Les conditions générales régissent l’utilisation du service.'],
    ];
    for (const [sentence, leadIn] of cases) {
      const { fast, named } = both(sentence, leadIn);
      expect(same(fast, named)).toBe(true);
    }
  });

  it.runIf(hasShared(`${CORPUS}/claudette50_en.jsonl`))('gives the margins of the named features on every CLAUDETTE sentence', () => {
    const sentences: string[] = readFileSync(`${CORPUS}/claudette50_en.jsonl`, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { sentence: string }).sentence);
    const differing = sentences.filter((s, i) => {
      const { fast, named } = both(s, i > 0 ? sentences[i - 1] : undefined);
      return !same(fast, named);
    });
    expect(differing).toEqual([]);
    expect(sentences.length).toBeGreaterThan(5_000);
  });
});

describe('taxonomy patterns', () => {
  it('finds a moral-rights waiver, not a mention of moral rights', () => {
    expect(matchPatternCategories('You retain all moral rights to Your Content that you upload.')).not.toContain('moral_rights_waiver');
    expect(matchPatternCategories('We may use it, taking into account the moral rights, to run the Service.')).not.toContain(
      'moral_rights_waiver',
    );
    expect(matchPatternCategories('However, you waive these rights and agree not to assert them against us.')).toContain(
      'moral_rights_waiver',
    );
    expect(matchPatternCategories('You agree to waive, and not to enforce, any "moral rights" in User Content.')).toContain(
      'moral_rights_waiver',
    );
  });

  it('reads a denial of selling data as a good point, never as a sale', () => {
    for (const denial of [
      "We don't sell your personal information to anyone.",
      "We are not in the business of selling our customers' personal information to others.",
    ]) {
      expect(matchPatternCategories(denial)).toContain('no_sale_of_data');
      expect(matchPatternCategories(denial)).not.toContain('sale_of_data');
    }
    expect(matchPatternCategories("You may not use the API for the purpose of selling users' personal information.")).not.toContain(
      'sale_of_data',
    );
    expect(matchPatternCategories('We may sell your personal information to data brokers.')).toContain('sale_of_data');
    expect(matchPatternCategories('Reddit does not “sell” personal information as those terms are defined under state law.')).not.toContain(
      'sale_of_data',
    );
    expect(
      matchPatternCategories('You will not use AI-generated content from the Services to develop or improve machine learning models.'),
    ).not.toContain('ai_training');
  });

  it('tells disclaimers and readings of messages from look-alike wording', () => {
    expect(
      matchPatternCategories('We reserve the right to remove Your Content for any reason, including as is in our opinion appropriate.'),
    ).not.toContain('warranty_disclaimer');
    expect(matchPatternCategories('The Service is provided "as is" and "as available".')).toContain('warranty_disclaimer');
    expect(
      matchPatternCategories('We collect the time, date and duration of your communications (but not the content of such communications).'),
    ).not.toContain('private_messages');
    expect(matchPatternCategories('These licenses end when you remove Your Content, unless other Users have forked it.')).not.toContain(
      'content_removal',
    );
    expect(matchPatternCategories('You are free to remove your content from the Platform at any time.')).not.toContain('content_removal');
    expect(matchPatternCategories("We can't guarantee they'll be able to reach you through messaging applications.")).not.toContain(
      'warranty_disclaimer',
    );
    expect(matchPatternCategories('We do not guarantee that the Services will be uninterrupted or error-free.')).toContain(
      'warranty_disclaimer',
    );
    for (const notLeaving of [
      'You can appeal our decision to terminate your account if you think we have made a mistake.',
      'You can cancel anytime before your Pick-Up Time, but the Service Provider may charge you a cancellation fee.',
    ])
      expect(matchPatternCategories(notLeaving)).not.toContain('leave_any_time');
    expect(matchPatternCategories('You may close your account at any time.')).toContain('leave_any_time');
  });

  it('finds who may use the service, not any sentence naming an age', () => {
    expect(matchPatternCategories('We do not disclose personal data to advertising partners for users under the age of 18.')).not.toContain(
      'age_limit',
    );
    for (const rule of [
      'You must be at least 13 years old to use the Service.',
      'You must be 18 years or older to create an account.',
      'If you are under 16, you may not use the Services.',
    ])
      expect(matchPatternCategories(rule)).toContain('age_limit');
  });

  it('reads data flowing in from partners as no sharing, and "changes to these Terms" as a change', () => {
    expect(
      matchPatternCategories('They also provide us with inferences, which are the partners’ understanding of your interests.'),
    ).not.toContain('third_party_sharing');
    expect(matchPatternCategories('We share your personal data with advertising partners.')).toContain('third_party_sharing');
    expect(matchPatternCategories('We may make changes to these Terms from time to time by notifying you.')).toContain('unilateral_change');
    expect(
      matchPatternCategories('This data includes other data listed in Section 3; for deletion requests, you can contact us'),
    ).not.toContain('data_collection_breadth');
  });
});

describe('clause model', () => {
  it('reads a list item with the sentence that introduces it', () => {
    const sentences = [
      'We may suspend or terminate your account:',
      '(a) if you are in breach of these Terms;',
      '(b) if we reasonably suspect fraud; or',
      'Contact us with any question.',
    ];
    expect(leadInIndex(sentences, 1)).toBe(0);
    expect(leadInIndex(sentences, 2)).toBe(0);
    expect(leadInIndex(sentences, 3)).toBe(-1);
    expect(classifySentence(sentences[2]!, sentences[0])).toContain('unilateral_termination');
  });

  it('tells a mandatory arbitration clause from the fair variants around it', () => {
    expect(matchCues('You and we agree that any dispute shall be resolved exclusively by final and binding arbitration.')).toContain(
      'arb_main',
    );
    expect(matchCues('You may opt out of this agreement to arbitrate within 30 days.')).not.toContain('arb_main');
    expect(matchCues('Dropbox will pay all arbitration fees for claims under $75,000.')).not.toContain('arb_main');
  });

  it('labels typical unfair clauses and leaves plain sentences alone', () => {
    expect(
      classifySentence('These Terms are governed by the laws of the State of California, without regard to conflict of law rules.'),
    ).toEqual(['choice_of_law']);
    expect(classifySentence('IN NO EVENT SHALL WE BE LIABLE FOR ANY INDIRECT, INCIDENTAL OR CONSEQUENTIAL DAMAGES.')).toContain(
      'limitation_of_liability',
    );
    expect(classifySentence('By using the Service you agree to be bound by these Terms.')).toContain('contract_by_using');
    expect(classifySentence('We may remove any content you post at any time, for any reason, without notice.')).toContain(
      'content_removal',
    );
    expect(classifySentence('Our offices are open from nine to five on weekdays.')).toEqual([]);
  });

  it('keeps a pattern-only CLAUDETTE match unconfirmed, to supply detail only', () => {
    const text = 'Questions about arbitration fees can be sent to our support team by e-mail.';
    const findings = classifyClauses(
      [{ text, start: 0, end: text.length, heading: '', kind: 'paragraph' }],
      'terms',
      'https://x.example/terms',
    );
    const arbitration = findings.find((f) => f.category.id === 'arbitration');
    expect(arbitration?.isConfirmed).toBe(false);
    expect(arbitration?.score).toBeLessThan(0.5);
  });

  it('reads terms-only categories in the terms alone, the learned ones included', () => {
    const text = 'These terms are governed by the laws of the State of California.';
    const clause = { text, start: 0, end: text.length, heading: '', kind: 'paragraph' as const };
    const categories = (document: 'terms' | 'privacy') => classifyClauses([clause], document, 'x').map((f) => f.category.id);
    expect(categories('terms')).toContain('choice_of_law');
    expect(categories('privacy')).not.toContain('choice_of_law');
  });
});
