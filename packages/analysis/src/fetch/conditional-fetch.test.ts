import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../errors';
import { fetchDocument, type FetchOptions } from './guarded-fetch';

/** Issue 23: a watched site's re-read sends the validators it holds; a 304 costs no body. */
const seen: IncomingMessage[] = [];
let server: Server;
let base: string;
let options: FetchOptions;
const ETAG = '"v1-abc"';
const LAST_MODIFIED = 'Wed, 01 Jan 2025 00:00:00 GMT';

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    if (req.url === '/moved') return void res.writeHead(301, { location: '/terms' }).end();
    if (req.url === '/plain') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>No validators here.</p>');
    if (req.url === '/stale-304') return void res.writeHead(304).end();
    const isCurrent = req.headers['if-none-match'] === ETAG || req.headers['if-modified-since'] === LAST_MODIFIED;
    if (isCurrent) return void res.writeHead(304, { etag: ETAG }).end();
    res
      .writeHead(200, { 'content-type': 'text/html', etag: ETAG, 'last-modified': LAST_MODIFIED })
      .end('<h1>Terms</h1><p>Version one.</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  options = { allowlist: [`127.0.0.1:${port}`], headersTimeoutMs: 1000, totalTimeoutMs: 3000 };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('conditional fetch (ETag / Last-Modified)', () => {
  it('returns the validators of a full answer', async () => {
    const document = await fetchDocument(`${base}/terms`, options);
    expect(document.notModified).toBeUndefined();
    expect(document.text).toContain('Version one.');
    expect(document.validators).toEqual({ etag: ETAG, lastModified: LAST_MODIFIED });
  });

  it('sends If-None-Match and If-Modified-Since and answers a 304 without a body', async () => {
    seen.length = 0;
    const document = await fetchDocument(`${base}/terms`, { ...options, conditional: { etag: ETAG, lastModified: LAST_MODIFIED } });
    expect(document.notModified).toBe(true);
    expect(document.body.length).toBe(0);
    expect(document.validators).toEqual({ etag: ETAG, lastModified: LAST_MODIFIED });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['if-none-match']).toBe(ETAG);
    expect(seen[0]!.headers['if-modified-since']).toBe(LAST_MODIFIED);
  });

  it('reads the new document when the validators no longer match', async () => {
    const document = await fetchDocument(`${base}/terms`, { ...options, conditional: { etag: '"v0"' } });
    expect(document.notModified).toBeUndefined();
    expect(document.text).toContain('Version one.');
  });

  it('keeps the validators across a redirect and through the same guard', async () => {
    const document = await fetchDocument(`${base}/moved`, { ...options, conditional: { etag: ETAG } });
    expect(document.notModified).toBe(true);
    expect(document.url).toBe(`${base}/terms`);
  });

  it('sends no validators without a held copy, and a bare 304 stays an error then', async () => {
    seen.length = 0;
    const document = await fetchDocument(`${base}/plain`, options);
    expect(document.validators).toBeUndefined();
    expect(seen[0]!.headers['if-none-match']).toBeUndefined();
    const error = await fetchDocument(`${base}/stale-304`, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
  });

  it('still refuses a private address before any request', async () => {
    const error = await fetchDocument('http://10.0.0.1/terms', { conditional: { etag: ETAG } }).catch((e: unknown) => e);
    expect((error as FetchError).code).toBe('BLOCKED_ADDRESS');
  });
});
