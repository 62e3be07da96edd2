import { describe, expect, it } from 'vitest';
import { segmentClauses } from '../segment/segment';
import { extractDocument } from './extract';

describe('links kept with their words', () => {
  const prose = 'This policy explains what we collect and why, and how long we keep it. '.repeat(4);

  it('keeps the links of an HTML paragraph, and gives each clause the links in its words', () => {
    const html = `<html><body><main><h1>Privacy Policy</h1><p>${prose}</p><p>Questions? You can <a href="/help/contact">contact us online</a>. Read our <a href="https://example.com/cookies">cookie notice</a> too.</p></main></body></html>`;
    const document = extractDocument(html, 'html');
    const block = document.blocks.find((b) => b.text.startsWith('Questions?'));
    expect(block?.links).toEqual([
      { text: 'contact us online', href: '/help/contact' },
      { text: 'cookie notice', href: 'https://example.com/cookies' },
    ]);
    const clauses = segmentClauses(document.blocks);
    expect(clauses.find((c) => c.text.startsWith('Questions?'))?.links).toBeUndefined();
    expect(clauses.find((c) => c.text.startsWith('You can'))?.links).toEqual([{ text: 'contact us online', href: '/help/contact' }]);
  });

  it('reads Markdown links in paragraphs, list items and table rows, without their targets in the text', () => {
    const document = extractDocument(
      'Write to our [privacy team](mailto:privacy@example.com "mail").\n\n- Use the [request form](https://example.com/dsr).\n\n| Who | Where |\n| --- | --- |\n| Officer | [form](https://example.com/dpo) |',
      'markdown',
    );
    expect(document.text).not.toContain('https://');
    expect(document.blocks.flatMap((b) => (b.links ? [b.links] : []))).toEqual([
      [{ text: 'privacy team', href: 'mailto:privacy@example.com' }],
      [{ text: 'request form', href: 'https://example.com/dsr' }],
      [{ text: 'form', href: 'https://example.com/dpo' }],
    ]);
  });
});
