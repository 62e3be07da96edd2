import type { ChangedWords } from '@fineprint/contracts';
import { diffArrays, diffWords } from 'diff';
import type { Clause } from '../segment/segment';
import { clauseKey, normalizeForCompare, withoutDatesAndNumbers } from './normalize';

/** One clause-level change between two versions of a document. */
export interface ClauseDiffEntry {
  change: 'added' | 'removed' | 'reworded';
  before?: Clause;
  after?: Clause;
  /** Reworded clauses: both versions' words in reading order, the changed ones marked. */
  words?: ChangedWords[];
  /** The clauses differ only in dates or numbering (or the clause holds nothing else). */
  onlyDates: boolean;
}

/** Two clauses of one changed stretch are one reworded clause when their words overlap this much (Dice coefficient). */
const REWORDED_SIMILARITY = 0.5;
/** In a long changed stretch, a removed clause is compared only with added clauses about this near its own place. */
const PAIRING_WINDOW = 60;

/**
 * Diffs two versions' clauses: the longest common run of unchanged clauses (jsdiff's Myers diff
 * over their normalised texts without numbering labels: a renumbered clause is unchanged), then, in each changed stretch between unchanged ones, a removed
 * and an added clause with mostly the same words are one reworded clause with its changed words
 * marked; the rest are added or removed. A clause moved elsewhere is removed there and added here,
 * as a sentence diff of the two texts would say.
 */
export function diffClauses(allBefore: readonly Clause[], allAfter: readonly Clause[]): ClauseDiffEntry[] {
  // A "clause" without a word ("3.1.", "=====") is numbering or markup left by extraction, never a change.
  const before = allBefore.filter(hasWords);
  const after = allAfter.filter(hasWords);
  const a = before.map((c) => clauseKey(c.text));
  const b = after.map((c) => clauseKey(c.text));
  const entries: ClauseDiffEntry[] = [];
  let i = 0;
  let j = 0;
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    if (removed.length || added.length) entries.push(...pairStretch(before, after, removed, added));
    removed = [];
    added = [];
  };
  for (const part of diffArrays(a, b)) {
    const count = part.count ?? part.value.length;
    if (part.removed) for (let k = 0; k < count; k++) removed.push(i++);
    else if (part.added) for (let k = 0; k < count; k++) added.push(j++);
    else {
      flush();
      i += count;
      j += count;
    }
  }
  flush();
  return entries;
}

function pairStretch(before: readonly Clause[], after: readonly Clause[], removed: number[], added: number[]): ClauseDiffEntry[] {
  const words = new Map<string, Set<string>>();
  const wordsOf = (side: 'a' | 'b', index: number, clause: Clause) => {
    const key = `${side}${index}`;
    let set = words.get(key);
    if (!set)
      words.set(
        key,
        (set = new Set(
          normalizeForCompare(clause.text)
            .toLowerCase()
            .match(/[\p{L}\p{N}]+/gu) ?? [],
        )),
      );
    return set;
  };
  const candidates: Array<{ r: number; s: number; score: number }> = [];
  for (let r = 0; r < removed.length; r++) {
    const centre = removed.length > 1 ? Math.round((r * (added.length - 1)) / (removed.length - 1)) : 0;
    const from = Math.max(0, centre - PAIRING_WINDOW);
    const to = Math.min(added.length, centre + PAIRING_WINDOW + 1);
    const old = before[removed[r]!]!;
    const oldWords = wordsOf('a', r, old);
    for (let s = from; s < to; s++) {
      const fresh = after[added[s]!]!;
      // The same text elsewhere is a moved clause, not a reworded one.
      if (clauseKey(old.text) === clauseKey(fresh.text)) continue;
      // A clause whose only difference is a date ("Last updated: …") is that clause, however short.
      const isDateEdit = withoutDatesAndNumbers(old.text) === withoutDatesAndNumbers(fresh.text);
      const score = isDateEdit ? 1 : dice(oldWords, wordsOf('b', s, fresh));
      if (score >= REWORDED_SIMILARITY) candidates.push({ r, s, score });
    }
  }
  candidates.sort((x, y) => y.score - x.score || x.r - y.r || x.s - y.s);
  const pairOfRemoved = new Map<number, number>();
  const pairedAdded = new Set<number>();
  for (const { r, s } of candidates) {
    if (pairOfRemoved.has(r) || pairedAdded.has(s)) continue;
    pairOfRemoved.set(r, s);
    pairedAdded.add(s);
  }
  // Reading order: the later version's order, a removed clause where it stood relative to the others.
  const entries: Array<{ key: number; entry: ClauseDiffEntry }> = [];
  for (let r = 0; r < removed.length; r++) {
    const old = before[removed[r]!]!;
    const s = pairOfRemoved.get(r);
    if (s === undefined) {
      const key = removed.length > 1 ? (r * Math.max(added.length - 1, 0)) / (removed.length - 1) : 0;
      entries.push({ key: key - 0.5, entry: { change: 'removed', before: old, onlyDates: isDateOnly(old.text) } });
      continue;
    }
    const fresh = after[added[s]!]!;
    entries.push({
      key: s,
      entry: {
        change: 'reworded',
        before: old,
        after: fresh,
        words: markWords(old.text, fresh.text),
        onlyDates: withoutDatesAndNumbers(old.text) === withoutDatesAndNumbers(fresh.text),
      },
    });
  }
  for (let s = 0; s < added.length; s++) {
    if (pairedAdded.has(s)) continue;
    const fresh = after[added[s]!]!;
    entries.push({ key: s, entry: { change: 'added', after: fresh, onlyDates: isDateOnly(fresh.text) } });
  }
  return entries.sort((x, y) => x.key - y.key).map((e) => e.entry);
}

/** Both versions' words in order, those only one version has marked (jsdiff's word diff). */
export function markWords(before: string, after: string): ChangedWords[] {
  return diffWords(normalizeForCompare(before), normalizeForCompare(after)).map((part) => ({
    text: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}

/** A clause that says nothing but a date or a number ("Effective: 1 March 2025"; "Last updated: …" included). */
function isDateOnly(text: string): boolean {
  const rest = withoutDatesAndNumbers(text)
    .replace(/\b(?:last|updated|update|revised|effective|date|as|of|on|version|modified)\b/g, '')
    .trim();
  return rest === '';
}

function hasWords(clause: Clause): boolean {
  return /\p{L}{2}/u.test(clause.text);
}

function dice(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const word of x) if (y.has(word)) shared++;
  return (2 * shared) / (x.size + y.size);
}
