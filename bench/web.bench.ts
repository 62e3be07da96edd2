/**
 * Web front-end weight and speed. Builds the web app (skip with WEB_BENCH_NO_BUILD=1; WEB_DIST_DIR
 * measures another build, served by this server), then:
 * - from the build: the JavaScript and CSS the first screen needs (index.html's entry and
 *   everything it imports statically), gzip and brotli sizes, and every lazy chunk;
 * - over HTTP through the real server and Chromium: the JavaScript bytes a returning visitor
 *   (user_id cookie present) and a first-time visitor (fingerprinting loaded) actually receive;
 * - the same for a result permalink (`/?r=<id>`, a fixture site on 127.0.0.1 analysed first);
 * - Lighthouse mobile and desktop, home page and permalink, WEB_BENCH_RUNS times each (default 5):
 *   min/median/max of every score and metric, when the `lighthouse` package is installed;
 * - the home page's first contentful paint with 4× CPU slow-down on Lighthouse's regular 3G (applied
 *   as Lighthouse applies it, and simulated as Lighthouse scores) and on DevTools' Slow 3G preset,
 *   with the first painted frame on regular 3G saved to WEB_BENCH_SCREENSHOT=<file>.
 * The machine's load average is printed beside them: on a shared machine Lighthouse's scores move with it.
 * Prints one JSON object. Loopback only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '@fineprint/analysis';
import { startFixtureSite } from '../e2e/fixture-site';
import { median } from './stats';
import { freePort } from '../tests/support/free-port';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The built web app: apps/web/dist, or WEB_DIST_DIR (as the server reads it), e.g. an older build to compare with. */
const DIST = process.env.WEB_DIST_DIR ?? join(ROOT, 'apps/web/dist');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [...CHROMIUM_FLAGS];
/** Sizes in kB of 1,000 bytes, as Vite and Lighthouse report them. */
const kb = (bytes: number) => Math.round(bytes / 10) / 100;

/** Lighthouse runs per page and form factor (min, median and max are printed). */
const RUNS = Math.max(1, Number(process.env.WEB_BENCH_RUNS ?? 5));
/** DevTools' "Slow 3G" preset: 2 s added to every request (so the HTML alone arrives after 2 s), 400 kbit/s. */
const SLOW_3G = {
  name: 'DevTools Slow 3G preset, 4x CPU',
  latency: 2000,
  downloadThroughput: (500 * 1000 * 0.8) / 8,
  uploadThroughput: (500 * 1000 * 0.8) / 8,
  cpuSlowdown: 4,
};
/**
 * Lighthouse's regular 3G (`mobileRegular3G`: 300 ms RTT, 700 kbit/s, 4× CPU), applied in Chromium as
 * Lighthouse itself applies it (`throttlingMethod: 'devtools'`): DevTools adds its latency once per
 * request rather than per round trip, so Lighthouse scales it by its adjustment factors (×3.75 → 1,125 ms
 * per request, ×0.9 → 630 kbit/s). Read from the lighthouse package, not copied.
 */
