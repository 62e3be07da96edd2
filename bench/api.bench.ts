/**
 * API bench (issue 13), everything on loopback. Starts `bench/api-server.ts` in its own process
 * (the real app on SQLite with the worker pool, and a bare Fastify route as the baseline) and
 * drives it with autocannon:
 *   1. bare Fastify GET /ping and GET /api/subscription/status, alternating BENCH_ROUNDS times
 *      (the ratio quoted is the median round's, with both runs' CPU time per request in the
 *      server and in this process, the load generator), and a cached POST /api/analyze in the
 *      same run (throughput and latency, plus the app's own handling time of the cached analyze);
 *   2. status p50/p99 while 50 uncached analyses of 50 loopback fixture sites run.
 * Rate limits are set high for the bench; TRUST_PROXY lets each analyze request present its own
 * client address (X-Forwarded-For), as requests behind a proxy do. Prints one JSON object.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import { startCountingSite } from '../apps/server/src/test/fixture-site';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
/** Bare and status runs alternate this many times; the ratio quoted is the median round's (the machine is shared). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const UNCACHED = 50;

const sites = await Promise.all(Array.from({ length: UNCACHED + 1 }, () => startCountingSite()));
const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./api-server.ts', import.meta.url))], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    ANALYZE_RATE_LIMIT_PER_MINUTE: '100000000',
    FETCH_ALLOWLIST: sites.map((s) => s.hostPort).join(','),
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// The ports line; the app's own warnings at LOG_LEVEL=warn (no Chromium on this machine…) may come first on stdout.
const line = await new Promise<string>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`bench server exited (${code}) before listening`)));
  createInterface({ input: server.stdout! }).on('line', (output) => {
    if (output.startsWith('{"appPort"')) resolve(output);
  });
});
const { appPort, barePort } = JSON.parse(line) as { appPort: number; barePort: number };
const app = `http://127.0.0.1:${appPort}`;
const bare = `http://127.0.0.1:${barePort}`;

/** A returning browser's status call: its visitor id, and the cookies it already holds (XSRF token, user_id). */
const STATUS_HEADERS = { 'x-user-id': 'bench-status-visitor', cookie: 'XSRF-TOKEN=bench-token; user_id=bench-status-visitor' };

let sequence = 0;
/** Headers of a browser's same-origin call from its own client address and visitor id. */
const browser = () => {
  const n = ++sequence;
  return {
    cookie: 'XSRF-TOKEN=bench-token',
    'x-xsrf-token': 'bench-token',
    origin: app,
    'x-user-id': `bench-visitor-${n}`,
    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    'content-type': 'application/json',
  };
};
const analyze = (site: string) => fetch(`${app}/api/analyze`, { method: 'POST', headers: browser(), body: JSON.stringify({ url: site }) });
const serverTimes = async (route: string) =>
  (await (await fetch(`${bare}/server-times?route=${encodeURIComponent(route)}&reset=1`)).json()) as {
    count: number;
    p50: number | null;
    p99: number | null;
  };
const summary = (r: Result) => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});
const serverCpuUs = async () => ((await (await fetch(`${bare}/cpu`)).json()) as { cpuUs: number }).cpuUs;
const clientCpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
/**
 * An autocannon run with the server process's CPU time per request it served (µs), and this
 * process's (the load generator's, on the other core: the limit when the server idles).
 */
