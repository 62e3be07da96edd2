import { describe, expect, it } from 'vitest';
import { findRoute } from '../summarize/details';
import { extractDocument } from '../extract/extract';
import { segmentClauses } from '../segment/segment';
import { readFacts } from './read-facts';
import { byProduct, licenceEnd, licencePurpose, periodPhrase, writeLists } from './sentences';

describe('periodPhrase', () => {
  it('keeps what a period applies to, in the clause’s own words', () => {
    expect(periodPhrase('For example, the words you type into search are erased after 60 days.', '60 days')).toBe(
      'For example, the words you type into search are erased after 60 days',
    );
  });

  it('cuts a long part at whole words, marking each cut', () => {
    const quote =
      'When you ask us to close your profile we start removing what you posted, and it can take as long as 45 days before every copy held on our main servers is gone for good.';
    expect(periodPhrase(quote, '45 days')).toBe(
      '… start removing what you posted, and it can take as long as 45 days before every copy held on …',
    );
  });

  it('cuts closer to the period when asked, so that two periods fit one sentence', () => {
    const quote =
      'When you ask us to close your profile we start removing what you posted, and it can take as long as 45 days before every copy held on our main servers is gone for good.';
    expect(periodPhrase(quote, '45 days', 7)).toBe('… and it can take as long as 45 days before every copy held on …');
  });

  it('keeps an exception that opens the part', () => {
    expect(
      periodPhrase(
        'Except for the IP address used to create your account, Quill will delete any IP addresses collected after 100 days.',
        '100 days',
      ),
    ).toBe('Except for the IP address used to create your account, Quill will delete any IP addresses collected after 100 days');
  });

  it('stays inside its own part of a list', () => {
    expect(periodPhrase('Server logs: 14 months; chat drafts: 7 days.', '7 days')).toBe('7 days');
  });

  it('finds nothing where the period is not in the quote', () => {
    expect(periodPhrase('We keep data as long as needed.', '30 days')).toBeUndefined();
  });
});

describe('findRoute', () => {
  it.each([
    ['Open Settings > Privacy > Close account and confirm.', 'in Settings > Privacy > Close account'],
    ['You can get a copy with the “Take my data” tool.', 'with the ‘Take my data’ tool'],
    ['To close your profile, please go to the Close Profile page.', 'on the Close Profile page'],
    ['In your account settings, choose ‘Remove my account’ and follow the steps.', 'in your account settings (‘Remove my account’)'],
    ['You may remove your profile by going into your settings at any time.', 'in your settings'],
    ['Ask for deletion at https://example.test/privacy/delete.', 'at https://example.test/privacy/delete'],
    ['You can change this by following the steps in your Ads and Data Preferences menu.', 'in Ads and Data Preferences'],
    ['To do so, open the Ads tab of your Account Settings.', 'in the Ads tab of your Account Settings'],
    ['Please use the “Manage my ads” link at the bottom of any page.', 'with the ‘Manage my ads’ link'],
    ['Besides our “Cookie Settings” or “Manage My Data” links, you can decide which ads you see.', 'with the ‘Manage My Data’ link'],
    ['You can also adjust your tailored promotions setting here.', 'in your tailored promotions setting'],
    ['To stop seeing tailored offers, visit our Ad choices and offers page.', 'on the Ad choices and offers page'],
    [
      'Residents of some states may turn on Global Privacy Control (GPC) in their browser to opt out.',
      'with the Global Privacy Control (GPC) signal of your browser',
    ],
    [
      'Their ad practices can partly be switched off through the links of the Network Advertising Initiative and the Digital Advertising Alliance.',
      'on the opt-out pages of the Network Advertising Initiative and the Digital Advertising Alliance',
    ],
  ])('reads "%s"', (clause, route) => {
    expect(findRoute(clause)).toBe(route);
  });

  it('finds no route in a clause that names no place', () => {
    expect(findRoute('You can delete your account at any time.')).toBeUndefined();
    // Settings another party keeps are no place of this service's.
    expect(findRoute('Ads on social apps follow the choices you make through your settings on those networks, not ours.')).toBeUndefined();
  });
});

