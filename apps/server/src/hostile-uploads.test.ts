import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { AnalysisResult } from '@fineprint/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  circularPageTreePdf,
  deeplyNestedPdf,
  garbagePdf,
  inflateBombPdf,
  objectStreamBombPdf,
  sharedStreamPdf,
  textPdf,
  truncatedPdf,
} from '../../../tests/fakes/hostile-pdfs';
import { browserHeaders, createTestApp } from './test/test-app';

/**
 * Issue 24, items 2 and 3 for PDFs and uploads: hostile PDFs (uploaded, or linked from a loopback
 * site) and broken multipart bodies are answered 4xx with a sentence, never 500, and the server's
 * resident memory grows by less than the documented budget (docs/decisions/0012).
 */
const RSS_BUDGET = 512 * 1024 * 1024;
const BOUNDARY = '----fineprint-hostile-boundary';
const TOO_COMPLEX = /too large or too complex to read safely.*paste it instead/;
const UNREADABLE = /could not be read.*paste it instead/;

/** A multipart body with a type field and one file, as a browser sends it (optionally without its closing boundary). */
function multipartBody(file: Buffer, filename: string, { closed = true } = {}): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nterms\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(closed ? `\r\n--${BOUNDARY}--\r\n` : '\r\n'),
  ]);
}

/** The largest resident size seen while `work` runs (sampled every 20 ms) minus the size before it. */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe('hostile PDF uploads (issue 24)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let bomb: Buffer;
  let objectStreamBomb: Buffer;
  beforeAll(async () => {
    // About 1 MB of file inflating to 1 GiB of zeros: in one page's content stream, and before the font in an object stream.
    bomb = await inflateBombPdf(1024 ** 3);
    objectStreamBomb = await objectStreamBombPdf(1024 ** 3);
  }, 60_000);
  beforeEach(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(async () => t.close());

  const upload = (visitor: string, file: Buffer, headers: Record<string, string> = {}, options?: { closed?: boolean }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: { ...browserHeaders(visitor), 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      payload: multipartBody(file, 'policy.pdf', options),
    });
  const searchCount = async (visitor: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': visitor } })).json<{
      searchCount: number;
    }>().searchCount;

  it('still reads an ordinary PDF', async () => {
    const res = await upload('visitor-plain-pdf', textPdf(['These Terms are governed by the laws of the State of Delaware.']));
    expect(res.statusCode).toBe(200);
    expect(res.json<AnalysisResult>().factSheet.governing_law.value).toMatch(/Delaware/);
  });

  it.each([
    ['a page inflating to 1 GiB', () => bomb, TOO_COMPLEX],
    ['an object stream inflating to 1 GiB', () => objectStreamBomb, TOO_COMPLEX],
    ['28,000 pages sharing one stream', () => sharedStreamPdf(28_000), TOO_COMPLEX],
    [
      '100 pages sharing 50,000 characters of tiny text',
      () => sharedStreamPdf(100, Array<string>(300).fill('words '.repeat(33)), 1),
      TOO_COMPLEX,
    ],
    ['a page tree whose kid is itself', () => circularPageTreePdf(), UNREADABLE],
    ['10,000 nested arrays', () => deeplyNestedPdf(10_000, 'arrays'), UNREADABLE],
    ['10,000 nested dictionaries', () => deeplyNestedPdf(10_000, 'dictionaries'), UNREADABLE],
    ['garbage after a PDF header', () => garbagePdf(), UNREADABLE],
    ['a truncated PDF', () => truncatedPdf(), UNREADABLE],
    ['%PDF- alone', () => Buffer.from('%PDF-'), UNREADABLE],
  ])(
    'answers %s with 422 in words, the server growing by less than 512 MB, and uses no analysis',
    async (name, make, message) => {
      const visitor = `visitor-${name.replace(/\W+/g, '-')}`;
      const { value: res, growth } = await rssGrowth(() => upload(visitor, make()));
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 422, body: { error: expect.stringMatching(message) } });
      expect(growth).toBeLessThan(RSS_BUDGET);
      expect(await searchCount(visitor)).toBe(0);
    },
    60_000,
  );

  it.each([
    ['without its closing boundary', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, { closed: false }],
    ['sent with Content-Encoding: gzip', { 'content-encoding': 'gzip' }, {}],
    ['without a boundary parameter', { 'content-type': 'multipart/form-data' }, {}],
  ])('answers a multipart body %s with 400 or 415 in words', async (_name, headers, options) => {
    const res = await upload('visitor-broken-multipart', textPdf(['Terms.']), headers, options);
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json()).toEqual({ error: expect.stringMatching(/^[A-Z].*\.$/) });
    expect(await searchCount('visitor-broken-multipart')).toBe(0);
  });

  it('answers a gzipped multipart body (really gzipped) with 415 in words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: {
        ...browserHeaders('visitor-gzip'),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-encoding': 'gzip',
      },
      payload: gzipSync(multipartBody(textPdf(['Terms.']), 'policy.pdf')),
    });
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json()).toEqual({ error: expect.stringMatching(/^[A-Z].*\.$/) });
  });
});

describe('hostile PDFs linked from a site, through the worker pool (issue 24)', () => {
  let site: Server;
  let base = '';
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await inflateBombPdf(1024 ** 3);
    const pages: Record<string, { type: string; body: string | Buffer }> = {
      '/': {
        type: 'text/html',
        body: '<html><body><footer><a href="/terms">Terms of Service</a> <a href="/files/privacy-policy.pdf">Privacy Policy (PDF)</a></footer></body></html>',
      },
      '/terms': {
        type: 'text/html',
        body: '<html><body><h1>Terms of Service</h1><p>These Terms are governed by the laws of the State of Delaware. We may terminate your account at any time without notice.</p></body></html>',
      },
      '/files/privacy-policy.pdf': { type: 'application/pdf', body: bomb },
    };
    site = createServer((req, res) => {
      const page = pages[req.url ?? ''];
      if (!page) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
      res.writeHead(200, { 'content-type': page.type }).end(page.body);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it('answers a site whose Privacy Policy is a PDF bomb with 422 in words, within the memory budget', async () => {
    const t = await createTestApp('sqlite', { analyze: 'worker-pool', env: { FETCH_ALLOWLIST: base } });
    try {
      const { value: res, growth } = await rssGrowth(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/analyze',
          headers: browserHeaders('visitor-pdf-site'),
          payload: { url: `http://${base}/` },
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: expect.stringMatching(TOO_COMPLEX) });
      expect(growth).toBeLessThan(RSS_BUDGET);
    } finally {
      await t.close();
    }
  }, 90_000);
});
