import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { MEMORY_HOG_HTML, measureProcesses, processTree, serveSite, type FixtureSite } from '@fineprint/analysis';
import { MESSAGES } from '@fineprint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp } from './test/test-app';

/**
 * Issue 24, item 2, through the API and the real worker pool: a page that allocates 2 GB of
 * ArrayBuffers is answered 422 in words, with Chromium's memory and the server's held to the
 * budget of docs/decisions/0006-browser-path.md ("Memory").
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const mandatory = process.env.CI === 'true';
const hasChromium = existsSync(CHROMIUM);
const MIB = 1024 * 1024;
/** The browser's ceiling (768 MiB of private resident memory) plus what a page adds between two looks and the kill. */
const CHROMIUM_BUDGET_BYTES = (768 + 512) * MIB;
/** What one analysis may add to the server's RSS (worker thread started cold included). */
const SERVER_BUDGET_BYTES = 256 * MIB;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveSite({ '/': MEMORY_HOG_HTML });
});
afterAll(() => site.close());

/** Live Chromium processes started by this test process (as browser-path.test.ts counts them: zombies hold nothing). */
function ourChromiums(): number {
  const out = execFileSync('ps', ['-o', 'stat=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' }).trim();
  return out === '' ? 0 : out.split('\n').filter((line) => /chrom/i.test(line) && !/^\s*Z/.test(line)).length;
}

describe.skipIf((!hasChromium && !mandatory) || process.platform !== 'linux')('memory of the browser path through the API', () => {
  it('answers a page allocating 2 GB with 422 "uses too much memory", Chromium and the server within their budgets', async () => {
    const before = ourChromiums();
    const t = await createTestApp('sqlite', { analyze: 'worker-pool', env: { FETCH_ALLOWLIST: site.hostPort, BROWSER_PATH: CHROMIUM } });
    const serverBefore = process.memoryUsage().rss;
    const peak = { server: serverBefore, chromium: 0 };
    // Every process below this one is a Chromium of the app's worker threads (and that browser's children).
    const look = () => {
      peak.server = Math.max(peak.server, process.memoryUsage().rss);
      peak.chromium = Math.max(peak.chromium, measureProcesses(processTree([process.pid]).filter((pid) => pid !== process.pid)).bytes);
    };
    const timer = setInterval(look, 50);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/analyze',
        headers: browserHeaders('visitor-memory'),
        payload: { url: `${site.origin}/` },
      });
      look();
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ error: MESSAGES.pageUsesTooMuchMemory });
      // The page grew (the 422 says the watcher saw it pass the ceiling; this sampler, on a loaded machine, may see it only
      // part of the way), and never far past the ceiling.
      expect(peak.chromium).toBeGreaterThan(384 * MIB);
      expect(peak.chromium).toBeLessThan(CHROMIUM_BUDGET_BYTES);
      expect(peak.server - serverBefore).toBeLessThan(SERVER_BUDGET_BYTES);
    } finally {
      clearInterval(timer);
      await t.close();
    }
    for (let i = 0; i < 100 && ourChromiums() > before; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ourChromiums()).toBe(before);
  }, 90_000);
});
