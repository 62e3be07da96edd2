/**
 * The server side of `npm run bench:api`, run as its own process so the load generator does not
 * share its event loop: the real app (buildApp, SQLite in a temporary folder, the real worker
 * pool, settings from the environment) and, as the baseline, a bare Fastify route. Both listen
 * on 127.0.0.1; the bare server also reports the app's own per-route handling times
 * (Fastify's reply.elapsedTime) at GET /server-times?route=…&reset=1 and the app's Prometheus
 * metrics at GET /metrics, and the process's CPU time so far at GET /cpu. BENCH_PG_SCHEMA puts a PostgreSQL DATABASE_URL's tables in that schema;
 * BENCH_WATCH_SCHEDULER=on starts the watch scheduler as `server.ts` does (`bench:faults`).
 * Prints one JSON line {appPort, barePort} when ready.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';

const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const schema = process.env.BENCH_PG_SCHEMA || undefined;
const { db } = await openDatabase({ dataDir, databaseUrl: config.DATABASE_URL, schema });
const app = await buildApp({ config, db });

const times = new Map<string, number[]>();
// A callback hook, not an async one: the app's own routes pay no promise per request for the bench's bookkeeping.
app.addHook('onResponse', (request, reply, done) => {
  const route = request.routeOptions.url ?? 'unknown';
  const list = times.get(route) ?? [];
  list.push(reply.elapsedTime);
  times.set(route, list);
  done();
});
await app.listen({ port: Number(process.env.BENCH_APP_PORT ?? 0), host: '127.0.0.1' });
if (process.env.BENCH_WATCH_SCHEDULER === 'on') app.watchScheduler.start();

const bare = Fastify({ logger: false });
bare.get('/ping', async () => ({ ok: true }));
bare.get('/server-times', async (request) => {
  const { route = '', reset } = request.query as { route?: string; reset?: string };
  const list = [...(times.get(route) ?? [])].sort((a, b) => a - b);
  if (reset) times.delete(route);
  const at = (q: number) => (list.length ? list[Math.min(list.length - 1, Math.floor(q * list.length))]! : null);
  return { count: list.length, p50: at(0.5), p99: at(0.99) };
});
// The server process's CPU time so far (user + system, µs): the bench divides its growth by the requests served.
bare.get('/cpu', async () => {
  const { user, system } = process.cpuUsage();
  return { cpuUs: user + system };
});
bare.get('/metrics', async (_request, reply) => reply.type('text/plain').send(await app.metrics.registry.metrics()));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (server: typeof bare.server) => (server.address() as { port: number }).port;
console.log(JSON.stringify({ appPort: port(app.server), barePort: port(bare.server) }));

const stop = () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => db.destroy())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
