/**
 * Benchmark of the analysis pool under pressure (issue 24), on loopback sites only, through the
 * real server (buildApp, SQLite in a temporary folder, the worker pool, BROWSER on):
 *  1. baseline: BENCH_RUNS analyses (default 7) of distinct static sites, one at a time, from
 *     their own addresses, with nothing else running;
 *  2. hogged: the same while one address holds two slow sites (home pages that do not answer)
 *     and another two CPU-spinning script pages; the victims' median against the baseline's;
 *  3. burst: 40 script-built sites at once (text by XHR after 2.5 s) from 40 addresses: the
 *     statuses, how fast the refusals came, and the next script-built site read afterwards;
 *  4. rewrite: a site whose Terms and Privacy Policy are rewritten whole between two readings
 *     (an OTA service's two documents swapped, BENCH_REWRITE_SERVICE, default Booking.com: the
 *     diff of its second reading takes seconds of CPU), with GET /api/health asked over HTTP
 *     every 20 ms from a thread of its own and the event loop's delay sampled while that reading
 *     runs: health p50/p99/max and the loop's longest stall show whether the diff held the
 *     server's event loop (the first reading's longest stall, with no diff, for reference).
 * BENCH_POOL_PARTS (comma-separated: baseline,hogged,burst,rewrite; default all) runs some parts
 * only (hogged needs baseline's figures to compare with). Prints one JSON line per part, then a
 * summary line.
 */
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SCRIPT_SITES, serveSite, type FixtureSite } from '@fineprint/analysis';
import type { AnalysisResult } from '@fineprint/contracts';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { startCountingSite } from '../apps/server/src/test/fixture-site';
import { browserHeaders } from '../apps/server/src/test/test-app';
import { median } from './stats';

