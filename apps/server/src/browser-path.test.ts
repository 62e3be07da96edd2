import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@fineprint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { browserHeaders, createTestApp } from './test/test-app';

/**
 * The browser path through the API and the real worker pool: a script-only site is read, a page
 * that burns CPU ends at the deadline while the server keeps answering, a bot wall is said
 * plainly, and no Chromium outlives the app.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const mandatory = process.env.CI === 'true';
const hasChromium = existsSync(CHROMIUM);

const paragraphs = (lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
const TERMS = `<h1>Terms of Service</h1>${paragraphs([
  'By using the Service you agree to these Terms. These Terms are governed by the laws of the State of California.',
  'Any dispute will be resolved by binding arbitration, and you waive any right to a class action.',
  'We may terminate your account at any time without notice.',
  ...Array<string>(12).fill(
    'You must follow the community rules when you post content and respect other members of the community at all times.',
  ),
])}`;
const PRIVACY = `<h1>Privacy Policy</h1>${paragraphs([
  'We share your personal information with advertisers and analytics providers.',
  'We retain your data for 2 years.',
  ...Array<string>(12).fill('This policy explains how we process the information you give us when you use the site and the app.'),
])}`;
const SHELL =
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';
const APP = `const pages = ${JSON.stringify({ '/terms': TERMS, '/privacy': PRIVACY })};
document.getElementById('root').innerHTML = pages[location.pathname] ?? '<h1>App</h1><a href="/terms">Terms</a> <a href="/privacy">Privacy</a>';`;

let site: Server;
let base = '';
beforeAll(async () => {
  site = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/busy')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<script>while (true) {}</script>');
    if (path.startsWith('/walled'))
      return void res
        .writeHead(503, { 'content-type': 'text/html' })
        .end(
          '<html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/h/g/orchestrate"></script></body></html>',
        );
    if (path === '/app.js') return void res.writeHead(200, { 'content-type': 'application/javascript' }).end(APP);
    if (['/', '/terms', '/privacy'].includes(path)) return void res.writeHead(200, { 'content-type': 'text/html' }).end(SHELL);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/**
 * Live Chromium processes started by this test process (children only: other programs' browsers
 * are not ours to count). A browser killed with its worker thread stays a zombie until the
 * process exits (no thread is left to reap it): it holds no memory and is not counted.
 */
function ourChromiums(): number {
  const out = execFileSync('ps', ['-o', 'stat=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' }).trim();
  return out === '' ? 0 : out.split('\n').filter((line) => /chrom/i.test(line) && !/^\s*Z/.test(line)).length;
}

describe('configuration of the browser path', () => {
  it('is on by default when Chromium exists, off with a notice when it does not, and refuses BROWSER=on without it', () => {
    const missing = '/nonexistent/chromium';
    const off = loadConfig({ BROWSER_PATH: missing });
    expect(off.BROWSER).toBe('off');
    expect(off.BROWSER_NOTICE).toMatch(/No Chromium at \/nonexistent\/chromium.*apt-get install -y chromium/);
    expect(() => loadConfig({ BROWSER: 'on', BROWSER_PATH: missing })).toThrow(/BROWSER_PATH: no Chromium/);
    expect(loadConfig({ BROWSER: 'off' })).toMatchObject({ BROWSER: 'off', BROWSER_NOTICE: undefined });
    expect(() => loadConfig({ BROWSER: 'yes' })).toThrow(/BROWSER/);
    if (hasChromium) expect(loadConfig({ BROWSER_PATH: CHROMIUM })).toMatchObject({ BROWSER: 'on', BROWSER_NOTICE: undefined });
  });
});

describe.skipIf(!hasChromium && !mandatory)('browser path through the API (worker pool)', () => {
  it('reads a site that only scripts write, answers a bot wall in seconds, stops a CPU-burning page at the deadline, and leaves no browser behind', async () => {
    const before = ourChromiums();
    const t = await createTestApp('sqlite', { analyze: 'worker-pool', env: { FETCH_ALLOWLIST: base, BROWSER_PATH: CHROMIUM } });
    const quick = await createTestApp('sqlite', {
      analyze: 'worker-pool',
      env: { FETCH_ALLOWLIST: base, ANALYSIS_TIMEOUT_MS: '4000', BROWSER_PATH: CHROMIUM },
    });
    try {
      const post = (visitor: string, path: string, app = t.app) =>
        app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders(visitor), payload: { url: `http://${base}${path}` } });

      const read = await post('visitor-shell', '/');
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<{ documents: Array<{ type: string }> }>().documents.map((d) => d.type)).toEqual(['terms', 'privacy']);
      expect(read.json<{ keyPoints: string[] }>().keyPoints.join(' ')).toMatch(/arbitration/);

      const walled = await post('visitor-wall', '/walled');
      expect(walled.statusCode).toBe(422);
      expect(walled.json()).toEqual({ error: MESSAGES.siteBlocksAutomatedReaders });

      let isDone = false;
      const busy = post('visitor-busy', '/busy/terms', quick.app).finally(() => (isDone = true));
      let probes = 0;
      while (!isDone) {
        const health = await quick.app.inject({ method: 'GET', url: '/api/health', remoteAddress: `192.0.2.${probes++ % 250}` });
        expect(health.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const response = await busy;
      expect(probes).toBeGreaterThan(0);
      expect(response.statusCode).toBe(504);
      expect(response.json<{ error: string }>().error).toMatch(/busy past the deadline|took too long/);
    } finally {
      await t.close();
      await quick.close();
    }
    // Chromium quits when the worker that drove it is gone (its pipe closes); give it a moment to exit.
    for (let i = 0; i < 100 && ourChromiums() > before; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ourChromiums()).toBe(before);
  }, 90_000);
});