async function regular3g() {
  const definition = (await loadLighthouse()).throttling.mobileRegular3G!;
  return {
    name: 'Lighthouse regular 3G (300 ms RTT, 700 kbit/s, 4x CPU), applied as Lighthouse applies it in DevTools',
    definition,
    latency: definition.requestLatencyMs,
    downloadThroughput: (definition.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (definition.uploadThroughputKbps * 1024) / 8,
    cpuSlowdown: definition.cpuSlowdownMultiplier,
  };
}
interface LighthouseThrottling {
  rttMs: number;
  throughputKbps: number;
  requestLatencyMs: number;
  downloadThroughputKbps: number;
  uploadThroughputKbps: number;
  cpuSlowdownMultiplier: number;
}

if (process.env.WEB_BENCH_NO_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('web build failed');
}

// 1. From the build: the first screen's files and the lazy chunks.
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const sizes = (file: string) => {
  const content = readFileSync(join(DIST, file));
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const entry = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!);
/** Static imports (not import()) of a chunk, followed to the end. */
const staticClosure = (files: string[]): string[] => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(DIST, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
      visit(`assets/${m[1]}`);
  };
  files.forEach(visit);
  return [...seen];
};
const firstScreenJs = staticClosure([...entry, ...preloads]);
const lazyJs = readdirSync(join(DIST, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`)
  .filter((file) => !firstScreenJs.includes(file));
const sum = (files: string[], key: 'raw' | 'gzip' | 'brotli') => files.reduce((total, f) => total + sizes(f)[key], 0);

// 2. Over HTTP: what Chromium receives from the real server.
async function startServer(allowlist: string): Promise<{ baseUrl: string; server: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-webbench-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      FETCH_ALLOWLIST: allowlist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, server, dataDir };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start within 30 s');
}

// Lighthouse's scores move with the machine's load (its simulation scales the CPU time it observed): printed beside them.
const loadAtStart = loadavg().map((x) => Math.round(x * 100) / 100);
const site = await startFixtureSite();
const { baseUrl, server, dataDir } = await startServer(site.hostPort);
// The server is a child process: it goes with the bench, also when a step throws.
process.on('exit', () => server.kill('SIGTERM'));
const permalinkUrl = `${baseUrl}/?r=${await keptResultId(baseUrl, site.origin)}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
async function transferred(withCookie: boolean, url = baseUrl) {
  const context = await browser.newContext();
  if (withCookie) await context.addCookies([{ name: 'user_id', value: 'webbench-returning', url: baseUrl }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  const bytes = { script: 0, stylesheet: 0, document: 0, encodings: new Set<string>() };
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type.toLowerCase());
    const encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'];
    if (encoding && e.type === 'Script') bytes.encodings.add(encoding);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    if (type === 'script' || type === 'stylesheet' || type === 'document') bytes[type] += e.encodedDataLength;
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  const loadMs = Date.now() - started;
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  await context.close();
  return {
    scriptKb: kb(bytes.script),
    cssKb: kb(bytes.stylesheet),
    htmlKb: kb(bytes.document),
    scriptEncodings: [...bytes.encodings],
    fcpMs: paint && Math.round(paint),
    networkIdleMs: loadMs,
  };
}

let lighthouse: Record<string, unknown> | string;
try {
  lighthouse = { runs: RUNS, home: await runLighthouse(baseUrl, 'home'), permalink: await runLighthouse(permalinkUrl, 'permalink') };
} catch (error) {
  lighthouse = `not run: ${(error as Error).message}`;
}
const regular3gNetwork = await regular3g();
const result = {
  machine: { cores: cpus().length, loadAverageAtStart: loadAtStart },
  firstScreen: {
    files: [...firstScreenJs, ...css],
    jsGzipKb: kb(sum(firstScreenJs, 'gzip')),
    jsBrotliKb: kb(sum(firstScreenJs, 'brotli')),
    jsRawKb: kb(sum(firstScreenJs, 'raw')),
    cssGzipKb: kb(sum(css, 'gzip')),
    // index.html as built: the pre-rendered first screen and the inlined stylesheet ride in it.
    htmlGzipKb: kb(gzipSync(html, { level: 9 }).length),
    inlineCssGzipKb: kb(gzipSync([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join(''), { level: 9 }).length),
  },
  lazyChunks: Object.fromEntries(lazyJs.map((f) => [f.replace(/^assets\//, ''), kb(sizes(f).gzip)])),
  overHttp: {
    returningVisitor: await transferred(true),
    firstVisit: await transferred(false),
    permalink: await transferred(true, permalinkUrl),
  },
  lighthouse,
  throttledFirstPaint: {
    regular3g: {
      definition: regular3gNetwork.definition,
      applied: await throttledFirstPaints(regular3gNetwork, process.env.WEB_BENCH_SCREENSHOT),
      lighthouseSimulated: await simulatedRegular3g(baseUrl).catch((error: Error) => `not run: ${error.message}`),
    },
    slow3gPreset: await throttledFirstPaints(SLOW_3G),
  },
};
Object.assign(result.machine, { loadAverageAtEnd: loadavg().map((x) => Math.round(x * 100) / 100) });
await browser.close();
server.kill('SIGTERM');
await site.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(result, null, 2));

/** An analysis of the fixture site through the API (as a browser's CSRF pair would send it): its permalink id. */
async function keptResultId(base: string, siteOrigin: string): Promise<string> {
  const response = await fetch(`${base}/api/analyze`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=webbench',
      'x-xsrf-token': 'webbench',
      'x-user-id': 'webbench-permalink',
    },
    body: JSON.stringify({ url: siteOrigin }),
  });
  const body = (await response.json()) as { resultId?: string; error?: string };
  if (!body.resultId) throw new Error(`no permalink: ${response.status} ${body.error ?? ''}`);
  return body.resultId;
}

/** min / median / max of one figure over runs. */
function spread(values: number[]) {
  return { min: Math.min(...values), median: median(values), max: Math.max(...values) };
}

interface ThrottledNetwork {
  name: string;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
  cpuSlowdown: number;
}

/** `throttledFirstPaint` RUNS times: each figure's spread; the first run's first painted frame saved to `screenshot`. */
async function throttledFirstPaints(network: ThrottledNetwork, screenshot?: string) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await throttledFirstPaint(network, i === 0 ? screenshot : undefined));
  return {
    network: network.name,
    runs: RUNS,
    fcpMs: spread(runs.map((r) => r.fcpMs)),
    htmlArrivedMs: spread(runs.map((r) => r.htmlArrivedMs)),
    headerAndFormOnScreenMs: spread(runs.map((r) => r.headerAndFormOnScreenMs)),
    runsWhereAppScriptHadRunWhenFormSeen: runs.filter((r) => r.appScriptHadRun).length,
    ...(screenshot ? { screenshot, screenshotFrameMs: runs[0]!.screenshotFrameMs } : {}),
  };
}

/**
 * The home page on a throttled network with the CPU slowed down, a fresh visitor at 360×740: when the
 * HTML arrived, the first contentful paint (FCP), when the h1 and the address field were seen on
 * screen and whether the app's script had run by then (its address field is no longer read-only); the
 * first frame the compositor produced at or after FCP is written to `screenshot` when given.
 */
async function throttledFirstPaint(network: ThrottledNetwork, screenshot?: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latency,
    downloadThroughput: network.downloadThroughput,
    uploadThroughput: network.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: network.cpuSlowdown });
  // Every frame with its wall-clock time, acknowledged so that the next one comes.
  const frames: { data: string; at: number }[] = [];
  if (screenshot) {
    cdp.on('Page.screencastFrame', (frame) => {
      frames.push({ data: frame.data, at: (frame.metadata.timestamp ?? 0) * 1000 });
      void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
    });
    await cdp.send('Page.startScreencast', { format: 'png', maxWidth: 360, maxHeight: 740 });
  }
  const started = Date.now();
  void page.goto(baseUrl, { waitUntil: 'commit' }).catch(() => undefined);
  await page.locator('h1').and(page.locator(':visible')).first().waitFor({ timeout: 60_000 });
  await page.locator('#site-url').waitFor({ state: 'visible', timeout: 60_000 });
  const formVisibleMs = Date.now() - started;
  // The pre-rendered address field is read-only until the app has taken over.
  const isAppRunning = await page.locator('#site-url').evaluate((field) => !field.hasAttribute('readonly'));
  await page.waitForLoadState('load', { timeout: 120_000 });
  const paint = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      htmlResponseEnd: navigation?.responseEnd ?? NaN,
      timeOrigin: performance.timeOrigin,
    };
  });
  // The frame of the first paint: screencast timestamps are wall-clock seconds taken when the frame
  // is drawn, a few milliseconds either side of the FCP entry's time; a frame > 20 ms before it is an earlier, blank one.
  const paintedAt = paint.timeOrigin + paint.fcp;
  let firstFrameMs = NaN;
  if (screenshot) {
    for (let waited = 0; !frames.some((frame) => frame.at >= paintedAt - 20) && waited < 5_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await cdp.send('Page.stopScreencast');
    const first = frames.find((frame) => frame.at >= paintedAt - 20);
    if (!first) throw new Error(`no screencast frame at the first paint (FCP ${paintedAt}, frames ${frames.map((f) => f.at).join(', ')})`);
    firstFrameMs = Math.round(first.at - paint.timeOrigin);
    mkdirSync(dirname(screenshot), { recursive: true });
    writeFileSync(screenshot, Buffer.from(first.data, 'base64'));
  }
  await context.close();
  return {
    fcpMs: Math.round(paint.fcp),
    htmlArrivedMs: Math.round(paint.htmlResponseEnd),
    headerAndFormOnScreenMs: formVisibleMs,
    appScriptHadRun: isAppRunning,
    screenshotFrameMs: firstFrameMs,
  };
}

