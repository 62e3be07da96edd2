import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extract/extract';
import { segmentClauses } from '../segment/segment';
import { readFacts } from './read-facts';

const read = (privacy: string) =>
  readFacts([
    { type: 'privacy', url: 'https://example.com/privacy', clauses: segmentClauses(extractDocument(privacy, 'markdown').blocks) },
  ]);

describe('readFacts', () => {
  it('gives a "not stated" answer the clauses that bear on it without stating it plainly', () => {
    const facts = read(
      '# Privacy\n\nWe do not sell your personal information in the conventional sense of the word.\n\nWe keep your notes until you delete them.',
    );
    expect(facts.sells_data.value).toBe('not_stated');
    expect(facts.sells_data.evidence).toEqual([]);
    expect(facts.sells_data.related?.map((e) => e.quote)).toEqual([
      'We do not sell your personal information in the conventional sense of the word.',
    ]);
  });

  it('gives no related clauses to a stated answer, nor headings and fragments to an unstated one', () => {
    const facts = read('# Selling your data\n\nWe do not sell your personal information.\n\n## Law enforcement\n\n- Law enforcement');
    expect(facts.sells_data.value).toBe('no');
    expect(facts.sells_data.related).toBeUndefined();
    expect(facts.law_enforcement_notice.value).toBe('not_stated');
    expect(facts.law_enforcement_notice.related).toBeUndefined();
  });
});
