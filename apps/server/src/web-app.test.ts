import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PAGE_TITLES } from '@fineprint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/test-app';

/** A built web app in miniature: the index template, one hashed script with its precompressed twins, a favicon. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fineprint-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="support-email" content="%SUPPORT_EMAIL%" />' +
      '<meta name="document-history-days" content="%DOCUMENT_HISTORY_DAYS%" /><title>Build title</title></head><body><div id="root">' +
      '<!--fp-shell--><header>Pre-rendered header</header><main><!--fp-home--><form>Pre-rendered form</form><!--/fp-home--></main>' +
      '<!--fp-footer--><footer>Pre-rendered footer</footer><!--/fp-footer--><!--/fp-shell-->' +
      '</div></body></html>',
  );
  const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dir, 'assets', 'index-AbC123xY.js'), script);
  writeFileSync(join(dir, 'assets', 'index-AbC123xY.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'index-AbC123xY.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
  return dir;
}

describe('the web app as the server serves it', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: { WEB_DIST_DIR: fakeWebDist(), SUPPORT_EMAIL: 'help@fineprint.test', DOCUMENT_HISTORY_DAYS: '45' },
    });
  });
  afterAll(async () => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers each route of the app with 200, its own title, the support address, the days versions are kept, and no-cache', async () => {
    for (const route of ['/', '/tos', '/privacy-policy', '/subscription/callback', '/compare'] as const) {
      const res = await get(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<title>${PAGE_TITLES[route]}</title>`);
      expect(res.body).toContain('content="help@fineprint.test"');
      // The privacy page says how long site documents' versions are kept: the server's own setting.
      expect(res.body).toContain('<meta name="document-history-days" content="45" />');
    }
    // The first screen pre-rendered by the build is kept on / only; the other screens keep its header.
    const home = (await get('/')).body;
    expect(home).toContain('<header>Pre-rendered header</header><main><!--fp-home--><form>Pre-rendered form</form>');
    expect(home).toContain('<footer>Pre-rendered footer</footer>');
    const tos = (await get('/tos')).body;
    expect(tos).toContain('<header>Pre-rendered header</header><main></main>');
    expect(tos).not.toContain('Pre-rendered form');
    expect(tos).not.toContain('Pre-rendered footer');
    // A permalink keeps the header and form but not the footer, which its result's skeleton must come before.
    for (const url of ['/?r=AbCdEfGhIjKlMnOpQrStUv', '/?x=1&r=AbCdEfGhIjKlMnOpQrStUv']) {
      const permalink = (await get(url)).body;
      expect(permalink, url).toContain('<form>Pre-rendered form</form>');
      expect(permalink, url).not.toContain('Pre-rendered footer');
    }
    expect((await get('/?ref=newsletter')).body).toContain('<footer>Pre-rendered footer</footer>');
    expect((await get('/tos/')).statusCode).toBe(200);
    expect((await get('/subscription/callback?transaction_id=7')).statusCode).toBe(200);
  });

  it('answers an unknown path with the app (its error page) and 404', async () => {
    for (const path of ['/no/such/page', '/tos/extra', '/index.html', '/assets/missing-12345678.js']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      // The error page has no header: nothing pre-rendered is kept.
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain(`<title>${PAGE_TITLES.notFound}</title>`);
      expect(res.body).not.toContain('%SUPPORT_EMAIL%');
    }
    const api = await get('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found.' });
  });

  it('serves hashed assets precompressed (brotli, else gzip, else plain) and immutable for a year', async () => {
    const br = await get('/assets/index-AbC123xY.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log');
    const gz = await get('/assets/index-AbC123xY.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log');
    const plain = await get('/assets/index-AbC123xY.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain(PAGE_TITLES['/']);
  });

  it('has a real favicon, robots.txt and sitemap.xml', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const robots = await get('/robots.txt', { host: 'fineprint.example' });
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
    // Comparisons are pairs of short-lived results: nothing for a search engine to keep.
    expect(robots.body).toContain('Disallow: /compare');
    expect(robots.body).toContain('Sitemap: http://fineprint.example/sitemap.xml');
    const sitemap = await get('/sitemap.xml', { host: 'fineprint.example' });
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain('<loc>http://fineprint.example/tos</loc>');
    expect(sitemap.body).not.toContain('/subscription/callback');
  });

  it('never echoes a malformed Host into robots.txt', async () => {
    const robots = await get('/robots.txt', { host: 'evil.example/<script>' });
    expect(robots.body).not.toContain('evil');
    expect(robots.body).not.toContain('Sitemap');
  });
});
