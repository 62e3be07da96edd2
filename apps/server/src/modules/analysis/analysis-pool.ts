import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { AnalysisError, createPageSlots, type DocumentVersion, type LlmDiagnostics } from '@fineprint/analysis';
import type { AnalysisResult, Changes } from '@fineprint/contracts';
import { Piscina } from 'piscina';
import { currentClient } from './client-scope';
import { busy, createFairQueue } from './fair-queue';
import { isSlotRequest, servePageSlots } from './page-slot-port';
import type { VersionsToDiff } from './analysis.service';
import { PROGRESS_END, STARTED, type AnalysisOutcome, type AnalysisTask } from './analysis.worker';

/** Threads per core: an analysis mostly waits on the network, so more threads than cores keep the cores busy. */
const THREADS_PER_CORE = 2;
/** At least this many threads, so that one client's two analyses never fill the pool (see RESERVED_THREADS). */
const MIN_THREADS = 4;
/** At most this many: each thread holds its own copy of the analyzer (~100 MB) and, while it renders, a Chromium. */
const MAX_THREADS = 8;
/** Threads a client's second analysis must leave free for everyone else. */
const RESERVED_THREADS = 1;
/** Analyses waiting per thread; past this a newcomer is refused at once (503). */
const WAITING_PER_THREAD = 2;
/** Default longest wait for a thread before a 503 (the visitor is better told to come back than kept waiting). */
const MAX_WAIT_MS = 15_000;
/** Time a worker gets after the reading deadline to finish parsing and classifying before it is stopped. */
const CPU_GRACE_MS = 10_000;
/** Time a thread may take to start (a cold thread loads the analyzer) before its task is given up. */
const STARTUP_MS = 10_000;
/**
 * Time a site's reading gets on top, when it carries previous versions to diff against: the
 * diff of a policy rewritten whole takes seconds of CPU (4 s median, up to 15 s on a busy
 * machine, over the OTA pairs in `npm run bench`), and it must not turn a read site into a timeout.
 */
const DIFF_GRACE_MS = 20_000;
/** The most time the pool adds to an analysis's own deadline (and LLM time): waiting, a thread's start, the graces. */
export const POOL_OVERHEAD_MS = MAX_WAIT_MS + STARTUP_MS + CPU_GRACE_MS + DIFF_GRACE_MS;
/** Idle threads are kept this long, so a burst does not pay for start-up each time. */
const IDLE_THREAD_MS = 30_000;
/** Pages rendering at once in the process, by default. */
const PAGES = 2;
/** The queue key of work that names no client (benches, tools). */
const NO_CLIENT = '';

// The worker beside this file: its TypeScript source under tsx/vitest, the compiled file in production.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './analysis.worker.ts' : './analysis.worker.js', import.meta.url);

/** How the pool is sized and timed (defaults for the server; tests shorten the times). */
export interface AnalysisPoolOptions {
  /** Worker threads, each running one analysis at a time. Default 2 per core, 4–8. */
  threads?: number;
  /** Browser pages rendering at once in the process (page slots, first come first served). Default 2. */
  pages?: number;
  /** Longest an analysis waits for a thread before it is answered BUSY. Default 15 s. */
  maxWaitMs?: number;
  /** Time after the analysis deadline before its thread is terminated. Default 10 s. */
  cpuGraceMs?: number;
  /** The worker module (a test substitutes one that misbehaves). Default analysis.worker. */
  workerUrl?: URL;
  /** Receives the seconds each finished task waited for a thread (`queue`) and ran in it (`run`). */
  observe?: (stage: 'queue' | 'run', seconds: number) => void;
}

/**
 * A pool of worker threads that runs analyses off the event loop, one analysis per thread at a
 * time, admitted fairly by client (`fair-queue.ts`). An analysis is handed to piscina only when
 * a thread is free for it, and its hard stop (deadline + LLM time + grace) counts from the moment
 * the worker says it has started, so waiting never eats the time of the work; past it the thread
 * is terminated. Page slots of the browser path are granted here, in one FIFO for the process,
 * and every slot an analysis held comes back when it ends, its thread killed or crashed included
 * (the thread's Chromium dies with it: `browser.ts` launches it with PR_SET_PDEATHSIG).
 */
