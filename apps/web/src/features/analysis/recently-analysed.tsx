import { BROWSE_MESSAGES, type RecentResult } from '@fineprint/contracts';
import { useEffect, useState } from 'react';
import { fetchRecentResults } from '../../lib/browse-api';

/**
 * "Recently analysed" (issue 22 item 9): sites whose kept result anyone can open through its
 * permalink, with grade and date, and a way to compare two of them. Nothing shows until the
 * list arrives (it sits at the end of the screen, so nothing above it moves) or when it is empty.
 */
export function RecentlyAnalysed() {
  const [results, setResults] = useState<RecentResult[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => {
    let isCurrent = true;
    fetchRecentResults()
      .then((list) => isCurrent && setResults(list.results))
      // The list is a convenience: without it the screen is complete.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  if (results.length === 0) return null;
  const toggle = (id: string) => setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now.slice(-1), id]));
  const compareHref = picked.length === 2 ? `/compare?a=${encodeURIComponent(picked[0]!)}&b=${encodeURIComponent(picked[1]!)}` : undefined;
  return (
    <section aria-labelledby="recently-analysed" className="fp-no-print rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="recently-analysed" className="text-base font-semibold">
        {BROWSE_MESSAGES.recentHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{BROWSE_MESSAGES.recentIntro}</p>
      <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="recently-analysed">
        {results.map((entry) => (
          <li key={entry.resultId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
            <span className="inline-flex w-16 shrink-0 items-center text-xs font-semibold text-slate-700">
              {BROWSE_MESSAGES.gradeWord(entry.grade)}
            </span>
            <a
              href={`/?r=${encodeURIComponent(entry.resultId)}`}
              className="inline-flex min-h-6 items-center font-medium break-all underline"
            >
              {entry.site}
            </a>
            <time dateTime={entry.analysedAt} className="text-xs text-slate-600">
              {new Date(entry.analysedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
            </time>
            <label className="ml-auto inline-flex min-h-6 items-center gap-1 text-xs text-slate-700">
              <input type="checkbox" checked={picked.includes(entry.resultId)} onChange={() => toggle(entry.resultId)} />
              {BROWSE_MESSAGES.recentPick}
              <span className="sr-only"> {entry.site}</span>
            </label>
          </li>
        ))}
      </ul>
      {compareHref ? (
        <a href={compareHref} className="mt-2 inline-flex min-h-6 items-center text-sm font-medium underline">
          {BROWSE_MESSAGES.recentCompare}
        </a>
      ) : (
        <p className="mt-2 text-xs text-slate-600">{BROWSE_MESSAGES.recentPickTwo}</p>
      )}
    </section>
  );
}
