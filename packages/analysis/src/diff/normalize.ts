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

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';
/**
 * Dates and numbering: a month with its day ("March 3", "3rd of May"), a month and year, a year,
 * a numeric date, a number after "Section"/"Article"/"§", a numbering label at the start. Other
 * numbers stay: "30 days" → "15 days" is a real change. "may" alone is a verb, never taken out.
 */
const DATES_AND_NUMBERING = [
  new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, 'gi'),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\b`, 'gi'),
  new RegExp(`\\b(?:${MONTHS})\\.?,?\\s+(?=(?:19|20)\\d\\d\\b)`, 'gi'),
  /\b(?:19|20)\d\d\b/g,
  /\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b/g,
  /(?<=\b(?:section|sections|article|clause|paragraph|part|schedule|annex|appendix|§)\s*)\d+(?:\.\d+)*[a-z]?\b/gi,
  LEADING_LABEL,
];

/**
 * A clause with its dates and numbering taken out: two clauses equal in this form differ only in
 * dates or numbering ("Last updated: March 1, 2025" → "Last updated: July 4, 2026", "3.1 …" → "4.1 …").
 */
export function withoutDatesAndNumbers(text: string): string {
  let rest = normalizeForCompare(text);
  for (const pattern of DATES_AND_NUMBERING) rest = rest.replace(pattern, ' ');
  return rest
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
