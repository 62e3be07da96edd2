import { describe, expect, it } from 'vitest';
import { closingVerb, describeFinding, namedRecipients, namedTrackers, terminationGrounds } from './describe';
import { isStatement, namedIn, renewalDeadline } from './details';
import { TRANSFER_SAFEGUARDS } from './vocabulary';

describe('what a clause names', () => {
  it('names no adequacy decision where the clause says there is none', () => {
    expect(
      namedIn('Where we send data to a country lacking an adequacy decision, we sign standard contractual clauses.', TRANSFER_SAFEGUARDS),
    ).toEqual(['standard contractual clauses']);
    expect(namedIn('Some transfers rest on adequacy decisions of the Commission.', TRANSFER_SAFEGUARDS)).toEqual(['adequacy decisions']);
  });

  it('reads what follows the end of your account as no power to remove your content', () => {
    expect(
      describeFinding('content_removal', 'Once your account has been deleted, we may also delete the posts you left, at our discretion.'),
    ).toBeUndefined();
    expect(describeFinding('content_removal', 'We may delete your posts at our sole discretion.')?.text).toBe(
      'The service can remove your content at its own discretion.',
    );
    // (The power however its words are parted: the right, a comma, what it rests on, then what it may do.)
    expect(
      describeFinding('content_removal', 'Example reserves the right, as it alone decides, to remove any of your posts without notice.')
        ?.text,
    ).toBe('The service can remove your content at its own discretion, without notice.');
  });

  it('reads a limit for one cause of your own doing as no limit of liability in general', () => {
    expect(
      describeFinding(
        'limitation_of_liability',
        'We bear no liability for indirect losses resulting from your failure to keep your e-mail address current.',
      ),
    ).toBeUndefined();
    expect(describeFinding('limitation_of_liability', 'In no event will we be liable for indirect or consequential damages.')?.text).toBe(
      'The service limits its liability for losses or damage you suffer.',
    );
  });

  it('reads a buyer in a merger as no sharing of your data, and data that names no one as none', () => {
    expect(
      describeFinding(
        'third_party_sharing',
        'If we merge with or are bought by another company, we may transfer your details to the buyer and its advisers.',
      ),
    ).toBeUndefined();
    expect(
      describeFinding('third_party_sharing', 'We may disclose non-personal data to partners in reports about how the app is used.'),
    ).toBeUndefined();
  });
});

describe('namedRecipients', () => {
  it.each([
    ['We may share data with our affiliates, including Northwind Labs, to run support and billing.', ['Northwind Labs']],
    [
      'We share your data with service providers who work for us, such as payment processors, cloud hosts and auditors.',
      ['payment processors', 'cloud hosts', 'auditors'],
    ],
    [
      'We give order details to event partners such as the ticket desk or the venue office where you check in.',
      ['the ticket desk', 'the venue office'],
    ],
    ['We share your data with partners to measure ads.', []],
    // Company forms and asides are no break in the list; kinds in the same sentence give way to companies.
    ['Key service providers we use include Lumen Cloud, Parcelly, and Northwind Labs.', ['Lumen Cloud', 'Parcelly', 'Northwind Labs']],
    [
      'We use certain providers, such as payment processors, and our vendors, including Paymo N.V. (for card checks) and Textline B.V. (for SMS) in the Netherlands.',
      ['Paymo', 'Textline'],
    ],
  ])('reads "%s"', (clause, named) => {
    expect(namedRecipients(clause)).toEqual(named);
  });
});

describe('tracking on other sites', () => {
  it('says others collect where the service lets them, not that the service tracks', () => {
    expect(
      describeFinding(
        'cross_site_tracking',
        'We may permit third party advertising networks to collect information about your use of our websites over time so that they may display ads on other websites.',
      )?.text,
    ).toBe(
      'The service lets other companies, such as advertising networks, collect what you do on it over time, to show you ads on other websites.',
    );
  });
});

