import { SHARE_MESSAGES } from '@fineprint/contracts';

/**
 * The place a permalink's result will take, held from the first paint: at least a screen high,
 * so the footer starts below the fold and nothing visible moves when the result arrives (CLS).
 */
export function ResultSkeleton() {
  return (
    <div className="min-h-screen space-y-4" data-testid="result-skeleton">
      <p role="status" className="text-sm text-slate-600">
        {SHARE_MESSAGES.permalinkLoading}
      </p>
      <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-slate-100" />
      <div aria-hidden="true" className="h-64 animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}
