import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SCRIPT_SITES, serveSite, type FixtureSite } from '@fineprint/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp } from './test/test-app';

/**
 * Issue 24: 40 ordinary script-built sites at once (their text arrives by XHR after 2.5 s) left
 * every later script-built site answering 504 until a restart: queue time ate the pool's hard
 * stop, threads were killed mid-render and their page slots never came back. Now each of them
 * is read, refused as busy (503 + Retry-After) or refused for its client (429), and the browser
 * path still reads the next site.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const mandatory = process.env.CI === 'true';
const SITES = 40;
/** How late each document's text arrives (the fixture's own pace, not an assertion). */
const XHR_DELAY_MS = 2_500;

/** The "text loaded by XHR" site, whose documents' text is answered late. */
const slowXhrSite = () => {
  const routes = { ...SCRIPT_SITES['text loaded by XHR'] };
  for (const path of ['/api/documents/terms', '/api/documents/privacy']) {
    const route = routes[path] as { type: string; body: string };
    routes[path] = (_request: IncomingMessage, response: ServerResponse) => {
      const timer = setTimeout(() => response.writeHead(200, { 'content-type': route.type }).end(route.body), XHR_DELAY_MS);
      response.once('close', () => clearTimeout(timer));
    };
  }
  return serveSite(routes);
};

let sites: FixtureSite[] = [];
let next: FixtureSite;
beforeAll(async () => {
  sites = await Promise.all(Array.from({ length: SITES }, slowXhrSite));
  next = await serveSite(SCRIPT_SITES['app shell']!);
});
afterAll(async () => {
  await Promise.all([...sites, next].map((site) => site.close()));
});

describe.skipIf(!existsSync(CHROMIUM) && !mandatory)('a burst of script-built sites', () => {
  it('answers each 200, 429 or 503 (with Retry-After), and the browser path reads the next site afterwards', async () => {
    const t = await createTestApp('sqlite', {
      analyze: 'worker-pool',
      env: { FETCH_ALLOWLIST: [...sites, next].map((site) => site.hostPort).join(','), BROWSER_PATH: CHROMIUM },
    });
    try {
      const responses = await Promise.all(
        sites.map((site, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/analyze',
            headers: browserHeaders(`visitor-burst-${i}`),
            remoteAddress: `192.0.2.${i + 1}`,
            payload: { url: `${site.origin}/` },
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(
        statuses.filter((status) => ![200, 429, 503].includes(status)),
        JSON.stringify(statuses),
      ).toEqual([]);
      expect(statuses).toContain(200);
      for (const response of responses.filter((r) => r.statusCode === 503)) expect(response.headers['retry-after']).toBe('30');
      // A page of the burst may miss its render budget while the pool is saturated: its result then says which document it
      // lacks, never silently; at least one site of the burst is read whole.
      const read = responses
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json<{ documents: Array<{ type: string }>; notices: string[] }>());
      for (const result of read) {
        const types = result.documents.map((d) => d.type);
        expect(types.length).toBeGreaterThan(0);
        if (!types.includes('terms')) expect(result.notices.join(' ')).toMatch(/No Terms of Service was found/);
        if (!types.includes('privacy')) expect(result.notices.join(' ')).toMatch(/No Privacy Policy was found/);
      }
      expect(read.some((result) => result.documents.length === 2)).toBe(true);

      const after = await t.app.inject({
        method: 'POST',
        url: '/api/analyze',
        headers: browserHeaders('visitor-after-burst'),
        remoteAddress: '192.0.2.200',
        payload: { url: `${next.origin}/` },
      });
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json<{ documents: Array<{ type: string }> }>().documents.map((d) => d.type)).toEqual(['terms', 'privacy']);
    } finally {
      await t.close();
    }
  }, 240_000);
});
