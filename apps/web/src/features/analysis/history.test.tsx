// @vitest-environment happy-dom
import { FACT_IDS, MESSAGES, type AnalysisResult } from '@fineprint/contracts';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_LENGTH, permalinkIdInLocation, readHistory, rememberResult } from './history';
import { ResultCards } from './result-cards';
import { resultToMarkdown } from './share-menu';

const result = (site: string, resultId?: string): AnalysisResult => ({
  keyPoints: ['Disputes go to arbitration.'],
  privacyConcerns: ['Your data is shared with advertisers.'],
  recommendations: ['Turn off personalised ads in Settings.'],
  details: {
    keyPoints: [
      {
        text: 'Disputes go to arbitration.',
        category: 'arbitration',
        severity: 'bad',
        evidence: [
          { quote: 'Any dispute shall be resolved by binding\n arbitration.', documentType: 'terms', url: `https://${site}/terms` },
        ],
      } as unknown as AnalysisResult['details']['keyPoints'][number],
    ],
    privacyConcerns: [],
    recommendations: [],
  },
  grade: 'C',
  gradeReason: 'Grade C: arbitration.',
  factSheet: Object.fromEntries(
    FACT_IDS.map((id) => [id, { value: 'not_stated', evidence: [] }]),
  ) as unknown as AnalysisResult['factSheet'],
  documents: [{ type: 'terms', url: `https://www.${site}/terms`, title: 'Terms', words: 1200, language: 'en' }],
  notices: [],
  engine: 'test',
  ...(resultId ? { resultId } : {}),
});
const id = (n: number) => `id${String(n).padStart(20, '0')}`;

beforeEach(() => localStorage.clear());

describe('history', () => {
  it('keeps the last 10 kept results, newest first, one entry per site', () => {
    for (let n = 0; n < 12; n++) rememberResult(result(`site${n}.example`, id(n)));
    rememberResult(result('site11.example', id(99)));
    const entries = readHistory();
    expect(entries).toHaveLength(HISTORY_LENGTH);
    expect(entries[0]).toMatchObject({ id: id(99), site: 'site11.example' });
    expect(entries.map((e) => e.site)).not.toContain('site0.example');
    expect(entries.filter((e) => e.site === 'site11.example')).toHaveLength(1);
  });

  it('lists nothing without a permalink and survives a foreign value', () => {
    rememberResult(result('pasted.example'));
    expect(readHistory()).toEqual([]);
    localStorage.setItem('fineprint.history', '{"not":"a list"}');
    expect(readHistory()).toEqual([]);
  });

  it('reads only a well-formed id from ?r=', () => {
    expect(permalinkIdInLocation(`?r=${id(1)}`)).toBe(id(1));
    expect(permalinkIdInLocation('?r=../../etc')).toBeUndefined();
    expect(permalinkIdInLocation('')).toBeUndefined();
  });
});

describe('resultToMarkdown', () => {
  it('names the site and grade, lists the three cards with quotes, the documents and the link', () => {
    const markdown = resultToMarkdown(result('acme.example', id(1)), `https://fineprint.test/?r=${id(1)}`);
    expect(markdown).toContain("# What acme.example's terms say");
    expect(markdown).toContain('**Grade C** — Grade C: arbitration.');
    expect(markdown).toContain('## Key Points\n\n- Disputes go to arbitration.\n  > Any dispute shall be resolved by binding arbitration.');
    expect(markdown).toContain('## Privacy Concerns\n\n- Your data is shared with advertisers.');
    expect(markdown).toContain('## Recommendations');
    expect(markdown).toContain('- [Terms](https://www.acme.example/terms) — 1200 words');
    expect(markdown).toContain(`Permalink: https://fineprint.test/?r=${id(1)}`);
  });

  it('says in words that a list is empty (Signal: no privacy concerns is an answer)', () => {
    const empty = { ...result('quiet.example'), privacyConcerns: [], recommendations: [] };
    const markdown = resultToMarkdown(empty);
    expect(markdown).toContain(`## Privacy Concerns\n\n${MESSAGES.noPrivacyConcerns}\n`);
    expect(markdown).toContain(`## Recommendations\n\n${MESSAGES.noRecommendations}\n`);
  });
});

describe('ResultCards', () => {
  it('shows an empty card as a sentence, not as an empty box', () => {
    render(<ResultCards result={{ ...result('quiet.example'), privacyConcerns: [], recommendations: [] }} />);
    const card = screen.getByRole('region', { name: MESSAGES.privacyConcerns });
    expect(card.textContent).toContain(MESSAGES.noPrivacyConcerns);
    expect(card.querySelector('li')).toBeNull();
    expect(screen.getByRole('region', { name: MESSAGES.keyPoints }).textContent).toContain('Disputes go to arbitration.');
  });
});
