import { CHANGE_MESSAGES, dayMonthYear, type AnalysisResult, type Changes, type SiteHistory } from '@fineprint/contracts';
import { useRef, useState } from 'react';
import { http } from '../../lib/http';
import { ChangedSince } from './changed-since';

/** `GET /api/sites/:site/history`: a site's kept versions, newest first (no visitor, no quota). */
export async function fetchSiteHistory(site: string): Promise<SiteHistory> {
  const { data } = await http.get<SiteHistory>(`/sites/${encodeURIComponent(site)}/history`);
  return data;
}

/** `GET /api/sites/:site/history/:id`: what changed at one step. */
export async function fetchHistoryStep(site: string, id: string): Promise<Changes> {
  const { data } = await http.get<Changes>(`/sites/${encodeURIComponent(site)}/history/${encodeURIComponent(id)}`);
  return data;
}

type Load<T> = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; data: T };

/** One step of the timeline: its date and summary, and its diff opened on demand. */
function Step({ site, step }: { site: string; step: SiteHistory['versions'][number] }) {
  const [diff, setDiff] = useState<Load<Changes>>({ state: 'idle' });
  const toggle = () => {
    if (diff.state === 'done') return setDiff({ state: 'idle' });
    setDiff({ state: 'loading' });
    fetchHistoryStep(site, step.id).then(
      (data) => setDiff({ state: 'done', data }),
      () => setDiff({ state: 'failed', message: CHANGE_MESSAGES.stepNotFound }),
    );
  };
  return (
    <li className="relative border-l-2 border-slate-300 pb-3 pl-4">
      <span className="absolute top-1 -left-[5px] h-2 w-2 rounded-full bg-slate-500" aria-hidden="true" />
      <p className="text-sm">
        <time dateTime={step.date} className="font-medium text-slate-900">
          {dayMonthYear(step.date)}
        </time>{' '}
        <span className="text-slate-700">{step.summary}</span>
      </p>
      {step.hasChanges && (
        <button type="button" className="mt-1 text-sm text-slate-900 underline" aria-expanded={diff.state === 'done'} onClick={toggle}>
          {diff.state === 'done' ? CHANGE_MESSAGES.hideChanges : CHANGE_MESSAGES.showChanges}
        </button>
      )}
      {diff.state === 'loading' && <p className="text-xs text-slate-500">{CHANGE_MESSAGES.historyLoading}</p>}
      {diff.state === 'failed' && <p className="text-xs text-red-800">{diff.message}</p>}
      {diff.state === 'done' && (
        <div className="mt-2">
          <ChangedSince changes={diff.data} headingLevel={3} />
        </div>
      )}
    </li>
  );
}

/**
 * "N versions since <month year>" (issue 23): a site's history as a timeline, loaded when opened,
 * each step with its date and one-line summary, opening its diff.
 */
export function SiteTimeline({ history }: { history: NonNullable<AnalysisResult['history']> }) {
  const [load, setLoad] = useState<Load<SiteHistory>>({ state: 'idle' });
  // Loaded once per opening that finds nothing loaded: toggle events may come twice before the state updates.
  const isLoading = useRef(false);
  const open = (isOpen: boolean) => {
    if (!isOpen || isLoading.current || load.state === 'done') return;
    isLoading.current = true;
    setLoad({ state: 'loading' });
    fetchSiteHistory(history.site)
      .then(
        (data) => setLoad({ state: 'done', data }),
        () => setLoad({ state: 'failed', message: CHANGE_MESSAGES.historyFailed }),
      )
      .finally(() => (isLoading.current = false));
  };
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" onToggle={(e) => open(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-slate-900 select-none">
        {CHANGE_MESSAGES.versionsSince(history.versions, history.since)}
      </summary>
      <div className="mt-3">
        <h3 className="sr-only">{CHANGE_MESSAGES.timelineHeading}</h3>
        {load.state === 'loading' && <p className="text-sm text-slate-500">{CHANGE_MESSAGES.historyLoading}</p>}
        {load.state === 'failed' && <p className="text-sm text-red-800">{load.message}</p>}
        {load.state === 'done' && (
          <ol>
            {load.data.versions.map((step) => (
              <Step key={step.id} site={history.site} step={step} />
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

/** What the result says about its site's history: "Changed since" first, then the timeline (two versions or more). */
export function ResultChanges({ result }: { result: AnalysisResult }) {
  if (!result.changes && (result.history?.versions ?? 0) < 2) return null;
  return (
    <div className="space-y-3">
      {result.changes && <ChangedSince changes={result.changes} />}
      {result.history && result.history.versions >= 2 && <SiteTimeline history={result.history} />}
    </div>
  );
}
