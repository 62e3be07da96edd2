import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { startMetricsServer } from './modules/ops/metrics';

const PURGE_EVERY_MS = 6 * 3_600_000;

/** Starts the server: validated config, migrated database, listening socket, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { db } = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, db });
  const purge = () => app.retention.purgeExpired().catch((err: unknown) => app.log.error({ err }, 'purge failed'));
  await purge();
  const timer = setInterval(() => void purge(), PURGE_EVERY_MS);
  timer.unref();

  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  if (config.METRICS_PORT !== undefined) {
    app.metrics.collectProcessMetrics();
    metricsServer = await startMetricsServer(app.metrics.registry, { port: config.METRICS_PORT, host: config.HOST });
    app.log.info(`Metrics at http://${config.HOST}:${config.METRICS_PORT}/metrics`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(timer);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    metricsServer?.close();
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Watched sites (issue 23): re-read on schedule; every instance may run it, each site is claimed by one.
  if (config.WATCH_SCHEDULER === 'on') app.watchScheduler.start();
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Fineprint is ready at http://localhost:${config.PORT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
