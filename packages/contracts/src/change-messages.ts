/**
 * Texts of what changed in a site's documents (issue 23): the result's "Changed since" section,
 * the history timeline and its one-line summaries.
 */
import type { DocumentType } from './schemas';
import type { FactId } from './fact-ids';

const DOCUMENT_NAMES: Record<DocumentType, string> = { terms: 'Terms of Service', privacy: 'Privacy Policy' };
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Counts a step's one-line summary is written from. */
export interface ChangeSummaryCounts {
  facts: number;
  added: number;
  removed: number;
  reworded: number;
  more: number;
  appeared: DocumentType[];
  disappeared: DocumentType[];
  onlyDates: boolean;
}

/** "March 2025" (UTC): the month a history starts. */
export const monthYear = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "3 March 2025" (UTC): the date of a version. */
export const dayMonthYear = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const CHANGE_MESSAGES = {
  changedSince: (iso: string) => `Changed since ${dayMonthYear(iso)}`,
  onlyDates: 'Only dates or numbering changed; nothing else in the documents did.',
  factsHeading: 'Answers that changed',
  clausesHeading: 'Clauses that changed',
  before: 'Before',
  after: 'After',
  added: 'Added',
  removed: 'Removed',
  reworded: 'Reworded',
  moreClauses: (n: number) => `${plural(n, 'more clause', 'more clauses')} changed (not listed).`,
  documentAppeared: (type: DocumentType) => `The ${DOCUMENT_NAMES[type]} appeared.`,
  documentDisappeared: (type: DocumentType) => `The ${DOCUMENT_NAMES[type]} was not found this time.`,
  factLabel: (id: FactId) => id.replace(/_/g, ' '),
  inDocument: (type: DocumentType) => `in the ${DOCUMENT_NAMES[type]}`,
  notStated: 'not stated',
  versionsSince: (count: number, iso: string) => `${plural(count, 'version', 'versions')} since ${monthYear(iso)}`,
  timelineHeading: 'History of these documents',
  showChanges: 'Show what changed',
  hideChanges: 'Hide',
  historyLoading: 'Loading the history...',
  historyFailed: 'The history could not be loaded. Please try again.',
  historyNotFound: 'No history is kept for this site yet.',
  stepNotFound: 'This step of the history is no longer kept.',
  firstRead: (types: DocumentType[]) => `First read: ${types.map((t) => DOCUMENT_NAMES[t]).join(' and ')}.`,
  /** The one-line summary of a history step. */
  summary(counts: ChangeSummaryCounts): string {
    if (counts.onlyDates) return 'Only dates or numbering changed.';
    const parts: string[] = [];
    if (counts.facts > 0) parts.push(`${plural(counts.facts, 'answer', 'answers')} changed`);
    const clauses = counts.added + counts.removed + counts.reworded + counts.more;
    if (clauses > 0) {
      const kinds = [
        counts.added ? `${counts.added} added` : '',
        counts.removed ? `${counts.removed} removed` : '',
        counts.reworded ? `${counts.reworded} reworded` : '',
      ].filter(Boolean);
      parts.push(`${plural(clauses, 'clause', 'clauses')} changed${counts.more === 0 && kinds.length ? ` (${kinds.join(', ')})` : ''}`);
    }
    for (const type of counts.appeared) parts.push(`the ${DOCUMENT_NAMES[type]} appeared`);
    for (const type of counts.disappeared) parts.push(`the ${DOCUMENT_NAMES[type]} was not found`);
    if (parts.length === 0) return 'The text changed in its headings or layout only.';
    const line = parts.join('; ');
    return `${line[0]!.toUpperCase()}${line.slice(1)}.`;
  },
} as const;