const measured = async (options: Options) => {
  const before = await serverCpuUs();
  const clientBefore = clientCpuUs();
  const result = await autocannon(options);
  const clientUs = clientCpuUs() - clientBefore;
  const requests = Math.max(1, result.requests.total);
  return { result, cpuUsPerRequest: ((await serverCpuUs()) - before) / requests, clientCpuUsPerRequest: clientUs / requests };
};
const median = <T>(items: T[], key: (item: T) => number): T => [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
const round = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

try {
  const cachedSite = sites[UNCACHED]!.origin;
  const warm = await analyze(cachedSite);
  if (warm.status !== 200) throw new Error(`warming analysis answered ${warm.status}: ${await warm.text()}`);

  // Bare and status alternate, so that both see the same machine conditions; each round's ratio counts.
  const rounds: Array<{ bare: Awaited<ReturnType<typeof measured>>; status: Awaited<ReturnType<typeof measured>>; ratio: number }> = [];
  await serverTimes('/api/subscription/status');
  for (let i = 0; i < ROUNDS; i++) {
    const bareRound = await measured({ url: `${bare}/ping`, connections: CONNECTIONS, duration: DURATION_S });
    const statusRound = await measured({
      url: `${app}/api/subscription/status`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: STATUS_HEADERS,
    });
    rounds.push({ bare: bareRound, status: statusRound, ratio: statusRound.result.requests.average / bareRound.result.requests.average });
  }
  const statusServer = await serverTimes('/api/subscription/status');
  const { bare: bareMedian, status: statusMedian } = median(rounds, (r) => r.ratio);
  const bareRun = bareMedian.result;
  const statusRun = statusMedian.result;
  const analyzeRun = await autocannon({
    url: `${app}/api/analyze`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      { method: 'POST', body: JSON.stringify({ url: cachedSite }), setupRequest: (request) => ({ ...request, headers: browser() }) },
    ],
  });
  const analyzeServer = await serverTimes('/api/analyze');

  // Under load: 50 uncached analyses of 50 sites at once, status measured meanwhile.
  const started = performance.now();
  let finished = 0;
  const analyses = sites.slice(0, UNCACHED).map((site) =>
    analyze(site.origin).then(async (res) => {
      finished++;
      await res.arrayBuffer();
      return { status: res.status, seconds: (performance.now() - started) / 1000 };
    }),
  );
  // Status latencies counted only while analyses are still running; the run stops when the last one ends.
  const loaded = autocannon({ url: `${app}/api/subscription/status`, connections: 10, duration: 120, headers: STATUS_HEADERS });
  const during: number[] = [];
  const statusCodesDuring: Record<string, number> = {};
  void loaded.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (finished >= UNCACHED) return;
    during.push(responseTime);
    statusCodesDuring[statusCode] = (statusCodesDuring[statusCode] ?? 0) + 1;
  });
  const outcomes = await Promise.all(analyses);
  const loadedSeconds = (performance.now() - started) / 1000;
  loaded.stop();
  await loaded;
  during.sort((x, y) => x - y);
  const pct = (q: number) => round(during[Math.min(during.length - 1, Math.floor(q * during.length))] ?? null);
  const codes: Record<string, number> = {};
  for (const o of outcomes) codes[o.status] = (codes[o.status] ?? 0) + 1;

  console.log(
    JSON.stringify(
      {
        settings: {
          durationS: DURATION_S,
          rounds: ROUNDS,
          connections: CONNECTIONS,
          logLevel: 'warn',
          database: 'sqlite',
          cores: (await import('node:os')).availableParallelism(),
        },
        bareFastify: {
          ...summary(bareRun),
          serverCpuUsPerRequest: round(bareMedian.cpuUsPerRequest),
          loadGeneratorCpuUsPerRequest: round(bareMedian.clientCpuUsPerRequest),
        },
        status: {
          ...summary(statusRun),
          serverCpuUsPerRequest: round(statusMedian.cpuUsPerRequest),
          loadGeneratorCpuUsPerRequest: round(statusMedian.clientCpuUsPerRequest),
          serverP50Ms: round(statusServer.p50),
          serverP99Ms: round(statusServer.p99),
        },
        statusThroughputVsBare: Math.round((statusRun.requests.average / bareRun.requests.average) * 100) / 100,
        statusVsBareRounds: rounds.map((r) => ({
          bareRequestsPerSecond: Math.round(r.bare.result.requests.average),
          statusRequestsPerSecond: Math.round(r.status.result.requests.average),
          ratio: Math.round(r.ratio * 100) / 100,
          bareCpuUsPerRequest: round(r.bare.cpuUsPerRequest),
          statusCpuUsPerRequest: round(r.status.cpuUsPerRequest),
          bareLoadGeneratorCpuUsPerRequest: round(r.bare.clientCpuUsPerRequest),
          statusLoadGeneratorCpuUsPerRequest: round(r.status.clientCpuUsPerRequest),
        })),
        cachedAnalyze: { ...summary(analyzeRun), serverP50Ms: round(analyzeServer.p50), serverP99Ms: round(analyzeServer.p99) },
        statusWhileAnalysing: {
          statusRequests: during.length,
          requestsPerSecond: Math.round(during.length / loadedSeconds),
          p50Ms: pct(0.5),
          p99Ms: pct(0.99),
          maxMs: round(during.at(-1) ?? null),
          statusCodes: statusCodesDuring,
          uncachedAnalyses: UNCACHED,
          analysisStatusCodes: codes,
          lastAnalysisDoneS: Math.round(Math.max(...outcomes.map((o) => o.seconds)) * 10) / 10,
          termsFetches: sites.slice(0, UNCACHED).reduce((n, s) => n + s.hits('/legal/terms-of-service'), 0),
        },
      },
      null,
      2,
    ),
  );
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  await Promise.all(sites.map((s) => s.close()));
}
