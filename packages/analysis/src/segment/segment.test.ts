import { describe, expect, it } from 'vitest';
import { quotedLinks, segmentClauses, splitSentences, type Clause } from './segment';
import { extractDocument } from '../extract/extract';

describe('segmentClauses', () => {
  const text = 'We may disclose your information:\nto the police;\nto courts.\nWe keep logs.\nto nobody.';
  const block = (kind: 'paragraph' | 'item', part: string) => ({ kind, text: part, start: text.indexOf(part) });
  const clauses = segmentClauses([
    block('paragraph', 'We may disclose your information:'),
    block('item', 'to the police;'),
    block('item', 'to courts.'),
    block('paragraph', 'We keep logs.'),
    block('item', 'to nobody.'),
  ]);

  it('gives each list item the sentence that introduces the list, with its place', () => {
    const leadIn = { text: 'We may disclose your information:', start: 0, end: 33 };
    expect(clauses[1]!.leadIn).toEqual(leadIn);
    expect(clauses[2]!.leadIn).toEqual(leadIn);
    expect(text.slice(leadIn.start, leadIn.end)).toBe(leadIn.text);
  });

  it('gives none to an item after a sentence that introduces nothing, nor to a paragraph', () => {
    expect(clauses[4]!.leadIn).toBeUndefined();
    expect(clauses[0]!.leadIn).toBeUndefined();
  });
});

describe('segmentClauses headings', () => {
  it('keeps where each open heading is, outermost first, so a scope it sets can be quoted', () => {
    const text =
      'Agreement if you live in the EEA\nLiability\nWe are liable for gross negligence.\nOther terms\nWe may change these terms.';
    const at = (part: string) => text.indexOf(part);
    const clauses = segmentClauses([
      { kind: 'heading', level: 2, text: 'Agreement if you live in the EEA', start: at('Agreement') },
      { kind: 'heading', level: 3, text: 'Liability', start: at('Liability') },
      { kind: 'paragraph', text: 'We are liable for gross negligence.', start: at('We are') },
      { kind: 'heading', level: 2, text: 'Other terms', start: at('Other') },
      { kind: 'paragraph', text: 'We may change these terms.', start: at('We may') },
    ]);
    expect(clauses[0]!.headings).toEqual([
      { text: 'Agreement if you live in the EEA', start: 0, end: 32 },
      { text: 'Liability', start: 33, end: 42 },
    ]);
    for (const h of clauses[0]!.headings!) expect(text.slice(h.start, h.end)).toBe(h.text);
    expect(clauses[1]!.headings?.map((h) => h.text)).toEqual(['Other terms']);
  });
});

describe('quotedLinks', () => {
  const clause = (links: Clause['links']): Clause => ({
    text: 'Contact us through our webform or see above.',
    start: 0,
    end: 44,
    heading: '',
    kind: 'paragraph',
    links,
  });

  it.each([
    {
      what: 'gives the links of a quote as absolute web or mail addresses',
      links: [
        { text: 'webform', href: '/privacy/request' },
        { text: 'write to us', href: 'mailto:privacy@shop.example' },
      ],
      expected: [
        { text: 'webform', href: 'https://shop.example/privacy/request' },
        { text: 'write to us', href: 'mailto:privacy@shop.example' },
      ],
    },
    {
      what: 'leaves out places on the same page and addresses that are no web or mail address',
      links: [
        { text: 'see above', href: '#rights' },
        { text: 'webform', href: 'javascript:alert(1)' },
      ],
      expected: [],
    },
  ])('$what', ({ links, expected }) => {
    expect(quotedLinks(clause(links), 'https://shop.example/legal/privacy')).toEqual(expected);
  });
});

describe('segmentClauses cross-references', () => {
  it('does not end a sentence at the period of a numbered or lettered section it refers to', () => {
    const text = 'EXCEPT AS STATED IN SUBSECTION ii. BELOW: THE SERVICE IS PROVIDED AS IS. It applies.';
    const clauses = segmentClauses([{ kind: 'paragraph', text, start: 0 }]);
    expect(clauses.map((c) => c.text)).toEqual(['EXCEPT AS STATED IN SUBSECTION ii. BELOW: THE SERVICE IS PROVIDED AS IS.', 'It applies.']);
  });
});

describe('segmentClauses sub-items', () => {
  it('reads a sub-item with the item it is indented under, and its sibling items with the sentence before their list', () => {
    const markdown = [
      'Disputes are resolved as follows:',
      '',
      '1.  If you are a resident of the United States or Canada:',
      '    1.  Any claim must be resolved by binding arbitration.',
      '    2.  California law governs these Terms.',
      '2.  If you are a resident of the EEA, Irish law governs these Terms.',
    ].join('\n');
    const clauses = segmentClauses(extractDocument(markdown, 'markdown').blocks);
    const leadInOf = (start: string) => clauses.find((c) => c.text.startsWith(start))?.leadIn?.text;
    expect(leadInOf('Any claim')).toBe('If you are a resident of the United States or Canada:');
    expect(leadInOf('California law')).toBe('If you are a resident of the United States or Canada:');
    expect(leadInOf('If you are a resident of the EEA')).toBe('Disputes are resolved as follows:');
  });
});

