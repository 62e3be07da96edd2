import diagnostics from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../errors';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractDocument, MAX_TEXT_CHARS } from '../extract/extract';
import { fetchDocument, MAX_PER_DESTINATION, type FetchOptions } from './guarded-fetch';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base: string;
let options: FetchOptions;

beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = routes.get(req.url ?? '');
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  // Loopback is reachable only through the explicit allow-list, as in development.
  options = { allowlist: [`127.0.0.1:${port}`], headersTimeoutMs: 500, totalTimeoutMs: 1500, maxBytes: 1024 * 1024 };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const html =
  (body: string, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return (error as FetchError).code;
  }
}

/**
 * A loopback listener that never accepts: its thread is blocked, so once its accept queue is
 * full the kernel drops further SYNs and every new connect to it hangs.
 */
async function hangingListener(): Promise<{ port: number; close: () => Promise<void> }> {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const server = require('node:net').createServer();
     server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
       parentPort.postMessage(server.address().port);
       Atomics.wait(workerData, 0, 0);
     });`,
    { eval: true, workerData: gate },
  );
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  const fillers: Socket[] = Array.from({ length: 3 }, () => connect(port, '127.0.0.1').on('error', () => undefined));
  await Promise.race(fillers.map((s) => new Promise((resolve) => s.once('connect', resolve))));
  return {
    port,
    close: async () => {
      fillers.forEach((s) => s.destroy());
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      await worker.terminate();
    },
  };
}

describe('fetchDocument', () => {
  it('reads an allow-listed local page and identifies itself', async () => {
    let agent = '';
    routes.set('/hello', (req, res) => {
      agent = String(req.headers['user-agent']);
      html('<h1>Hello</h1>')(req, res);
    });
    const doc = await fetchDocument(`${base}/hello`, options);
    expect(doc.text).toContain('Hello');
    expect(doc.mediaType).toBe('html');
    expect(agent).toMatch(/FineprintBot/);
  });

  it('refuses loopback when it is not allow-listed', async () => {
    routes.set('/secret', html('secret'));
    // The non-standard port is refused first; on port 80 the loopback address itself would be.
    await expect(fetchDocument(`${base}/secret`, { ...options, allowlist: [] })).rejects.toMatchObject({ code: 'INVALID_URL' });
    await expect(
      fetchDocument(`${base}/secret`, { ...options, allowlist: [], allowedPorts: [Number(new URL(base).port)] }),
    ).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
  });

  it('follows redirects but re-checks every hop', async () => {
    routes.set('/r1', (_q, res) => res.writeHead(302, { location: '/hello' }).end());
    expect((await fetchDocument(`${base}/r1`, options)).url).toBe(`${base}/hello`);
    for (const target of [
      'http://10.0.0.1/',
      'http://169.254.169.254/',
      '//127.0.0.1/x',
      'file:///etc/passwd',
      'gopher://x/',
      'data:text/html,hi',
    ]) {
      routes.set('/bad-redirect', (_q, res) => res.writeHead(301, { location: target }).end());
      expect(['BLOCKED_ADDRESS', 'BAD_REDIRECT', 'INVALID_URL']).toContain(await codeOf(fetchDocument(`${base}/bad-redirect`, options)));
    }
  });

  it('stops redirect loops, long chains and redirects without a Location', async () => {
    routes.set('/loop', (_q, res) => res.writeHead(302, { location: '/loop' }).end());
    expect(await codeOf(fetchDocument(`${base}/loop`, options))).toBe('TOO_MANY_REDIRECTS');
    for (let i = 0; i < 8; i++) routes.set(`/chain${i}`, (_q, res) => res.writeHead(302, { location: `/chain${i + 1}` }).end());
    routes.set('/chain8', html('end'));
    expect(await codeOf(fetchDocument(`${base}/chain0`, options))).toBe('TOO_MANY_REDIRECTS');
    routes.set('/nolocation', (_q, res) => res.writeHead(302).end());
    expect(await codeOf(fetchDocument(`${base}/nolocation`, options))).toBe('BAD_REDIRECT');
  });

  it('caps the decoded size with and without Content-Length', async () => {
    const big = 'a'.repeat(2 * 1024 * 1024);
    routes.set('/big', html(big));
    routes.set('/big-chunked', (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 20; i++) res.write('b'.repeat(128 * 1024));
      res.end();
    });
    expect(await codeOf(fetchDocument(`${base}/big`, options))).toBe('TOO_LARGE');
    expect(await codeOf(fetchDocument(`${base}/big-chunked`, options))).toBe('TOO_LARGE');
  });

  it('aborts a gzip bomb on decoded bytes and keeps memory low', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(200 * 1024 * 1024));
    routes.set('/bomb', (_q, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb));
    const before = process.memoryUsage().rss;
    expect(await codeOf(fetchDocument(`${base}/bomb`, options))).toBe('TOO_LARGE');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('rejects stacked and unknown encodings', async () => {
    routes.set('/stacked', (_q, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip, gzip' }).end('x'));
    routes.set('/unknown', (_q, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'zstd2' }).end('x'));
    expect(await codeOf(fetchDocument(`${base}/stacked`, options))).toBe('UNSUPPORTED_CONTENT');
    expect(await codeOf(fetchDocument(`${base}/unknown`, options))).toBe('UNSUPPORTED_CONTENT');
  });

  it('counts Content-Encoding layers sent on separate header lines', async () => {
    routes.set('/two-lines', (_q, res) => {
      // Two header lines, each one layer: gzip over gzip.
      res.setHeader('content-type', 'text/html');
      res.setHeader('content-encoding', ['gzip', 'gzip']);
      res.writeHead(200).end(zlib.gzipSync(zlib.gzipSync('<p>twice</p>')));
    });
    expect(await codeOf(fetchDocument(`${base}/two-lines`, options))).toBe('UNSUPPORTED_CONTENT');
  });

  it('decodes gzip and brotli bodies', async () => {
    routes.set('/gz', (_q, res) =>
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zlib.gzipSync('<p>zipped</p>')),
    );
    routes.set('/br', (_q, res) =>
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(zlib.brotliCompressSync('<p>brotli</p>')),
    );
    expect((await fetchDocument(`${base}/gz`, options)).text).toContain('zipped');
    expect((await fetchDocument(`${base}/br`, options)).text).toContain('brotli');
  });

  it('times out on silent and trickling servers', async () => {
    routes.set('/silent', () => undefined);
    routes.set('/trickle', (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('.'), 300);
      res.on('close', () => clearInterval(timer));
    });
    expect(await codeOf(fetchDocument(`${base}/silent`, options))).toBe('TIMEOUT');
    expect(await codeOf(fetchDocument(`${base}/trickle`, options))).toBe('TIMEOUT');
  });

  it('accepts only html, pdf and text before reading the body', async () => {
    for (const type of ['image/png', 'application/octet-stream', '']) {
      routes.set('/typed', (_q, res) => res.writeHead(200, type ? { 'content-type': type } : {}).end('data'));
      expect(await codeOf(fetchDocument(`${base}/typed`, options))).toBe('UNSUPPORTED_CONTENT');
    }
  });

  it('detects charsets and falls back safely', async () => {
    routes.set('/latin1', (_q, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from('<p>caf\xe9</p>', 'latin1')),
    );
    routes.set('/meta', (_q, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(Buffer.concat([Buffer.from('<meta charset="iso-8859-1"><p>na'), Buffer.from([0xef]), Buffer.from('ve</p>')])),
    );
    routes.set('/weird', (_q, res) => res.writeHead(200, { 'content-type': 'text/html; charset=x-unknown-42' }).end('<p>plain</p>'));
    expect((await fetchDocument(`${base}/latin1`, options)).text).toContain('café');
    expect((await fetchDocument(`${base}/meta`, options)).text).toContain('naïve');
    expect((await fetchDocument(`${base}/weird`, options)).text).toContain('plain');
  });

  it('reads a UTF-16 label without a byte-order mark by the bytes, not by the label alone', async () => {
    const page = '<html><body><p>Terms of Service</p></body></html>';
    routes.set('/utf16-le', (_q, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-16' }).end(Buffer.from(page, 'utf16le')),
    );
    routes.set('/utf16-lie', (_q, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-16' }).end(Buffer.from(page)));
    expect((await fetchDocument(`${base}/utf16-le`, options)).text).toBe(page);
    const lie = await fetchDocument(`${base}/utf16-lie`, options);
    expect(lie.text).toBe(page);
    expect(extractDocument(lie.text, 'html').text).toBe('Terms of Service');
  });

  it('reports HTTP errors with a retry hint', async () => {
    routes.set('/down', (_q, res) => res.writeHead(503).end());
    const error = (await fetchDocument(`${base}/down`, options).catch((e: unknown) => e)) as FetchError;
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.isTransient).toBe(true);
  });

  it('connects only to the address it checked, however DNS answers later (SECURITY A.7)', async () => {
    routes.set('/rebind', html('checked'));
    const port = new URL(base).port;
    // A rebinding resolver: the checked answer first, another address on any later query.
    const answers = ['127.0.0.1', '127.0.0.2'];
    let lookups = 0;
    const remotes: string[] = [];
    const onConnected = (message: unknown) => remotes.push(String((message as { socket: Socket }).socket.remoteAddress));
    diagnostics.subscribe('undici:client:connected', onConnected);
    try {
      const doc = await fetchDocument(`http://rebind.example:${port}/rebind`, {
        ...options,
        allowlist: [`rebind.example:${port}`],
        resolve: async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 }],
      });
      expect(doc.text).toContain('checked');
    } finally {
      diagnostics.unsubscribe('undici:client:connected', onConnected);
    }
    expect(lookups).toBe(1);
    expect(remotes).toEqual(['127.0.0.1']);
  });

  it('gives every DNS answer of a host one shared connect budget (SECURITY B.16)', async () => {
    const listener = await hangingListener();
    try {
      const answers = Array.from({ length: 40 }, () => ({ address: '127.0.0.1', family: 4 as const }));
      let lookups = 0;
      const error = await fetchDocument(`http://hanging.example:${listener.port}/`, {
        allowlist: [`hanging.example:${listener.port}`],
        resolve: async () => (lookups++, answers),
        connectTimeoutMs: 300,
        // 40 answers tried one by one for 250 ms each would outlast this deadline; one shared
        // connect budget ends the fetch long before it, as a connect timeout.
        totalTimeoutMs: 6000,
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'TIMEOUT', cause: { code: 'UND_ERR_CONNECT_TIMEOUT' } });
      expect(lookups).toBe(1);
    } finally {
      await listener.close();
    }
  });

  it('ends a connect that hangs at the total deadline, whatever the connect budget', async () => {
    const listener = await hangingListener();
    try {
      const error = await fetchDocument(`http://127.0.0.1:${listener.port}/`, {
        allowlist: [`127.0.0.1:${listener.port}`],
        connectTimeoutMs: 60_000,
        totalTimeoutMs: 500,
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'TIMEOUT' });
    } finally {
      await listener.close();
    }
  });

  it('runs at most two fetches per destination at once and queues the rest (SECURITY B.21)', async () => {
    let active = 0;
    let peak = 0;
    routes.set('/slow', (_q, res) => {
      peak = Math.max(peak, ++active);
      setTimeout(() => {
        active--;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }, 60);
    });
    const results = await Promise.all(Array.from({ length: 8 }, () => fetchDocument(`${base}/slow`, { ...options, totalTimeoutMs: 5000 })));
    expect(results.every((r) => r.text === 'ok')).toBe(true);
    expect(peak).toBe(MAX_PER_DESTINATION);
  });

  it('hands a slot freed by a finished fetch to the next waiter, even after another waiter gave up', async () => {
    const arrivals: string[] = [];
    for (const [name, holdMs] of Object.entries({ a: 300, b: 2500, c: 0, d: 0 })) {
      routes.set(`/hold/${name}`, (_q, res) => {
        arrivals.push(`${name} in`);
        setTimeout(() => {
          arrivals.push(`${name} out`);
          res.writeHead(200, { 'content-type': 'text/plain' }).end(name);
        }, holdMs);
      });
    }
    const slow = { ...options, totalTimeoutMs: 5000, headersTimeoutMs: 5000 };
    const a = fetchDocument(`${base}/hold/a`, slow);
    const b = fetchDocument(`${base}/hold/b`, slow);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // c waits for a slot and gives up before one frees; d waits longer.
    const c = codeOf(fetchDocument(`${base}/hold/c`, { ...slow, totalTimeoutMs: 150 }));
    const d = fetchDocument(`${base}/hold/d`, slow);
    expect(await c).toBe('TIMEOUT');
    await Promise.all([a, b, d]);
    // The slot a frees goes to d at once, while b still holds the other one.
    expect(arrivals.indexOf('d in')).toBeLessThan(arrivals.indexOf('b out'));
    expect(arrivals).not.toContain('c in');
  });

  it('limits fetches per resolved address, whatever host names point there', async () => {
    let active = 0;
    let peak = 0;
    routes.set('/busy', (_q, res) => {
      peak = Math.max(peak, ++active);
      setTimeout(() => {
        active--;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }, 80);
    });
    const port = new URL(base).port;
    const names = ['one.example', 'two.example', 'three.example', 'four.example'];
    const viaNames: FetchOptions = {
      ...options,
      totalTimeoutMs: 5000,
      allowlist: names.map((n) => `${n}:${port}`),
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    };
    await Promise.all(names.map((name) => fetchDocument(`http://${name}:${port}/busy`, viaNames)));
    expect(peak).toBe(MAX_PER_DESTINATION);
  });

  it("ends a fetch when the caller's overall deadline passes", async () => {
    routes.set('/slow-headers', () => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await fetchDocument(`${base}/slow-headers`, {
      ...options,
      totalTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
  }, 3000); // without the signal it would run its own 10 s

  it('refuses a site whose TLS certificate cannot be verified (SECURITY B.20)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fineprint-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        `${dir}/key.pem`,
        '-out',
        `${dir}/cert.pem`,
      ],
      {
        stdio: 'ignore',
      },
    );
    const tls = createHttpsServer({ key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) }, (_q, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('secret'),
    );
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    const { port } = tls.address() as AddressInfo;
    try {
      // The socket goes to the checked address (127.0.0.1) while the certificate is checked against the hostname.
      const error = (await fetchDocument(`https://localhost:${port}/`, {
        ...options,
        allowlist: [`localhost:${port}`],
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      }).catch((e: unknown) => e)) as FetchError;
      expect(error).toBeInstanceOf(FetchError);
      expect(error.code).toBe('TLS_FAILED');
    } finally {
      await new Promise<void>((r) => tls.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('extractDocument on hostile HTML (SECURITY B.19)', () => {
  it('bounds the work and the text of huge, deeply nested pages', () => {
    const depth = 5000;
    const nested = `<html><body>${'<div>'.repeat(depth)}<p>${'Deep clause text. '.repeat(20)}</p>${'</div>'.repeat(depth)}</body></html>`;
    expect(extractDocument(nested, 'html').text).toContain('Deep clause text.');
    const huge = `<html><body>${'<p>We may change these terms at any time without notice to you.</p>'.repeat(200_000)}</body></html>`;
    expect(extractDocument(huge, 'html').text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
  });
});
