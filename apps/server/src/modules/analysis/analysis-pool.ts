import { availableParallelism } from 'node:os';
import { AnalysisError } from '@fineprint/analysis';
import type { AnalysisResult } from '@fineprint/contracts';
import { Piscina } from 'piscina';
import { ServiceError } from '../../errors';
import type { AnalysisOutcome, AnalysisTask } from './analysis.worker';

/** Analyses one worker thread runs at once: they mostly wait on the network. */
const TASKS_PER_THREAD = 2;
/** Analyses waiting for a thread; past this the server answers 503 "busy". */
const MAX_QUEUED_ANALYSES = 100;
/** Time a worker gets after the reading deadline to finish parsing and classifying before it is stopped. */
const CPU_GRACE_MS = 10_000;

const WORKER_URL = new URL('./analysis.worker.ts', import.meta.url);

/**
 * A pool of worker threads, one per core (at least two), that runs analyses off the event
 * loop. A task still running at its deadline plus a grace period is stopped by terminating its
 * worker, whatever it is doing; a full queue is refused at once.
 */
export function createAnalysisPool(options: { threads?: number } = {}) {
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
    /** Analyses one site in a worker; throws AnalysisError as analyzeSite would, ServiceError BUSY when the queue is full. */
    async run(task: AnalysisTask): Promise<AnalysisResult> {
      if (pool.queueSize >= MAX_QUEUED_ANALYSES) throw busy();
      let outcome: AnalysisOutcome;
      try {
        outcome = (await pool.run(task, { signal: AbortSignal.timeout(task.deadlineMs + CPU_GRACE_MS) })) as AnalysisOutcome;
      } catch (error) {
        if ((error as Error).name === 'AbortError')
          throw new AnalysisError('TIMEOUT', 'Reading this site took too long, so the analysis was stopped.', { isTransient: true });
        if (/queue is at limit/i.test((error as Error).message)) throw busy();
        throw error;
      }
      if (outcome.ok) return outcome.result;
      throw new AnalysisError(outcome.code, outcome.message, { isTransient: outcome.isTransient });
    },
    /** Analyses waiting for a thread. */
    get queued(): number {
      return pool.queueSize;
    },
    async close(): Promise<void> {
      await pool.destroy();
    },
  };
}

function busy(): ServiceError {
  return new ServiceError('BUSY', 'The server is busy analysing other sites. Please try again in a minute.');
}
