import { emitFeatures, type FeatureCounts, featureName, type FeatureSink, LEAD_IN_WEIGHT, leadInFeature } from './features';
import { MODEL } from './model-weights.generated';
import type { ClaudetteLabel } from './taxonomy';

/**
 * One-vs-rest linear SVMs over TF-IDF weighted, L2-normalised features (scripts/train.ts).
 * A sentence has a label when its margin exceeds the label's threshold.
 */
export interface LinearModel {
  labels: readonly string[];
  /** Inverse document frequency of every feature some label weighs. */
  idf: Record<string, number>;
  bias: Record<string, number>;
  threshold: Record<string, number>;
  weights: Record<string, Record<string, number>>;
}

/** A sparse TF-IDF vector: feature names and their L2-normalised weights. */
export interface SparseVector {
  features: string[];
  values: number[];
}

/** Sublinear term weight: 1 + ln(tf) for counts of 1 or more, the count itself below (down-weighted context features). */
function termWeight(tf: number): number {
  return tf >= 1 ? 1 + Math.log(tf) : tf;
}

/** TF-IDF weighting of raw counts (termWeight × idf), then L2 normalisation; used to train. */
export function vectorize(counts: FeatureCounts, idf: Readonly<Record<string, number>>): SparseVector {
  const features: string[] = [];
  const values: number[] = [];
  let norm = 0;
  for (const [feature, tf] of counts) {
    const weight = idf[feature];
    if (weight === undefined) continue;
    const value = termWeight(tf) * weight;
    features.push(feature);
    values.push(value);
    norm += value * value;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) values[i]! /= norm;
  return { features, values };
}

/** One weighed feature, laid out for scoring: its idf and its weight for every label. */
interface CompiledFeature {
  idf: number;
  weights: Float64Array;
}
/** A feature name's two roles: as a sentence's own feature, and as a list's lead-in gives it ("L:…"); either may be unweighed. */
export interface FeatureRoles {
  /** Its number in its model: where other models over the same features keep their entry for it (scoreOwnWith). */
  id: number;
  own?: CompiledFeature;
  lead?: CompiledFeature;
}
/** A sentence's weighed features and their counts, keyed by role (what weighSentence gives; the rest score zero). */
export type WeighedFeatures = ReadonlyMap<FeatureRoles, number>;

/**
 * The model laid out for scoring: one map lookup per feature name gives its idf and all label
 * weights; and every name some label weighs, by kind, for weighSentence: words and stems by
 * number, so a word pair is found from its two words' numbers without building its name.
 */
interface CompiledModel {
  labels: readonly string[];
  features: Map<string, CompiledFeature>;
  /** Every role by its bare name ("L:" stripped). */
  byName: Map<string, FeatureRoles>;
  wordIds: Map<string, number>;
  stemIds: Map<string, number>;
  roles: {
    word: Map<number, FeatureRoles>;
    stem: Map<number, FeatureRoles>;
    pair: Map<number, FeatureRoles>;
    stemPair: Map<number, FeatureRoles>;
    other: Map<string, FeatureRoles>;
  };
  offsets: Float64Array;
}
const compiled = new WeakMap<LinearModel, CompiledModel>();
/** Pair keys: first × SPAN + second (a small integer while the model has fewer than 2^15 words). */
const SPAN = 1 << 15;

