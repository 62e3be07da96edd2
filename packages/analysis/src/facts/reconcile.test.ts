import { describe, expect, it } from 'vitest';
import { isBackedByQuote } from './reconcile';

const item = (category: string, quote: string) => ({ category, evidence: [{ quote }] });

describe('isBackedByQuote', () => {
  it.each([
    ['By using the app, you agree to these Terms.', true],
    ['By using our services you agree to the following conditions.', true],
    ['BY USING THE SITE YOU AGREE TO THE TERMS OF SERVICE.', true],
    ['By downloading the archive, you agree to be bound by the terms of that license.', false],
    ['By installing the app from the store, you agree to the store’s End User License Agreement.', false],
    ['By using the service, you consent to receiving electronic communications from us.', false],
    ['If you find User Content that you believe violates these Terms, you may report it by clicking on the "Report Abuse" link.', false],
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
