import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SCRIPT_SITES, serveSite } from '@fineprint/analysis';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnalysisPool } from './modules/analysis/analysis-pool';
import { startCountingSite } from './test/fixture-site';

/**
 * The worker pool under pressure (issue 24), with the real analyzer on loopback sites: one
 * client's slow sites leave a thread for everyone else, and a thread the pool had to terminate
 * gives back its page slot and takes its Chromium with it. Order and state are asserted, never
 * time.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const mandatory = process.env.CI === 'true';
const hasChromium = existsSync(CHROMIUM);

/** Live processes descending from this one whose name says Chromium, by pid (zombies excluded: they hold nothing). */
function liveChromiums(): Set<number> {
  const parents = new Map<number, { ppid: number; state: string; name: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), { ppid: Number(ppid), state, name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) });
    } catch {
      // Ended while we looked.
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of parents)
      if (!ours.has(pid) && ours.has(ppid)) {
        ours.add(pid);
        grew = true;
      }
  }
  return new Set(
    [...ours].filter((pid) => pid !== process.pid && parents.get(pid)!.state !== 'Z' && /chrom/i.test(parents.get(pid)!.name)),
  );
}

const pools: Array<ReturnType<typeof createAnalysisPool>> = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

/**
 * A slow site: its home page trickles a space every 500 ms (so no fetch gives up on it before the
 * analysis deadline) until `release()` ends it (and answers at once from then on). Counts the home page requests and how many are open.
 */
async function trickleSite() {
  let requests = 0;
  let open = 0;
  let isReleased = false;
  const listeners = new Set<() => void>();
  const site = await serveSite({
    '/': (_request: IncomingMessage, response: ServerResponse) => {
      requests++;
      if (isReleased) return void response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Welcome.</p>');
      open++;
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => response.write(' '), 500);
      const end = () => {
        clearInterval(timer);
        response.end('<p>Welcome.</p>');
      };
      listeners.add(end);
      response.once('close', () => {
        open--;
        clearInterval(timer);
        listeners.delete(end);
      });
    },
  });
  return {
    ...site,
    requests: () => requests,
    open: () => open,
    release: () => {
      isReleased = true;
      listeners.forEach((end) => end());
    },
  };
}

describe('admission by client', () => {
  it("starts another client's site while one client's two slow sites hold the pool, before that client's second one", async () => {
    const [slowA, slowB, victim] = await Promise.all([trickleSite(), trickleSite(), startCountingSite()]);
    // Two threads: on 2 cores the pool of today had as many as one client may run analyses.
    const pool = createAnalysisPool({ threads: 2 });
    pools.push(pool);
    const allowlist = [slowA.hostPort, slowB.hostPort, victim.hostPort];
    const task = (origin: string) => ({ site: `${origin}/`, allowlist, deadlineMs: 30_000 });
    try {
      const settled: string[] = [];
      const hog = [slowA, slowB].map((site, i) =>
        pool.run(task(site.origin), undefined, { client: 'hog' }).then(
          () => settled.push(`hog-${i}`),
          () => settled.push(`hog-${i}`),
        ),
      );
      // The hog's first site is being read (its home page trickling) before the victim asks.
      while (slowA.open() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const result = await pool.run(task(victim.origin), undefined, { client: 'victim' });
      settled.push('victim');
      expect(result.documents.map((d) => d.type).sort()).toEqual(['privacy', 'terms']);
      // Answered while the hog's first site is still being read, and before its second was even started.
      expect({ settled, open: slowA.open(), secondStarted: slowB.requests() }).toEqual({ settled: ['victim'], open: 1, secondStarted: 0 });
      slowA.release();
      slowB.release();
      await Promise.all(hog);
      expect(settled.sort()).toEqual(['hog-0', 'hog-1', 'victim']);
    } finally {
      await Promise.all([slowA.close(), slowB.close(), victim.close()]);
    }
  }, 120_000);
});

describe.skipIf(!hasChromium && !mandatory)('a terminated worker', () => {
  it('gives back its page slot, its Chromium dies with it, and the next script-built site is read', async () => {
    const before = liveChromiums();
    const stuck = await serveSite({
      '/stuck/': '<html><head><title>App</title></head><body><div id="root"></div><script src="/stuck/app.js"></script></body></html>',
      '/stuck/app.js': { type: 'application/javascript', body: "document.getElementById('root').textContent = 'Hello';" },
    });
    const next = await serveSite(SCRIPT_SITES['app shell']!);
    // One page slot: a slot lost with the killed thread would leave no browser path at all.
    const pool = createAnalysisPool({
      threads: 2,
      pages: 1,
      cpuGraceMs: 500,
      workerUrl: new URL('./test/stuck.worker.ts', import.meta.url),
    });
    pools.push(pool);
    const browser = { executablePath: CHROMIUM, maxPages: 1 };
    try {
      let seen = new Set<number>();
      const run = pool.run({ site: `${stuck.origin}/stuck/`, allowlist: [stuck.hostPort], deadlineMs: 3_000, browser });
      let isDone = false;
      const outcome = run.then(
        () => 'answered',
        (error: Error & { code?: string }) => error.code,
      );
      void outcome.finally(() => (isDone = true));
      // The Chromium processes the stuck thread started, as many as can be seen before the pool stops it.
      while (!isDone) {
        const now = [...liveChromiums()].filter((pid) => !before.has(pid));
        if (now.length > seen.size) seen = new Set(now);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await outcome).toBe('TIMEOUT');
      expect(seen.size).toBeGreaterThan(0);
      expect(pool.pages).toEqual({ inUse: 0, waiting: 0 });
      // PR_SET_PDEATHSIG: the browser is killed when its thread ends; give the kernel a moment to deliver it.
      for (let i = 0; i < 100 && [...seen].some((pid) => liveChromiums().has(pid)); i++) await new Promise((r) => setTimeout(r, 100));
      expect([...seen].filter((pid) => liveChromiums().has(pid))).toEqual([]);

      const result = await pool.run({ site: `${next.origin}/`, allowlist: [next.hostPort], deadlineMs: 30_000, browser });
      expect(result.documents.map((d) => d.type)).toEqual(['terms', 'privacy']);
      expect(pool.pages).toEqual({ inUse: 0, waiting: 0 });
    } finally {
      await pool.close();
      await Promise.all([stuck.close(), next.close()]);
    }
  }, 120_000);
});
