import { describe, expect, it } from 'vitest';
import { quoteLink } from './text-fragment';

describe('quoteLink', () => {
  it('links a short quote whole, escaping the directive separators', () => {
    expect(quoteLink('https://example.com/terms#top', 'Fees, taxes & third-party costs')).toBe(
      'https://example.com/terms#:~:text=Fees%2C%20taxes%20%26%20third%2Dparty%20costs',
    );
  });

  it('links a long quote by its first and last six words', () => {
    const quote = 'You agree that any dispute arising out of these terms will be resolved by binding arbitration in Delaware.';
    expect(quoteLink('http://example.com/t', quote)).toBe(
      'http://example.com/t#:~:text=You%20agree%20that%20any%20dispute%20arising,resolved%20by%20binding%20arbitration%20in%20Delaware.',
    );
  });

  it('gives no link for a document that is not on the web', () => {
    expect(quoteLink('Pasted text', 'anything')).toBeUndefined();
    expect(quoteLink('javascript:alert(1)', 'anything')).toBeUndefined();
  });
});
