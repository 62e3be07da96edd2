import { createHash } from 'node:crypto';
import { CUE_SETS } from './cues';
import { CATEGORIES } from './taxonomy';

/** Regular expressions as their source, so the hash follows what they match, not how they print. */
const asData = (_key: string, value: unknown) => (value instanceof RegExp ? `/${value.source}/${value.flags}` : value);

/**
 * A hash of the knowledge the clause model's features are made of: the taxonomy's categories
 * (keywords, patterns, exclusions) and the CLAUDETTE cue sets. Training stores it beside the
 * weights; when it differs, the weights were learned on other features and need retraining.
 */
export function hashModelKnowledge(): string {
  // Only what features are computed from: how a category is listed or graded is no feature.
  const features = CATEGORIES.map(({ id, keywords, patterns, exclude, documents }) => ({ id, keywords, patterns, exclude, documents }));
  return createHash('sha256')
    .update(JSON.stringify({ CATEGORIES: features, CUE_SETS }, asData))
    .digest('hex')
    .slice(0, 16);
}
