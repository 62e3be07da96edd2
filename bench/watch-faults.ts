/**
 * The watch queue's faults for `bench:faults` (issue 23): two instances with their watch
 * schedulers on one PostgreSQL (pg-boss), SITES watched loopback sites due at once, each answering
 * its conditional request after SITE_DELAY_MS (so reads are in flight when the faults land); one
 * instance is killed with SIGKILL while it holds jobs, then PostgreSQL is stopped for 2 s and
 * started again while the other works (reads answered meanwhile must be recorded once it is back). The interval (WATCH_INTERVAL_HOURS) is far longer than the run, so "once per interval"
 * means once in the run. Counted from the sites' own request logs (a read = a request answered;
 * a request whose client died first is counted apart) and from the database (each site's row, and
 * pg-boss's completed jobs per site).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_WATCHES_PER_SUBSCRIPTION } from '@fineprint/contracts';
import pg from 'pg';
import { call, metricSum, startInstance, type Instance } from './instance';

const SITES = Number(process.env.BENCH_FAULT_WATCH_SITES ?? 60);
const SITE_DELAY_MS = 2000;
/** A dead instance's jobs go to the other one after this (WATCH_LEASE_SECONDS). */
const LEASE_SECONDS = 20;
const INTERVAL_SECONDS = 600;
/** The run ends when every site was read and recorded, or after this. */
const DEADLINE_MS = 120_000;
/** After the last read, how long the sites keep listening for a second one. */
const QUIET_MS = 5_000;

interface SiteLog {
  origin: string;
  /** Requests received, ms since the start. */
  received: number[];
  /** Answered requests (the response was sent to a live client), ms since the start. */
  answered: number[];
  /** Requests whose client went away before the answer (its instance was killed). */
  aborted: number[];
}

