/**
 * Benchmark of the browser path (npm run bench:render), on loopback fixture sites only:
 *  1. analyzer in process: for each script-dependent variant (app shell, script-rendered links,
 *     text loaded by XHR, cookie wall, hash routes), BENCH_RUNS analyses (default 7) with the
 *     browser, median and first (cold: Chromium launched) milliseconds;
 *  2. the real server (buildApp, SQLite in a temporary folder, the worker pool, BROWSER on):
 *     RSS of the server process and of the Chromium processes it started, before any analysis
 *     and after BENCH_RUNS browser analyses of distinct app-shell sites through POST /api/analyze
 *     (distinct sites, so the result cache does not answer), with their median time.
 * Prints one JSON line per part, then a summary line.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeSite, closeSharedBrowser, SCRIPT_SITES, serveSite, type FixtureSite } from '@fineprint/analysis';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { browserHeaders } from '../apps/server/src/test/test-app';
import { median } from './stats';

const CHROMIUM = process.env.BROWSER_PATH || '/usr/bin/chromium';
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 7));
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set BROWSER_PATH)`);
  process.exit(1);
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/** Resident and proportional memory (kB → bytes) of every live process descending from this one (Chromium and its renderers). */
function descendantsMemory(): { processes: number; rssBytes: number; pssBytes: number } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const ours = new Set<number>([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (!ours.has(pid) && ours.has(ppid)) {
        ours.add(pid);
        grew = true;
      }
  }
  ours.delete(process.pid);
  let rssBytes = 0;
  let pssBytes = 0;
  for (const pid of ours) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rssBytes += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
      pssBytes += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {
      // Gone, or not readable.
    }
  }
  return { processes: ours.size, rssBytes, pssBytes };
}

function memory() {
  const children = descendantsMemory();
  return {
    serverRssMb: mb(process.memoryUsage().rss),
    browserProcesses: children.processes,
    browserRssMb: mb(children.rssBytes),
    browserPssMb: mb(children.pssBytes),
  };
}

// 1. The analyzer in process.
const variants: Record<string, { firstMs: number; medianMs: number; runs: number[] }> = {};
for (const [name, routes] of Object.entries(SCRIPT_SITES)) {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const site = await serveSite(routes);
    const started = performance.now();
    const result = await analyzeSite(site.origin, { allowlist: [site.hostPort], browser: { executablePath: CHROMIUM } });
    runs.push(Math.round(performance.now() - started));
    await site.close();
    if (result.documents.length !== 2) throw new Error(`${name}: ${result.documents.length} documents found`);
  }
  variants[name] = { firstMs: runs[0]!, medianMs: median(runs), runs };
}
await closeSharedBrowser();
console.log(JSON.stringify({ part: 'analyzer', runsPerVariant: RUNS, variants }));

// 2. The server, with its worker pool and the browser path.
const sites: FixtureSite[] = [];
for (let i = 0; i < RUNS; i++) sites.push(await serveSite(SCRIPT_SITES['app shell']!));
const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-bench-render-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  FETCH_ALLOWLIST: sites.map((s) => s.hostPort).join(','),
  ANALYZE_RATE_LIMIT_PER_MINUTE: '1000',
  BROWSER: 'on',
  BROWSER_PATH: CHROMIUM,
});
const { db } = await openDatabase({ dataDir });
const app = await buildApp({ config, db, logger: false });
await app.ready();
const before = memory();
const serverRuns: number[] = [];
let peak = before;
for (const [i, site] of sites.entries()) {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/analyze',
    headers: browserHeaders(`bench-render-${i}`),
    payload: { url: site.origin },
  });
  serverRuns.push(Math.round(performance.now() - started));
  if (response.statusCode !== 200) throw new Error(`analysis ${i}: ${response.statusCode} ${response.body}`);
  const now = memory();
  if (now.serverRssMb + now.browserPssMb > peak.serverRssMb + peak.browserPssMb) peak = now;
}
const after = memory();
await app.close();
await Promise.all(sites.map((s) => s.close()));
const server = { part: 'server', runs: serverRuns, firstMs: serverRuns[0], medianMs: median(serverRuns), before, after, peak };
console.log(JSON.stringify(server));
console.log(
  JSON.stringify({
    summary: true,
    appShellMedianMs: variants['app shell']!.medianMs,
    worstVariantMedianMs: Math.max(...Object.values(variants).map((v) => v.medianMs)),
    serverMedianMs: server.medianMs,
    serverRssBeforeMb: before.serverRssMb,
    serverRssAfterMb: after.serverRssMb,
    browserPssAfterMb: after.browserPssMb,
    chromiumVersion: execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim(),
  }),
);
process.exit(0);