type LighthouseRun = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<{ lhr: LighthouseResult }>;

/** The lighthouse package (optional: the bench says "not run" without it) and a Chromium for it. */
async function loadLighthouse() {
  const moduleName = 'lighthouse';
  const { default: run } = (await import(moduleName)) as { default: LighthouseRun };
  const { default: desktopConfig } = (await import(`${moduleName}/core/config/desktop-config.js`)) as { default: unknown };
  const { throttling } = (await import(`${moduleName}/core/config/constants.js`)) as { throttling: Record<string, LighthouseThrottling> };
  const launcher = (await import('chrome-launcher')) as unknown as {
    launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
  };
  return { run, desktopConfig, throttling, launchChrome: () => launcher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS }) };
}

/**
 * Lighthouse mobile (its default: simulated slow 4G, mid-range phone, 4× CPU) and desktop, through the
 * system Chromium, RUNS times each: every category's and metric's min/median/max; the audits that cost
 * accessibility or best practices in any run; the median-performance run's opportunities and its
 * main-thread work by kind. With WEB_BENCH_LHR_DIR the median run's full report is written there.
 */
async function runLighthouse(url: string, label: string): Promise<Record<string, unknown>> {
  const { run, desktopConfig, launchChrome } = await loadLighthouse();
  const chrome = await launchChrome();
  try {
    const scores: Record<string, unknown> = {};
    for (const [formFactor, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ] as const) {
      // A run Lighthouse could not finish (its runtimeError, e.g. no paint seen in time on a loaded machine)
      // has no scores: it is counted and named, not averaged in as zeros.
      const reports: LighthouseResult[] = [];
      const failedRuns: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { lhr } = await run(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
        if (lhr.runtimeError || lhr.categories.performance?.score == null) failedRuns.push(lhr.runtimeError?.code ?? 'no score');
        else reports.push(lhr);
      }
      if (reports.length === 0) {
        scores[formFactor] = { failedRuns };
        continue;
      }
      const score = (lhr: LighthouseResult, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (lhr: LighthouseResult, id: string, digits = 0) =>
        Math.round((lhr.audits[id]?.numericValue ?? NaN) * 10 ** digits) / 10 ** digits;
      const byPerformance = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const medianRun = byPerformance[Math.floor(byPerformance.length / 2)]!;
      if (process.env.WEB_BENCH_LHR_DIR) {
        mkdirSync(process.env.WEB_BENCH_LHR_DIR, { recursive: true });
        writeFileSync(join(process.env.WEB_BENCH_LHR_DIR, `${label}-${formFactor}.json`), JSON.stringify(medianRun));
      }
      const failing = new Set<string>();
      for (const lhr of reports)
        for (const category of ['accessibility', 'best-practices'])
          for (const ref of lhr.categories[category]?.auditRefs ?? [])
            if (ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1) failing.add(`${category}: ${ref.id}`);
      scores[formFactor] = {
        ...Object.fromEntries(Object.keys(medianRun.categories).map((id) => [id, spread(reports.map((lhr) => score(lhr, id)))])),
        fcpMs: spread(reports.map((lhr) => metric(lhr, 'first-contentful-paint'))),
        lcpMs: spread(reports.map((lhr) => metric(lhr, 'largest-contentful-paint'))),
        tbtMs: spread(reports.map((lhr) => metric(lhr, 'total-blocking-time'))),
        speedIndexMs: spread(reports.map((lhr) => metric(lhr, 'speed-index'))),
        cls: spread(reports.map((lhr) => metric(lhr, 'cumulative-layout-shift', 3))),
        auditsBelowFullScore: [...failing],
        failedRuns,
        medianRun: {
          performance: score(medianRun, 'performance'),
          opportunities: Object.values(medianRun.audits)
            .filter((audit) => (audit.metricSavings?.LCP ?? 0) + (audit.metricSavings?.FCP ?? 0) + (audit.metricSavings?.TBT ?? 0) > 0)
            .map((audit) => ({ id: audit.id, savings: audit.metricSavings })),
          mainThreadMs: Object.fromEntries(
            (medianRun.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
              item.group,
              Math.round(item.duration ?? 0),
            ]),
          ),
        },
      };
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse's own figures for regular 3G (`mobileRegular3G`, simulated as its mobile score is): FCP and LCP, RUNS times. */
async function simulatedRegular3g(url: string) {
  const { run, throttling, launchChrome } = await loadLighthouse();
  const chrome = await launchChrome();
  try {
    const fcp: number[] = [];
    const lcp: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await run(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttlingMethod: 'simulate',
        throttling: throttling.mobileRegular3G,
      });
      fcp.push(Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? NaN));
      lcp.push(Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN));
    }
    return { runs: RUNS, fcpMs: spread(fcp), lcpMs: spread(lcp) };
  } finally {
    await chrome.kill();
  }
}

interface LighthouseResult {
  runtimeError?: { code: string; message?: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      score: number | null;
      numericValue?: number;
      metricSavings?: Partial<Record<'LCP' | 'FCP' | 'TBT' | 'CLS' | 'INP', number>>;
      details?: { items?: { group?: string; duration?: number }[] };
    }
  >;
}