describe('third-party sharing', () => {
  it('names the recipients the clause lists', () => {
    expect(
      describeFinding('third_party_sharing', 'We may share data with our affiliates, including Northwind Labs, to run support.')?.text,
    ).toBe('Your personal data is shared with third parties, including affiliates (such as Northwind Labs).');
  });

  it('reads sharing only with those who work on the service’s behalf as a limit, not as a bad practice', () => {
    const d = describeFinding(
      'third_party_sharing',
      'Your personal data will only be shared with third party suppliers who are performing services on our behalf.',
    );
    expect(d?.text).toBe('Your personal data is shared only with suppliers that work on the service’s behalf.');
    expect(d?.severity).toBe('neutral');
  });

  it('says nothing of the user’s own sharing or of a clause that hands nothing over', () => {
    expect(
      describeFinding('third_party_sharing', 'You may choose to share your profile with our partners when you connect an app.'),
    ).toBeUndefined();
    expect(
      describeFinding('third_party_sharing', 'These services are provided by Example Ltd (with its affiliates, "Example").'),
    ).toBeUndefined();
  });
});

describe('terminationGrounds', () => {
  it('names repeated infringement alone where a clause also removes content alleged to infringe', () => {
    expect(terminationGrounds('We may take down material said to be infringing and may close the accounts of repeat infringers.')).toEqual([
      'if you repeatedly infringe others’ rights',
    ]);
  });
});

describe('closingVerb', () => {
  it.each([
    ['If a payment fails and you do not cancel your subscription, we may suspend your access until we have charged you.', 'suspend'],
    ['We may suspend or terminate your account at any time.', 'suspend or close'],
    ['The operator may terminate your use of the service for any reason.', 'close'],
    ['We may disable your profile if it breaks the rules.', 'suspend or close'],
    ['Where your conduct puts others at risk we may at once suspend your access or remove your uploaded content.', 'suspend'],
    ['The operator may limit and/or refuse a user access to the service, in particular a user banned before.', 'suspend or close'],
  ])('reads "%s"', (clause, verb) => {
    expect(closingVerb(clause)).toBe(verb);
  });
});

describe('isStatement', () => {
  it.each([
    'How is your information shared with partners and other companies we work with?',
    'Learn more about how we transfer information to other countries.',
    'Read our policy about how you may share information with partners.',
    'K. Changes to these Terms; We may change these terms, and we will tell you about material changes.',
    'We have added more details on how we use the information we collect to improve our products.',
    'Dispute Resolution (including Arbitration Agreement; Class Action Waiver; Jury Trial Waiver)',
  ])('does not quote the signpost "%s"', (text) => {
    expect(isStatement(text)).toBe(false);
  });

  it('quotes a sentence', () => {
    expect(isStatement('We share your information with service providers who host our servers.')).toBe(true);
  });

  it('does not quote a table row of data categories, but does quote a rule that lists its objects', () => {
    expect(
      isStatement(
        'Identity Data; Purchase Information; Demographic Information; Data we collect from your device; Data relating to your use of partner sites; To serve advertising; With your consent',
      ),
    ).toBe(false);
    expect(
      isStatement(
        'You agree to indemnify us against claims arising from: your content; your use of the Services; your breach of these Terms; your violation of law.',
      ),
    ).toBe(true);
  });
});

