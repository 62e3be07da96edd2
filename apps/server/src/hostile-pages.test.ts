import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp } from './test/test-app';

/**
 * Hostile pages of the issue 9 review and of SECURITY.md B, analysed through the API by the
 * real analyzer (worker threads) from a loopback site. Each family is the small page that
 * froze the server before, or its 3 MB form.
 */
const CLAUSES =
  '<p>We may terminate your account at any time without notice. These terms are governed by the laws of the State of California. ' +
  'Any dispute will be resolved by binding arbitration, and you waive any right to a class action.</p>';
const LEGAL = CLAUSES.repeat(8);
// Served under /terms/… so that discovery takes each page as the Terms and the whole pipeline reads it.
const PAGES: Record<string, { type: string; body: string | Buffer }> = {
  '/terms/lt-a-160k': { type: 'text/html', body: `${LEGAL}${'<a'.repeat(80_000)}` },
  '/terms/lt-a-3m': { type: 'text/html', body: `${LEGAL}${'<a'.repeat(1_500_000)}` },
  '/terms/title-h1-unclosed': { type: 'text/html', body: `<h1>${LEGAL}${'terms of service '.repeat(150_000)}` },
  '/terms/nested-20000-links-3000': {
    type: 'text/html',
    body: `${'<div>'.repeat(20_000)}${LEGAL}${'<a href="/terms">Terms of Service</a> '.repeat(3_000)}`,
  },
  '/terms/implied-close-nesting': { type: 'text/html', body: `${'<p><div></p>'.repeat(100_000)}${LEGAL}` },
  '/terms/svg-self-closing': { type: 'text/html', body: `${'<div>'.repeat(20)}<svg>${'<path d="M0 0"/>'.repeat(50_000)}</svg>${LEGAL}` },
  '/terms/links-100k': { type: 'text/html', body: `${LEGAL}${'<a href="/privacy">Privacy</a>'.repeat(100_000)}` },
  '/terms/comment-unclosed': { type: 'text/html', body: `${LEGAL}<!--${'x'.repeat(3_000_000)}` },
  '/terms/utf16-no-bom': { type: 'text/html; charset=utf-16', body: Buffer.from(`<html><body>${LEGAL}</body></html>`) },
  '/terms/broken-escapes': { type: 'text/html', body: `<a href="/%">Terms</a><a href="/%zz/privacy">Privacy</a>${LEGAL}` },
  '/terms/markdown-brackets': { type: 'text/markdown', body: `${CLAUSES.replace(/<\/?p>/g, '\n\n').repeat(8)}${'[]('.repeat(1_000_000)}` },
};
/** Families whose legal clauses must come through as an analysis, not only as a clean refusal. */
const READABLE = [
  '/terms/nested-20000-links-3000',
  '/terms/implied-close-nesting',
  '/terms/svg-self-closing',
  '/terms/utf16-no-bom',
  '/terms/broken-escapes',
];

let site: Server;
let base = '';
/** Requests for the dripping page, and how many of their connections the analyzer has closed. */
const drip = { requests: 0, closed: 0 };
beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url?.startsWith('/drip')) {
      // A legal page that arrives one byte every 400 ms, for ever (SECURITY B.15).
      drip.requests++;
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<'), 400);
      res.on('close', () => {
        drip.closed++;
        clearInterval(timer);
      });
      return;
    }
    const page = PAGES[req.url ?? ''];
    if (!page) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    res.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

describe('hostile pages (SECURITY B.19, issue 9)', () => {
  // No timing is asserted: the server must answer every health probe sent while an analysis runs
  // (it would queue them behind a blocked event loop), and the slowest probe is printed on failure.
  it('keeps answering other requests and never answers 500, whatever page is analysed', async () => {
    const t = await createTestApp('sqlite', {
      analyze: 'worker-pool',
      env: { FETCH_ALLOWLIST: base, ANALYZE_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    try {
      const slowest: Record<string, number> = {};
      const statuses: Record<string, number> = {};
      const keyPoints: Record<string, string> = {};
      for (const path of [...Object.keys(PAGES), '/%', '/terms/%E0%A4%A']) {
        let isDone = false;
        const analysis = t.app
          .inject({
            method: 'POST',
            url: '/api/analyze',
            headers: browserHeaders(`visitor-hostile-${Object.keys(statuses).length}`),
            payload: { url: `http://${base}${path}` },
          })
          .finally(() => (isDone = true));
        let worst = 0;
        let probes = 0;
        while (!isDone) {
          const sent = performance.now();
          // Probes come from a monitor address of their own, outside the visitors' rate limits.
          const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: `192.0.2.${probes++ % 250}` });
          expect(health.statusCode).toBe(200);
          worst = Math.max(worst, performance.now() - sent);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const response = await analysis;
        statuses[path] = response.statusCode;
        if (response.statusCode === 200) keyPoints[path] = response.json<{ keyPoints: string[] }>().keyPoints.join(' ');
        slowest[path] = Math.round(worst);
        expect(response.json()).toEqual(
          response.statusCode === 200 ? expect.objectContaining({ keyPoints: expect.any(Array) }) : { error: expect.any(String) },
        );
      }
      const problems = Object.keys(statuses).filter((path) => statuses[path] === 500);
      expect(problems, JSON.stringify({ statuses, slowest })).toEqual([]);
      for (const path of READABLE) expect({ path, status: statuses[path] }).toEqual({ path, status: 200 });
      expect(keyPoints['/terms/nested-20000-links-3000']).toContain('Disputes go to binding arbitration');
    } finally {
      await t.close();
    }
  }, 120_000);

  it('stops an analysis at its overall deadline, however slowly the site answers, with a clean 504', async () => {
    const t = await createTestApp('sqlite', { analyze: 'worker-pool', env: { FETCH_ALLOWLIST: base, ANALYSIS_TIMEOUT_MS: '2000' } });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/analyze',
        headers: browserHeaders('visitor-drip'),
        payload: { url: `http://${base}/drip/terms` },
      });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual({ error: 'The site took too long to answer.' });
      // One deadline for the whole analysis: the dripping fetch was cut (its connection closed by
      // the analyzer, not left to run) and not tried again on another host name.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(drip).toEqual({ requests: 1, closed: 1 });
    } finally {
      await t.close();
    }
  }, 60_000);
});
