/**
 * Benchmark of the analysis pool under pressure (issue 24), on loopback sites only, through the
 * real server (buildApp, SQLite in a temporary folder, the worker pool, BROWSER on):
 *  1. baseline: BENCH_RUNS analyses (default 7) of distinct static sites, one at a time, from
 *     their own addresses, with nothing else running;
 *  2. hogged: the same while one address holds two slow sites (home pages that do not answer)
 *     and another two CPU-spinning script pages; the victims' median against the baseline's;
 *  3. burst: 40 script-built sites at once (text by XHR after 2.5 s) from 40 addresses: the
 *     statuses, how fast the refusals came, and the next script-built site read afterwards.
 * Prints one JSON line per part, then a summary line.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCRIPT_SITES, serveSite, type FixtureSite } from '@fineprint/analysis';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { startCountingSite } from '../apps/server/src/test/fixture-site';
import { browserHeaders } from '../apps/server/src/test/test-app';
import { median } from './stats';

const CHROMIUM = process.env.BROWSER_PATH || '/usr/bin/chromium';
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
const BURST = 40;
/** Analyses run at once before measuring, so that the pool's threads are started (a cold thread costs 1.5-2 s under tsx). */
const WARM_THREADS = 4;
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set BROWSER_PATH)`);
  process.exit(1);
}

const statics = await Promise.all(Array.from({ length: 2 * RUNS + WARM_THREADS }, () => startCountingSite()));
const slow = await Promise.all([startCountingSite(), startCountingSite()]);
const spinning = await Promise.all(
  [0, 1].map(() =>
    serveSite({ '/': '<html><head><title>Spin</title></head><body><div id="root"></div><script>while (true) {}</script></body></html>' }),
  ),
);
const slowXhr = () => {
  const routes = { ...SCRIPT_SITES['text loaded by XHR'] };
  for (const path of ['/api/documents/terms', '/api/documents/privacy']) {
    const route = routes[path] as { type: string; body: string };
    routes[path] = (_request: IncomingMessage, response: ServerResponse) => {
      const timer = setTimeout(() => response.writeHead(200, { 'content-type': route.type }).end(route.body), 2_500);
      response.once('close', () => clearTimeout(timer));
    };
  }
  return serveSite(routes);
};
const burst: FixtureSite[] = await Promise.all(Array.from({ length: BURST }, slowXhr));
const next = await serveSite(SCRIPT_SITES['app shell']!);
const allowlist = [...statics, ...slow, ...spinning, ...burst, next].map((s) => s.hostPort);

const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-bench-pool-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  FETCH_ALLOWLIST: allowlist.join(','),
  ANALYZE_RATE_LIMIT_PER_MINUTE: '1000',
  BROWSER: 'on',
  BROWSER_PATH: CHROMIUM,
});
const { db } = await openDatabase({ dataDir });
const app = await buildApp({ config, db, logger: false });
await app.ready();

let address = 0;
let visitors = 0;
const analyze = async (origin: string, client = `192.0.2.${++address % 250}`) => {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/analyze',
    headers: browserHeaders(`bench-pool-${++visitors}`),
    remoteAddress: client,
    payload: { url: `${origin}/` },
  });
  return { status: response.statusCode, ms: Math.round(performance.now() - started) };
};

// Warm-up: as many analyses at once as threads will be busy below, so no part pays for a thread's start.
await Promise.all(statics.slice(2 * RUNS).map((site) => analyze(site.origin)));

// 1. Baseline.
const baseline: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const run = await analyze(statics[i]!.origin);
  if (run.status !== 200) throw new Error(`baseline ${i}: ${run.status}`);
  baseline.push(run.ms);
}
console.log(JSON.stringify({ part: 'baseline', runs: baseline, medianMs: median(baseline) }));

// 2. Hogged: two slow sites from one address, two spinning pages from another, then the victims.
for (const site of slow) site.hold();
let hogsActive = 4;
const hogsStarted = performance.now();
const hogs = [
  ...slow.map((site) => analyze(site.origin, '198.51.100.1')),
  ...spinning.map((site) => analyze(site.origin, '198.51.100.2')),
].map((run) => run.finally(() => hogsActive--));
const hogsRunningAtEachVictimEnd: number[] = [];
while (slow.some((site) => site.held() === 0)) await new Promise((resolve) => setTimeout(resolve, 20));
const hogged: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const run = await analyze(statics[RUNS + i]!.origin);
  if (run.status !== 200) throw new Error(`victim ${i}: ${run.status}`);
  hogsRunningAtEachVictimEnd.push(hogsActive);
  hogged.push(run.ms);
}
for (const site of slow) site.release();
const hogRuns = await Promise.all(hogs);
const hogsMs = Math.round(performance.now() - hogsStarted);
console.log(
  JSON.stringify({
    part: 'hogged',
    runs: hogged,
    medianMs: median(hogged),
    maxMs: Math.max(...hogged),
    hogsRunningAtEachVictimEnd,
    hogs: hogRuns,
    hogsMs,
  }),
);

// 3. Burst of script-built sites.
const burstRuns = await Promise.all(burst.map((site) => analyze(site.origin)));
const statuses: Record<string, number> = {};
for (const run of burstRuns) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
const refusedMs = burstRuns.filter((run) => run.status === 503).map((run) => run.ms);
const readMs = burstRuns.filter((run) => run.status === 200).map((run) => run.ms);
const after = await analyze(next.origin);
const burstPart = {
  part: 'burst',
  sites: BURST,
  statuses,
  refusedMedianMs: median(refusedMs),
  readMedianMs: median(readMs),
  nextSite: after,
};
console.log(JSON.stringify(burstPart));

await app.close();
await Promise.all([...statics, ...slow].map((site) => site.close()));
await Promise.all([...spinning, ...burst, next].map((site) => site.close()));
console.log(
  JSON.stringify({
    summary: true,
    baselineMedianMs: median(baseline),
    hoggedMedianMs: median(hogged),
    hoggedMaxMs: Math.max(...hogged),
    burstStatuses: statuses,
    burstRefusedMedianMs: median(refusedMs),
    nextScriptSiteStatus: after.status,
    nextScriptSiteMs: after.ms,
  }),
);
process.exit(0);