function compile(model: LinearModel): CompiledModel {
  const features = new Map<string, CompiledFeature>();
  const wordIds = new Map<string, number>();
  const stemIds = new Map<string, number>();
  const idOf = (ids: Map<string, number>, text: string) => {
    let id = ids.get(text);
    if (id === undefined) ids.set(text, (id = ids.size));
    // (Two pairs would share a key past SPAN words: a model that large needs a wider key.)
    if (id >= SPAN) throw new Error(`The clause model weighs more than ${SPAN} words: widen SPAN in model.ts.`);
    return id;
  };
  const byName = new Map<string, FeatureRoles>();
  const roles: CompiledModel['roles'] = { word: new Map(), stem: new Map(), pair: new Map(), stemPair: new Map(), other: new Map() };
  const roleOf = <K>(map: Map<K, FeatureRoles>, key: K) => {
    let role = map.get(key);
    if (!role) map.set(key, (role = { id: byName.size }));
    return role;
  };
  for (const [feature, idf] of Object.entries(model.idf)) {
    const entry = { idf, weights: new Float64Array(model.labels.length) };
    features.set(feature, entry);
    const bare = feature.startsWith(LEAD_IN_PREFIX) ? feature.slice(LEAD_IN_PREFIX.length) : feature;
    let role: FeatureRoles;
    if (/^(?:re|cue|cp):/.test(bare)) role = roleOf(roles.other, bare);
    else {
      // The names featureName gives: "s:stem", "s:stem stem", "word", "word word".
      const stems = bare.startsWith(featureName.stem(''));
      const [first, second] = (stems ? bare.slice(featureName.stem('').length) : bare).split(' ') as [string, string?];
      const ids = stems ? stemIds : wordIds;
      const a = idOf(ids, first);
      if (second === undefined) role = roleOf(stems ? roles.stem : roles.word, a);
      else role = roleOf(stems ? roles.stemPair : roles.pair, a * SPAN + idOf(ids, second));
    }
    if (bare === feature) role.own = entry;
    else role.lead = entry;
    byName.set(bare, role);
  }
  model.labels.forEach((label, j) => {
    for (const [feature, weight] of Object.entries(model.weights[label] ?? {})) {
      const entry = features.get(feature);
      if (entry) entry.weights[j] = weight;
    }
  });
  const offsets = Float64Array.from(model.labels, (label) => (model.bias[label] ?? -1) - (model.threshold[label] ?? 0));
  return { labels: model.labels, features, byName, wordIds, stemIds, roles, offsets };
}
const LEAD_IN_PREFIX = leadInFeature('');
const compiledOf = (model: LinearModel): CompiledModel => {
  let c = compiled.get(model);
  if (!c) compiled.set(model, (c = compile(model)));
  return c;
};

/** Sums TF-IDF terms into margins, then divides by the vector's norm and adds each label's offset. */
class Margins {
  private readonly margins: Float64Array;
  private norm = 0;
  constructor(private readonly c: CompiledModel) {
    this.margins = new Float64Array(c.labels.length);
  }
  add(entry: CompiledFeature, tf: number): void {
    const value = termWeight(tf) * entry.idf;
    this.norm += value * value;
    for (let j = 0; j < this.margins.length; j++) this.margins[j]! += entry.weights[j]! * value;
  }
  scores<L extends string>(): Record<L, number> {
    const norm = Math.sqrt(this.norm) || 1;
    const scores = {} as Record<string, number>;
    for (let j = 0; j < this.c.labels.length; j++) scores[this.c.labels[j]!] = this.c.offsets[j]! + this.margins[j]! / norm;
    return scores;
  }
}

/** Margin per label of the model (the CLAUDETTE labels by default), minus the label's threshold: positive means the model says yes. */
export function scoreFeatures<L extends string = ClaudetteLabel>(
  counts: FeatureCounts,
  model: LinearModel = MODEL,
  /** Further features with names of their own (a lead-in's "L:…"): scored as if merged into `counts`, without a copy. */
  more?: FeatureCounts,
): Record<L, number> {
  const c = compiledOf(model);
  const margins = new Margins(c);
  for (const part of more ? [counts, more] : [counts])
    for (const [feature, tf] of part) {
      const entry = c.features.get(feature);
      if (entry) margins.add(entry, tf);
    }
  return margins.scores<L>();
}

/**
 * The features of one sentence that the model weighs, in either role (own or lead-in), counted
 * as sentenceFeatures counts them: scoreWeighed on them gives scoreFeatures's margins, at one
 * lookup per feature and none for the features the model ignores.
 */
