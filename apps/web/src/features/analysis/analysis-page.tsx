import { ACCOUNT_MESSAGES, FREE_ANALYSES, freeAnalysesLeft, MESSAGES, type AnalysisResult } from '@fineprint/contracts';
import { startTransition, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { analyzeFile, analyzeText, errorMessage, fetchSubscriptionStatus } from '../../lib/api';
import { describeFailure, isCancel, type Failure } from './failure';
import { CancelledNotice, ErrorBox } from './state-notices';
import { forgetPendingUrl, onPendingReady, rememberPendingUrl, takeReadyPendingUrl } from '../../lib/pending-analysis';
import { useSubscription } from '../../lib/subscription-context';
import { ProvidedForm, type ProvidedInput } from './provided-form';
import { LazyResultView, preloadResultView } from './lazy-result';
import { KeepPanel } from './keep-panel';
import { WatchPanel } from './watch-panel';
import { RecentlyAnalysed } from './recently-analysed';
import { ResultSkeleton } from './result-skeleton';
import { permalinkIdInLocation } from './history';
import { usePermalink } from './permalink';
import { ProgressPanel } from './progress-panel';
import { useProgress } from './progress-stream';

/** The main screen: address form (or a pasted text or uploaded file), progress, error box and the three result cards. */
export function AnalysisPage() {
  const { status, isStatusKnown, setDialogOpen, refresh } = useSubscription();
  const [url, setUrl] = useState('');
  const [isLoading, setLoading] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isCancelled, setCancelled] = useState(false);
  const [pasteRequest, setPasteRequest] = useState(0);
  const [result, setResult] = useState<AnalysisResult | null>(null);
  const addressField = useRef<HTMLInputElement>(null);
  /** The last analysis asked for, for the error box's "Try again". */
  const lastRun = useRef<(() => void) | null>(null);
  const setError = (message: string | null) => setFailure(message === null ? null : { message, nextSteps: [] });
  // A permalink's place is held from the first paint until its result (or its error) arrives.
  const [isOpeningPermalink, setOpeningPermalink] = useState(() => typeof window !== 'undefined' && Boolean(permalinkIdInLocation()));
  useEffect(() => {
    if (isOpeningPermalink) preloadResultView();
  }, [isOpeningPermalink]);
  usePermalink({
    // Rendered as a transition: React yields while it builds the long result, so the page stays responsive (TBT).
    setResult: (kept) =>
      startTransition(() => {
        setOpeningPermalink(false);
        setResult(kept);
      }),
    setError: (message) => {
      setOpeningPermalink(false);
      setError(message);
    },
  });
  const progress = useProgress();

  const openSubscription = () => {
    setDialogOpen(true);
    toast(MESSAGES.freeLimitToast);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      setError(MESSAGES.emptyUrl);
      return;
    }
    await analyzeAddress(url.trim());
  };

  /** An address, followed stage by stage with its Cancel. */
  const analyzeAddress = (address: string) => {
    lastRun.current = () => void analyzeAddress(address);
    return run(() => progress.analyze(address), address);
  };

  const submitProvided = (input: ProvidedInput) => {
    lastRun.current = () => submitProvided(input);
    void run(() => (input.kind === 'text' ? analyzeText(input.text, input.type) : analyzeFile(input.file, input.type)));
  };

  /**
   * After a cancel, the counter is read again until the server has given the analysis back (it
   * does so when it sees the connection close, a moment after the page closed it), at most a few times.
   */
  const refreshAfterCancel = async (usedBefore: number) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const next = await refresh();
      if (next.isSubscribed || next.searchCount <= usedBefore) return;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };

  /** One analysis, whatever its input: status first, then the call; the same error box and dialog for every path. */
  // The paywall keeps the last result on screen and remembers the address, analysed after payment (issue 12 item 4).
  const run = async (analyze: () => Promise<AnalysisResult>, address?: string) => {
    const previous = result;
    const stopAtPaywall = () => {
      setResult(previous);
      if (address) rememberPendingUrl(address);
      openSubscription();
    };
    setError(null);
    setCancelled(false);
    setLoading(true);
    preloadResultView();
    let usedBefore: number | undefined;
    let wasCancelled = false;
    try {
      const status = await fetchSubscriptionStatus();
      usedBefore = status.searchCount;
      if (!status.isSubscribed && status.searchCount >= FREE_ANALYSES) {
        stopAtPaywall();
        return;
      }
      forgetPendingUrl();
      setResult(null);
      setResult(await analyze());
      // A permalink opened earlier (?r=…) no longer names what is on screen: a reload must not bring it back.
      if (permalinkIdInLocation()) window.history.replaceState(null, '', window.location.pathname);
    } catch (caught) {
      const message = errorMessage(caught);
      if (isCancel(caught)) {
        // A cancel is the visitor's own choice, not a failure: a neutral notice, and back to the address field.
        wasCancelled = true;
        setCancelled(true);
        addressField.current?.focus();
      } else if (message?.includes(MESSAGES.subscriptionRequired)) {
        stopAtPaywall();
      } else {
        setFailure(describeFailure(caught, address));
      }
    } finally {
      setLoading(false);
      void (wasCancelled && usedBefore !== undefined ? refreshAfterCancel(usedBefore) : refresh());
    }
  };

  // After a verified payment or restore, the address the paywall stopped runs by itself.
  const analyzeRef = useRef(analyzeAddress);
  useEffect(() => {
    analyzeRef.current = analyzeAddress;
  });
  useEffect(() => {
    const runPending = () => {
      const pending = takeReadyPendingUrl();
      if (!pending) return;
      setUrl(pending);
      void analyzeRef.current(pending);
    };
    runPending();
    return onPendingReady(runPending);
  }, []);

  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        {result && !isLoading ? ACCOUNT_MESSAGES.analysisReady : ''}
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="site-url" className="sr-only">
          Website address
        </label>
        <input
          ref={addressField}
          id="site-url"
          type="url"
          required
          inputMode="url"
          autoComplete="url"
          placeholder={MESSAGES.urlPlaceholder}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-slate-900 focus:outline-none"
        />
        <Button type="submit" disabled={isLoading}>
          Analyze
        </Button>
      </form>
      {/* A fixed slot (one line; empty for a subscriber and until the status is read, so the pre-rendered screen shows no wrong count). */}
      <p className="min-h-5 text-sm text-slate-600" aria-live="polite" data-testid="free-counter">
        {status.isSubscribed || !isStatusKnown ? '' : freeAnalysesLeft(Math.max(0, FREE_ANALYSES - status.searchCount), FREE_ANALYSES)}
      </p>
      <ProvidedForm isBusy={isLoading} onSubmit={submitProvided} onInvalid={setError} pasteRequest={pasteRequest} />
      {isLoading && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-slate-900" aria-hidden="true" />
          {MESSAGES.analyzing}
        </p>
      )}
      {progress.isRunning && <ProgressPanel stages={progress.stages} onCancel={progress.cancel} />}
      {isCancelled && !isLoading && <CancelledNotice />}
      {failure && (
        <ErrorBox
          failure={failure}
          onRetry={() => lastRun.current?.()}
          onPaste={() => setPasteRequest((n) => n + 1)}
          onHttp={(address) => {
            setUrl(address);
            void analyzeAddress(address);
          }}
        />
      )}
      {isOpeningPermalink && !result && !failure && !isLoading && <ResultSkeleton />}
      {result && <LazyResultView result={result} />}
      <KeepPanel result={isLoading ? null : result} />
      <WatchPanel result={isLoading ? null : result} />
      {!result && !isLoading && !isOpeningPermalink && <RecentlyAnalysed />}
    </div>
  );
}
