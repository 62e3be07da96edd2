import type { Severity, SummaryItem } from '@fineprint/contracts';
import { describe, expect, it } from 'vitest';
import { gradeOf, gradeSummary } from './grade';
import { readFacts } from './read-facts';
import { segmentClauses } from '../segment/segment';
import { extractDocument } from '../extract/extract';

const of = (...severities: Severity[]) => severities.map((severity) => ({ severity }));
const item = (category: string, severity: Severity): SummaryItem => ({ text: category, category, severity, evidence: [] });
const factsOf = (privacy: string, terms = '') =>
  readFacts(
    (
      [
        ['terms', terms],
        ['privacy', privacy],
      ] as const
    ).map(([type, text]) => ({
      type,
      url: `https://example.com/${type}`,
      clauses: segmentClauses(extractDocument(text, 'markdown').blocks),
    })),
  );

describe('gradeOf', () => {
  it("follows ToS;DR's rule with its balance thresholds moved for denser findings (D from -9, E from -15)", () => {
    expect(gradeOf([])).toBeNull();
    expect(gradeOf(of('neutral'))).toBeNull();
    expect(gradeOf(of('good', 'good', 'good', 'good', 'good'))).toBe('A');
    expect(gradeOf(of('good', 'good', 'good', 'good', 'good', 'good', 'bad'))).toBe('B');
    expect(gradeOf(of('good', 'bad'))).toBe('C');
    // Bads outweighing goods is a D for ToS;DR's few curated points; here only from a balance of -9.
    expect(gradeOf(of('bad', 'bad', 'good'))).toBe('C');
    expect(gradeOf(of(...Array<Severity>(8).fill('bad')))).toBe('C');
    expect(gradeOf(of(...Array<Severity>(9).fill('bad')))).toBe('D');
    expect(gradeOf(of(...Array<Severity>(14).fill('bad'), 'good'))).toBe('D');
    expect(gradeOf(of(...Array<Severity>(15).fill('bad')))).toBe('E');
    expect(gradeOf(of('blocker', 'good', 'good'))).toBe('C');
    expect(gradeOf(of('blocker', 'blocker', 'blocker', 'good', 'good', 'good', 'good'))).toBe('D');
    expect(gradeOf(of('blocker', 'blocker', 'good'))).toBe('E');
  });

  it('grades B without any practice of the surveillance economy, A where only boilerplate is left', () => {
    const bad = (key: string, weight = 1) => ({ severity: 'bad' as const, key, weight });
    const good = (key: string) => ({ severity: 'good' as const, key });
    const clean = { withoutSurveillance: true };
    const closing = [bad('unilateral_termination'), bad('unilateral_change'), bad('warranty_disclaimer', 0.5), good('no_sale_of_data')];
    // Closing accounts and limits of liability, no tracking, sale, ads, AI training, messages or biometrics: B …
    expect(gradeOf(closing, clean)).toBe('B');
    // … only where the privacy policy was read and states none of them.
    expect(gradeOf(closing)).toBe('C');
    // Only boilerplate left: A.
    expect(gradeOf([bad('contract_by_using', 0.5), bad('warranty_disclaimer', 0.5), good('unilateral_change')], clean)).toBe('A');
    // One practice of the surveillance economy keeps the balance's grade, and so do many bads (balance at B_FLOOR or below).
    expect(gradeOf([bad('targeted_advertising'), bad('warranty_disclaimer', 0.5), good('unilateral_change')], clean)).toBe('C');
    expect(gradeOf([...Array.from({ length: 6 }, (_, i) => bad(`practice_${i}`)), good('opt_out')], clean)).toBe('C');
  });

  it('gives D from a balance of -5 where one document was read alone (about half the findings)', () => {
    const fiveBad = of(...Array<Severity>(5).fill('bad'));
    expect(gradeOf(fiveBad)).toBe('C');
    expect(gradeOf(fiveBad, { oneDocument: true })).toBe('D');
    expect(gradeOf(of(...Array<Severity>(4).fill('bad')), { oneDocument: true })).toBe('C');
    // E stays where it is.
    expect(gradeOf(of(...Array<Severity>(14).fill('bad')), { oneDocument: true })).toBe('D');
  });

  it('gives D where two or more practices of the surveillance economy are stated, whatever the balance', () => {
    const balanced = of('good', 'good', 'bad', 'bad');
    expect(gradeOf(balanced, { surveillancePractices: 1 })).toBe('C');
    expect(gradeOf(balanced, { surveillancePractices: 2 })).toBe('D');
    // (… and E stays E.)
    expect(gradeOf(of(...Array<'bad'>(16).fill('bad')), { surveillancePractices: 3 })).toBe('E');
  });

  it('weighs boilerplate at half a practice', () => {
    expect(gradeOf([{ severity: 'bad', weight: 0.5 }, { severity: 'bad', weight: 0.5 }, { severity: 'good' }])).toBe('C');
  });
});