export function weighSentence(sentence: string, matched: readonly string[], model: LinearModel = MODEL): WeighedFeatures {
  const counter = new RoleCounter(compiledOf(model));
  emitFeatures(sentence, matched, counter);
  return counter.counts;
}

/** Counts a sentence's features by their roles in one model (a class: one set of methods for every sentence). */
class RoleCounter implements FeatureSink {
  readonly counts = new Map<FeatureRoles, number>();
  constructor(private readonly model: CompiledModel) {}
  word(word: string): void {
    this.count(this.model.roles.word.get(this.model.wordIds.get(word) ?? -1), 1);
  }
  stem(stem: string): void {
    this.count(this.model.roles.stem.get(this.model.stemIds.get(stem) ?? -1), 1);
  }
  pair(first: string, second: string): void {
    this.count(this.model.roles.pair.get(pairKey(this.model.wordIds, first, second)), 1);
  }
  stemPair(first: string, second: string): void {
    this.count(this.model.roles.stemPair.get(pairKey(this.model.stemIds, first, second)), 1);
  }
  other(feature: string, weight: number): void {
    this.count(this.model.roles.other.get(feature), weight);
  }
  private count(role: FeatureRoles | undefined, weight: number): void {
    if (role) this.counts.set(role, (this.counts.get(role) ?? 0) + weight);
  }
}

function pairKey(ids: ReadonlyMap<string, number>, first: string, second: string): number {
  const a = ids.get(first);
  const b = a === undefined ? undefined : ids.get(second);
  return a === undefined || b === undefined ? -1 : a * SPAN + b;
}

/** scoreFeatures for weighed features: a sentence's own, and those of the sentence introducing its list. */
export function scoreWeighed<L extends string = ClaudetteLabel>(
  own: WeighedFeatures,
  leadIn?: WeighedFeatures,
  model: LinearModel = MODEL,
): Record<L, number> {
  const margins = new Margins(compiledOf(model));
  for (const [role, tf] of own) if (role.own) margins.add(role.own, tf);
  if (leadIn) for (const [role, tf] of leadIn) if (role.lead) margins.add(role.lead, tf * LEAD_IN_WEIGHT);
  return margins.scores<L>();
}

/**
 * Margins (in the order of its labels) of another model over a sentence's own features as the clause model weighed them
 * (its lead-in's not counted), written into `out` from `at`: one count of the features serves both, where the other model
 * weighs none the clause model does not (train-questions.ts learns it so). (Into a buffer the caller holds: a typed array
 * per sentence costs more than the sums.)
 */
export function scoreOwnWith(own: WeighedFeatures, model: LinearModel, out: Float64Array, at = 0): void {
  const c = compiledOf(model);
  const linked = linkedTo(model);
  const k = c.labels.length;
  out.fill(0, at, at + k);
  let norm = 0;
  own.forEach((tf, role) => {
    const entry = linked[role.id];
    if (!entry) return;
    const value = termWeight(tf) * entry.idf;
    norm += value * value;
    for (let j = 0; j < k; j++) out[at + j]! += entry.weights[j]! * value;
  });
  norm = Math.sqrt(norm) || 1;
  for (let j = 0; j < k; j++) out[at + j] = c.offsets[j]! + out[at + j]! / norm;
}

/** Another model's features by the number of the clause model's role of the same name (own roles only). */
const LINKED = new WeakMap<LinearModel, Array<CompiledFeature | undefined>>();
function linkedTo(model: LinearModel): Array<CompiledFeature | undefined> {
  let linked = LINKED.get(model);
  if (!linked) {
    const base = compiledOf(MODEL);
    linked = new Array<CompiledFeature | undefined>(base.byName.size).fill(undefined);
    for (const [name, entry] of compiledOf(model).features) {
      const role = base.byName.get(name);
      if (role?.own) linked[role.id] = entry;
    }
    LINKED.set(model, linked);
  }
  return linked;
}

/** A margin mapped to a confidence in (0, 1); 0.5 sits on the decision threshold. */
export function confidence(margin: number): number {
  return 1 / (1 + Math.exp(-3 * margin));
}