const CHROMIUM = process.env.BROWSER_PATH || '/usr/bin/chromium';
const PARTS = new Set((process.env.BENCH_POOL_PARTS ?? 'baseline,hogged,burst,rewrite').split(','));
const OTA = fileURLToPath(new URL('../../shared/corpus/ota', import.meta.url));
const REWRITE_SERVICE = process.env.BENCH_REWRITE_SERVICE ?? 'Booking.com';
/** Asks GET workerData.url every workerData.everyMs (one at a time) until told to stop, then posts the latencies (ms); non-200 answers throw. */
const HEALTH_PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
let isStopped = false;
parentPort.once('message', () => (isStopped = true));
const ask = () => new Promise((resolve, reject) => {
  http.get(workerData.url, { agent }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error('health answered ' + res.statusCode))));
  }).on('error', reject);
});
(async () => {
  while (!isStopped) {
    const asked = performance.now();
    await ask();
    latencies.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
  }
  agent.destroy();
  parentPort.postMessage(latencies);
})();
`;
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
// The rewritten site: its home page links its two documents, served as Markdown from what `rewrite` holds.
const rewrite = { terms: ota('Terms of Service'), privacy: ota('Privacy Policy') };
const markdown = (text: () => string) => (_request: IncomingMessage, response: ServerResponse) =>
  void response.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end(text());
const rewritten = await serveSite({
  '/': '<html><head><title>Rewritten</title></head><body><a href="/legal/terms">Terms of Service</a> <a href="/legal/privacy">Privacy Policy</a></body></html>',
  '/legal/terms': markdown(() => rewrite.terms),
  '/legal/privacy': markdown(() => rewrite.privacy),
});
const allowlist = [...statics, ...slow, ...spinning, ...burst, next, rewritten].map((s) => s.hostPort);

const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-bench-pool-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  FETCH_ALLOWLIST: allowlist.join(','),
  ANALYZE_RATE_LIMIT_PER_MINUTE: '1000',
  // The rewrite part asks /api/health every 20 ms.
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  BROWSER: 'on',
  BROWSER_PATH: CHROMIUM,
});
const { db } = await openDatabase({ dataDir });
// A clock the rewrite part moves past the cache's day.
let now = Date.now();
const app = await buildApp({ config, db, logger: false, clock: () => new Date(now) });
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
for (let i = 0; i < (PARTS.has('baseline') || PARTS.has('hogged') ? RUNS : 0); i++) {
  const run = await analyze(statics[i]!.origin);
  if (run.status !== 200) throw new Error(`baseline ${i}: ${run.status}`);
  baseline.push(run.ms);
}
if (baseline.length > 0) console.log(JSON.stringify({ part: 'baseline', runs: baseline, medianMs: median(baseline) }));

// 2. Hogged: two slow sites from one address, two spinning pages from another, then the victims.
const hogged: number[] = [];
if (PARTS.has('hogged')) {
  for (const site of slow) site.hold();
  let hogsActive = 4;
  const hogsStarted = performance.now();
  const hogs = [
    ...slow.map((site) => analyze(site.origin, '198.51.100.1')),
    ...spinning.map((site) => analyze(site.origin, '198.51.100.2')),
  ].map((run) => run.finally(() => hogsActive--));
  const hogsRunningAtEachVictimEnd: number[] = [];
  while (slow.some((site) => site.held() === 0)) await new Promise((resolve) => setTimeout(resolve, 20));
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
}

// 3. Burst of script-built sites.
const statuses: Record<string, number> = {};
let refusedMs: number[] = [];
let after: Awaited<ReturnType<typeof analyze>> | undefined;
if (PARTS.has('burst')) {
  const burstRuns = await Promise.all(burst.map((site) => analyze(site.origin)));
  for (const run of burstRuns) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
  refusedMs = burstRuns.filter((run) => run.status === 503).map((run) => run.ms);
  const readMs = burstRuns.filter((run) => run.status === 200).map((run) => run.ms);
  after = await analyze(next.origin);
  const burstPart = {
    part: 'burst',
    sites: BURST,
    statuses,
    refusedMedianMs: median(refusedMs),
    readMedianMs: median(readMs),
    nextSite: after,
  };
  console.log(JSON.stringify(burstPart));
}

// 4. Rewrite: the second reading of a site whose documents were rewritten whole, the server's health asked meanwhile.
let rewritePart: Record<string, unknown> | undefined;
if (PARTS.has('rewrite')) {
  // The first reading has nothing to diff: its event loop stall is the machine's and the recording's, for reference.
  const firstLoop = monitorEventLoopDelay({ resolution: 10 });
  firstLoop.enable();
  const first = await analyze(rewritten.origin);
  firstLoop.disable();
  if (first.status !== 200) throw new Error(`rewrite, first reading: ${first.status}`);
  [rewrite.terms, rewrite.privacy] = [rewrite.privacy, rewrite.terms];
  now += 25 * 3_600_000;
  // Health is asked over HTTP from a thread of its own, so a stalled event loop here delays the answers, not the asking.
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const prober = new Worker(HEALTH_PROBER, { eval: true, workerData: { url: `${origin}/api/health`, everyMs: 20 } });
  const probed = once(prober, 'message') as Promise<[number[]]>;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const second = app.inject({
    method: 'POST',
    url: '/api/analyze',
    headers: browserHeaders(`bench-pool-${++visitors}`),
    remoteAddress: '203.0.113.7',
    payload: { url: `${rewritten.origin}/` },
  });
  await second.catch(() => undefined);
  prober.postMessage('stop');
  const [health] = await probed;
  loop.disable();
  const reply = await second;
  const result = reply.json<AnalysisResult>();
  if (reply.statusCode !== 200 || !result.changes)
    throw new Error(`rewrite, second reading: ${reply.statusCode}, changes: ${Boolean(result.changes)}`);
  const ms = (x: number) => Math.round(x * 10) / 10;
  const sorted = [...health].sort((x, y) => x - y);
  rewritePart = {
    part: 'rewrite',
    service: REWRITE_SERVICE,
    secondReadingMs: Math.round(performance.now() - started),
    clauseChanges: result.changes.clauses.length + result.changes.moreClauses,
    factChanges: result.changes.facts.length,
    healthAnswers: health.length,
    healthP50Ms: ms(median(health)),
    healthP99Ms: ms(sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]!),
    healthMaxMs: ms(sorted.at(-1)!),
    eventLoopDelayMaxMs: ms(loop.max / 1e6),
    firstReadingEventLoopDelayMaxMs: ms(firstLoop.max / 1e6),
  };
  console.log(JSON.stringify(rewritePart));
}

await app.close();
await Promise.all([...statics, ...slow].map((site) => site.close()));
await Promise.all([...spinning, ...burst, next, rewritten].map((site) => site.close()));
console.log(
  JSON.stringify({
    summary: true,
    baselineMedianMs: median(baseline),
    hoggedMedianMs: median(hogged),
    hoggedMaxMs: hogged.length > 0 ? Math.max(...hogged) : null,
    burstStatuses: statuses,
    burstRefusedMedianMs: median(refusedMs),
    nextScriptSiteStatus: after?.status ?? null,
    nextScriptSiteMs: after?.ms ?? null,
    rewriteHealthMaxMs: rewritePart?.healthMaxMs ?? null,
    rewriteEventLoopDelayMaxMs: rewritePart?.eventLoopDelayMaxMs ?? null,
  }),
);
process.exit(0);

/** One of the rewritten site's documents: an OTA service's Markdown. */
function ota(document: 'Terms of Service' | 'Privacy Policy'): string {
  return readFileSync(join(OTA, REWRITE_SERVICE, `${document}.md`), 'utf8');
}
