import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { AnalysisError, type LlmDiagnostics } from '@fineprint/analysis';
import type { AnalysisResult } from '@fineprint/contracts';
import { Piscina } from 'piscina';
import { ServiceError } from '../../errors';
import { PROGRESS_END, type AnalysisOutcome, type AnalysisTask } from './analysis.worker';

/** Analyses one worker thread runs at once: they mostly wait on the network. */
const TASKS_PER_THREAD = 2;
/** Analyses waiting for a thread; past this the server answers 503 "busy". */
const MAX_QUEUED_ANALYSES = 100;
/** Time a worker gets after the reading deadline to finish parsing and classifying before it is stopped. */
const CPU_GRACE_MS = 10_000;

// The worker beside this file: its TypeScript source under tsx/vitest, the compiled file in production.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './analysis.worker.ts' : './analysis.worker.js', import.meta.url);

/**
 * A pool of worker threads, one per core (at least two), that runs analyses off the event
 * loop. A task still running at its deadline plus a grace period is stopped by terminating its
 * worker, whatever it is doing; a full queue is refused at once.
 */
export function createAnalysisPool(
  options: {
    threads?: number;
    /** Receives the seconds each finished task waited for a thread (`queue`) and ran in it (`run`). */
    observe?: (stage: 'queue' | 'run', seconds: number) => void;
  } = {},
) {
  const threads = options.threads ?? Math.max(2, availableParallelism());
  const isSource = WORKER_URL.pathname.endsWith('.ts');
  const pool = new Piscina({
    filename: WORKER_URL.href,
    minThreads: 1,
    maxThreads: threads,
    concurrentTasksPerWorker: TASKS_PER_THREAD,
    maxQueue: MAX_QUEUED_ANALYSES,
    // Running from TypeScript sources (development, tests): the worker needs tsx's loader too.
    execArgv: isSource && !process.execArgv.some((arg) => arg.includes('tsx')) ? ['--import', 'tsx'] : process.execArgv,
  });
  return {
    /** Analyses one site (or the visitor's documents) in a worker; throws AnalysisError as analyzeSite would, ServiceError BUSY when the queue is full. */
    async run(task: AnalysisTask, onLlm?: (diagnostics: LlmDiagnostics) => void, watch: AnalysisWatch = {}): Promise<AnalysisResult> {
      if (pool.queueSize >= MAX_QUEUED_ANALYSES) throw busy();
      if (watch.signal?.aborted) throw cancelledError();
      let outcome: AnalysisOutcome;
      const submitted = performance.now();
      // Progress and cancel cross threads on a port of their own; a cancel stops this analysis only.
      const channel = watch.onProgress || watch.signal ? new MessageChannel() : undefined;
      const cancel = () => channel?.port1.postMessage('cancel');
      let progressEnded = () => {};
      const progressEnd = new Promise<void>((resolve) => (progressEnded = resolve));
      channel?.port1.on('message', (message: string) => (message === PROGRESS_END ? progressEnded() : watch.onProgress?.(message)));
      watch.signal?.addEventListener('abort', cancel, { once: true });
      try {
        // The LLM engine, when configured, runs after reading and gives up at its own timeout (+ 1 s).
        const llmMs = task.llm ? task.llm.timeoutMs + 1_000 : 0;
        outcome = (await pool.run(channel ? { ...task, progress: channel.port2 } : task, {
          signal: AbortSignal.timeout(task.deadlineMs + llmMs + CPU_GRACE_MS),
          ...(channel ? { transferList: [channel.port2] } : {}),
        })) as AnalysisOutcome;
        // The worker answered: its last progress sentences are still on their way through the port.
        if (channel) await progressEnd;
      } catch (error) {
        if ((error as Error).name === 'AbortError')
          throw new AnalysisError(
            'TIMEOUT',
            `Reading this ${'documents' in task ? 'document' : 'site'} took too long, so the analysis was stopped.`,
            { isTransient: true },
          );
        if (/queue is at limit/i.test((error as Error).message)) throw busy();
        throw error;
      } finally {
        watch.signal?.removeEventListener('abort', cancel);
        channel?.port1.close();
      }
      if (watch.signal?.aborted) throw cancelledError();
      options.observe?.('run', outcome.runMs / 1000);
      options.observe?.('queue', Math.max(0, performance.now() - submitted - outcome.runMs) / 1000);
      if (outcome.llm) onLlm?.(outcome.llm);
      if (outcome.ok) return outcome.result;
      throw new AnalysisError(outcome.code, outcome.message, { isTransient: outcome.isTransient });
    },
    /** Analyses waiting for a thread. */
    get queued(): number {
      return pool.queueSize;
    },
    /** Share of the threads' time spent running tasks, 0–1. */
    get utilization(): number {
      return pool.utilization;
    },
    async close(): Promise<void> {
      await pool.destroy();
    },
  };
}

/** What a caller may follow and stop: each progress sentence, and a signal that cancels the analysis. */
export interface AnalysisWatch {
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
}

/** A cancelled analysis: the caller is gone (or asked to stop); its quota unit is given back like any failure. */
export function cancelledError(): AnalysisError {
  return new AnalysisError('TIMEOUT', 'The analysis was cancelled.', { isTransient: true });
}

function busy(): ServiceError {
  return new ServiceError('BUSY', 'The server is busy analysing other sites. Please try again in a minute.');
}