describe('licencePurpose', () => {
  const of = (quote: string) =>
    licencePurpose([{ quote, document: 'terms', url: 'https://example.test/terms', start: 0, end: quote.length }]);

  it.each([
    [
      'You grant us a worldwide, sub-licensable license to use your content (consistent with your settings) for the purpose of making the Quill Service available, including sharing it with partners.',
      ', for the purpose of making the Quill Service available',
    ],
    [
      'In order to operate and provide our Services, you grant us a worldwide, transferable license to use your content.',
      ', in order to operate and provide its Services',
    ],
    [
      'You give us a perpetual licence to use Your Content for the purposes of providing, promoting and improving Quill and our other services, including new services.',
      ', for the purposes of providing, promoting and improving Quill and its other services',
    ],
    [
      'For the purpose of delivering the Services to you, you grant Quill a limited, worldwide licence to process your uploads.',
      ', for the purpose of delivering the Services to you',
    ],
    [
      'You grant us a worldwide licence to use Your Files for the purpose of (a) hosting and securing the Quill apps, which covers backups, and (b) billing.',
      ', for the purpose of hosting and securing the Quill apps',
    ],
  ])('reads what "%s" is for', (quote, purpose) => {
    expect(of(quote)).toBe(purpose);
  });

  it('takes no purpose from where the content was shared', () => {
    expect(of('When you post content on or in connection with our Products, you grant us a worldwide licence to use it.')).toBe('');
  });
});

describe('byProduct', () => {
  it('reads one place per kind of product', () => {
    expect(byProduct('These Terms are governed by Dutch law (for hotels or flights) or English law (for car rentals).')).toEqual([
      ['Dutch law', 'hotels or flights'],
      ['English law', 'car rentals'],
    ]);
    expect(byProduct('Any dispute will be submitted to the court in Utrecht (for hotels) or England and Wales (for car rentals).')).toEqual(
      [
        ['Utrecht', 'hotels'],
        ['England and Wales', 'car rentals'],
      ],
    );
  });

  it('reads nothing into a single place', () => {
    expect(byProduct('These Terms are governed by the laws of the State of Oregon.')).toBeUndefined();
  });
});

describe('licenceEnd', () => {
  const of = (...quotes: string[]) =>
    licenceEnd(
      quotes.map((quote) => ({ quote, document: 'terms' as const, url: 'https://example.test/terms', start: 0, end: quote.length })),
    );

  it('says how you end a licence, where its clause does', () => {
    expect(of('You grant us a worldwide licence.', 'You can end this license any time by deleting your content or account.')).toBe(
      '; you can end it at any time by deleting your content or account',
    );
    expect(of('We may use your review for any commercial purpose, worldwide – unless you ask us to stop using it')).toBe(
      ', unless you ask it to stop',
    );
    expect(of('You grant us a worldwide licence.')).toBe('');
  });
});

