import { SHARE_MESSAGES, type AnalysisResult } from '@fineprint/contracts';
import { useEffect, useState } from 'react';
import { http } from '../../lib/http';
import { permalinkIdInLocation } from './history';

/** A kept result by its permalink id: no visitor id, no quota (`GET /api/results/:id`); throws on 404. */
export async function fetchKeptResult(id: string): Promise<AnalysisResult> {
  const { data } = await http.get<AnalysisResult>(`/results/${encodeURIComponent(id)}`);
  return data;
}

/**
 * Opens the kept result named by `?r=<id>` once, when the main screen mounts: shown without an
 * analysis; an expired or unknown id shows the error box.
 */
export function usePermalink(show: { setResult: (r: AnalysisResult) => void; setError: (e: string) => void }) {
  const [handlers] = useState(show);
  useEffect(() => {
    const id = permalinkIdInLocation();
    if (!id) return;
    let isCurrent = true;
    fetchKeptResult(id)
      .then((result) => isCurrent && handlers.setResult(result))
      .catch(() => isCurrent && handlers.setError(SHARE_MESSAGES.permalinkGone));
    return () => {
      isCurrent = false;
    };
  }, [handlers]);
}
