import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface Instance {
  app: string;
  bare: string;
  child: ChildProcess;
  /** SIGTERM (graceful) or SIGKILL, then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `bench/api-server.ts` in its own process with these settings; resolves once it listens. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./api-server.ts', import.meta.url))], {
    env: { ...process.env, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { appPort, barePort } = JSON.parse(line) as { appPort: number; barePort: number };
  return {
    app: `http://127.0.0.1:${appPort}`,
    bare: `http://127.0.0.1:${barePort}`,
    child,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP call from a chosen loopback source address (127.0.0.0/8), so each client is its own IP. */
export function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Headers of a same-origin browser call with its visitor id. */
export function browserHeaders(app: string, visitorId: string): Record<string, string> {
  return {
    cookie: `XSRF-TOKEN=bench-token; user_id=${visitorId}`,
    'x-xsrf-token': 'bench-token',
    origin: app,
    'x-user-id': visitorId,
    'content-type': 'application/json',
  };
}

/** Sum of one counter over its label sets in a Prometheus text page, for series starting with `name`. */
export function metricSum(text: string, name: string, labels = ''): number {
  let total = 0;
  for (const line of text.split('\n'))
    if (line.startsWith(`${name}${labels ? `{${labels}` : ''}`) && !line.startsWith('#')) total += Number(line.split(' ').pop());
  return total;
}
