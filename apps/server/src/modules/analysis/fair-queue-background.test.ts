import { describe, expect, it } from 'vitest';
import { BACKGROUND_CLIENT, createFairQueue } from './fair-queue';

/** Issue 23: a watched site's re-analysis runs behind every visitor's analysis, never holding the pool. */
describe('fair queue: background work', () => {
  const options = { capacity: 3, reserve: 1, maxWaiting: 4, maxWaitMs: 60_000 };

  it('leaves the reserve free: background starts only below capacity minus reserve', async () => {
    const queue = createFairQueue(options);
    const leaveA = await queue.enter('a');
    const leaveBackground = await queue.enter(BACKGROUND_CLIENT);
    let isSecondStarted = false;
    const second = queue.enter(BACKGROUND_CLIENT).then((leave) => {
      isSecondStarted = true;
      return leave;
    });
    await new Promise((r) => setTimeout(r, 10));
    // Two running, one thread left: it stays for visitors.
    expect(isSecondStarted).toBe(false);
    // A visitor arriving now starts at once on the kept thread.
    const leaveB = await queue.enter('b');
    expect(queue.running).toBe(3);
    leaveB();
    leaveA();
    (await second)();
    leaveBackground();
  });

  it('gives a freed thread to a waiting visitor before a background job that came first', async () => {
    const queue = createFairQueue({ ...options, capacity: 2, reserve: 0 });
    const started: string[] = [];
    const enter = (client: string, name: string) =>
      queue.enter(client).then((leave) => {
        started.push(name);
        return leave;
      });
    const a1 = await enter('a', 'a-1');
    const b1 = await enter('b', 'b-1');
    const background = enter(BACKGROUND_CLIENT, 'watch');
    const c1 = enter('c', 'c-1');
    a1();
    (await c1)();
    b1();
    (await background)();
    expect(started).toEqual(['a-1', 'b-1', 'c-1', 'watch']);
  });

  it('never refuses a visitor because background jobs wait', async () => {
    const queue = createFairQueue({ capacity: 1, reserve: 0, maxWaiting: 1, maxWaitMs: 60_000 });
    const leaveA = await queue.enter('a');
    const waitingBackground = [queue.enter(BACKGROUND_CLIENT), queue.enter(BACKGROUND_CLIENT)];
    const visitor = queue.enter('v');
    leaveA();
    (await visitor)();
    for (const waiting of waitingBackground) (await waiting)();
  });
});
