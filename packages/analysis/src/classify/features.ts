import { CUE_SETS, matchCues } from './cues';
import { CATEGORIES, type Category } from './taxonomy';

/** Raw feature counts of one sentence, before TF-IDF weighting (see model.ts). */
export type FeatureCounts = Map<string, number>;

const PATTERN_WEIGHT = 3;
const CUE_WEIGHT = 5;
export const LEAD_IN_WEIGHT = 0.5;
const CUE_FAMILY = new Map<string, string>(
  Object.entries(CUE_SETS).flatMap(([label, set]) => set.cues.map(([name]) => [name, label] as const)),
);

/**
 * Features of one sentence for the learned model: lower-cased words and word pairs, their
 * crude stems, the taxonomy pattern families that match ("re:"), the CLAUDETTE cues
 * ("cue:", cues.ts) and pairs of cues of one label, and, for a list item, the words of the
 * sentence that introduces the list ("L:"), since "(b) if you breach these Terms;" means
 * nothing without "We may suspend your account:".
 */
export function extractFeatures(sentence: string, leadIn?: string): FeatureCounts {
  return withLeadIn(sentenceFeatures(sentence), leadIn === undefined ? undefined : sentenceFeatures(leadIn));
}

/** The features a list item takes from its lead-in's own features, at reduced weight (a new map). */
export function withLeadIn(own: FeatureCounts, lead: FeatureCounts | undefined): FeatureCounts {
  if (!lead) return own;
  const counts = new Map(own);
  for (const [feature, count] of leadInFeatures(lead)) add(counts, feature, count);
  return counts;
}

/** A lead-in's features as its list items take them ("L:…", at reduced weight): none is one of an item's own. */
export function leadInFeatures(lead: FeatureCounts): FeatureCounts {
  const counts: FeatureCounts = new Map();
  for (const [feature, count] of lead) add(counts, leadInFeature(feature), count * LEAD_IN_WEIGHT);
  return counts;
}

/** The name a lead-in's feature takes in the items of its list. */
export const leadInFeature = (feature: string): string => `L:${feature}`;

/**
 * Receives a sentence's features as they are built, by kind, so a reader may key them as it
 * likes; featureName gives each its one name (what a model weighs and sentenceFeatures counts).
 */
export interface FeatureSink {
  word(word: string): void;
  stem(stem: string): void;
  pair(first: string, second: string): void;
  stemPair(first: string, second: string): void;
  /** A pattern family, a cue or a pair of cues, with its weight. */
  other(feature: string, weight: number): void;
}
/** The names of features of each kind (words and stems hold no space or colon, so each name tells its kind). */
export const featureName = {
  word: (word: string) => word,
  stem: (stem: string) => `s:${stem}`,
  pair: (first: string, second: string) => `${first} ${second}`,
  stemPair: (first: string, second: string) => `s:${first} ${second}`,
};

/** The features of one sentence on its own (no lead-in). */
export function sentenceFeatures(sentence: string, matched: readonly string[] = matchPatternCategories(sentence)): FeatureCounts {
  const counts: FeatureCounts = new Map();
  emitFeatures(sentence, matched, {
    word: (word) => add(counts, featureName.word(word), 1),
    stem: (stem) => add(counts, featureName.stem(stem), 1),
    pair: (first, second) => add(counts, featureName.pair(first, second), 1),
    stemPair: (first, second) => add(counts, featureName.stemPair(first, second), 1),
    other: (feature, weight) => add(counts, feature, weight),
  });
  return counts;
}

/** Every feature of one sentence on its own, given to `sink`: what sentenceFeatures counts, without a map of its own. */
export function emitFeatures(sentence: string, matched: readonly string[], sink: FeatureSink): void {
  emitWords(sink, sentence);
  for (const id of matched) sink.other(`re:${id}`, PATTERN_WEIGHT);
  const cues = matchCues(sentence);
  for (const cue of cues) sink.other(`cue:${cue}`, CUE_WEIGHT);
  for (let a = 0; a < cues.length; a++)
    for (let b = a + 1; b < cues.length; b++)
      if (CUE_FAMILY.get(cues[a]!) === CUE_FAMILY.get(cues[b]!)) sink.other(`cp:${cues[a]}&${cues[b]}`, CUE_WEIGHT);
}

