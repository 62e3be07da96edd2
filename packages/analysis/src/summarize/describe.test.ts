import { describe, expect, it } from 'vitest';
import { describeFinding, namedRecipients } from './describe';
import { isStatement } from './details';

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
  ])('reads "%s"', (clause, named) => {
    expect(namedRecipients(clause)).toEqual(named);
  });
});

describe('third-party sharing', () => {
  it('names the recipients the clause lists', () => {
    expect(
      describeFinding('third_party_sharing', 'We may share data with our affiliates, including Northwind Labs, to run support.')?.text,
    ).toBe('Your personal data is shared with third parties, including affiliates (such as Northwind Labs).');
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

describe('isStatement', () => {
  it.each([
    'How is your information shared with partners and other companies we work with?',
    'Learn more about how we transfer information to other countries.',
    'Read our policy about how you may share information with partners.',
    'K. Changes to these Terms; We may change these terms, and we will tell you about material changes.',
    'We have added more details on how we use the information we collect to improve our products.',
  ])('does not quote the signpost "%s"', (text) => {
    expect(isStatement(text)).toBe(false);
  });

  it('quotes a sentence', () => {
    expect(isStatement('We share your information with service providers who host our servers.')).toBe(true);
  });
});
