import {
  FACT_IDS,
  type Changes,
  type ClauseChange,
  type DocumentType,
  type FactAnswer,
  type FactId,
  type FactSheet,
} from '@fineprint/contracts';
import { diffArrays } from 'diff';
import { diffClauses, type ClauseDiffEntry } from './clause-diff';
import { hashDocumentText, normalizeForCompare, withoutDatesAndNumbers } from './normalize';
import { versionClauses, type DatedDocumentVersion, type DocumentVersion, type VersionBlock } from './versions';

/** Clause changes a site's `changes` lists; a rewrite's others are counted in `moreClauses`. */
export const MAX_LISTED_CLAUSE_CHANGES = 200;

/** One fact-sheet answer that differs between two sheets. */
export interface FactDifference {
  id: FactId;
  before: FactAnswer;
  after: FactAnswer;
}

/**
 * The answers that differ between two fact sheets: exactly those whose value or detail fields
 * differ (the clauses quoted, and their offsets, are not the answer: a reworded clause saying the
 * same thing is a clause change, not a fact change). Each side keeps its own sheet's evidence.
 */
export function diffFactSheets(before: FactSheet, after: FactSheet): FactDifference[] {
  const out: FactDifference[] = [];
  for (const id of FACT_IDS) {
    const old = before[id];
    const fresh = after[id];
    if (!old || !fresh) continue;
    if (canonicalAnswer(old) !== canonicalAnswer(fresh)) out.push({ id, before: old, after: fresh });
  }
  return out;
}

function canonicalAnswer(answer: FactAnswer): string {
  // Top-level keys in order; nested values (periods, variants) keep their own order, which the readers fix.
  const fields = Object.entries(answer)
    .filter(([key]) => key !== 'evidence')
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return JSON.stringify(fields);
}

/** What changed in one document: its fact differences, its clause changes, and whether only dates or numbering did. */
export interface DocumentDiff {
  facts: FactDifference[];
  clauses: ClauseDiffEntry[];
  onlyDates: boolean;
}

/** Diffs two versions of one document (blocks and own fact sheets): clauses, facts, and the dates-only flag. */
export function diffDocumentVersion(
  before: { blocks: readonly VersionBlock[]; factSheet: FactSheet },
  after: { blocks: readonly VersionBlock[]; factSheet: FactSheet },
): DocumentDiff {
  const clauses = diffClauses(versionClauses(before.blocks), versionClauses(after.blocks));
  const facts = diffFactSheets(before.factSheet, after.factSheet);
  const headings = changedHeadings(before.blocks, after.blocks);
  // Texts that differ with no clause changed differ in numbering labels or headings only.
  const onlyDates =
    hashDocumentText(before.blocks) !== hashDocumentText(after.blocks) &&
    facts.length === 0 &&
    clauses.every((c) => c.onlyDates) &&
    headings.every(([x, y]) => withoutDatesAndNumbers(x) === withoutDatesAndNumbers(y));
  return { facts, clauses, onlyDates };
}

/** Headings (not clauses, so not in the clause diff) that changed, paired in order within each changed stretch. */
function changedHeadings(before: readonly VersionBlock[], after: readonly VersionBlock[]): Array<[string, string]> {
  const headingsOf = (blocks: readonly VersionBlock[]) =>
    blocks.filter((b) => b.kind === 'heading').map((b) => normalizeForCompare(b.text));
  const pairs: Array<[string, string]> = [];
  let removed: string[] = [];
  for (const part of diffArrays(headingsOf(before), headingsOf(after))) {
    if (part.removed) removed.push(...part.value);
    else if (part.added) {
      part.value.forEach((text, k) => pairs.push([removed[k] ?? '', text]));
      removed = removed.slice(part.value.length);
    } else {
      for (const text of removed) pairs.push([text, '']);
      removed = [];
    }
  }
  for (const text of removed) pairs.push([text, '']);
  return pairs;
}

/**
 * What changed on a site between two sets of kept versions (one per document type): documents
 * that appeared or disappeared, and for each document whose text changed, its fact-sheet answers
 * (before → after, each with its own version's clauses and date) and its clause changes.
 * `onlyDates` when every change is a date or numbering. Returns undefined when nothing changed.
 */