function add(counts: FeatureCounts, feature: string, weight: number): void {
  counts.set(feature, (counts.get(feature) ?? 0) + weight);
}

function emitWords(sink: FeatureSink, text: string): void {
  const words = text.toLowerCase().match(/[\p{L}]+|\d+/gu) ?? [];
  const stems = words.map(stem);
  for (let i = 0; i < words.length; i++) {
    const stemmed = stems[i] !== words[i];
    sink.word(words[i]!);
    if (stemmed) sink.stem(stems[i]!);
    if (i > 0) {
      sink.pair(words[i - 1]!, words[i]!);
      // A stem pair only where a stem differs from its word; otherwise it repeats the word pair.
      if (stemmed || stems[i - 1] !== words[i - 1]) sink.stemPair(stems[i - 1]!, stems[i]!);
    }
  }
}

/** A crude suffix-stripping stem: "terminated", "termination" and "terminates" share "termin". */
function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(?:ational|ations?|ings?|ed|es|s|ments?|ly|ities|ity|ive|able|ible)$/, '').replace(/[ey]$/, '');
}

const LIST_ITEM = /^\s*(?:\(?[a-z0-9ivx]{1,4}[.)]\s|[a-z])/;
const ENDS_LIST_ITEM = /[;,]\s*(?:or|and)?\s*$/;

/**
 * Index of the sentence that introduces the list sentence i belongs to (the nearest earlier
 * sentence ending in a colon, over list items only), or -1 when sentence i is not a list item.
 */
export function leadInIndex(sentences: readonly string[], i: number): number {
  const isItem = LIST_ITEM.test(sentences[i]!) || (i > 0 && /:\s*$/.test(sentences[i - 1]!));
  if (!isItem) return -1;
  for (let k = i - 1; k >= Math.max(0, i - 15); k--) {
    const text = sentences[k]!;
    if (/:\s*$/.test(text)) return k;
    if (!ENDS_LIST_ITEM.test(text) && !LIST_ITEM.test(text)) return -1;
  }
  return -1;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KEYWORDS = [...new Set(CATEGORIES.flatMap((category) => category.keywords))].sort((a, b) => b.length - a.length);
/**
 * One scan finds every keyword position (a lookahead consumes nothing). Where several
 * keywords start at one position the longest is reported, and each of the others is a prefix
 * of it: so a keyword stands for every category gated by a prefix of it.
 */
const KEYWORD_SCAN = new RegExp(`(?=(${KEYWORDS.map(escape).join('|')}))`, 'g');
const GATED_BY = new Map(
  KEYWORDS.map((keyword) => [keyword, new Set(CATEGORIES.filter((c) => c.keywords.some((k) => keyword.startsWith(k))))] as const),
);

/**
 * For loose sentences that carry their document and position (CLAUDETTE records: doc, sid),
 * the lead-in of each, read in its document's order; undefined where there is none or the
 * record lacks doc or sid.
 */
export function leadInsInDocuments(records: ReadonlyArray<{ sentence: string; doc?: string; sid?: number }>): Array<string | undefined> {
  const documents = new Map<string, number[]>();
  records.forEach((record, i) => {
    if (record.doc !== undefined && record.sid !== undefined) documents.set(record.doc, [...(documents.get(record.doc) ?? []), i]);
  });
  const leadIns: Array<string | undefined> = records.map(() => undefined);
  for (const indices of documents.values()) {
    indices.sort((a, b) => records[a]!.sid! - records[b]!.sid!);
    const texts = indices.map((i) => records[i]!.sentence);
    indices.forEach((index, position) => {
      const lead = leadInIndex(texts, position);
      if (lead >= 0) leadIns[index] = texts[lead];
    });
  }
  return leadIns;
}

/** Ids of the taxonomy categories whose patterns match the sentence (exclusions applied). */
export function matchPatternCategories(sentence: string): string[] {
  const candidates = new Set<Category>();
  for (const match of sentence.toLowerCase().matchAll(KEYWORD_SCAN))
    for (const category of GATED_BY.get(match[1]!)!) candidates.add(category);
  const ids: string[] = [];
  for (const category of CATEGORIES) {
    if (!candidates.has(category)) continue;
    const exclude: readonly RegExp[] = category.exclude ?? [];
    if (category.patterns.some((p) => p.test(sentence)) && !exclude.some((p) => p.test(sentence))) ids.push(category.id);
  }
  return ids;
}
