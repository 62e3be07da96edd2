import type { AnalysisResult } from '@fineprint/contracts';
import { ResultCards } from './result-cards';
import { ResultChanges } from './site-timeline';

/**
 * A result on screen: what changed since the site's last version, then the verdict, the three
 * cards and the evidence. Its own chunk (`lazy-result.tsx`): the first screen never needs it.
 */
export function ResultView({ result }: { result: AnalysisResult }) {
  return (
    <>
      <ResultChanges result={result} />
      <ResultCards result={result} />
    </>
  );
}