describe('gradeSummary', () => {
  const noFacts = factsOf('');
  const read = { privacyRead: true };

  /** Nine bad practices of nine kinds: a D by themselves. */
  const nineBads = [
    'moral_rights_waiver',
    'targeted_advertising',
    'content_license',
    'arbitration',
    'class_action_waiver',
    'indemnification',
    'unilateral_change',
    'content_removal',
    'reduced_claim_period',
  ].map((category) => item(category, 'bad'));

  it('counts the good practices the fact sheet states, though no item says them', () => {
    const items = nineBads;
    expect(gradeSummary(items, noFacts, read).grade).toBe('D');
    const facts = factsOf(
      'We do not sell your personal information. You can delete your account at any time in Settings > Account. We will notify you of a data breach within 72 hours.',
    );
    expect(facts.sells_data.value).toBe('no');
    const graded = gradeSummary(items, facts, read);
    expect(graded.grade).toBe('C');
    expect(graded.gradeReason).toContain('no sale of your data');
  });

  it('counts the bad practices the fact sheet states, though no item says them', () => {
    const facts = factsOf('We automatically scan the content of your private messages to detect spam and abuse.');
    expect(facts.message_content.value).toBe('yes');
    // Eight bads are a C (balance -8); reading messages weighs one and a half more.
    const eight = nineBads.slice(1);
    expect(gradeSummary(eight, noFacts, read).grade).toBe('C');
    const graded = gradeSummary(eight, facts, read);
    expect(graded.gradeReason).toContain('access to your messages’ content');
    expect(graded.grade).toBe('D');
  });

  it('counts an opt-out the documents offer as half a good practice', () => {
    const facts = factsOf('We use your information to show you personalized ads, and you can turn off personalized ads in Settings > Ads.');
    expect(facts.targeted_ads.value).toBe('yes_opt_out');
    const graded = gradeSummary(nineBads, facts, read);
    expect(graded.gradeReason).toContain('a choice about personalised ads');
    // Nine bads alone are a D; the half good lifts the balance to -8.5.
    expect(gradeSummary(nineBads, noFacts, read).grade).toBe('D');
    expect(graded.grade).toBe('C');
  });

  it('counts AI training you must opt in to as no practice of the surveillance economy', () => {
    const optIn = factsOf('We use your chats to improve our AI models only if you opt in to this in Settings.');
    expect(optIn.ai_training.value).toBe('yes_opt_in');
    expect(gradeSummary([item('arbitration', 'bad')], optIn, read).grade).toBe('B');
    const optOut = factsOf('We use your chats to improve our AI models; you can opt out of this in Settings.');
    expect(optOut.ai_training.value).toBe('yes_opt_out');
    expect(gradeSummary([item('arbitration', 'bad')], optOut, read).grade).not.toBe('B');
  });

  it('counts personalised ads you must agree to as no practice of the surveillance economy', () => {
    const optIn = factsOf('We show you ads tailored to your interests only with your consent, which you can give in Settings > Ads.');
    expect(optIn.targeted_ads.value).toBe('yes_opt_in');
    expect(gradeSummary([item('arbitration', 'bad')], optIn, read).grade).toBe('B');
  });

  it('names the practices that decided it, heaviest first', () => {
    const graded = gradeSummary(
      [item('warranty_disclaimer', 'bad'), item('moral_rights_waiver', 'blocker'), item('cross_site_tracking', 'bad')],
      noFacts,
      read,
    );
    expect(graded.grade).toBe('E');
    expect(graded.gradeReason).toBe(
      'Grade E: 1 serious problem (a moral-rights waiver) and 2 bad practices (tracking on other sites, “as is” service) against no good practice.',
    );
  });

  it('counts a category once per side', () => {
    expect(
      gradeSummary([item('ai_training', 'bad'), item('ai_training', 'bad'), item('no_sale_of_data', 'good')], noFacts, read).grade,
    ).toBe('C');
  });

  it('gives no grade without a practice that counts', () => {
    expect(gradeSummary([item('age_limit', 'neutral')], noFacts, read)).toEqual({
      grade: null,
      gradeReason: 'No practice that counts for a grade was found.',
    });
  });
});
