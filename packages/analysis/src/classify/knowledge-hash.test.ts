import { describe, expect, it } from 'vitest';
import { hashModelKnowledge } from './knowledge-hash';
import { TRAINED_ON_KNOWLEDGE } from './model-weights.generated';

describe('the clause model', () => {
  it('was trained on the current taxonomy and cues (otherwise: retrain needed, run npm run train)', () => {
    expect(hashModelKnowledge(), 'retrain needed: the taxonomy or cues changed since the weights were trained (npm run train)').toBe(
      TRAINED_ON_KNOWLEDGE,
    );
  });
});
