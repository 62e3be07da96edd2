import type { AnalysisResult } from '@fineprint/contracts';
import { lazy, Suspense } from 'react';
import { ResultSkeleton } from './result-skeleton';

let loading: Promise<typeof import('./result-view')> | undefined;
/** The chunk, fetched once (asked again after a failure). */
const loadResultView = () => {
  loading ??= import('./result-view').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};

/**
 * Starts loading the result's code (verdict, cards, evidence table, changes): when a permalink
 * opens, in parallel with its result, and when an analysis starts, long before it ends. A failure
 * here is not reported: rendering the result asks again.
 */
export function preloadResultView(): void {
  loadResultView().catch(() => undefined);
}

const ResultViewChunk = lazy(() => loadResultView().then((module) => ({ default: module.ResultView })));

/** The result, its code loaded on demand; until it is there, the skeleton holds the result's place (no layout shift). */
export function LazyResultView({ result }: { result: AnalysisResult }) {
  return (
    <Suspense fallback={<ResultSkeleton />}>
      <ResultViewChunk result={result} />
    </Suspense>
  );
}