describe('a clause about something else that shares the keyword', () => {
  it.each([
    ['warranty_disclaimer', 'The security measures we use to protect your files are provided “as is” and with no warranties.'],
    ['warranty_disclaimer', 'Output is provided "as-is" and may be inaccurate or incomplete.'],
    ['warranty_disclaimer', 'We cannot guarantee the availability or accuracy of GPS data.'],
    ['limitation_of_liability', 'Carriers are not liable for delayed or undelivered messages.'],
    [
      'limitation_of_liability',
      'Example shall not be responsible or liable for any fees or overage charges associated with any data plan you use.',
    ],
    [
      'limitation_of_liability',
      'Under no circumstances will we be responsible for any loss resulting from your reliance on content posted by third parties.',
    ],
    [
      'limitation_of_liability',
      'Example is not responsible for the accuracy of such External Content, or for any loss suffered by you based on reliance on the External Content.',
    ],
    ['third_party_sharing', 'The Company may use Anonymous Information or disclose it to third party service providers.'],
    ['third_party_sharing', 'To use some features, you may be required to provide Personal Data directly to third parties.'],
    [
      'third_party_sharing',
      'Service Providers such as vendors and contractors that collect or provide personal information to Example on our behalf.',
    ],
    ['warranty_disclaimer', 'It may not always be accurate, complete, reliable, current, or error-free.'],
    ['warranty_disclaimer', 'We make no promises about the Service Provider’s products other than those stated in these Terms.'],
    ['user_ownership', 'You represent you own or have obtained all necessary rights to the content you post.'],
    ['user_ownership', 'You retain all moral rights to the content you upload. However, you waive these rights against us.'],
    ['opt_out', 'Any requests to opt out of arbitration must be sent to: General Counsel, Example Inc., 1 Main St.'],
    ['opt_out', 'You can turn off payment notifications in the app at any time.'],
    ['cross_site_tracking', 'We use various technologies to store information, including cookies, pixel tags and local storage.'],
    [
      'cross_site_tracking',
      'We and our third party providers use cookies and local storage to collect information about your use of the site.',
    ],
    // Ads shown elsewhere, or a link to elsewhere, collect nothing there.
    ['cross_site_tracking', 'Advertise our products and services to you on other sites and apps.'],
    ['cross_site_tracking', 'We share data with partners to allow advertisers to reach you on other websites and apps.'],
    ['cross_site_tracking', 'We don’t endorse any third-party websites, information or products linked from the service.'],
    ['refunds_offered', 'You may cancel a purchase in some cases.'],
    // Collecting messages is not reading them; processing to meet a legal duty hands nothing over.
    [
      'private_messages',
      'We collect the content of the messages you send and receive and their metadata (such as when a message was sent, received or read).',
    ],
    ['private_messages', 'Content of communications between you and another user or group of users.'],
    [
      'government_requests',
      'To meet legal obligations, we may collect and process user information to comply with the law or respond to a court order or subpoena.',
    ],
  ])('%s: no sentence from "%s"', (category, clause) => {
    expect(describeFinding(category, clause)).toBeUndefined();
  });

  it('reads a right to withdraw as no refund unless the clause says so', () => {
    expect(
      describeFinding('refunds_offered', 'You have the right to withdraw from this contract within 14 days without giving any reason.')
        ?.text,
    ).toBe('You can withdraw from the contract within 14 days.');
  });
});

describe('disclosure to authorities', () => {
  it('names the other recipients and the test the clause sets', () => {
    expect(
      describeFinding(
        'government_requests',
        'We may share your information with law enforcement agencies, public authorities or copyright holders if we have a good faith belief that it is necessary to comply with legal process.',
      )?.text,
    ).toBe(
      'Your data may be disclosed to law enforcement, other authorities or copyright holders in response to legal process, when it believes in good faith that this is needed.',
    );
  });

  it('names no recipient its clause does not name', () => {
    expect(
      describeFinding(
        'government_requests',
        'We may disclose information where required by law or to comply with legal process (e.g., subpoenas).',
      )?.text,
    ).toBe('Your data may be disclosed in response to subpoenas or legal process.');
  });
});

describe('business transfers', () => {
  it.each([
    [
      'If we are involved in a merger, acquisition, or sale of assets, we will give affected users notice before personal information is transferred.',
      'Your data can pass to a new owner in a merger, an acquisition or a sale of assets; the service says it will tell you first.',
    ],
    [
      'Your information may be disclosed in connection with a merger or acquisition, including in the course of due diligence.',
      'Your data can pass to a new owner in a merger or an acquisition; data may be shared already while a deal is considered.',
    ],
    [
      'We may transfer your information as part of any merger or acquisition.',
      'Your data can pass to a new owner in a merger or an acquisition.',
    ],
  ])('reads "%s"', (clause, text) => {
    expect(describeFinding('business_transfer', clause)?.text).toBe(text);
  });
});

