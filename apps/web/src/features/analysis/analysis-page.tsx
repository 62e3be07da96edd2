import { FREE_ANALYSES, MESSAGES, type AnalysisResult } from '@fineprint/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { analyzeUrl, errorMessage, fetchSubscriptionStatus } from '../../lib/api';
import { useSubscription } from '../../lib/subscription-context';
import { ResultCards } from './result-cards';

/** The main screen: address form, progress, error box and the three result cards. */
export function AnalysisPage() {
  const { setDialogOpen, refresh } = useSubscription();
  const [url, setUrl] = useState('');
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AnalysisResult | null>(null);

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
    setError(null);
    setResult(null);
    setLoading(true);
    try {
      const status = await fetchSubscriptionStatus();
      if (!status.isSubscribed && status.searchCount >= FREE_ANALYSES) {
        openSubscription();
        return;
      }
      setResult(await analyzeUrl(url.trim()));
    } catch (caught) {
      const message = errorMessage(caught);
      if (message?.includes(MESSAGES.subscriptionRequired)) {
        openSubscription();
      } else {
        setError(message ? `${MESSAGES.analysisFailedPrefix}${message}` : MESSAGES.analysisFallback);
      }
    } finally {
      setLoading(false);
      void refresh();
    }
  };

  return (
    <div className="space-y-6">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="site-url" className="sr-only">
          Website address
        </label>
        <input
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
      {isLoading && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-slate-900" aria-hidden="true" />
          {MESSAGES.analyzing}
        </p>
      )}
      {error && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <h2 className="font-semibold">{MESSAGES.errorTitle}</h2>
          <p className="mt-1 text-sm">{error}</p>
        </div>
      )}
      {result && <ResultCards result={result} />}
    </div>
  );
}
