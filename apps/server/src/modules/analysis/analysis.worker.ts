import { AnalysisError, analyzeSite, type AnalysisErrorCode } from '@fineprint/analysis';
import type { AnalysisResult } from '@fineprint/contracts';

/** One analysis as a worker thread receives it: only data crosses threads. */
export interface AnalysisTask {
  site: string;
  allowlist: readonly string[];
  deadlineMs: number;
}

/** The worker's answer: the result, or the analysis error's code and sentence (errors lose their class crossing threads). */
export type AnalysisOutcome =
  { ok: true; result: AnalysisResult } | { ok: false; code: AnalysisErrorCode; message: string; isTransient: boolean };

/** Runs in a worker thread (piscina): the whole analysis, so fetching, parsing and classifying never block the server's event loop. */
export default async function runAnalysis(task: AnalysisTask): Promise<AnalysisOutcome> {
  try {
    return { ok: true, result: await analyzeSite(task.site, { allowlist: task.allowlist, deadlineMs: task.deadlineMs }) };
  } catch (error) {
    if (error instanceof AnalysisError) return { ok: false, code: error.code, message: error.message, isTransient: error.isTransient };
    throw error;
  }
}
