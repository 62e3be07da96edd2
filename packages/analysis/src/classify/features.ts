import { CATEGORIES } from './taxonomy';

/**
 * Features of one sentence for the learned model: lower-cased word unigrams and bigrams,
 * plus one feature per taxonomy pattern family that matches ("re:<category>"), so the model
 * learns how far to trust each hand-written pattern.
 */
export function extractFeatures(sentence: string, matched: readonly string[] = matchPatternCategories(sentence)): string[] {
  const words = sentence.toLowerCase().match(/[\p{L}]+|\d+/gu) ?? [];
  const features = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    features.add(words[i]!);
    if (i > 0) features.add(`${words[i - 1]} ${words[i]}`);
  }
  for (const id of matched) features.add(`re:${id}`);
  if (sentence.length > 0 && sentence === sentence.toUpperCase() && /[A-Z]{4}/.test(sentence)) features.add('shape:allcaps');
  return [...features];
}

/** Ids of the taxonomy categories whose patterns match the sentence (exclusions applied). */
export function matchPatternCategories(sentence: string): string[] {
  const ids: string[] = [];
  for (const category of CATEGORIES) {
    const exclude: readonly RegExp[] = ('exclude' in category ? category.exclude : undefined) ?? [];
    if (category.patterns.some((p) => p.test(sentence)) && !exclude.some((p) => p.test(sentence))) ids.push(category.id);
  }
  return ids;
}
