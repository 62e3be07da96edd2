import { createPageSlots } from '@fineprint/analysis';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../errors';
import { createFairQueue } from './fair-queue';

/** Admission to the worker threads and the browser's page slots, without threads: who starts, in what order, who is refused. */
describe('fair queue', () => {
  const options = { capacity: 2, reserve: 1, maxWaiting: 4, maxWaitMs: 60_000 };

  it("starts another client's analysis before a client's second one, whatever the order they came in", async () => {
    const queue = createFairQueue(options);
    const started: string[] = [];
    const enter = (client: string, name: string) =>
      queue.enter(client, undefined).then((leave) => {
        started.push(name);
        return leave;
      });
    const hogFirst = enter('hog', 'hog-1');
    const hogSecond = enter('hog', 'hog-2');
    const leaveHog = await hogFirst;
    // One thread is free, but it is kept for other clients: the hog's second analysis waits.
    expect(started).toEqual(['hog-1']);
    const leaveVictim = await enter('victim', 'victim');
    expect(started).toEqual(['hog-1', 'victim']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 1 });
    leaveVictim();
    leaveHog();
    await hogSecond;
    expect(started).toEqual(['hog-1', 'victim', 'hog-2']);
  });

  it('gives a freed thread to the client with the fewest running analyses, first come among equals', async () => {
    const queue = createFairQueue({ ...options, capacity: 3 });
    const started: string[] = [];
    const enter = (client: string, name: string) =>
      queue.enter(client).then((leave) => {
        started.push(name);
        return leave;
      });
    const a1 = await enter('a', 'a-1');
    const b1 = await enter('b', 'b-1');
    const c1 = await enter('c', 'c-1');
    const a2 = enter('a', 'a-2');
    const b2 = enter('b', 'b-2');
    const d1 = enter('d', 'd-1');
    a1();
    // 'a' has none running now, 'b' one, 'd' none: a-2 came first among the clients with none running.
    const a2Leave = await a2;
    c1();
    // b-2 came before d-1, but 'b' has one running and 'd' none.
    const d1Leave = await d1;
    b1();
    (await b2)();
    a2Leave();
    d1Leave();
    expect(started).toEqual(['a-1', 'b-1', 'c-1', 'a-2', 'd-1', 'b-2']);
  });

  it('refuses BUSY at once when the queue is full, and a waiter whose wait is over', async () => {
    const queue = createFairQueue({ capacity: 1, reserve: 0, maxWaiting: 1, maxWaitMs: 20 });
    const leave = await queue.enter('a');
    const waiting = queue.enter('b');
    await expect(queue.enter('c')).rejects.toMatchObject({ code: 'BUSY' });
    const refused = await waiting.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: 'BUSY' });
    expect(queue.waiting).toBe(0);
    leave();
    expect(queue.running).toBe(0);
  });

  it('refuses at once a newcomer that the recent run times say would wait too long', async () => {
    const queue = createFairQueue({ capacity: 1, reserve: 0, maxWaiting: 10, maxWaitMs: 1_000 });
    for (let i = 0; i < 5; i++) queue.observeRun(5_000);
    const leave = await queue.enter('a');
    await expect(queue.enter('b')).rejects.toMatchObject({ code: 'BUSY' });
    leave();
    // A thread is free: no estimate stands in the way.
    (await queue.enter('b'))();
  });

  it('drops a waiter whose caller gave up, and frees its place for the next', async () => {
    const queue = createFairQueue({ ...options, capacity: 1, reserve: 0 });
    const leave = await queue.enter('a');
    const gone = new AbortController();
    const cancelled = queue.enter('b', gone.signal);
    const next = queue.enter('c');
    gone.abort(new Error('gone'));
    await expect(cancelled).rejects.toThrow('gone');
    leave();
    (await next)();
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });
});

describe('page slots', () => {
  it('are granted first come, first served, and a waiter that gives up leaves the line', async () => {
    const slots = createPageSlots(1);
    const order: string[] = [];
    const take = (name: string, signal = new AbortController().signal) =>
      slots.acquire(signal).then((release) => {
        order.push(name);
        return release;
      });
    const first = await take('first');
    const gone = new AbortController();
    const second = take('second');
    const quitter = take('quitter', gone.signal);
    const third = take('third');
    gone.abort(new Error('gone'));
    await expect(quitter).rejects.toThrow('gone');
    first();
    first(); // Giving back twice frees one slot only.
    const releaseSecond = await second;
    expect(slots).toMatchObject({ inUse: 1, waiting: 1 });
    releaseSecond();
    (await third)();
    expect(order).toEqual(['first', 'second', 'third']);
    expect(slots).toMatchObject({ inUse: 0, waiting: 0 });
  });
});
