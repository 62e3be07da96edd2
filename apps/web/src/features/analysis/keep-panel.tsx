import type { AnalysisResult } from '@fineprint/contracts';
import { useEffect, useState } from 'react';
import { forgetHistory, readHistory, rememberResult } from './history';
import { RecentAnalyses } from './recent-analyses';
import { ShareMenu } from './share-menu';

/** Below the result: its share actions, and this device's last analyses (the result on screen added first). */
export function KeepPanel({ result }: { result: AnalysisResult | null }) {
  const [entries, setEntries] = useState(readHistory);
  useEffect(() => {
    if (result?.resultId) setEntries(rememberResult(result));
  }, [result]);
  return (
    <>
      {result && <ShareMenu result={result} />}
      <RecentAnalyses
        entries={entries}
        onForget={() => {
          forgetHistory();
          setEntries([]);
        }}
      />
    </>
  );
}
