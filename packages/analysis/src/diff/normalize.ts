import { createHash } from 'node:crypto';

/**
 * The text of a clause as compared between versions: Unicode compatibility forms, curly quotes
 * and dashes unified, invisible characters dropped and whitespace collapsed, so that markup and
 * typography noise is never reported as a change.
 */
export function normalizeForCompare(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A numbering label at a clause's start: "3.", "4.2", "(b)", "K.", "iv)". */
const LEADING_LABEL = /^(?:\(?\d+(?:\.\d+)*[.)]?|\(?[a-z][.)]|\(?[ivxlcdm]+[.)])\s+(?=\S)/i;

/**
 * The key two versions' clauses are matched by: the compared text without its numbering label,
 * so a clause renumbered by an inserted section ("J. Beta Previews" → "K. Beta Previews") is the
 * same clause, not a change.
 */
export function clauseKey(text: string): string {
  const normal = normalizeForCompare(text);
  return normal.replace(LEADING_LABEL, '');
}

/** SHA-256 (hex) of a document's blocks as compared: equal hashes mean no change worth a version. */
export function hashDocumentText(blocks: ReadonlyArray<{ text: string }>): string {
  const hash = createHash('sha256');
  for (const block of blocks) {
    const text = normalizeForCompare(block.text);
    if (text) hash.update(text).update('\n');
  }
  return hash.digest('hex');
}

// "may" is a month only beside a number ("May 3", "3 May"): "we may share" → "we share" is a real change.
const MONTHS = 'january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';
const DATE_OR_NUMBER = new RegExp(
  [
    // "March 3, 2025", "3 March 2025", "Mar. 2025"
    `\\b(?:${MONTHS})\\.?(?=[\\s\\d,]|$)`,
    '\\bmay(?=\\s*\\d)',
    '(?<=\\d\\s*)may\\b',
    // 2025-03-01, 03/01/2025, 1.3.2025, 1st, 2nd, 3rd, 4th, plain numbers
    '\\d+(?:st|nd|rd|th)?\\b',
    // numbering labels at a clause's start or in brackets: "(a)", "(iv)", "§"
    '\\((?:[a-z]|[ivxlc]+)\\)',
    '§',
  ].join('|'),
  'gi',
);

/**
 * A clause with its dates and numbering taken out: two clauses equal in this form differ only in
 * dates or numbering ("Last updated: March 1, 2025" → "Last updated: July 4, 2026", "3.1 …" → "4.1 …").
 */
export function withoutDatesAndNumbers(text: string): string {
  return normalizeForCompare(text)
    .toLowerCase()
    .replace(DATE_OR_NUMBER, ' ')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}