describe('content removal', () => {
  it.each([
    [
      'We can remove or restrict any content you share on the Service if it violates these Terms or our policies, or we are required to do so by law.',
      'The service can remove or restrict your content if it breaks the terms or policies or where the law requires.',
    ],
    [
      'If we remove or restrict access to your content, we will notify you and let you know the reasons for our decision, unless it is not appropriate for us to do so.',
      'If the service removes or restricts your content, it says it will tell you why, unless that is not appropriate.',
    ],
    [
      'We also may remove or refuse to publish Your Content, in whole or part, at any time.',
      'The service can remove your content at any time.',
    ],
  ])('reads "%s"', (clause, text) => {
    expect(describeFinding('content_removal', clause)?.text).toBe(text);
  });

  it('reads nothing into content that is kept or that you remove', () => {
    expect(
      describeFinding('content_removal', 'Account deletion does not automatically delete content that you post as an admin of a page.'),
    ).toBeUndefined();
    expect(
      describeFinding(
        'content_removal',
        'Content will not be deleted within 90 days of the account deletion process where your content has been used by others.',
      ),
    ).toBeUndefined();
  });
});

describe('children', () => {
  it('keeps the exception a clause opens with', () => {
    expect(
      describeFinding('children', 'Unless your account comes with a school licence, the app is not meant for pupils under 13.')?.text,
    ).toBe('The service is not meant for children under 13, unless your account comes with a school licence.');
  });
});

describe('biometrics', () => {
  it('says a vendor that makes biometric data to verify your identity and destroys it upon completion as a provider', () => {
    expect(
      describeFinding(
        'biometrics',
        'Example’s third-party identity verification vendor may use this Personal Data to generate biometric facial data, which is destroyed upon successful completion of verification.',
      )?.text,
    ).toBe('A provider working for the service receives biometric data (your face) to verify your identity and deletes it right after.');
    // … kept until a deadline where the check fails: not "right after".
    expect(
      describeFinding(
        'biometrics',
        'A third-party identity verification vendor may create biometric facial data from your photo, which is destroyed upon successful completion of the check and in no event later than three years.',
      )?.text,
    ).toBe(
      'A provider working for the service receives biometric data (your face) to verify your identity and deletes it after the check, within 3 years at the latest.',
    );
  });
  it('says a feature you and your administrator turn on as a choice, and consent "or another condition" as none', () => {
    expect(
      describeFinding(
        'biometrics',
        'If your account owner or administrator and you elect to enable “smart name tags,” and you provide the requisite consent, Example may analyze your facial geometry.',
      )?.text,
    ).toBe('The service may use biometric data (your face), only if you and your account’s administrator choose it.');
    expect(
      describeFinding(
        'biometrics',
        'We process your facial geometry to verify your identity with your explicit consent or another condition permitted under applicable law.',
      )?.text,
    ).toBe('The service may collect biometric data (your face) to verify your identity.');
  });
  it('says a feature you choose, and what it is for, as the clause does', () => {
    expect(
      describeFinding(
        'biometrics',
        'Verifying your identity or account using face analysis, which may include facial recognition technology if you select it.',
      ),
    ).toMatchObject({
      text: 'The service may use biometric data (your face) to verify your identity, only if you choose it.',
      severity: 'neutral',
    });
  });

  it('says when only a provider receives the data, what for, and that it is deleted', () => {
    expect(
      describeFinding(
        'biometrics',
        'To do this, they receive Account Information (e.g. images from your video selfie) and delete it after estimating your age.',
      ),
    ).toMatchObject({
      text: 'A provider working for the service receives biometric data (your face) to check your age and deletes it right after.',
      severity: 'neutral',
    });
  });
});

describe('children', () => {
  it('names the other ages its clause sets', () => {
    expect(
      describeFinding(
        'children',
        'We do not knowingly collect personal information from persons under the age of 13, the age of 16 in Australia, or the minimum age required for use of the Services in your jurisdiction of residence if that age is older than 13.',
      )?.text,
    ).toBe('The service is not meant for children under 13 (16 in Australia; older where your local law requires).');
  });
});

describe('private messages', () => {
  it('says why messages are reviewed, and where the law must allow it', () => {
    expect(
      describeFinding(
        'private_messages',
        'We review User Content (and if permitted under applicable law, Messages) for breaches of our Terms and to detect spam.',
      ),
    ).toMatchObject({
      text: 'The service may read or scan the content of your messages to detect spam and to enforce its rules, where the law permits.',
      isSpecific: true,
    });
    // Storing messages is not reading them.
    expect(describeFinding('private_messages', 'We store the messages you send until they are delivered.')).toBeUndefined();
  });
});

