import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const page = (name: string) => readFileSync(new URL(`./fixtures/site/${name}`, import.meta.url), 'utf8');

/**
 * A throwaway website on 127.0.0.1 with a home page, Terms and Privacy Policy linked from its
 * footer, and `/hang`, a page that never answers (an analysis of it runs until cancelled).
 */
export async function startFixtureSite(): Promise<{
  origin: string;
  hostPort: string;
  /** Serves other HTML at a path from now on (the site's documents changed); `undefined` restores the fixture's own. */
  setPage: (path: string, html: string | undefined) => void;
  close: () => Promise<void>;
}> {
  const routes: Record<string, string> = {
    '/': page('index.html'),
    '/legal/terms-of-service': page('terms.html'),
    '/legal/privacy': page('privacy.html'),
  };
  const server: Server = createServer((req, res) => {
    if ((req.url ?? '/').startsWith('/hang')) return; // never answers; closed with the server
    const body = routes[(req.url ?? '/').split('?')[0]!];
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const original = { ...routes };
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    setPage: (path, html) => {
      const body = html ?? original[path];
      if (body === undefined) delete routes[path];
      else routes[path] = body;
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
