import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read from the analysis pool when scraped. */
export interface PoolGauges {
  readonly queued: number;
  /** Share of the threads' time spent running tasks, 0–1. */
  readonly utilization: number;
}

/**
 * The server's Prometheus metrics, in a registry of their own (one per app, so tests and
 * several apps in one process never collide). Served by `startMetricsServer` on METRICS_PORT.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let pool: PoolGauges | undefined;
  return {
    registry,
    /** Seconds per analysis stage: `queue` (waiting for a thread), `run` (in the worker), `total` (as the service waits). */
    analysisDuration: new Histogram({
      name: 'fineprint_analysis_duration_seconds',
      help: 'Duration of fresh analyses by stage (queue, run, total)',
      labelNames: ['stage'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60],
      registers,
    }),
    cacheLookups: new Counter({
      name: 'fineprint_analysis_cache_lookups_total',
      help: 'Analysis cache lookups by result (hit, miss)',
      labelNames: ['result'] as const,
      registers,
    }),
    singleFlightJoins: new Counter({
      name: 'fineprint_analysis_single_flight_joins_total',
      help: 'Requests that shared a run of the same site instead of starting one (scope: process, redis)',
      labelNames: ['scope'] as const,
      registers,
    }),
    quotaDenials: new Counter({
      name: 'fineprint_quota_denials_total',
      help: 'Analyses refused because the free quota is used up (402)',
      registers,
    }),
    analysisErrors: new Counter({
      name: 'fineprint_analysis_errors_total',
      help: 'Fresh analyses that failed, by error code (DNS_FAILED, TIMEOUT, BUSY, ...)',
      labelNames: ['code'] as const,
      registers,
    }),
    refusals: new Counter({
      name: 'fineprint_refusals_total',
      help: 'Requests answered with a known error, by code',
      labelNames: ['code'] as const,
      registers,
    }),
    queueLength: new Gauge({
      name: 'fineprint_analysis_queue_length',
      help: 'Analyses waiting for a worker thread',
      registers,
      collect() {
        this.set(pool?.queued ?? 0);
      },
    }),
    workerUtilization: new Gauge({
      name: 'fineprint_analysis_worker_utilization',
      help: 'Share of the worker threads time spent running analyses (0-1)',
      registers,
      collect() {
        this.set(pool?.utilization ?? 0);
      },
    }),
    feedbackReports: new Counter({
      name: 'fineprint_feedback_reports_total',
      help: 'Readers reports that an item of a result is wrong, by reason',
      labelNames: ['reason'] as const,
      registers,
    }),
    /** Lets the gauges read the worker pool (none when the analyzer runs in process). */
    observePool(source: PoolGauges): void {
      pool = source;
    },
    /** Adds Node's process metrics (event-loop lag, memory, GC): for the real server only. */
    collectProcessMetrics(): void {
      collectDefaultMetrics({ register: registry, prefix: 'fineprint_' });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Serves `GET /metrics` (Prometheus text format) on its own port, apart from the public API. */
export async function startMetricsServer(registry: Registry, options: { port: number; host: string }): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
