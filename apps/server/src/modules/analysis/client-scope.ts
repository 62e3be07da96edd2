import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The client (IP, or IPv6 /64) an analysis runs for, carried through the service's async calls
 * to the worker pool, which queues analyses fairly by client. Carried rather than passed so
 * that every path to the pool (a shared single-flight run, provided documents, the stream)
 * names its client without each signature in between changing.
 */
const scope = new AsyncLocalStorage<string>();

/** Runs work on behalf of a client: analyses it starts are queued as that client's. */
export function runAsClient<T>(client: string, work: () => T): T {
  return scope.run(client, work);
}

/** The client of the work under way, if any. */
export function currentClient(): string | undefined {
  return scope.getStore();
}