async function startSite(t0: number): Promise<{ log: SiteLog; server: Server }> {
  const log: SiteLog = { origin: '', received: [], answered: [], aborted: [] };
  const server = createServer((req, res) => {
    const at = performance.now() - t0;
    log.received.push(at);
    let isClosed = false;
    res.on('close', () => {
      if (!res.writableFinished) isClosed = true;
    });
    setTimeout(() => {
      if (isClosed || res.destroyed) return void log.aborted.push(at);
      res.on('finish', () => log.answered.push(performance.now() - t0));
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
      res.writeHead(200, { 'content-type': 'text/html', etag: '"v1"' }).end('<html><body><h1>Terms</h1><p>Terms.</p></body></html>');
    }, SITE_DELAY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  log.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { log, server };
}

/** Subscriptions, watches and due `watched_sites` rows, as watching would have left them (validators held: re-reads are conditional). */
async function seed(client: pg.Client, origins: string[]): Promise<void> {
  const now = new Date().toISOString();
  for (let n = 0; n * MAX_WATCHES_PER_SUBSCRIPTION < origins.length; n++) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO subscriptions (email, transaction_id, period_end, provider, created_at) VALUES ($1, $2, $3, 'sandbox', $4) RETURNING id`,
      [`watch-fault-${n}@example.com`, `watch-fault-${n}`, new Date(Date.now() + 30 * 86_400_000).toISOString(), now],
    );
    for (const [k, origin] of origins.slice(n * MAX_WATCHES_PER_SUBSCRIPTION, (n + 1) * MAX_WATCHES_PER_SUBSCRIPTION).entries()) {
      const site = `${origin}/`;
      await client.query(
        `INSERT INTO watched_sites (site, next_check_at, failures, documents_json, facts_json, created_at) VALUES ($1, $2, 0, $3, '{}', $2)`,
        [site, now, JSON.stringify([{ url: `${origin}/terms`, etag: '"v1"', textHash: 'seeded' }])],
      );
      await client.query(
        `INSERT INTO watches (id, subscription_id, site, feed_token, email_alerts, seen_at, created_at) VALUES ($1, $2, $3, $4, 0, $5, $5)`,
        [`wf-${n}-${k}`, rows[0]!.id, site, `wf-feed-${n}-${k}`, now],
      );
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the scenario; `restartDatabase` restarts the private PostgreSQL (resolves when it is back).
 * Returns the figures and the failed checks.
 */
export async function runWatchFaults(options: {
  databaseUrl: string;
  redisUrl: string;
  restartDatabase: () => Promise<unknown>;
}): Promise<{ report: Record<string, unknown>; failures: string[] }> {
  const failures: string[] = [];
  const t0 = performance.now();
  const sites = await Promise.all(Array.from({ length: SITES }, () => startSite(t0)));
  const env = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    BENCH_WATCH_SCHEDULER: 'on',
    WATCH_INTERVAL_HOURS: String(INTERVAL_SECONDS / 3600),
    WATCH_POLL_SECONDS: '1',
    WATCH_FETCHES_PER_SECOND: '10',
    WATCH_LEASE_SECONDS: String(LEASE_SECONDS),
    FETCH_ALLOWLIST: sites.map((s) => new URL(s.log.origin).host).join(','),
  };
  const instances: Instance[] = [];
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let isClientOpen = true;
  const report: Record<string, unknown> = {
    sites: SITES,
    siteDelayMs: SITE_DELAY_MS,
    leaseSeconds: LEASE_SECONDS,
    intervalSeconds: INTERVAL_SECONDS,
  };
  try {
    // Started before the sites are due: both have installed pg-boss (at once, on a database without it) and poll.
    instances.push(await startInstance(env), await startInstance(env));
    const [killed, survivor] = instances as [Instance, Instance];
    await sleep(3000);
    const start = performance.now() - t0;
    await seed(
      client,
      sites.map((s) => s.log.origin),
    );
    await client.end();
    isClientOpen = false;
    const inFlight = () => sites.reduce((n, s) => n + s.log.received.length, 0);

    // kill -9 once the first reads are in flight (each waits SITE_DELAY_MS for its answer).
    while (performance.now() - t0 < start + 1500) await sleep(50);
    const readsBeforeKill = inFlight();
    const killAt = performance.now() - t0;
    await killed.stop('SIGKILL');
    // PostgreSQL restarted while the survivor works.
    await sleep(1500);
    const restartAt = performance.now() - t0;
    await options.restartDatabase();
    const restartSeconds = (performance.now() - t0 - restartAt) / 1000;
    const answeredWhileDown = sites
      .flatMap((s) => s.log.answered)
      .filter((at) => at >= restartAt && at <= restartAt + restartSeconds * 1000).length;

    // Until every site is read and recorded, then a quiet time for any second read.
    const db = new pg.Client({ connectionString: options.databaseUrl });
    for (let attempt = 0; ; attempt++) {
      try {
        await db.connect();
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await sleep(200);
      }
    }
    const recorded = async () =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM watched_sites WHERE last_checked_at IS NOT NULL')).rows[0]!.n);
    while (performance.now() - t0 < start + DEADLINE_MS) {
      if (sites.every((s) => s.log.answered.length > 0) && (await recorded()) === SITES) break;
      await sleep(250);
    }
    const allDoneAt = Math.max(...sites.flatMap((s) => s.log.answered));
    await sleep(QUIET_MS);

    const reads = sites.map((s) => s.log.answered.length);
    const histogram: Record<string, number> = {};
    for (const n of reads) histogram[n] = (histogram[n] ?? 0) + 1;
    const abortedSites = sites.filter((s) => s.log.aborted.length > 0);
    const recoveredAt = abortedSites.length ? Math.max(...abortedSites.flatMap((s) => s.log.answered)) : undefined;
    const rows = await db.query<{ site: string; last_checked_at: string | null; next_check_at: string; failures: number }>(
      'SELECT site, last_checked_at, next_check_at, failures FROM watched_sites',
    );
    const jobs = await db.query<{ key: string; state: string; n: string; retried: string }>(
      `SELECT singleton_key AS key, state, count(*) AS n, count(*) FILTER (WHERE retry_count > 0) AS retried FROM (
         SELECT singleton_key, state, retry_count FROM pgboss.job WHERE name = 'watch-site'
         UNION ALL SELECT singleton_key, state, retry_count FROM pgboss.archive WHERE name = 'watch-site') AS jobs
       GROUP BY 1, 2`,
    );
    await db.end();
    const metrics = await call(`${survivor.bare}/metrics`);
    const outcomes = Object.fromEntries(
      ['not_modified', 'unchanged', 'changed', 'failed'].map((o) => [
        o,
        metricSum(metrics.body, 'fineprint_watch_checks_total', `outcome="${o}"`),
      ]),
    );
    const completedPer = new Map<string, number>();
    const jobStates: Record<string, number> = {};
    let retried = 0;
    for (const j of jobs.rows) {
      retried += Number(j.retried);
      jobStates[j.state] = (jobStates[j.state] ?? 0) + Number(j.n);
      if (j.state === 'completed') completedPer.set(j.key, (completedPer.get(j.key) ?? 0) + Number(j.n));
    }
    const notRecorded = rows.rows.filter((r) => r.last_checked_at === null).length;
    const movedOn = rows.rows.filter((r) => new Date(r.next_check_at).getTime() - Date.now() > (INTERVAL_SECONDS - 120) * 1000).length;
    const lost = sites.filter((s) => s.log.answered.length === 0).length;
    const twice = sites.filter((s) => s.log.answered.length > 1).length;
    const jobsTwice = [...completedPer.values()].filter((n) => n > 1).length;
    Object.assign(report, {
      readsPerSiteHistogram: histogram,
      jobsLost: lost,
      jobsRunTwice: twice,
      requestsAbortedByKill: sites.reduce((n, s) => n + s.log.aborted.length, 0),
      sitesWithARequestAbortedByKill: abortedSites.length,
      requestsStartedBeforeKill: readsBeforeKill,
      killAtMs: Math.round(killAt - start),
      databaseRestartAtMs: Math.round(restartAt - start),
      databaseDownSeconds: Math.round(restartSeconds * 10) / 10,
      readsAnsweredWhileDatabaseDown: answeredWhileDown,
      survivorOutcomes: outcomes,
      allReadAtMs: Math.round(allDoneAt - start),
      timeToRecoverKilledJobsMs: recoveredAt === undefined ? null : Math.round(recoveredAt - killAt),
      database: {
        rowsRecorded: rows.rows.length - notRecorded,
        rowsNotRecorded: notRecorded,
        rowsScheduledOneIntervalOn: movedOn,
        rowsWithFailures: rows.rows.filter((r) => r.failures > 0).length,
        pgBossJobStates: jobStates,
        /** Jobs run again after their first run ended without an outcome (expired: their instance was killed). */
        pgBossJobsRetried: retried,
        sitesWithTwoCompletedJobs: jobsTwice,
      },
      survivorExit: survivor.child.exitCode ?? survivor.child.signalCode ?? 'running',
    });
    if (abortedSites.length === 0) failures.push('watch: the killed instance held no read in flight (the kill came too early or too late)');
    if (retried < abortedSites.length) failures.push(`watch: ${abortedSites.length} jobs held by the killed instance, ${retried} retried`);
    if (lost) failures.push(`watch: ${lost} sites never read`);
    if (twice) failures.push(`watch: ${twice} sites read twice in one interval`);
    if (notRecorded) failures.push(`watch: ${notRecorded} sites' re-reads not recorded`);
    if (jobsTwice) failures.push(`watch: ${jobsTwice} sites with two completed jobs`);
    if (movedOn !== SITES) failures.push(`watch: ${SITES - movedOn} sites not scheduled one interval on`);
  } finally {
    if (isClientOpen) await client.end().catch(() => undefined);
    await Promise.all(instances.map((i) => i.stop('SIGKILL')));
    await Promise.all(sites.map((s) => new Promise((resolve) => s.server.close(resolve))));
  }
  return { report, failures };
}
