import { DOCUMENT_HISTORY_DAYS } from '@fineprint/contracts';

/** The days a site document's version is kept, injected by the server into index.html from DOCUMENT_HISTORY_DAYS (its default when absent). */
export function documentHistoryDays(): number {
  const value = Number(document.querySelector('meta[name="document-history-days"]')?.getAttribute('content'));
  return Number.isInteger(value) && value > 0 ? value : DOCUMENT_HISTORY_DAYS;
}
