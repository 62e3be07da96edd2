import type { AnalysisResult } from '@fineprint/contracts';

/** One past analysis on this device: its permalink id, the site it read and when. */
export interface HistoryEntry {
  id: string;
  site: string;
  at: string;
}

const STORAGE_KEY = 'fineprint.history';
/** Analyses the list keeps, newest first. */
export const HISTORY_LENGTH = 10;

/** The site a result read: the host of its first document (provided documents have none worth naming). */
export function siteOf(result: AnalysisResult): string {
  const url = result.documents.find((d) => d.source !== 'provided')?.url;
  if (!url) return 'your document';
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** This device's last analyses (localStorage); an unreadable or foreign value reads as none. */
export function readHistory(): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (e): e is HistoryEntry =>
          typeof e === 'object' && e !== null && typeof e.id === 'string' && typeof e.site === 'string' && typeof e.at === 'string',
      )
      .slice(0, HISTORY_LENGTH);
  } catch {
    return [];
  }
}

/** Puts a kept result first in the list (once), keeping HISTORY_LENGTH entries; results without a permalink are not listed. */
export function rememberResult(result: AnalysisResult, now = new Date()): HistoryEntry[] {
  if (!result.resultId) return readHistory();
  const entry = { id: result.resultId, site: siteOf(result), at: now.toISOString() };
  const next = [entry, ...readHistory().filter((e) => e.id !== entry.id && e.site !== entry.site)].slice(0, HISTORY_LENGTH);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or denied: the list is a convenience.
  }
  return next;
}

export function forgetHistory(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The page address that reopens a kept result: the main screen with `?r=<id>`. */
export function permalinkOf(id: string, origin = window.location.origin): string {
  return `${origin}/?r=${encodeURIComponent(id)}`;
}

/** The permalink id in the current address, if any. */
export function permalinkIdInLocation(search = window.location.search): string | undefined {
  const id = new URLSearchParams(search).get('r');
  return id && /^[A-Za-z0-9_-]{22}$/.test(id) ? id : undefined;
}
