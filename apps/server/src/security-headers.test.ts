import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from './plugins/security';
import { createTestApp } from './test/test-app';

type Handler = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The raw bytes of one HTTP/1.1 response to `method path` from 127.0.0.1:port, read until the server closes. */
async function rawResponse(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

/** A plain node:http server answering every request through `handler`, without a Date header. */
async function serverWith(handler: Handler): Promise<number> {
  const server = createServer((request, response) => {
    response.sendDate = false;
    handler(request, response, (error) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

/** The header lines helmet's own middleware writes with this site's policy (between the status line and the server's own lines). */
async function helmetLines(origins: string[]): Promise<string[]> {
  const raw = await rawResponse(await serverWith(helmet(helmetOptions(origins))), '/');
  return headerLines(raw).filter((line) => !/^(Connection|Transfer-Encoding|Content-Length):/i.test(line));
}

/** The header lines of a raw response (without the status line). */
const headerLines = (raw: string) => raw.split('\r\n\r\n')[0]!.split('\r\n').slice(1);

/** The lean set of JSON API answers (OWASP REST Security Cheat Sheet), exactly as written on the wire, in order. */
const API_LINES = [
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security: max-age=31536000; includeSubDomains',
  'X-Content-Type-Options: nosniff',
  'X-Frame-Options: DENY',
  'Referrer-Policy: no-referrer',
];
/** Headers of helmet's document set that an API answer does not carry. */
const DOCUMENT_ONLY =
  /^(Cross-Origin-Opener-Policy|Cross-Origin-Resource-Policy|Origin-Agent-Cluster|X-DNS-Prefetch-Control|X-Download-Options|X-Permitted-Cross-Domain-Policies|X-XSS-Protection):/im;
const RATE_LIMIT_LINE = /^(x-ratelimit-[a-z]+|retry-after):/im;

/** A built web app in miniature: the index template and one hashed script. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fineprint-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Build title</title></head><body></body></html>');
  writeFileSync(join(dir, 'assets', 'index-AbC123xY.js'), 'console.log(1);');
  return dir;
}

/** The test app listening on 127.0.0.1 with a built web app. */
async function listeningApp(env: Record<string, string> = {}): Promise<number> {
  const t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: fakeWebDist(), ...env } });
  closers.push(() => t.close());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

describe('security headers computed once', () => {
  it.each([[[]], [['https://checkout.flutterwave.com', 'https://api.flutterwave.com']]])(
    'write the same bytes as helmet itself for documents (payment origins %j)',
    async (origins: string[]) => {
      const fromHelmet = await rawResponse(await serverWith(helmet(helmetOptions(origins))), '/');
      const fromRecorded = await rawResponse(await serverWith(securityHeaders(origins).document), '/');
      expect(fromRecorded).toBe(fromHelmet);
      expect(fromHelmet).toContain("frame-ancestors 'none'");
      expect(fromHelmet).toContain('Strict-Transport-Security: max-age=31536000; includeSubDomains\r\n');
    },
  );

  it('write the lean API set, with helmet HSTS value', async () => {
    const raw = await rawResponse(await serverWith(securityHeaders([]).api), '/');
    expect(headerLines(raw).slice(0, API_LINES.length)).toEqual(API_LINES);
    const hsts = (await helmetLines([])).find((line) => line.startsWith('Strict-Transport-Security:'));
    expect(API_LINES).toContain(hsts);
  });

  it('choose the set by path: /api/… is the API, anything else (and /api itself) a document', () => {
    const headers = securityHeaders([]);
    for (const url of ['/api/subscription/status', '/api/docs', '/api/analyze/stream', '/api/nothing-here?x=1'])
      expect(headers.forUrl(url), url).toBe(headers.api);
    for (const url of ['/', '/api', '/api?x=/api/', '/apix/', '/API/docs', '/subscription/callback?status=successful', '/sandbox/frame'])
      expect(headers.forUrl(url), url).toBe(headers.document);
  });
});

describe('security headers on the wire', () => {
  it('start API answers, CSRF refusals, not-found and framework errors under /api with the lean set, and nothing else of helmet', async () => {
    const port = await listeningApp();
    const status = await rawResponse(port, '/api/subscription/status', { 'X-User-ID': 'headers-visitor' });
    // A state-changing call without the XSRF token: refused by the CSRF rule.
    const csrf = await rawResponse(port, '/api/clear-user-data/headers-visitor', {}, 'DELETE');
    const frameworkError = await rawResponse(port, '/api/payment/verify/%zz');
    const tooLong = await rawResponse(port, `/api/get-email/${'a'.repeat(150)}`);
    const notFound = await rawResponse(port, '/api/nothing-here');
    expect(status).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(csrf).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(frameworkError).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(tooLong).toMatch(/^HTTP\/1\.1 414 /);
    expect(notFound).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    for (const raw of [status, csrf, frameworkError, tooLong, notFound]) {
      expect(headerLines(raw).slice(0, API_LINES.length)).toEqual(API_LINES);
      expect(raw.split('\r\n\r\n')[0]).not.toMatch(DOCUMENT_ONLY);
      expect(raw.split('\r\n\r\n')[0]).not.toMatch(RATE_LIMIT_LINE);
      expect(raw).toMatch(/\r\nContent-Type: application\/json/i);
    }
    expect(status).toMatch(/\r\ncache-control: no-store\r\n/i);
  });

  it('give every GET route of /api (the OpenAPI document lists them all) JSON or events with the lean set, never a document', async () => {
    const port = await listeningApp();
    const docsRaw = await rawResponse(port, '/api/docs');
    expect(headerLines(docsRaw).slice(0, API_LINES.length)).toEqual(API_LINES);
    const document = JSON.parse(docsRaw.split('\r\n\r\n').slice(1).join('\r\n\r\n')) as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const mediaTypes = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((op) => Object.values(op.responses ?? {}).flatMap((r) => Object.keys(r.content ?? {}))),
    );
    expect(mediaTypes.length).toBeGreaterThan(0);
    // (A watch's private Atom feed is data too: it gets the lean API set, under which no script runs.)
    expect(mediaTypes.filter((type) => !/^(application\/json|text\/event-stream|application\/atom\+xml)$/.test(type))).toEqual([]);
    const getPaths = Object.entries(document.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path.replace(/\{\w+\}/g, 'x'));
    expect(getPaths.length).toBeGreaterThan(4);
    for (const path of getPaths) {
      const raw = await rawResponse(port, path, { 'X-User-ID': 'headers-visitor' });
      expect(headerLines(raw).slice(0, API_LINES.length), path).toEqual(API_LINES);
      expect(raw.split('\r\n\r\n')[0], path).toMatch(/\r\nContent-Type: application\/json/i);
    }
  });

  it('start documents (SPA pages, the payment callback, assets, the sandbox checkout, /api itself) with helmet set, byte for byte', async () => {
    const port = await listeningApp();
    const expected = await helmetLines([]);
    expect(expected.length).toBeGreaterThanOrEqual(12);
    for (const path of [
      '/',
      '/tos',
      '/subscription/callback?status=successful&tx_ref=x&transaction_id=1',
      '/no-such-page',
      '/api',
      '/assets/index-AbC123xY.js',
      '/sandbox/checkout.js',
      '/robots.txt',
    ]) {
      const raw = await rawResponse(port, path);
      expect(raw, path).toMatch(/^HTTP\/1\.1 (200 OK|404 Not Found)\r\n/);
      expect(headerLines(raw).slice(0, expected.length), path).toEqual(expected);
      expect(raw.split('\r\n\r\n')[0], path).not.toMatch(RATE_LIMIT_LINE);
    }
    const callback = await rawResponse(port, '/subscription/callback?status=successful');
    expect(callback).toMatch(/\r\nContent-Type: text\/html/i);
    expect(callback).toContain('\r\nReferrer-Policy: no-referrer\r\n');
    // The sandbox frame: helmet set in helmet order, the route's own CSP and X-Frame-Options (as it names them) letting this site frame it.
    const frame = headerLines(await rawResponse(port, '/sandbox/frame')).slice(0, expected.length);
    expect(frame).toEqual(
      expected.map((line) =>
        line.startsWith('Content-Security-Policy:')
          ? "content-security-policy: default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'"
          : line.startsWith('X-Frame-Options:')
            ? 'x-frame-options: SAMEORIGIN'
            : line,
      ),
    );
  });

  it('add the rate-limit headers and Retry-After to 429 answers only', async () => {
    const port = await listeningApp({ API_RATE_LIMIT_PER_MINUTE: '2' });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await rawResponse(port, '/api/subscription/status', { 'X-User-ID': 'limited-visitor' }));
    const [first, second, refused] = answers as [string, string, string];
    for (const raw of [first, second]) {
      expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(raw.split('\r\n\r\n')[0]).not.toMatch(RATE_LIMIT_LINE);
    }
    expect(refused).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    const lines = headerLines(refused);
    expect(lines.slice(0, API_LINES.length)).toEqual(API_LINES);
    expect(lines).toEqual(expect.arrayContaining(['x-ratelimit-limit: 2', 'x-ratelimit-remaining: 0']));
    const reset = lines.find((line) => line.startsWith('x-ratelimit-reset: '));
    const retryAfter = lines.find((line) => line.startsWith('retry-after: '));
    expect(Number(reset?.split(': ')[1])).toBeGreaterThan(0);
    expect(Number(retryAfter?.split(': ')[1])).toBeGreaterThan(0);
  });
});
