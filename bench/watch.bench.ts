/**
 * Watch bench (issue 23 item 4), everything on loopback. BENCH_WATCH_SITES (default 1,000)
 * fixture sites, each its own listener on 127.0.0.1 answering conditional requests (ETag), are
 * watched by one subscriber of the real app (`bench/watch-server.ts`, its own process, SQLite or
 * the empty PostgreSQL database of BENCH_WATCH_DATABASE_URL,
 * the real worker pool, the scheduler running as in `server.ts`) with WATCH_INTERVAL_HOURS set to
 * BENCH_WATCH_INTERVAL_S and WATCH_FETCHES_PER_SECOND to BENCH_WATCH_RATE. Three rounds:
 *   1. the first re-read of every site (no validators yet: full reads, the baseline);
 *   2. every site unchanged: conditional requests only, answered 304, no analysis;
 *   3. BENCH_WATCH_CHANGED sites change their Terms: only those are analysed again (background
 *      class of the worker pool) while visitors' analyses of other sites run and are timed.
 * Meanwhile a visitor's status call is timed every 20 ms (p50/p99 per round, and before any
 * watch as the baseline). Every site must be read exactly once per round. Prints one JSON object.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MAX_WATCHES_PER_SUBSCRIPTION } from '@fineprint/contracts';
import { startCountingSite } from '../apps/server/src/test/fixture-site';

const SITES = Number(process.env.BENCH_WATCH_SITES ?? 1000);
const RATE = Number(process.env.BENCH_WATCH_RATE ?? 100);
const CHANGED = Number(process.env.BENCH_WATCH_CHANGED ?? 20);
/** Default: two documents per site at RATE, with half again as much room. */
const INTERVAL_S = Number(process.env.BENCH_WATCH_INTERVAL_S ?? Math.ceil(((2 * SITES) / RATE) * 1.5));
const INTERACTIVE = 4;

const page = (name: string) => readFileSync(new URL(`../e2e/fixtures/site/${name}`, import.meta.url), 'utf8');
const PAGES = { '/': page('index.html'), '/legal/terms-of-service': page('terms.html'), '/legal/privacy': page('privacy.html') } as const;

/** A fixture site answering If-None-Match; `change()` gives its Terms a new sentence and a new ETag. */
async function startWatchedSite() {
  let version = 1;
  const reads = { full: 0, notModified: 0, bytes: 0 };
  /** When its Terms were requested (ms, performance.now()). */
  const termsReads: number[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as keyof typeof PAGES;
    const base = PAGES[path];
    if (base === undefined) return void res.writeHead(404).end();
    const body =
      path === '/legal/terms-of-service' && version > 1
        ? base.replace('</body>', `<p>Changed in version ${version}: we may now sell your data.</p></body>`)
        : base;
    const etag = `"${path.length}-v${version}"`;
    if (path === '/legal/terms-of-service') termsReads.push(performance.now());
    if (req.headers['if-none-match'] === etag) {
      reads.notModified++;
      return void res.writeHead(304, { etag }).end();
    }
    if (path !== '/') reads.full++;
    reads.bytes += Buffer.byteLength(body);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    reads,
    termsReads,
    change: () => void version++,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sites = await Promise.all(Array.from({ length: SITES }, () => startWatchedSite()));
const visitorSites = await Promise.all(Array.from({ length: 2 * INTERACTIVE }, () => startCountingSite()));
const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./watch-server.ts', import.meta.url))], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    ANALYZE_RATE_LIMIT_PER_MINUTE: '100000000',
    FETCH_ALLOWLIST: [...sites, ...visitorSites].map((s) => s.hostPort).join(','),
    WATCH_INTERVAL_HOURS: String(INTERVAL_S / 3600),
    WATCH_FETCHES_PER_SECOND: String(RATE),
    WATCH_POLL_SECONDS: '1',
    BENCH_WATCH_SITES: JSON.stringify(sites.map((s) => s.origin)),
    // BENCH_WATCH_DATABASE_URL: an empty PostgreSQL database instead of SQLite (the pg-boss queue).
    DATABASE_URL: process.env.BENCH_WATCH_DATABASE_URL ?? '',
    REDIS_URL: '',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// The server goes with this process, however it ends.
process.on('exit', () => server.kill('SIGKILL'));
const line = await new Promise<string>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`bench server exited (${code}) before listening`)));
  createInterface({ input: server.stdout! }).on('line', (output) => {
    if (output.startsWith('{"appPort"')) resolve(output);
  });
});
const { appPort, barePort, tokens, resultIds } = JSON.parse(line) as {
  appPort: number;
  barePort: number;
  tokens: string[];
  resultIds: string[];
};
const app = `http://127.0.0.1:${appPort}`;
const subscriber = {
  cookie: 'XSRF-TOKEN=bench-token; user_id=bench-watch-visitor',
  'x-xsrf-token': 'bench-token',
  origin: app,
  'x-user-id': 'bench-watch-visitor',
  'content-type': 'application/json',
};
/** The n-th site is watched by subscription n / 50. */
const tokenFor = (n: number) => tokens[Math.floor(n / MAX_WATCHES_PER_SUBSCRIPTION)]!;

