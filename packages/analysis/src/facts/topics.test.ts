import { describe, expect, it } from 'vitest';
import { TOPIC_FACT_IDS } from '@fineprint/contracts';
import type { Finding } from '../classify/classify';
import { CATEGORIES } from '../classify/taxonomy';
import type { Clause } from '../segment/segment';
import { readFacts } from './read-facts';
import { writeLists } from './sentences';
import { readTopics, TOPICS } from './topics';

/** The lists a reading of these findings gives, with no question answered. */
const listsOf = (findings: Finding[], clauses: Parameters<typeof readTopics>[1]) =>
  writeLists(readFacts([]), readTopics(findings, clauses));

/** Clauses of one section of the terms, in reading order, with their offsets. */
function clausesOf(...texts: string[]): Clause[] {
  let start = 0;
  return texts.map((text) => {
    const clause: Clause = { text, start, end: start + text.length, heading: '4. Disclaimers', kind: 'paragraph' };
    start = clause.end + 1;
    return clause;
  });
}

const finding = (categoryId: string, clause: Clause): Finding => ({
  category: CATEGORIES.find((c) => c.id === categoryId)!,
  clause,
  document: 'terms',
  url: 'https://example.test/terms',
  score: 0.9,
  isConfirmed: true,
  matchesPattern: true,
});

describe('detail from the sentences after a clause', () => {
  it('reads the next sentence of the section for what a bare "as is" disclaims, and quotes it', () => {
    const clauses = clausesOf(
      'Quill is provided “as is” and “as available”, without warranty of any kind.',
      'Without limiting this, we disclaim any warranty of merchantability, title and non-infringement.',
      'Some jurisdictions do not allow these exclusions.',
    );
    const read = readTopics([finding('warranty_disclaimer', clauses[0]!)], { terms: clauses }).warranty_disclaimer!;
    expect(read.said.text).toBe('The service is provided “as is”: it disclaims any warranty of merchantability and non-infringement.');
    expect(read.answer.evidence.map((e) => e.quote)).toEqual([clauses[0]!.text, clauses[1]!.text]);
    // Boilerplate of nearly every contract: read and counted for the grade, never listed.
    const { details, unlisted } = listsOf([finding('warranty_disclaimer', clauses[0]!)], { terms: clauses });
    expect(details.keyPoints.some((i) => i.category === 'warranty_disclaimer')).toBe(false);
    expect(unlisted.some((i) => i.category === 'warranty_disclaimer')).toBe(true);
  });

  it('does not read past its section', () => {
    const [asIs, next] = clausesOf(
      'Quill is provided “as is” and “as available”, without warranty of any kind.',
      'We disclaim any warranty of merchantability, title and non-infringement.',
    );
    const elsewhere = { ...next!, heading: '9. Other terms' };
    const read = readTopics([finding('warranty_disclaimer', asIs!)], { terms: [asIs!, elsewhere] }).warranty_disclaimer!;
    expect(read.answer.evidence.map((e) => e.quote)).toEqual([asIs!.text]);
  });
});

describe('a rule the terms take back for European consumers', () => {
  it('is said for everyone else, with the exception quoted', () => {
    const [rule, exception] = clausesOf(
      'We may remove your content at any time and without notice.',
      'For residents of the European Union, the United Kingdom or Switzerland who are acting as a consumer, we will only remove your content for justified reasons and tell you why.',
    );
    const { details } = listsOf([finding('content_removal', rule!), finding('content_removal', exception!)], {
      terms: [rule!, exception!],
    });
    const item = details.keyPoints.find((i) => i.category === 'content_removal')!;
    expect(item.text).toBe(
      'The service can remove your content at its own discretion, without notice (for users outside the European Union, the United Kingdom and Switzerland).',
    );
    expect(item.evidence.map((e) => e.quote)).toEqual([rule!.text, exception!.text]);
  });
});

describe('one region’s rule', () => {
  it('is not said as everyone’s where a clause for everyone states the practice', () => {
    const [general, european] = clausesOf(
      'We may remove your content if it breaks these terms.',
      'We will only remove your content for justified reasons, without notice, and always tell you why.',
    );
    const inEurope = { ...european!, heading: 'Rules for users in the European Union' };
    const { details } = listsOf([finding('content_removal', general!), finding('content_removal', inEurope)], {
      terms: [general!, inEurope],
    });
    const item = details.keyPoints.find((i) => i.category === 'content_removal');
    expect(item?.evidence[0]?.quote).toBe(general!.text);
  });
});

