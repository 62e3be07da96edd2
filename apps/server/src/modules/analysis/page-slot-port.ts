import type { MessagePort } from 'node:worker_threads';
import type { PageSlots } from '@fineprint/analysis';

/**
 * Page slots across threads, over an analysis's own port: the worker asks, the main thread's
 * one FIFO grants. The main thread knows what each analysis holds, so when the analysis ends
 * in any way (its thread terminated or crashed included) every slot comes back.
 */

/** A worker's request for a page slot, or its giving one back (also sent for a request it gave up on). */
export interface SlotRequest {
  kind: 'slot';
  op: 'acquire' | 'release';
  id: number;
}

/** The main thread's answer: the slot of that request is the worker's. */
export interface SlotGrant {
  kind: 'granted';
  id: number;
}

/** Whether a port message is a slot request (the same port carries progress sentences and cancels). */
export function isSlotRequest(message: unknown): message is SlotRequest {
  return typeof message === 'object' && message !== null && (message as SlotRequest).kind === 'slot';
}

/**
 * Main thread: serves one analysis's slot requests from `slots`; `releaseAll` (when the analysis
 * has ended, however) gives back what it holds and drops what it waits for.
 */
export function servePageSlots(port: MessagePort, slots: PageSlots): { handle(request: SlotRequest): void; releaseAll(): void } {
  const held = new Map<number, () => void>();
  const pending = new Map<number, AbortController>();
  let isEnded = false;
  return {
    handle(request: SlotRequest): void {
      if (request.op === 'release') {
        pending.get(request.id)?.abort();
        held.get(request.id)?.();
        held.delete(request.id);
        return;
      }
      if (isEnded) return;
      const wait = new AbortController();
      pending.set(request.id, wait);
      slots.acquire(wait.signal).then(
        (release) => {
          pending.delete(request.id);
          if (isEnded) return release();
          held.set(request.id, release);
          port.postMessage({ kind: 'granted', id: request.id } satisfies SlotGrant);
        },
        () => pending.delete(request.id),
      );
    },
    releaseAll(): void {
      isEnded = true;
      for (const wait of pending.values()) wait.abort();
      for (const release of held.values()) release();
      pending.clear();
      held.clear();
    },
  };
}

/** Worker thread: page slots asked of the main thread over the analysis's port. */
export function pageSlotsOver(port: MessagePort): PageSlots {
  let lastId = 0;
  const granted = new Map<number, () => void>();
  port.on('message', (message: SlotGrant | string) => {
    if (typeof message === 'object' && message.kind === 'granted') granted.get(message.id)?.();
  });
  return {
    acquire(signal: AbortSignal): Promise<() => void> {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason as Error);
        const id = ++lastId;
        let isReleased = false;
        const release = () => {
          if (isReleased) return;
          isReleased = true;
          granted.delete(id);
          port.postMessage({ kind: 'slot', op: 'release', id } satisfies SlotRequest);
        };
        // Given up while waiting: the release also withdraws the request (or returns a grant already on its way).
        const onAbort = () => {
          release();
          reject(signal.reason as Error);
        };
        granted.set(id, () => {
          granted.delete(id);
          signal.removeEventListener('abort', onAbort);
          resolve(release);
        });
        signal.addEventListener('abort', onAbort, { once: true });
        port.postMessage({ kind: 'slot', op: 'acquire', id } satisfies SlotRequest);
      });
    },
  };
}