/** Times a visitor's status call every 20 ms until stopped; p50/p99 in ms. */
function sampleStatus() {
  const times: number[] = [];
  let isRunning = true;
  const done = (async () => {
    while (isRunning) {
      const started = performance.now();
      const response = await fetch(`${app}/api/subscription/status`, { headers: { 'x-user-id': `bench-status-visitor` } });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    isRunning = false;
    await done;
    const sorted = times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
    return { samples: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: Math.round(sorted.at(-1)! * 10) / 10 };
  };
}

/** The scheduler's counters from the app's Prometheus metrics. */
async function watchMetrics() {
  const text = await (await fetch(`http://127.0.0.1:${barePort}/metrics`)).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  const checks = (outcome: string) => value(new RegExp(`^fineprint_watch_checks_total\\{outcome="${outcome}"\\} (\\d+)`, 'm'));
  const outcomes = {
    not_modified: checks('not_modified'),
    unchanged: checks('unchanged'),
    changed: checks('changed'),
    failed: checks('failed'),
  };
  return {
    ...outcomes,
    total: outcomes.not_modified + outcomes.unchanged + outcomes.changed + outcomes.failed,
    notModifiedRequests: value(/^fineprint_watch_not_modified_total (\d+)/m),
    reanalyses: value(/^fineprint_watch_reanalyses_total (\d+)/m),
  };
}

/** A visitor's analysis of a site nobody watches, timed (ms). */
async function timeVisitorAnalysis(origin: string, n: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${app}/api/analyze`, {
    method: 'POST',
    headers: { ...subscriber, 'x-user-id': `bench-visitor-${n}` },
    body: JSON.stringify({ url: origin }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`visitor analysis answered ${response.status}`);
  return Math.round(performance.now() - started);
}

const sumReads = () =>
  sites.reduce(
    (sum, s) => ({ full: sum.full + s.reads.full, notModified: sum.notModified + s.reads.notModified, bytes: sum.bytes + s.reads.bytes }),
    {
      full: 0,
      notModified: 0,
      bytes: 0,
    },
  );

/** Waits until the scheduler has finished `total` re-reads; the round's figures. */
async function round(total: number, during?: () => Promise<unknown>) {
  const stopSampling = sampleStatus();
  const readsBefore = sumReads();
  const started = performance.now();
  const extra = during?.();
  let metrics = await watchMetrics();
  while (metrics.total < total) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    metrics = await watchMetrics();
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const extraResult = await extra;
  const reads = sumReads();
  return {
    seconds,
    metrics,
    requests: {
      full: reads.full - readsBefore.full,
      notModified: reads.notModified - readsBefore.notModified,
      bytes: reads.bytes - readsBefore.bytes,
    },
    statusDuring: await stopSampling(),
    ...(extraResult ? { visitorAnalysesMs: extraResult } : {}),
  };
}

// Baselines: the status call and visitors' analyses before anything is watched.
const stopBaseline = sampleStatus();
const visitorBaseline: number[] = [];
for (let i = 0; i < INTERACTIVE; i++) visitorBaseline.push(await timeVisitorAnalysis(visitorSites[i]!.origin, i));
await new Promise((resolve) => setTimeout(resolve, 2000));
const statusBaseline = await stopBaseline();

// Watch every site through the API, as "Watch this site" does; the first re-reads spread over one interval.
const watchStarted = performance.now();
for (let i = 0; i < resultIds.length; i += 50)
  await Promise.all(
    resultIds.slice(i, i + 50).map(async (resultId, j) => {
      const headers = { ...subscriber, authorization: `Bearer ${tokenFor(i + j)}` };
      const response = await fetch(`${app}/api/watches`, { method: 'POST', headers, body: JSON.stringify({ resultId }) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`watch answered ${response.status}`);
    }),
  );
const watchSeconds = Math.round((performance.now() - watchStarted) / 100) / 10;

const first = await round(SITES);
const second = await round(2 * SITES);
for (const site of sites.slice(0, CHANGED)) site.change();
const third = await round(3 * SITES, async () => {
  const times: number[] = [];
  for (let i = 0; i < INTERACTIVE; i++) times.push(await timeVisitorAnalysis(visitorSites[INTERACTIVE + i]!.origin, INTERACTIVE + i));
  return times;
});
// The invariants, from each unchanged site's own requests (a changed site's analysis reads it too):
// consecutive re-reads of a site are at least one interval apart, and at most one interval plus its jitter (and pacing).
const gaps = sites.slice(CHANGED).flatMap((site) => site.termsReads.slice(1).map((at, i) => (at - site.termsReads[i]!) / 1000));
const readsPerSite = sites.slice(CHANGED).map((site) => site.termsReads.length);
console.log(
  JSON.stringify(
    {
      sites: SITES,
      documentsPerSite: 2,
      fetchesPerSecond: RATE,
      intervalSeconds: INTERVAL_S,
      changedInRound3: CHANGED,
      watchApiSeconds: watchSeconds,
      statusBaseline,
      visitorAnalysesBaselineMs: visitorBaseline,
      round1FirstReads: first,
      round2Unchanged: second,
      round3SomeChanged: third,
      reReadGapSeconds: { min: Math.round(Math.min(...gaps) * 10) / 10, max: Math.round(Math.max(...gaps) * 10) / 10 },
      atMostOneReadPerInterval: Math.min(...gaps) >= INTERVAL_S,
      reReadWithinIntervalAndJitter: Math.max(...gaps) <= INTERVAL_S * 1.1 + 2,
      termsReadsPerUnchangedSite: { min: Math.min(...readsPerSite), max: Math.max(...readsPerSite) },
    },
    null,
    2,
  ),
);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
await Promise.all([...sites.map((s) => s.close()), ...visitorSites.map((s) => s.close())]);
