/**
 * Web front-end weight and speed. Builds the web app (skip with WEB_BENCH_NO_BUILD=1), then:
 * - from the build: the JavaScript and CSS the first screen needs (index.html's entry and
 *   everything it imports statically), gzip and brotli sizes, and every lazy chunk;
 * - over HTTP through the real server and Chromium: the JavaScript bytes a returning visitor
 *   (user_id cookie present) and a first-time visitor (fingerprinting loaded) actually receive;
 * - the same for a result permalink (`/?r=<id>`, a fixture site on 127.0.0.1 analysed first);
 * - Lighthouse mobile and desktop scores and CLS, home page and permalink, when the `lighthouse` package is installed;
 * - the first paint of the home page on a throttled network with 4× CPU slow-down (DevTools'
 *   Slow 3G preset and Lighthouse's Regular 3G), with a screenshot of it (WEB_BENCH_SCREENSHOT=<file>).
 * Prints one JSON object. Loopback only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '@fineprint/analysis';
import { startFixtureSite } from '../e2e/fixture-site';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'apps/web/dist');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [...CHROMIUM_FLAGS];
/** Sizes in kB of 1,000 bytes, as Vite and Lighthouse report them. */
const kb = (bytes: number) => Math.round(bytes / 10) / 100;

/** DevTools' "Slow 3G" preset (2 s per request, 400 kbit/s) and Lighthouse's "Regular 3G" (300 ms, 700 kbit/s). */
const SLOW_3G = { name: 'Slow 3G', latency: 2000, downloadThroughput: (500 * 1000 * 0.8) / 8, uploadThroughput: (500 * 1000 * 0.8) / 8 };
const REGULAR_3G = { name: 'Regular 3G', latency: 300, downloadThroughput: (700 * 1000) / 8, uploadThroughput: (700 * 1000) / 8 };

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
  const port = 4400 + Math.floor(Math.random() * 400);
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

const site = await startFixtureSite();
const { baseUrl, server, dataDir } = await startServer(site.hostPort);
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
  lighthouse = { home: await runLighthouse(baseUrl), permalink: await runLighthouse(permalinkUrl) };
} catch (error) {
  lighthouse = `not run: ${(error as Error).message}`;
}

const result = {
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
    slow3g: await throttledFirstPaint(SLOW_3G, process.env.WEB_BENCH_SCREENSHOT),
    regular3g: await throttledFirstPaint(REGULAR_3G),
  },
};
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

/**
 * The home page on a throttled network with the CPU slowed 4×, a fresh visitor: when the first
 * paint came (FCP), when the h1 and the address field were on screen, and whether the app's
 * script had run by then (the footer is rendered by the app only); a screenshot at that moment.
 */
async function throttledFirstPaint(network: typeof SLOW_3G, screenshot?: string) {
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
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  void page.goto(baseUrl, { waitUntil: 'commit' }).catch(() => undefined);
  await page.locator('h1').and(page.locator(':visible')).first().waitFor({ timeout: 60_000 });
  await page.locator('#site-url').waitFor({ state: 'visible', timeout: 60_000 });
  const formVisibleMs = Date.now() - started;
  const isAppRunning = (await page.locator('footer').count()) > 0;
  if (screenshot) await page.screenshot({ path: screenshot });
  await page.waitForLoadState('load', { timeout: 120_000 });
  const paint = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      htmlResponseEnd: navigation?.responseEnd ?? null,
    };
  });
  await context.close();
  return {
    network: network.name,
    fcpMs: paint.fcp && Math.round(paint.fcp),
    htmlArrivedMs: paint.htmlResponseEnd && Math.round(paint.htmlResponseEnd),
    headerAndFormOnScreenMs: formVisibleMs,
    appScriptHadRun: isAppRunning,
  };
}

/** Lighthouse mobile (its default: simulated slow 4G, mid-range phone) and desktop, through the system Chromium. */
async function runLighthouse(url: string): Promise<Record<string, unknown>> {
  const moduleName = 'lighthouse';
  const { default: lighthouseRun } = (await import(moduleName)) as { default: (...args: unknown[]) => Promise<{ lhr: LighthouseResult }> };
  const { default: desktopConfig } = (await import(`${moduleName}/core/config/desktop-config.js`)) as { default: unknown };
  const launcher = (await import('chrome-launcher')) as unknown as {
    launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
  };
  const chrome = await launcher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const scores: Record<string, unknown> = {};
    for (const [name, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ] as const) {
      const { lhr } = await lighthouseRun(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
      scores[name] = {
        ...Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      };
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}
