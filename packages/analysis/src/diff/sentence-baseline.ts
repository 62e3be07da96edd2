import { diffArrays } from 'diff';
import type { Clause } from '../segment/segment';
import type { ClauseDiffEntry } from './clause-diff';
import { normalizeForCompare } from './normalize';
import { textBlocksOf, type VersionBlock } from './versions';

/**
 * The yardstick of the clause diff (issue 23, item 6): a plain sentence diff of the two texts.
 * Each block that is not a short heading (the segmenter keeps those as context, not clauses) is
 * cut after every . ! or ? followed by white space, with no knowledge of abbreviations or
 * numbering; the two sentence sequences are diffed (Myers, normalised texts); the sentences
 * removed or added are the changed ones. A changed sentence is found when the clause diff's
 * reported clauses on its side (the earlier text for removed and reworded, the later for added
 * and reworded) cover at least COVERED of its characters. A reported clause is right when at least
 * half of some changed sentence of its side lies within it: a clause is one sentence to the
 * segmenter but may be several fragments to the plain cut ("… the U.S." | "Department of …"), and
 * the fragments that did not change are part of a clause that did. `reported`/`found` also count
 * plain sentences covered by reported clauses, the stricter sentence-level figure.
 */
const COVERED = 0.9;
const SHORT_HEADING = 160;

interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** The plain sentences of a version, with offsets into its text. */
export function plainSentences(blocks: readonly VersionBlock[]): Sentence[] {
  const out: Sentence[] = [];
  for (const block of textBlocksOf(blocks)) {
    if (block.kind === 'heading' && block.text.length < SHORT_HEADING) continue;
    const cut = /[.!?]["'”’)\]]*\s+/g;
    let from = 0;
    const push = (to: number) => {
      const raw = block.text.slice(from, to);
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      // A numbering label cut off by the plain cut ("J.", "11.") is no sentence.
      if (/\p{L}{2}/u.test(text)) out.push({ text, start: block.start + from + lead, end: block.start + from + lead + text.length });
    };
    for (let m = cut.exec(block.text); m; m = cut.exec(block.text)) {
      push(m.index + m[0].trimEnd().length);
      from = m.index + m[0].length;
    }
    push(block.text.length);
  }
  return out;
}

/** The counts of one pair: changed sentences, reported sentences, and those both. */
export interface SentenceScore {
  changed: number;
  reported: number;
  found: number;
  /** Reported clause sides (a reworded clause counts twice), and those holding a changed sentence. */
  clauses: number;
  rightClauses: number;
  /** Changed sentences the clause diff missed, and reported clauses holding no changed sentence. */
  missed: string[];
  extra: string[];
}

/** Scores a clause diff of two versions against the plain sentence diff of their texts. */
export function scoreAgainstSentenceDiff(
  before: readonly VersionBlock[],
  after: readonly VersionBlock[],
  entries: readonly ClauseDiffEntry[],
): SentenceScore {
  const a = plainSentences(before);
  const b = plainSentences(after);
  const changedA = new Set<number>();
  const changedB = new Set<number>();
  let i = 0;
  let j = 0;
  for (const part of diffArrays(
    a.map((s) => normalizeForCompare(s.text)),
    b.map((s) => normalizeForCompare(s.text)),
  )) {
    const count = part.count ?? part.value.length;
    if (part.removed) for (let k = 0; k < count; k++) changedA.add(i++);
    else if (part.added) for (let k = 0; k < count; k++) changedB.add(j++);
    else {
      i += count;
      j += count;
    }
  }
  const spansA: Clause[] = entries.flatMap((e) => (e.before ? [e.before] : []));
  const spansB: Clause[] = entries.flatMap((e) => (e.after ? [e.after] : []));
  const score: SentenceScore = {
    changed: changedA.size + changedB.size,
    reported: 0,
    found: 0,
    clauses: 0,
    rightClauses: 0,
    missed: [],
    extra: [],
  };
  for (const [sentences, changed, spans, text] of [
    [a, changedA, spansA, before],
    [b, changedB, spansB, after],
  ] as const) {
    const mark = coverage(textBlocksOf(text), spans);
    sentences.forEach((s, k) => {
      const isReported = coveredShare(mark, s) >= COVERED;
      const isChanged = changed.has(k);
      if (isReported) score.reported++;
      if (isReported && isChanged) score.found++;
      if (isChanged && !isReported) score.missed.push(s.text);
    });
    const changedSpans = sentences.filter((_, k) => changed.has(k));
    for (const clause of spans) {
      score.clauses++;
      if (changedSpans.some((s) => overlap(s, clause) * 2 >= Math.min(s.end - s.start, clause.end - clause.start))) score.rightClauses++;
      else score.extra.push(clause.text);
    }
  }
  return score;
}

function overlap(x: { start: number; end: number }, y: { start: number; end: number }): number {
  return Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
}

function coverage(blocks: ReturnType<typeof textBlocksOf>, spans: ReadonlyArray<{ start: number; end: number }>): Uint8Array {
  const last = blocks.at(-1);
  const mark = new Uint8Array(last ? last.start + last.text.length : 0);
  for (const span of spans) mark.fill(1, span.start, span.end);
  return mark;
}

function coveredShare(mark: Uint8Array, s: Sentence): number {
  let total = 0;
  let covered = 0;
  for (let k = 0; k < s.text.length; k++) {
    if (/\s/.test(s.text[k]!)) continue;
    total++;
    covered += mark[s.start + k] ?? 0;
  }
  return total === 0 ? 1 : covered / total;
}
