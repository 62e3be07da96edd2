import {
  AnalysisError,
  analyzeDocuments,
  analyzeSite,
  diffReading,
  type AnalysisErrorCode,
  type BrowserSettings,
  type DocumentInput,
  type DocumentVersion,
  type LlmDiagnostics,
  type LlmSettings,
} from '@fineprint/analysis';
import type { MessagePort } from 'node:worker_threads';
import type { AnalysisResult, Changes } from '@fineprint/contracts';
import type { VersionsToDiff } from './analysis.service';
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
      /** The site's previous versions (read from the store before the task) and this reading's date: the worker diffs against them. */
      versions?: VersionsToDiff;
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
      /**
       * A site's result carries its documents as the version store keeps them (`documentVersions`,
       * issue 23) and, when the task gave previous versions, what changed since them (`versionChanges`).
       */
      result: AnalysisResult & { documentVersions?: DocumentVersion[]; versionChanges?: Changes };
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
    if (!documentVersions) return { ok: true, result, runMs: performance.now() - started, llm };
    // The diff against the previous versions, here rather than in the server's event loop: a rewritten policy takes seconds.
    const versions = 'site' in task ? task.versions : undefined;
    const versionChanges = versions && diffReading(versions.previous, documentVersions, versions.readAt);
    return {
      ok: true,
      result: { ...result, documentVersions, ...(versionChanges ? { versionChanges } : {}) },
      runMs: performance.now() - started,
      llm,
    };
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

/**
 * A pool task of its own (piscina's `name: 'diffVersions'`): what changed from a site's previous
 * versions to a reading, when the reading was diffed against versions another analysis has
 * since replaced (two readings of one site at once).
 */
export function diffVersions(task: VersionsToDiff & { documents: DocumentVersion[] }): Changes | undefined {
  return diffReading(task.previous, task.documents, task.readAt);
}
