import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
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
  return raw
    .split('\r\n\r\n')[0]!
    .split('\r\n')
    .slice(1, -1)
    .filter((line) => !/^(Connection|Transfer-Encoding|Content-Length):/i.test(line));
}

describe('security headers computed once', () => {
  it.each([[[]], [['https://checkout.flutterwave.com', 'https://api.flutterwave.com']]])(
    'write the same bytes as helmet itself (payment origins %j)',
    async (origins: string[]) => {
      const fromHelmet = await rawResponse(await serverWith(helmet(helmetOptions(origins))), '/');
      const fromRecorded = await rawResponse(await serverWith(securityHeaders(origins)), '/');
      expect(fromRecorded).toBe(fromHelmet);
      expect(fromHelmet).toContain("frame-ancestors 'none'");
      expect(fromHelmet).toContain('Strict-Transport-Security: max-age=31536000; includeSubDomains\r\n');
    },
  );

  it('are the first header lines of API answers, CSRF refusals and framework errors, byte for byte', async () => {
    const t = await createTestApp('sqlite');
    closers.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const expected = (await helmetLines([])).join('\r\n');
    expect(expected.split('\r\n').length).toBeGreaterThanOrEqual(12);

    const status = await rawResponse(port, '/api/subscription/status', { 'X-User-ID': 'headers-visitor' });
    // A state-changing call without the XSRF token: refused by the CSRF rule.
    const csrf = await rawResponse(port, '/api/clear-user-data/headers-visitor', {}, 'DELETE');
    const frameworkError = await rawResponse(port, '/api/payment/verify/%zz');
    expect(status).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(csrf).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(frameworkError).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    for (const raw of [status, csrf, frameworkError])
      expect(raw.slice(raw.indexOf('\r\n') + 2)).toMatch(new RegExp(`^${escape(expected)}\r\n`));
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
