import { ServiceError } from '../../errors';

/**
 * The client of background work (watched sites re-analysed, issue 23): it takes a thread only
 * when no visitor's analysis waits for one, and always leaves `reserve` threads free.
 */
export const BACKGROUND_CLIENT = 'background';

/** Runs whose durations the queue remembers to estimate a wait. */
const RECENT_RUNS = 20;
/** Runs needed before an estimated wait may refuse anyone (a cold server guesses nothing). */
const MIN_RUNS_FOR_ESTIMATE = 5;

/** How many run, how many may wait, and for how long. */
export interface FairQueueOptions {
  /** Analyses running at once (the pool's threads). */
  capacity: number;
  /** Threads a client's second (or later) analysis must leave free, so one client never holds the pool. */
  reserve: number;
  /** Analyses waiting at most; the next is refused at once. */
  maxWaiting: number;
  /** Longest an analysis may wait for a thread: past it (or when it is sure to wait longer) it is refused. */
  maxWaitMs: number;
}

interface Waiter {
  client: string;
  start: () => void;
}

/**
 * Admission to the worker threads, fair by client: a free thread goes to the waiting analysis
 * whose client has the fewest running, first come among equals; a client's second analysis
 * starts only while it leaves `reserve` threads free. An analysis that cannot start in time is
 * refused with ServiceError BUSY (503 + Retry-After) instead of timing out later: at once when
 * the queue is full or the recent run times say it would wait past `maxWaitMs`, else when that
 * wait is over.
 */
export function createFairQueue(options: FairQueueOptions) {
  let running = 0;
  const runningBy = new Map<string, number>();
  const waiting: Waiter[] = [];
  const recent: number[] = [];
  const runningOf = (client: string) => runningBy.get(client) ?? 0;
  // Background work (watched sites' re-analyses) always leaves `reserve` threads to visitors.
  const canStart = (client: string) =>
    running < options.capacity - (runningOf(client) > 0 || client === BACKGROUND_CLIENT ? options.reserve : 0);
  const foregroundWaiting = () => waiting.reduce((n, w) => n + (w.client === BACKGROUND_CLIENT ? 0 : 1), 0);

  const pump = () => {
    for (;;) {
      // Arrival order breaks ties: only a strictly smaller running count overtakes.
      let next: Waiter | undefined;
      for (const waiter of waiting)
        if (waiter.client !== BACKGROUND_CLIENT && canStart(waiter.client) && (!next || runningOf(waiter.client) < runningOf(next.client)))
          next = waiter;
      // Background work only when no visitor's analysis could take the thread.
      next ??= waiting.find((waiter) => waiter.client === BACKGROUND_CLIENT && canStart(waiter.client));
      if (!next) return;
      waiting.splice(waiting.indexOf(next), 1);
      next.start();
    }
  };

  /** Milliseconds a newcomer is expected to wait (rounds of the whole pool ahead of it × the median run), or 0 when unknown. */
  const expectedWaitMs = () => {
    if (recent.length < MIN_RUNS_FOR_ESTIMATE) return 0;
    const sorted = [...recent].sort((a, b) => a - b);
    return Math.ceil((waiting.length + 1) / options.capacity) * sorted[Math.floor(sorted.length / 2)]!;
  };

  return {
    /**
     * Waits for the client's turn; resolves with the function that frees the thread (call it once
     * the analysis has ended, however). Rejects with BUSY when it cannot start in time, with the
     * signal's reason when the caller gives up while waiting.
     */
    enter(client: string, signal?: AbortSignal): Promise<() => void> {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      const isBackground = client === BACKGROUND_CLIENT;
      const isImmediate = (isBackground ? waiting.length : foregroundWaiting()) === 0 && canStart(client);
      // Background waiters never count against a visitor's admission; they wait their maxWaitMs like anyone.
      if (!isImmediate && !isBackground && (foregroundWaiting() >= options.maxWaiting || expectedWaitMs() > options.maxWaitMs))
        return Promise.reject(busy());
      return new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const onAbort = () => drop(signal?.reason);
        const drop = (reason: unknown) => {
          const at = waiting.indexOf(waiter);
          if (at < 0) return;
          waiting.splice(at, 1);
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          reject(reason as Error);
        };
        const waiter: Waiter = {
          client,
          start: () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            running++;
            runningBy.set(client, runningOf(client) + 1);
            let isLeft = false;
            resolve(() => {
              if (isLeft) return;
              isLeft = true;
              running--;
              const left = runningOf(client) - 1;
              if (left > 0) runningBy.set(client, left);
              else runningBy.delete(client);
              pump();
            });
          },
        };
        waiting.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
        pump();
        if (waiting.includes(waiter)) {
          timer = setTimeout(() => drop(busy()), options.maxWaitMs);
          timer.unref();
        }
      });
    },
    /** Records how long a run took (its time in a thread), for the estimated wait. */
    observeRun(ms: number): void {
      recent.push(ms);
      if (recent.length > RECENT_RUNS) recent.shift();
    },
    /** Analyses waiting for a thread. */
    get waiting(): number {
      return waiting.length;
    },
    /** Analyses holding a thread. */
    get running(): number {
      return running;
    },
  };
}

export type FairQueue = ReturnType<typeof createFairQueue>;

/** The one sentence of a pool that cannot take an analysis in time (503, Retry-After). */
export function busy(): ServiceError {
  return new ServiceError('BUSY', 'The server is busy analysing other sites. Please try again in a minute.');
}