export function createAnalysisPool(options: AnalysisPoolOptions = {}) {
  const threads = options.threads ?? Math.min(MAX_THREADS, Math.max(MIN_THREADS, THREADS_PER_CORE * availableParallelism()));
  const cpuGraceMs = options.cpuGraceMs ?? CPU_GRACE_MS;
  const workerUrl = options.workerUrl ?? WORKER_URL;
  const isSource = workerUrl.pathname.endsWith('.ts');
  const queue = createFairQueue({
    capacity: threads,
    reserve: Math.min(RESERVED_THREADS, threads - 1),
    maxWaiting: threads * WAITING_PER_THREAD,
    maxWaitMs: options.maxWaitMs ?? MAX_WAIT_MS,
  });
  const pageSlots = createPageSlots(options.pages ?? PAGES);
  const pool = new Piscina({
    filename: workerUrl.href,
    minThreads: 1,
    maxThreads: threads,
    // A task with an abort signal gets a thread of its own in piscina anyway: say so.
    concurrentTasksPerWorker: 1,
    // Tasks reach piscina only when a thread is free; its own queue holds them while a thread starts.
    maxQueue: threads,
    idleTimeout: IDLE_THREAD_MS,
    // Running from TypeScript sources (development, tests): the worker needs tsx's loader too.
    execArgv: isSource && !process.execArgv.some((arg) => arg.includes('tsx')) ? ['--import', 'tsx'] : process.execArgv,
  });
  // A thread that fails with no task is replaced by piscina; its tasks' callers get the error. Nothing else to do.
  pool.on('error', () => undefined);

  /** Runs a task admitted by the queue (`submitted`: when it was asked for, for the queue-time metric). */
  async function dispatch(
    task: AnalysisTask,
    submitted: number,
    watch: AnalysisWatch,
    onLlm?: (d: LlmDiagnostics) => void,
  ): Promise<AnalysisResult> {
    // Start, progress, page slots and cancel cross threads on a port of this analysis.
    const channel = new MessageChannel();
    const port = channel.port1;
    const slots = servePageSlots(port, pageSlots);
    const hardStop = new AbortController();
    // The LLM engine, when configured, runs after reading and gives up at its own timeout (+ 1 s).
    const budgetMs =
      task.deadlineMs + (task.llm ? task.llm.timeoutMs + 1_000 : 0) + cpuGraceMs + ('site' in task && task.versions ? DIFF_GRACE_MS : 0);
    const stopIn = (ms: number) => {
      const timer = setTimeout(() => hardStop.abort(), ms);
      timer.unref();
      return timer;
    };
    let timer = stopIn(budgetMs + STARTUP_MS);
    let startedAt: number | undefined;
    let progressEnded = () => {};
    const progressEnd = new Promise<void>((resolve) => (progressEnded = resolve));
    port.on('message', (message: unknown) => {
      if (message === STARTED) {
        startedAt = performance.now();
        clearTimeout(timer);
        timer = stopIn(budgetMs);
      } else if (message === PROGRESS_END) progressEnded();
      else if (isSlotRequest(message)) slots.handle(message);
      else if (typeof message === 'string') watch.onProgress?.(message);
    });
    const cancel = () => port.postMessage('cancel');
    watch.signal?.addEventListener('abort', cancel, { once: true });
    let outcome: AnalysisOutcome;
    try {
      outcome = (await pool.run(
        { ...task, port: channel.port2 },
        { signal: hardStop.signal, transferList: [channel.port2] },
      )) as AnalysisOutcome;
      // The worker answered: its last progress sentences are still on their way through the port.
      await progressEnd;
    } catch (error) {
      if ((error as Error).name === 'AbortError') {
        // A thread that never started the work in time: the server is overloaded, not the site slow.
        if (startedAt === undefined) throw busy();
        throw new AnalysisError(
          'TIMEOUT',
          `Reading this ${'documents' in task ? 'document' : 'site'} took too long, so the analysis was stopped.`,
          { isTransient: true },
        );
      }
      if (/queue is at limit/i.test((error as Error).message)) throw busy();
      throw error;
    } finally {
      clearTimeout(timer);
      watch.signal?.removeEventListener('abort', cancel);
      // Whatever ended the analysis (its thread terminated included), its page slots come back.
      slots.releaseAll();
      port.close();
      if (startedAt !== undefined) queue.observeRun(performance.now() - startedAt);
    }
    if (watch.signal?.aborted) throw cancelledError();
    options.observe?.('run', outcome.runMs / 1000);
    options.observe?.('queue', Math.max(0, (startedAt ?? submitted) - submitted) / 1000);
    if (outcome.llm) onLlm?.(outcome.llm);
    if (outcome.ok) return outcome.result;
    throw new AnalysisError(outcome.code, outcome.message, { isTransient: outcome.isTransient });
  }

  return {
    /**
     * Analyses one site (or the visitor's documents) in a worker once the client's turn comes
     * (the client: `watch.client`, else the one `runAsClient` set); throws AnalysisError as
     * analyzeSite would, ServiceError BUSY when it cannot start in time.
     */
    async run(task: AnalysisTask, onLlm?: (diagnostics: LlmDiagnostics) => void, watch: AnalysisWatch = {}): Promise<AnalysisResult> {
      if (watch.signal?.aborted) throw cancelledError();
      const submitted = performance.now();
      const leave = await queue.enter(watch.client ?? currentClient() ?? NO_CLIENT, watch.signal).catch((error: unknown) => {
        throw watch.signal?.aborted ? cancelledError() : error;
      });
      try {
        return await dispatch(task, submitted, watch, onLlm);
      } finally {
        leave();
      }
    },
    /**
     * What changed from a site's previous versions to a reading, in a worker thread admitted like
     * an analysis of the same client (the diff of a rewritten policy takes seconds of CPU).
     */
    async diff(task: VersionsToDiff & { documents: DocumentVersion[] }): Promise<Changes | undefined> {
      const leave = await queue.enter(currentClient() ?? NO_CLIENT);
      try {
        return (await pool.run(task, { name: 'diffVersions' })) as Changes | undefined;
      } finally {
        leave();
      }
    },
    /** Analyses waiting for a thread. */
    get queued(): number {
      return queue.waiting;
    },
    /** Analyses holding a thread. */
    get running(): number {
      return queue.running;
    },
    /** Browser page slots held, and requests waiting for one, in the whole process. */
    get pages(): { inUse: number; waiting: number } {
      return { inUse: pageSlots.inUse, waiting: pageSlots.waiting };
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

/** What a caller may follow and stop, and whose it is: each progress sentence, a signal that cancels the analysis, the client it is queued as. */
export interface AnalysisWatch {
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
  /** The client (IP, or IPv6 /64) the analysis is queued as; default the one `runAsClient` set. */
  client?: string;
}

/** A cancelled analysis: the caller is gone (or asked to stop); its quota unit is given back like any failure. */
export function cancelledError(): AnalysisError {
  return new AnalysisError('TIMEOUT', 'The analysis was cancelled.', { isTransient: true });
}
