import type { AnalysisResult } from '@fineprint/contracts';
import { useRef, useState } from 'react';
import { analyzeUrlStreamed } from '../../lib/api';

/** The stages of the running analysis and a cancel for it. */
export function useProgress() {
  const [stages, setStages] = useState<string[]>([]);
  const [isRunning, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  return {
    stages,
    isRunning,
    analyze: async (url: string): Promise<AnalysisResult> => {
      const stop = new AbortController();
      controller.current = stop;
      setStages([]);
      setRunning(true);
      try {
        return await analyzeUrlStreamed(url, (message) => setStages((s) => [...s, message]), stop.signal);
      } finally {
        setRunning(false);
        controller.current = null;
      }
    },
    cancel: () => controller.current?.abort(),
  };
}
