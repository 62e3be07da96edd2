import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const page = (name: string) => readFileSync(new URL(`../../../../e2e/fixtures/site/${name}`, import.meta.url), 'utf8');

/**
 * A website on 127.0.0.1 (home page linking Terms and Privacy Policy) that counts the requests
 * for each path. `hold()` keeps the home page from answering until `release()`, so a test can
 * gather concurrent analyses of the site before any of them can finish; `held()` counts the
 * held requests whose reader has not hung up.
 */
export async function startCountingSite() {
  const routes: Record<string, string> = {
    '/': page('index.html'),
    '/legal/terms-of-service': page('terms.html'),
    '/legal/privacy': page('privacy.html'),
  };
  const hits = new Map<string, number>();
  let gate: Promise<void> | undefined;
  let open = () => {};
  let held = 0;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = () => {
      const body = routes[path];
      if (!body) res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    };
    if (path === '/' && gate) {
      held++;
      res.once('close', () => held--);
      void gate.then(answer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    /** Requests received for a path. */
    hits: (path: string) => hits.get(path) ?? 0,
    held: () => held,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        open();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