describe('a right European consumers have besides', () => {
  it('takes back no right everyone has', () => {
    const [rule, more] = clausesOf(
      'You can stop using Quill and end this contract whenever you like by closing your account.',
      'If you are a consumer in the EEA, you may also withdraw from this contract within 14 days of signing up by writing to our support team.',
    );
    const { details } = listsOf([finding('leave_any_time', rule!), finding('leave_any_time', more!)], { terms: [rule!, more!] });
    const item = [...details.keyPoints, ...details.recommendations].find((i) => i.category === 'leave_any_time');
    expect(item?.text).not.toMatch(/outside|EEA/);
  });
});

describe('sharing with one kind of recipient', () => {
  it('names the other kinds the policy shares with, each clause quoted, not those that share with the service', () => {
    const [own, researchers, inbound, denial] = clausesOf(
      'We share your information with service providers for hosting and customer support.',
      'We share your information with independent researchers to support studies that meet our criteria.',
      'Advertisers and measurement partners share information with us about your purchases in stores.',
      'We do not share your information with data brokers or advertisers for their own marketing.',
    );
    const sharing = { ...finding('third_party_sharing', own!), document: 'privacy' as const };
    const { details } = listsOf([sharing], { privacy: [own!, researchers!, inbound!, denial!] });
    const item = details.privacyConcerns.find((i) => i.category === 'third_party_sharing')!;
    expect(item.text).toBe(
      'Your personal data is shared with third parties, including service providers, for hosting and customer support; it is also shared with researchers.',
    );
    expect(item.evidence.map((e) => e.quote)).toEqual([own!.text, researchers!.text]);
  });

  it('takes no companies from the social networks whose buttons a page carries', () => {
    const [own, buttons] = clausesOf(
      'What these cookies record may be shared with other companies such as advertisers.',
      'Share buttons on a few pages come from social media service providers including Facebook and Twitter.',
    );
    const sharing = { ...finding('third_party_sharing', own!), document: 'privacy' as const };
    const { details } = listsOf([sharing], { privacy: [own!, buttons!] });
    const item = details.privacyConcerns.find((i) => i.category === 'third_party_sharing');
    expect(item?.text).toMatch(/advertisers/);
    expect(item?.text).not.toMatch(/Facebook|service providers/);
  });
});

describe('an opt-out one US state gives its residents', () => {
  it('is no privacy choice of everyone, whether the sentence names the state or its residents named before', () => {
    const [state, residents, general] = clausesOf(
      'Oregon law gives its residents a right to opt out of certain sales of their data.',
      'Residents using this right can write to optout@example.test.',
      'You can opt out of marketing e-mails at https://example.test/preferences.',
    );
    const choice = (clause: Clause) => ({ ...finding('opt_out', clause), document: 'privacy' as const });
    const read = readTopics([choice(state!), choice(residents!), choice(general!)], { privacy: [state!, residents!, general!] });
    expect(read.privacy_choices?.answer.evidence[0]?.quote).toBe(general!.text);
    expect(readTopics([choice(state!), choice(residents!)], { privacy: [state!, residents!] }).privacy_choices).toBeUndefined();
  });
});

describe('children below the age the terms set', () => {
  it("counts the privacy policy's lower age without listing it beside the terms' higher one", () => {
    const [age] = clausesOf('You must be at least 18 years old to use Quill.');
    const [children] = clausesOf('Quill is not directed to children under 13 and does not knowingly collect their data.');
    const facts = readFacts([
      { type: 'terms', url: 'https://example.test/terms', clauses: [age!] },
      { type: 'privacy', url: 'https://example.test/privacy', clauses: [children!] },
    ]);
    const topics = readTopics([{ ...finding('children', children!), document: 'privacy' }], { privacy: [children!] });
    expect(facts.min_age.value).toBe(18);
    expect(topics.children_data).toBeDefined();
    const { details, unlisted } = writeLists(facts, topics);
    expect(details.privacyConcerns.some((i) => i.category === 'children')).toBe(false);
    expect(unlisted.some((i) => i.category === 'children')).toBe(true);
  });
});

describe('a part for business customers', () => {
  it('states no topic for a person using the service', () => {
    const [cap] = clausesOf('Our total liability to you will not exceed one hundred dollars.');
    const business = { ...cap!, heading: 'Business use of the app addendum' };
    expect(readTopics([finding('limitation_of_liability', business)], { terms: [business] }).liability_limited).toBeUndefined();
    expect(readTopics([finding('limitation_of_liability', cap!)], { terms: [cap!] }).liability_limited).toBeDefined();
  });
});

describe('topic records', () => {
  it('read every topic of the contracts, each once', () => {
    expect(TOPICS.map((t) => t.id).sort()).toEqual([...TOPIC_FACT_IDS].sort());
  });
});
