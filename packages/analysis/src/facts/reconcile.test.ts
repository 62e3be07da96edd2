import { describe, expect, it } from 'vitest';
import { carriesDetails, isBackedByQuote, statesPlainly } from './reconcile';

const item = (category: string, quote: string) => ({ category, evidence: [{ quote }] });

describe('isBackedByQuote: a power to end your account is the service’s', () => {
  it.each([
    ['We may at our sole discretion suspend or close your account whenever we choose.', true],
    ['Example reserves the right, in its sole discretion and with no notice, to end your licence to use the app.', true],
    ['If you violate these Terms, your account may be suspended.', true],
    ['If we close your account for a breach of these terms, we will do so only after a warning.', true],
    ['Where you breach these Terms, termination is permitted only once a warning has gone unheeded.', true],
    ['You agree that Acme Labs may, at its sole discretion, suspend your account for any reason.', true],
    ['Example has the right (though no duty) to deactivate or delete your account.', true],
    // The user's own right to leave, however the user is named.
    ['The Customer may end its free plan at once and without giving a reason.', false],
    ['A Customer can terminate the contract whenever it wishes.', false],
    ['Should you want to end this agreement, you may do that whenever you like by deleting your account.', false],
  ])('%s → %s', (quote, isBacked) => {
    expect(isBackedByQuote(item('unilateral_termination', quote))).toBe(isBacked);
  });
  it('reads a notice rule beside the power as context', () => {
    const notice = 'We will notify you with the reason for suspension, unless there are reasons to believe that would cause harm.';
    expect(isBackedByQuote(item('unilateral_termination', notice))).toBe(false);
    expect(isBackedByQuote(item('unilateral_termination', notice), true)).toBe(true);
  });
});

describe('isBackedByQuote', () => {
  it.each([
    ['By using the app, you agree to these Terms.', true],
    ['By using our services you agree to the following conditions.', true],
    ['BY USING THE SITE YOU AGREE TO THE TERMS OF SERVICE.', true],
    ['By downloading the archive, you agree to be bound by the terms of that license.', false],
    ['By installing the app from the store, you agree to the store’s End User License Agreement.', false],
    ['By using the service, you consent to receiving electronic communications from us.', false],
    ['If you find User Content that you believe violates these Terms, you may report it by clicking on the "Report Abuse" link.', false],
    ['If you do not agree to these Terms, then do not access or use Example.', false],
    ['BY USING THE SERVICE, YOU AFFIRM THAT YOU ARE 18 YEARS OR OLDER TO ENTER INTO THESE TERMS.', false],
  ])('acceptance by use is of these terms: "%s"', (quote, isBacked) => {
    expect(isBackedByQuote(item('contract_by_using', quote))).toBe(isBacked);
  });
});

describe('isBackedByQuote: closing your account', () => {
  it.each([
    ['We may suspend or terminate your account at any time for any reason.', true],
    ['We may terminate your access to the Services if you breach these Terms.', true],
    ['We may suspend your use of the Photo Pro Services if you break the Pro terms.', false],
    ['We may remove your access to any Beta Features at any time.', false],
    ['Any breach of this licence results in immediate termination of the License.', false],
    ['You may deactivate your account at any time in your settings.', false],
    ['An Extra Member may cancel their account at any time.', false],
  ])('"%s"', (quote, isBacked) => {
    expect(isBackedByQuote(item('unilateral_termination', quote))).toBe(isBacked);
  });
});

describe('isBackedByQuote: removing your content', () => {
  it.each([
    ['We may, in our sole discretion, delete or restrict your content if it violates these Terms.', true],
    ['Meta has the right to (i) remove any Threads Content that violates these Terms.', true],
    ['It may take up to 90 days to delete your information after the deletion process begins.', false],
    ['We will delete your full profile and the Content of your repositories within 90 days of cancellation or termination.', false],
    ['You can delete the content you posted at any time.', false],
  ])('"%s"', (quote, isBacked) => {
    expect(isBackedByQuote(item('content_removal', quote))).toBe(isBacked);
  });
});

describe('carriesDetails', () => {
  const said = (text: string, ...quotes: string[]) => ({ text, evidence: quotes.map((quote) => ({ quote })) });
  it.each([
    [said('Opt out within 30 days by writing to optout@example.com.', 'You may opt out within thirty (30) days.'), false],
    [
      said('Opt out within 30 days by writing to optout@example.com.', 'Opt out within thirty (30) days at optout[at]example[dot]com.'),
      true,
    ],
    [said('The service caps its liability at US$100.', 'Our liability will not exceed the amount you paid us.'), false],
    [said('The service caps its liability at US$100.', 'IN NO EVENT WILL IT EXCEED USD100 (ONE HUNDRED US DOLLARS).'), true],
    [said('Ask for a copy at https://example.com/privacy/data.', 'Use this form.'), false],
    [said('Your data is kept as long as needed.', 'We keep data as long as needed.'), true],
  ])('%#', (candidate, expected) => {
    expect(carriesDetails(candidate)).toBe(expected);
  });

  it('finds an address in the quote’s links', () => {
    expect(
      carriesDetails({
        text: 'Ask for a copy at https://example.com/privacy/data.',
        evidence: [{ quote: 'Use this form.', links: [{ text: 'this form', href: 'https://example.com/privacy/data' }] }],
      }),
    ).toBe(true);
  });
});

describe('statesPlainly', () => {
  it.each([
    ['We may suspend or close your account at any time if you break these rules.', true],
    // The aftermath of an ending, a state, and your own account ended by you state no power of the service.
    ['If we close your account for a reason that is not your fault, your unused credits are refunded.', false],
    ['Your premium plan stays active until it is cancelled or ended, and then becomes a free plan.', false],
    ['A member may delete his/her account at any time.', false],
  ] as const)('reads "%s" → %s', (quote, plain) => {
    expect(statesPlainly('unilateral_termination', quote)).toBe(plain);
  });
});