export function diffSiteVersions(
  before: readonly DatedDocumentVersion[],
  after: readonly DatedDocumentVersion[],
  options: { maxClauses?: number } = {},
): Changes | undefined {
  const max = options.maxClauses ?? MAX_LISTED_CLAUSE_CHANGES;
  const changes: Changes = {
    since: latest(before),
    until: latest(after),
    facts: [],
    clauses: [],
    moreClauses: 0,
    documents: [],
    onlyDates: false,
  };
  let everyChangeIsDates = true;
  const types: DocumentType[] = ['terms', 'privacy'];
  for (const type of types) {
    const old = before.find((d) => d.type === type);
    const fresh = after.find((d) => d.type === type);
    if (!old && !fresh) continue;
    if (!old || !fresh) {
      changes.documents.push({ type, change: old ? 'disappeared' : 'appeared', url: (old ?? fresh)!.url });
      everyChangeIsDates = false;
      continue;
    }
    if (old.textHash === fresh.textHash) continue;
    changes.documents.push({ type, change: 'changed', url: fresh.url });
    const diff = diffDocumentVersion(old, fresh);
    everyChangeIsDates &&= diff.onlyDates;
    for (const f of diff.facts)
      changes.facts.push({ id: f.id, document: type, before: f.before, after: f.after, beforeDate: old.readAt, afterDate: fresh.readAt });
    for (const entry of diff.clauses) {
      if (changes.clauses.length >= max) changes.moreClauses++;
      else changes.clauses.push(toClauseChange(type, entry));
    }
  }
  if (changes.documents.length === 0) return undefined;
  changes.onlyDates = everyChangeIsDates;
  return changes;
}

/**
 * Dates a new reading of a site's documents against its previous versions: a document whose
 * text is unchanged keeps the date it was first read at, any other is dated `readAt`.
 */
export function dateReading(
  before: readonly DatedDocumentVersion[],
  documents: readonly DocumentVersion[],
  readAt: string,
): DatedDocumentVersion[] {
  return documents.map((d) => {
    const old = before.find((b) => b.type === d.type);
    return { ...d, readAt: old && old.textHash === d.textHash ? old.readAt : readAt };
  });
}

/**
 * What changed on a site from its previous versions to a new reading (dated by `dateReading`):
 * `diffSiteVersions` of the two. The server runs it in the analysis's worker thread (a whole
 * rewritten policy takes seconds), or in a pool task of its own.
 */
export function diffReading(
  before: readonly DatedDocumentVersion[],
  documents: readonly DocumentVersion[],
  readAt: string,
): Changes | undefined {
  return diffSiteVersions(before, dateReading(before, documents, readAt));
}

function toClauseChange(document: DocumentType, entry: ClauseDiffEntry): ClauseChange {
  return {
    document,
    change: entry.change,
    ...(entry.before ? { before: entry.before.text } : {}),
    ...(entry.after ? { after: entry.after.text } : {}),
    ...(entry.words ? { words: entry.words } : {}),
    ...(entry.onlyDates ? { onlyDates: true } : {}),
  };
}

function latest(versions: readonly DatedDocumentVersion[]): string {
  return versions.reduce((max, v) => (v.readAt > max ? v.readAt : max), '');
}

/** One line saying what changed (a history step's summary; the words are the caller's to translate into the visitor's). */
export interface ChangeCounts {
  facts: number;
  added: number;
  removed: number;
  reworded: number;
  /** Clause changes beyond the listed ones. */
  more: number;
  appeared: DocumentType[];
  disappeared: DocumentType[];
  onlyDates: boolean;
}

/** Counts a site's changes by kind (for the history's one-line summaries). */
export function countChanges(changes: Changes): ChangeCounts {
  const count = (kind: ClauseChange['change']) => changes.clauses.filter((c) => c.change === kind).length;
  return {
    facts: changes.facts.length,
    added: count('added'),
    removed: count('removed'),
    reworded: count('reworded'),
    more: changes.moreClauses,
    appeared: changes.documents.filter((d) => d.change === 'appeared').map((d) => d.type),
    disappeared: changes.documents.filter((d) => d.change === 'disappeared').map((d) => d.type),
    onlyDates: changes.onlyDates,
  };
}
