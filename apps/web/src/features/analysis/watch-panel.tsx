import { WATCH_MESSAGES, watchedChangedBanner, type AnalysisResult, type WatchList } from '@fineprint/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/api';
import { useSubscription } from '../../lib/subscription-context';
import { fetchWatches, markWatchesSeen, unwatchSite, watchResultSite } from '../../lib/watches';

const hostOf = (site: string) => {
  try {
    return new URL(site).host;
  } catch {
    return site;
  }
};

/**
 * Subscribers only (issue 23 item 4): "N watched sites changed" since their last look, "Watch
 * this site" under a kept result (with the e-mail consent), and the watch list with each
 * watch's last check, its private feed and "Stop watching". Opening the list marks the changes seen.
 */
export function WatchPanel({ result }: { result: AnalysisResult | null }) {
  const { status } = useSubscription();
  const [list, setList] = useState<WatchList | null>(null);
  const [emailAlerts, setEmailAlerts] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [isSeen, setSeen] = useState(false);
  const consentId = useId();
  const resultId = result?.resultId;

  useEffect(() => {
    if (!status.isSubscribed) {
      setList(null);
      return;
    }
    let isCurrent = true;
    fetchWatches(resultId).then(
      (next) => isCurrent && setList(next),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [status.isSubscribed, resultId]);

  if (!status.isSubscribed || !list) return null;
  const current = list.current ? list.watches.find((watch) => watch.id === list.current) : undefined;

  const act = async (work: () => Promise<WatchList>, done: string) => {
    setBusy(true);
    try {
      setList(await work());
      toast(done);
    } catch (error) {
      toast(errorMessage(error) ?? WATCH_MESSAGES.watchNotFound);
    } finally {
      setBusy(false);
    }
  };
  const watch = () => resultId && act(() => watchResultSite(resultId, emailAlerts), WATCH_MESSAGES.watchAdded);
  const unwatch = (id: string) =>
    act(async () => {
      await unwatchSite(id);
      return fetchWatches(resultId);
    }, WATCH_MESSAGES.watchRemoved);

  return (
    <section aria-label={WATCH_MESSAGES.watchListTitle} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      {list.changedCount > 0 && !isSeen && (
        <p role="status" className="font-medium text-amber-900">
          {watchedChangedBanner(list.changedCount)}
        </p>
      )}
      {resultId &&
        (current ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm text-slate-700">{WATCH_MESSAGES.watching}</span>
            <Button variant="outline" disabled={isBusy} onClick={() => void unwatch(current.id)}>
              {WATCH_MESSAGES.unwatch}
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={isBusy} onClick={() => void watch()}>
              {WATCH_MESSAGES.watchSite}
            </Button>
            <label htmlFor={consentId} className="flex items-center gap-2 text-sm text-slate-700">
              <input id={consentId} type="checkbox" checked={emailAlerts} onChange={(e) => setEmailAlerts(e.target.checked)} />
              {WATCH_MESSAGES.emailAlertsLabel}
            </label>
          </div>
        ))}
      <details
        onToggle={(event) => {
          if (event.currentTarget.open && list.changedCount > 0 && !isSeen) {
            setSeen(true);
            void markWatchesSeen().catch(() => undefined);
          }
        }}
      >
        <summary className="cursor-pointer text-sm font-medium text-slate-900">
          {WATCH_MESSAGES.watchListTitle} ({list.watches.length})
        </summary>
        {list.watches.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{WATCH_MESSAGES.watchListEmpty}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {list.watches.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <span className="font-medium text-slate-900">{hostOf(item.site)}</span>
                {item.changed && (
                  <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{WATCH_MESSAGES.changedBadge}</span>
                )}
                <span className="text-slate-600">
                  {WATCH_MESSAGES.lastChecked}:{' '}
                  {item.lastCheckedAt ? new Date(item.lastCheckedAt).toLocaleDateString() : WATCH_MESSAGES.neverChecked}
                </span>
                <a className="text-slate-900 underline" href={new URL(item.feedUrl, window.location.origin).href}>
                  {WATCH_MESSAGES.feedLink}
                </a>
                <Button variant="outline" disabled={isBusy} onClick={() => void unwatch(item.id)}>
                  {WATCH_MESSAGES.unwatch}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