describe('segmentClauses scope lines', () => {
  it('gives the rest of a section the sentence that says whom it is for, until the section ends', () => {
    const markdown = [
      '## 15. Disputes',
      '',
      'THIS SECTION ONLY APPLIES TO MEMBERS IN THE US AND CANADA.',
      '',
      'You and Example agree to binding arbitration.',
      '',
      '### Opt-out',
      '',
      'You may opt out within 30 days.',
      '',
      '## 16. Governing law',
      '',
      'Irish law governs these Terms.',
    ].join('\n');
    const clauses = segmentClauses(extractDocument(markdown, 'markdown').blocks);
    const partsOf = (start: string) => clauses.find((c) => c.text.startsWith(start))?.parts ?? [];
    const line = 'THIS SECTION ONLY APPLIES TO MEMBERS IN THE US AND CANADA.';
    expect(partsOf('You and Example')).toContain(line);
    expect(partsOf('You may opt out')).toContain(line);
    expect(partsOf('Irish law')).not.toContain(line);
  });

  it.each([
    'If you live in the U.S. this Section 9 applies.',
    'Except for the choice of law clause at the end of these Terms, this Section 9 applies only to users in the United States.',
  ])('reads "%s" as a scope line', (line) => {
    const markdown = [
      '## 9. Disputes',
      '',
      line,
      '',
      'Claims must be brought within one year.',
      '',
      '## 10. Other',
      '',
      'Nothing else.',
    ].join('\n');
    const clauses = segmentClauses(extractDocument(markdown, 'markdown').blocks);
    expect(clauses.find((c) => c.text.startsWith('Claims'))?.parts).toContain(line);
    expect(clauses.find((c) => c.text.startsWith('Nothing'))?.parts ?? []).not.toContain(line);
  });

  it('leaves the part a scope line excepts by title for everyone', () => {
    const line =
      'Except for the “choice of law and venue” clause at the end of these Terms, this Section 9 applies only to users in the United States.';
    const markdown = [
      '## 9. Disputes',
      '',
      line,
      '',
      'Claims go to binding arbitration.',
      '',
      '**k. Choice of law and venue**. Ohio law governs these Terms.',
    ].join('\n');
    const clauses = segmentClauses(extractDocument(markdown, 'markdown').blocks);
    expect(clauses.find((c) => c.text.startsWith('Claims'))?.parts).toContain(line);
    expect(clauses.find((c) => c.text.includes('Ohio law'))?.parts ?? []).not.toContain(line);
  });

  it('gives a paragraph opened for some users the sentences that go on with its first, and no other', () => {
    const opener = 'If you reside in the United States, Texas law governs these Terms.';
    const markdown = [
      `${opener} Such disputes are resolved only by the courts of Travis County, Texas. You may contact us at any time.`,
      '',
      'Such disputes are rare.',
    ].join('\n');
    const clauses = segmentClauses(extractDocument(markdown, 'markdown').blocks);
    expect(clauses.find((c) => c.text.startsWith('Such disputes are resolved'))?.parts).toContain(opener);
    expect(clauses.find((c) => c.text.startsWith('You may contact'))?.parts ?? []).not.toContain(opener);
    expect(clauses.find((c) => c.text.startsWith('Such disputes are rare'))?.parts ?? []).not.toContain(opener);
  });

  it('takes no line whose exception is a numbered part of its own section for a scope line', () => {
    const line = 'Except for Section 9.4 below, this Section 9 applies only to users in the United States.';
    const markdown = ['## 9. Disputes', '', line, '', '9.4 Venue. Claims go to the courts of Ohio.'].join('\n');
    const clauses = segmentClauses(extractDocument(markdown, 'markdown').blocks);
    expect(clauses.find((c) => c.text.startsWith('Claims'))?.parts ?? []).not.toContain(line);
  });
});

describe('splitSentences where a page lost the space', () => {
  it('splits "…agreement.However, you …" but not "U.S." nor a domain', () => {
    const text =
      'We claim no rights in your posts except under this agreement.However, you give us a licence. See example.com for the U.S. terms.';
    expect(splitSentences(text).map(([a, b]) => text.slice(a, b))).toEqual([
      'We claim no rights in your posts except under this agreement.',
      'However, you give us a licence.',
      'See example.com for the U.S. terms.',
    ]);
  });
});
