import { describe, expect, it } from 'vitest';
import { weighedFeaturesOf } from '../classify/classify';
import { sentenceFeatures } from '../classify/features';
import { scoreFeatures, scoreOwnWith } from '../classify/model';
import { MODEL } from '../classify/model-weights.generated';
import { extractDocument } from '../extract/extract';
import { segmentClauses } from '../segment/segment';
import { createQuestionFinder } from './question-finder';
import { QUESTION_MODELS } from './question-finder.generated';
import type { FactDocument } from './reader';

const documentOf = (type: FactDocument['type'], text: string): FactDocument => ({
  type,
  url: `https://example.com/${type}`,
  clauses: segmentClauses(extractDocument(text, 'markdown').blocks),
});

describe('the learned question finder', () => {
  const terms = documentOf(
    'terms',
    'Welcome to Quill. These terms explain how you may use the app.\n\nAny disagreement about these terms shall first be put before the district court of Oslo as the court of first instance.\n\nWe hope you enjoy writing with Quill every day.',
  );
  const privacy = documentOf('privacy', 'We keep the notes you write so that you can read them on every device you sign in on.');
  const find = createQuestionFinder([terms, privacy]);

  it('ranks the clause that speaks to a question, in that question’s own document', () => {
    expect(find('courts').map((l) => l.clause.text)).toEqual([
      'Any disagreement about these terms shall first be put before the district court of Oslo as the court of first instance.',
    ]);
    expect(find('courts').every((l) => l.document === terms)).toBe(true);
  });

  it('shows at most two clauses, none below its margin, and no privacy clause for a question of the terms', () => {
    for (const id of ['governing_law', 'arbitration', 'refunds', 'indemnity'] as const) {
      const found = find(id);
      expect(found.length).toBeLessThanOrEqual(2);
      expect(found.every((l) => l.document === terms)).toBe(true);
    }
    expect(find('retention').every((l) => l.document === privacy)).toBe(true);
  });
});

describe('the question models at run time', () => {
  it('give the margins they were trained with: the clause model’s counts of the clause’s own features', () => {
    const { clauses } = documentOf(
      'privacy',
      'We may share your contact details with advertising partners, who use them to show you ads on other sites.\n\nYou can delete your account in Settings at any time.',
    );
    for (const clause of clauses)
      for (const model of Object.values(QUESTION_MODELS)) {
        // (train-questions.ts: the features of the clause alone that the clause model weighs.)
        const counts = sentenceFeatures(clause.text);
        for (const feature of counts.keys()) if (!(feature in MODEL.idf)) counts.delete(feature);
        const trained = scoreFeatures<string>(counts, model);
        const served = new Float64Array(model.labels.length);
        scoreOwnWith(weighedFeaturesOf(clause), model, served);
        model.labels.forEach((label, j) => expect(served[j]).toBeCloseTo(trained[label]!, 10));
      }
  });
});