describe('writeLists', () => {
  const factsOf = (privacy: string) =>
    readFacts([
      { type: 'privacy', url: 'https://example.com/privacy', clauses: segmentClauses(extractDocument(privacy, 'markdown').blocks) },
    ]);
  const termsFactsOf = (terms: string) =>
    readFacts([{ type: 'terms', url: 'https://example.com/terms', clauses: segmentClauses(extractDocument(terms, 'markdown').blocks) }]);
  /** The key point of one category the terms' fact sheet gives. */
  const keyPointOf = (terms: string, category: string) =>
    writeLists(termsFactsOf(terms)).details.keyPoints.find((i) => i.category === category)?.text;

  it('says the service may close an account without warning where the clause says "without telling you"', () => {
    const facts = termsFactsOf('Example may, _without telling you_, immediately cancel or limit your access to your Example accounts.');
    expect(facts.termination_without_notice.value).toBe('yes');
    expect(writeLists(facts).details.keyPoints.find((i) => i.category === 'unilateral_termination')?.text).toBe(
      'The terms let the service suspend or close your account without warning you first.',
    );
  });

  it('gives discretion to close an account in the clause’s own words, holding the other grounds', () => {
    const item = (terms: string) => keyPointOf(terms, 'unilateral_termination');
    expect(item('We may close your account at any time, for any reason or for no reason, and also whenever you breach these terms.')).toBe(
      'The terms let the service close your account at any time, for any reason or none, including if you break its rules.',
    );
  });

  it('says notice "where practicable" only where it bounds the closing itself', () => {
    const item = (terms: string) => keyPointOf(terms, 'unilateral_termination');
    expect(
      item(
        'We may terminate your account for convenience after telling you in advance, and we may change or withdraw features at any time with notice where practicable.',
      ),
    ).not.toMatch(/practicable/);
    expect(item('We may terminate your account at any time, with notice where practicable.')).toMatch(
      /with notice only where it finds that practicable/,
    );
  });

  it('says changes to the terms bind the moment they are posted where the rule says so', () => {
    const terms = 'We can revise these terms at any time. Changes to these terms become effective immediately once we post them here.';
    expect(termsFactsOf(terms).terms_change_notice.value).toBe('no_notice');
    expect(keyPointOf(terms, 'unilateral_change')).toBe(
      'The service can change these terms at any time; changes take effect as soon as they are posted.',
    );
  });

  it('names whose doings an indemnity puts on you and whose fault it reaches', () => {
    const item = (terms: string) => keyPointOf(terms, 'indemnification');
    expect(
      item(
        'You will indemnify us against all claims arising from your breach of these terms and from any other person signing in with your password, without regard to the negligence of any party.',
      ),
    ).toBe(
      'You must cover the service’s costs of claims arising from your breach of the terms and anyone using your account, even where the service itself was negligent (an indemnity).',
    );
  });

  it('says arbitration the service may choose as its choice', () => {
    const facts = termsFactsOf(
      'If we so decide, at our sole discretion, we may require that any dispute between us be submitted to binding arbitration under the rules of JAMS.',
    );
    expect(facts.arbitration.value).toBe('mandatory');
    expect(writeLists(facts).details.keyPoints.find((i) => i.category === 'arbitration')?.text).toBe(
      'The service may choose to send disputes to binding arbitration run by JAMS instead of court.',
    );
  });

  it('says whose ads an opt-out reaches where the clause names the company', () => {
    const facts = factsOf(
      'We use your activity to show you targeted advertising. You can opt out of Hoodle’s interest-based ads by following the steps at https://hoodle.example/ads.',
    );
    expect(facts.targeted_ads.value).toBe('yes_opt_out');
    const advice = writeLists(facts).details.recommendations.map((i) => i.text);
    expect(advice).toContain('Opt out of Hoodle’s personalised ads at https://hoodle.example/ads.');
  });

  it('gives a destination named for one country’s users as theirs, not everyone’s', () => {
    const item = writeLists(
      factsOf(
        'Because our vendors work around the world, sharing your information may result in its transfer outside of the country in which you reside. For instance, the data of members located in Norway is transferred out of Norway, including to the United States.',
      ),
    ).details.privacyConcerns.find((i) => i.category === 'international_transfer');
    expect(item?.text).toBe('Your data may be transferred and processed outside the country where you live.');
    expect(item?.evidence?.map((e) => e.quote)).toEqual([
      'Because our vendors work around the world, sharing your information may result in its transfer outside of the country in which you reside.',
    ]);
  });

  it('names in the rights advice only the rights and tools its quotes give', () => {
    const advice = (privacy: string) =>
      writeLists(factsOf(privacy)).details.recommendations.find((i) => i.category === 'rights_access_deletion')?.text;
    // A deletion the policy names without offering it is no tool of yours; a copy is the one right its quote gives.
    expect(
      advice(
        'Receipts stay on file for 5 years from the deletion of your account. You may request a copy of the information we keep about you. Questions and requests: privacy[at]example[dot]com.',
      ),
    ).toBe('Ask for a copy of your data by writing to privacy@example.com.');
    expect(
      advice(
        'You can delete your account at any time in Settings > Account. To exercise your rights or make other requests, email privacy@example.com.',
      ),
    ).toBe('You can delete your account yourself in Settings > Account; for other requests, write to privacy@example.com.');
    // A contact for more on one topic is for questions.
    expect(
      advice(
        'You can delete your account at any time in Settings > Account. For more information on the safeguards we use when moving data abroad, contact privacy@example.com.',
      ),
    ).toBe('You can delete your account yourself in Settings > Account; for questions, write to privacy@example.com.');
    // Ending the account by writing is closing it, not deleting your data.
    expect(advice('You can terminate your account whenever you like by writing to help@example.com.')).toBe(
      'Ask to close your account by writing to help@example.com.',
    );
  });

  it('calls a worldwide licence broad only where its own clause does not bound it to providing the service', () => {
    const item = (clause: string) => writeLists(termsFactsOf(clause)).details.keyPoints.find((i) => i.category === 'content_license');
    const bounded = item(
      'For the purpose of delivering the Services to you, you grant Quill a limited, worldwide, royalty-free and sublicensable licence to process the content you upload.',
    );
    expect(bounded?.text).toBe(
      'You grant the service a worldwide, royalty-free, sublicensable licence to the content you post, for the purpose of delivering the Services to you.',
    );
    expect(bounded?.severity).toBe('neutral');
    // … or only in connection with the service.
    expect(
      item(
        'You give Quill a worldwide, royalty-free, sublicensable right to use the content you upload solely in connection with the Service.',
      )?.text,
    ).toBe(
      'You grant the service a worldwide, royalty-free, sublicensable licence to the content you post, solely in connection with the Service.',
    );
    expect(
      item('You grant Quill a perpetual, worldwide, royalty-free and sublicensable licence to use the content you upload for any purpose.')
        ?.text,
    ).toMatch(/^You grant the service a broad \(/);
  });

  it('says misuse of the service where an indemnity covers misuse, never ordinary use', () => {
    const text = (clause: string) => writeLists(termsFactsOf(clause)).details.keyPoints.find((i) => i.category === 'indemnification')?.text;
    expect(
      text('You will indemnify and hold Example harmless from all claims arising from your misuse of the Services or your content.'),
    ).toBe('You must cover the service’s costs of claims arising from your content and your misuse of the service (an indemnity).');
    expect(
      text('Except where Example is in breach of this Agreement, you will indemnify Example for all costs arising from your content.'),
    ).toBe('You must cover the service’s costs of claims arising from your content (an indemnity).');
    expect(text('You will indemnify and hold Example harmless from all claims arising from your use of the Services.')).toBe(
      'You must cover the service’s costs of claims arising from your use of the service (an indemnity).',
    );
  });

  it.each([
    [
      'You must be at least 18 years of age to create an Example account.',
      'The terms set an age of at least 18 to create an account: “You must be at least 18 years of age to create an Example account”.',
    ],
    ['The Services are not intended for users under 13.', 'The terms say the service is not meant for children under 13.'],
    [
      'Members of the app are 18 years old or over. People under the age of 18, or not yet of age in their country (each a “Minor”), may use the app only if a parent has agreed.',
      "The terms set an age of 18 to use the service, with a parent's or guardian's involvement for younger users where they allow it.",
    ],
    [
      'You must be at least 16 years old to use the Services.',
      'The terms set a minimum age of 16 to use the service: “You must be at least 16 years old to use the Services”.',
    ],
  ])('says what the age in "%s" is for', (clause, text) => {
    const facts = termsFactsOf(clause);
    expect(writeLists(facts).details.keyPoints.find((i) => i.category === 'age_limit')?.text).toBe(text);
  });

  it('says a denial of precise location in its own verbs, however far it reaches, and never adds an approximate one it does not name', () => {
    const item = (privacy: string) => writeLists(factsOf(privacy)).details.privacyConcerns.find((i) => i.category === 'location')?.text;
    expect(
      item(
        'Example does not knowingly collect special categories of data, such as health records, fingerprints or the precise geolocation of your phone.',
      ),
    ).toBe('The service says it does not collect your precise location.');
  });

  it.each([
    ['Example’s total liability to you is capped at the greater of the amount you paid in the 12 months before the claim or 100 EUROS.'],
    ['Example’s liability will not exceed the greater of the fees you paid in the 12 months before the claim or S$300.'],
  ])('never drops nor converts a cap’s second amount: "%s"', (clause) => {
    const facts = termsFactsOf(clause);
    expect(writeLists(facts).details.keyPoints.find((i) => i.category === 'limitation_of_liability')?.text).toBe(
      'The service caps its total liability to you at the greater of what you paid in the 12 months before the claim and another amount the terms set.',
    );
  });

  it('says a time limit in two parts whole', () => {
    const clause = 'Any claim must be filed within one (1) year and twenty-one (21) days after it arises, or it is barred.';
    const facts = termsFactsOf(clause);
    expect(writeLists(facts).details.keyPoints.find((i) => i.category === 'reduced_claim_period')?.text).toBe(
      'You must bring any claim against the service within 1 year and 21 days, or lose it.',
    );
  });

  it('says which changes a notice covers when only those that harm you are', () => {
    const clause =
      'We may change these Terms. If a change to these Terms would materially adversely affect you, we will send you an email notice no less than 30 days before it takes effect.';
    const facts = termsFactsOf(clause);
    expect(writeLists(facts).details.keyPoints.find((i) => i.category === 'unilateral_change')?.text).toBe(
      "The terms promise at least 30 days' notice before changes to them that harm you take effect (for example by e-mail).",
    );
  });

  it('calls a licence limited only where a quote bounds it', () => {
    const item = (clause: string) => writeLists(termsFactsOf(clause)).details.keyPoints.find((i) => i.category === 'content_license')?.text;
    expect(item('By posting, you grant Example a license to use your content.')).toBe('You grant the service a licence to your content.');
  });

  it("never gives one country's refund as everyone's", () => {
    const terms = (text: string) => writeLists(termsFactsOf(text)).details.keyPoints.find((i) => i.category === 'refunds_offered')?.text;
    const local =
      'b. For subscribers residing in Freedonia – under local law, you may get a full refund without giving a reason within 10 days of subscribing.';
    expect(terms(`## Refunds\n\nAll payments are final, except as stated below.\n\n${local}`)).toBeUndefined();
  });

  it('says the data is handed to others for advertising only where a quote says so, and no opt-out without it', () => {
    const saleItem = (privacy: string) =>
      writeLists(factsOf(privacy)).details.privacyConcerns.find((i) => i.category === 'sale_of_data')?.text;
    const offer = 'You have the right to opt out of the sale or sharing of your personal information to third parties.';
    expect(saleItem(offer)).toBeUndefined();
    expect(saleItem(`${offer} We may also provide partners with information about you so that advertisers can show you ads.`)).toBe(
      'Your personal information may be handed to others for advertising (a “sale” or “sharing” as privacy laws define the words); you can opt out.',
    );
    // Whose laws only as a quote names them.
    expect(
      saleItem(
        `${offer} We may also provide partners with information about you so that advertisers can show you ads. These disclosures may be considered a “sale” under certain state privacy laws.`,
      ),
    ).toMatch(/under US state privacy laws\); you can opt out/);
  });

  it('advises the AI-training opt-out where the offer names only a settings page', () => {
    const facts = factsOf(
      'We use your posts to train our machine learning models. You can opt out of having your posts used for AI training via your privacy settings.',
    );
    expect(facts.ai_training.value).toBe('yes_opt_out');
    const { recommendations } = writeLists(facts).details;
    expect(recommendations.find((i) => i.category === 'ai_training')?.text).toBe(
      'Opt out of the use of your content for AI training in your privacy settings.',
    );
  });

  it('says what the service hands to advertising partners for its ads, with the clause that says it', () => {
    const facts = factsOf(
      'We use your browsing activity to show you personalised ads. We may share some of your personal data (such as identifiers) with advertising partners to show you relevant ads.',
    );
    const item = writeLists(facts).details.privacyConcerns.find((i) => i.category === 'targeted_advertising')!;
    expect(item.text).toBe(
      'Your data is used to show you personalised ads (based on your activity); it shares identifiers with advertising partners.',
    );
    expect(item.evidence.some((e) => e.quote.includes('(such as identifiers) with advertising partners'))).toBe(true);
  });
});
