import { SHARE_MESSAGES } from '@fineprint/contracts';
import type { HistoryEntry } from './history';

/** This device's last analyses, each a link to its permalink. */
export function RecentAnalyses({ entries, onForget }: { entries: HistoryEntry[]; onForget: () => void }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="history-heading" className="fp-no-print rounded-lg border border-slate-200 p-3">
      <h2 id="history-heading" className="mb-2 text-sm font-semibold">
        {SHARE_MESSAGES.historyHeading}
      </h2>
      <ul className="space-y-1 text-sm" data-testid="history">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-baseline gap-2">
            <a href={`/?r=${encodeURIComponent(entry.id)}`} className="inline-block min-h-6 underline">
              {entry.site}
            </a>
            <time dateTime={entry.at} className="text-xs text-slate-600">
              {new Date(entry.at).toLocaleString()}
            </time>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onForget} className="mt-2 min-h-6 text-xs text-slate-600 underline">
        {SHARE_MESSAGES.historyClear}
      </button>
    </section>
  );
}