describe('cross-site tracking', () => {
  it.each([
    [
      'Advertisers and other partners share information with us about your activities on other websites and apps or in stores, including the products you purchased.',
      'Advertisers and other partners tell the service what you do on other websites and apps and in stores, including what you buy.',
    ],
    [
      'We collect this information from third-party sites that have embedded our pixels, widgets or buttons.',
      'The service collects what you do on other websites that embed its pixels, widgets or buttons.',
    ],
    [
      'We use cookies and obtain information when your browser accesses content served by or on behalf of Example on other websites.',
      'The service collects information with cookies when your browser loads its content on other websites.',
    ],
  ])('says how it sees what you do elsewhere: "%s"', (clause, text) => {
    expect(describeFinding('cross_site_tracking', clause)?.text).toBe(text);
  });

  it('says a choice the clause leaves to your settings as one', () => {
    expect(
      describeFinding(
        'cross_site_tracking',
        'Cookie settings to choose whether we can use cookies to collect information about your activity on other websites and apps.',
      )?.text,
    ).toBe('Depending on your settings, the service can track your activity on other websites and apps with cookies.');
  });
});

describe('namedTrackers', () => {
  it('names trackers the clause calls by their product names, not generic words', () => {
    expect(namedTrackers('Partners send us data through the Acme Pixel, Acme Analytics and our SDKs.')).toEqual([
      'Acme Pixel',
      'Acme Analytics',
    ]);
    expect(namedTrackers('Our Analytics show how the service is used.')).toEqual([]);
  });
});

describe('cookies', () => {
  it('says the service’s own trackers on other sites as tracking there, a bad practice; its cookies on its own pages as cookies', () => {
    const elsewhere = describeFinding('cookies', 'We receive the websites you visit and cookie data, like through the Acme Pixel.');
    expect(elsewhere?.text).toBe("The service's trackers on other websites (such as Acme Pixel) report your activity there to it.");
    expect(elsewhere?.severity).toBe('bad');
    const own = describeFinding('cookies', 'We use cookies and the Acme Pixel to measure how our pages are used.');
    expect(own?.text).toBe('Cookies or similar trackers are used, including pixels (such as Acme Pixel).');
    expect(own?.severity).not.toBe('bad');
  });
});

describe('data collection', () => {
  it('writes the kinds of data as names are written ("IP address")', () => {
    expect(describeFinding('data_collection_breadth', 'We collect your device identifiers, IP address and location.')?.text).toBe(
      'The service collects many kinds of data, including your device identifiers, IP address and location.',
    );
  });
});

describe('acceptance by use', () => {
  it('says for whom else the user accepts, where the clause says so', () => {
    expect(
      describeFinding(
        'contract_by_using',
        'By using the Services, you agree, on behalf of yourself and all members of your household and others who use any Service under your account, to the following conditions.',
      )?.text,
    ).toBe('Simply using the service counts as accepting these terms, for everyone in your household and anyone using your account too.');
  });

  it('names the other terms accepted with these', () => {
    expect(
      describeFinding('contract_by_using', 'By using the Threads Service, you agree to these Terms and the Instagram Terms.')?.text,
    ).toBe('Simply using the service counts as accepting these terms and the Instagram Terms.');
  });
});

describe('no refunds', () => {
  it.each([
    ['All fees paid under these terms are non-refundable.', 'Payments are non-refundable.'],
    ['We do not provide refunds or credits for partial months.', 'Payments are non-refundable.'],
    ['Credits added to your in-app balance are non-refundable.', 'Some payments are not refundable.'],
    ['Except where the plan says otherwise, all amounts payable to us are non-refundable.', 'Payments are non-refundable.'],
    ['Any fee already paid to us will not be refunded.', 'Payments are non-refundable.'],
    ['Amounts paid to us are not refundable.', 'Payments are non-refundable.'],
    ['You agree to pay the applicable non-refundable subscription fees of your plan.', 'Payments are non-refundable.'],
    ['We do not give refunds for gift cards paid in cash.', 'Some payments are not refundable.'],
  ])('says "%s" as far as it reaches', (clause, sentence) => {
    expect(describeFinding('no_refunds', clause)?.text).toBe(sentence);
  });
});

