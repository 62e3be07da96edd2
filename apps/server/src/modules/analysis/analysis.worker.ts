import {
  AnalysisError,
  analyzeDocuments,
  analyzeSite,
  type AnalysisErrorCode,
  type BrowserSettings,
  type DocumentInput,
  type DocumentVersion,
  type LlmDiagnostics,
  type LlmSettings,
} from '@fineprint/analysis';
import type { MessagePort } from 'node:worker_threads';
import type { AnalysisResult } from '@fineprint/contracts';
import { pageSlotsOver } from './page-slot-port';

/**
 * One analysis as a worker thread receives it: only data crosses threads. Either a site to
 * find and read, or documents the visitor provided (pasted text, an uploaded file).
 */
export type AnalysisTask = (
  | {
      site: string;
      allowlist: readonly string[];
      /** Host names never fetched: this server's own (`fetchScope` in app.ts). */
      blockedHosts?: readonly string[];
      deadlineMs: number;
      browser?: TaskBrowserSettings | undefined;
    }
  | { documents: DocumentInput[]; deadlineMs: number }
) & {
  /** The optional LLM engine's settings (plain data); unset = the built-in engine only. */
  llm?: LlmSettings;
  /**
   * The analysis's own port (transferred with the task): the worker says `started` on it first
   * (the pool's hard stop counts from then), posts each progress sentence, and asks the main
   * thread for page slots; a `'cancel'` message on it aborts this analysis.
   */
  port?: MessagePort;
};

/** The browser settings a task carries: plain data; the worker adds page slots asked of the main thread over the task's port. */
export type TaskBrowserSettings = Omit<BrowserSettings, 'pageSlots'>;

/** The worker's first message on the task's port: the work has begun (queue and thread start-up are behind it). */
export const STARTED = '\u0000started';

/** The worker's answer: the result, or the analysis error's code and sentence (errors lose their class crossing threads). */
export type AnalysisOutcome = (
  | {
      ok: true;
      /** A site's result carries its documents as the version store keeps them (`documentVersions`, issue 23). */
      result: AnalysisResult & { documentVersions?: DocumentVersion[] };
    }
  | { ok: false; code: AnalysisErrorCode; message: string; isTransient: boolean }
) & {
  /** Milliseconds the analysis ran in this thread (the pool derives the time it waited for a thread). */
  runMs: number;
  /** The LLM engine's calls, tokens, latency and outcome, when it ran. */
  llm?: LlmDiagnostics;
};

/** Marks the end of an analysis's progress on its port (ports and piscina's own channel are not ordered together). */
export const PROGRESS_END = '\u0000end';

/** Runs in a worker thread (piscina): the whole analysis, so fetching, parsing and classifying never block the server's event loop. */
export default async function runAnalysis(task: AnalysisTask): Promise<AnalysisOutcome> {
  const started = performance.now();
  const port = task.port;
  port?.postMessage(STARTED);
  let llm: LlmDiagnostics | undefined;
  const cancelled = new AbortController();
  port?.on('message', (message) => message === 'cancel' && cancelled.abort());
  const onProgress = port && ((message: string) => port.postMessage(message));
  const engine = { llm: task.llm, onLlmDiagnostics: (d: LlmDiagnostics) => (llm = d), onProgress };
  let documentVersions: DocumentVersion[] | undefined;
  try {
    const result =
      'documents' in task
        ? await analyzeDocuments(task.documents, engine)
        : await analyzeSite(task.site, {
            allowlist: task.allowlist,
            blockedHosts: task.blockedHosts,
            deadlineMs: task.deadlineMs,
            // With a port, the process's page slots are the main thread's; without one, this thread's own.
            browser: task.browser && port ? { ...task.browser, pageSlots: pageSlotsOver(port) } : task.browser,
            signal: cancelled.signal,
            ...engine,
            onDocumentVersions: (v) => (documentVersions = v),
          });
    if (cancelled.signal.aborted) return cancelledOutcome(started);
    return { ok: true, result: documentVersions ? { ...result, documentVersions } : result, runMs: performance.now() - started, llm };
  } catch (error) {
    if (cancelled.signal.aborted) return cancelledOutcome(started);
    if (error instanceof AnalysisError)
      return { ok: false, code: error.code, message: error.message, isTransient: error.isTransient, runMs: performance.now() - started };
    throw error;
  } finally {
    // The last message on the port: every progress sentence before it has been delivered.
    port?.postMessage(PROGRESS_END);
    port?.close();
  }
}

/** A cancelled analysis ends as a transient timeout (its quota unit is given back by the service). */
function cancelledOutcome(started: number): AnalysisOutcome {
  return { ok: false, code: 'TIMEOUT', message: 'The analysis was cancelled.', isTransient: true, runMs: performance.now() - started };
}