describe('private_messages', () => {
  it('names the account owner where the owner, not the service, can see the messages', () => {
    expect(
      describeFinding(
        'private_messages',
        'Depending on their settings, account owners can see sender and receiver information, along with the content of messages sent to and from users on their account.',
      )?.text,
    ).toBe('The owner or administrator of your account (for example your employer) can see the content of your messages.');
  });
});

describe('opting out', () => {
  it.each([
    [
      'To stop these ads, use the settings at https://ads.example.test/choices.',
      'You can opt out of some uses of your data at https://ads.example.test/choices.',
    ],
    // A privacy policy, ours or another company's, is no place to opt out.
    [
      'You can opt out of this partner’s analytics; read its policy at https://policies.example.test/privacy.',
      'You can opt out of some uses of your data.',
    ],
    // One company's page opts out of that company's ads.
    [
      'You may switch off the use of the Zedclick cookie for interest-based advertising at https://www.zedclick.test/ads/settings.',
      'You can opt out of Zedclick’s personalised ads at https://www.zedclick.test/ads/settings.',
    ],
    [
      'Zedclick’s interest-based advertising can be switched off at https://adssettings.zedclick.co.uk/choices.',
      'You can opt out of Zedclick’s personalised ads at https://adssettings.zedclick.co.uk/choices.',
    ],
    [
      'You can stop getting commercial e-mail from us by writing to stop@example.test.',
      'You can opt out of marketing messages at stop@example.test.',
    ],
    // Marketing sent among other ways by SMS is marketing, not every text message.
    [
      'To stop hearing about our offers, use the link in any e-mail or SMS we send, or write to optout@example.test to opt out of marketing communications.',
      'You can opt out of marketing messages at optout@example.test.',
    ],
    [
      'You can opt out of receiving text (SMS) messages from us by writing to sms@example.test.',
      'You can opt out of text messages at sms@example.test.',
    ],
  ])('says "%s" with a place to opt out only where one is given', (clause, sentence) => {
    expect(describeFinding('opt_out', clause)?.text).toBe(sentence);
  });
});

describe('renewalDeadline', () => {
  it.each([
    ['Your plan renews each month unless you cancel at least 24 hours before the end of the current period.', false, '24 hours'],
    ['Either party may end the plan by giving notice at least thirty (30) days prior to the next renewal term.', false, 'thirty (30) days'],
    // The service's own notice of a new price is no deadline of yours.
    ['If the price changes, Example will send you notice of the new amount at least 10 days before the charge.', false, undefined],
    ['THE PLAN RENEWS EACH YEAR AT ITS OLD PRICE UNLESS WE NOTIFY YOU OF A HIGHER ONE AT LEAST 10 DAYS PRIOR TO RENEWAL.', true, undefined],
    ['YOU MUST CANCEL AT LEAST 2 DAYS BEFORE THE RENEWAL DATE.', false, '2 DAYS'],
    // Asked for a cancelling, a period it does not govern is none.
    ['Plans renew automatically. We bill you 3 days before each renewal.', true, undefined],
  ])('reads "%s"', (text, cancelling, deadline) => {
    expect(renewalDeadline(text, cancelling)).toBe(deadline);
  });
});

describe('a refund window', () => {
  it.each([
    ['You may cancel your purchase within 14 days and get a full refund.', 'You can cancel or withdraw within 14 days for a refund.'],
    ['You have a 30 days withdrawal period, and we refund you in full.', 'You can cancel or withdraw within 30 days for a refund.'],
    // The time a refund takes is no window of yours.
    ['Your refund will be paid within 14 days of the day you tell us you cancel.', 'You can get a refund in some cases.'],
  ])('reads "%s"', (clause, text) => {
    expect(describeFinding('refunds_offered', clause)?.text).toBe(text);
  });
});

describe('leaving at any time', () => {
  it.each([
    ['You can close your account at any time in Settings.', 'You can close your account or stop using the service at any time.'],
    [
      'If you want to close your account, you can delete it in Settings.',
      'You can close your account or stop using the service at any time.',
    ],
    // A right on the service's failing is no right to leave at any time.
    ['If we cannot fix a faulty service, you may terminate your account and get a refund.', undefined],
  ])('reads "%s"', (clause, text) => {
    expect(describeFinding('leave_any_time', clause)?.text).toBe(text);
  });
});
