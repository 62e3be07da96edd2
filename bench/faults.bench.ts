/**
 * Fault tests on real parts (issue 13), two scenarios on a private PostgreSQL (initdb + pg_ctl in a
 * temporary folder, port 5499 unless FAULT_PG_PORT; never the machine's own) and the machine's
 * Redis, with two instances of the app:
 *   1. PostgreSQL restarted (pg_ctl restart -m fast) while both instances verify payments and
 *      answer status calls: meanwhile only 200 or 503 (Retry-After), afterwards /api/ready is 200 on both without restarting them, every
 *      verification retried until it succeeds, and each transaction has exactly one subscription.
 *   2. kill -9 of an instance while it verifies payments: the other keeps answering; retried
 *      there, every transaction has exactly one subscription (none lost, none doubled).
 *   3. the watch queue (pg-boss, `bench/watch-faults.ts`): two instances re-reading watched
 *      loopback sites, one killed with SIGKILL while it holds jobs, PostgreSQL restarted while the
 *      other works; every site read exactly once in the interval (none twice, none lost).
 * FAULT_SCENARIOS picks some (default `payments,watch`).
 * Prints JSON; exits 1 if a check fails. Needs root (runs PostgreSQL as the postgres user) and
 * the PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEVICE_COOKIE } from '../apps/server/src/http-context';
import { call, startInstance, type Instance } from './instance';
import { runWatchFaults } from './watch-faults';

const PORT = Number(process.env.FAULT_PG_PORT ?? 5499);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PAYMENTS = 20;
const SCENARIOS = (process.env.FAULT_SCENARIOS ?? 'payments,watch').split(',');
const failures: string[] = [];

const pgBin = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort((x, y) => Number(y) - Number(x));
  if (!versions.length) throw new Error('PostgreSQL server binaries not found in /usr/lib/postgresql');
  return join('/usr/lib/postgresql', versions[0]!, 'bin');
})();
const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-pg-'));
chownSync(
  dataDir,
  Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
  Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
);
const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(pgBin, command), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', ...args]);
/** pg_ctl without blocking this process, so the load goes on while PostgreSQL restarts. */
const pgCtlAsync = (...args: string[]) =>
  promisify(execFile)('runuser', [
    '-u',
    'postgres',
    '--',
    join(pgBin, 'pg_ctl'),
    '-D',
    dataDir,
    '-l',
    join(dataDir, 'server.log'),
    '-w',
    '-t',
    '60',
    ...args,
  ]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SERVER_OPTIONS = ['-o', `-p ${PORT} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`];

asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
pgCtl('start', ...SERVER_OPTIONS);
const DATABASE_URL = `postgres://postgres@127.0.0.1:${PORT}/postgres`;
const env = { DATABASE_URL, REDIS_URL, API_RATE_LIMIT_PER_MINUTE: '100000000', ANALYZE_RATE_LIMIT_PER_MINUTE: '100000000' };
const instances: Instance[] = [];

interface Checkout {
  email: string;
  visitor: string;
  cookie: string;
  transactionId: number;
}

/** A browser starts a checkout on one instance and pays in the sandbox frame: a successful charge to verify. */
async function checkout(app: string, n: number, tag: string): Promise<Checkout> {
  const visitor = `fault-${tag}-visitor-${n}`;
  const email = `fault-${tag}-${n}@example.com`;
  const cookie = `XSRF-TOKEN=fault; user_id=${visitor}; ${DEVICE_COOKIE}=${randomBytes(32).toString('base64url')}`;
  const headers = { cookie, 'x-xsrf-token': 'fault', origin: app, 'x-user-id': visitor, 'content-type': 'application/json' };
  const start = await call(`${app}/api/payment/start`, { method: 'POST', headers, body: JSON.stringify({ email }) });
  if (start.status !== 200) throw new Error(`payment/start answered ${start.status}: ${start.body}`);
  const { txRef } = JSON.parse(start.body) as { txRef: string };
  const charge = await call(`${app}/sandbox/api/charge`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ txRef, status: 'successful', amount: 5, currency: 'USD', email }),
  });
  if (charge.status !== 200) throw new Error(`sandbox charge answered ${charge.status}: ${charge.body}`);
  return { email, visitor, cookie, transactionId: (JSON.parse(charge.body) as { transactionId: number }).transactionId };
}

const verify = (app: string, c: Checkout) => call(`${app}/api/payment/verify/${c.transactionId}`, { headers: { cookie: c.cookie } });

/** Verifies until it succeeds (a few seconds at most); returns the statuses seen on the way. */
async function verifyUntilDone(apps: string[], c: Checkout): Promise<number[]> {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await verify(apps[attempt % apps.length]!, c).catch(() => ({ status: 0, body: '' }));
    seen.push(res.status);
    if (res.status === 200) return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

/** Subscriptions per transaction of these checkouts, read from the database itself. */
async function subscriptionsPer(checkouts: Checkout[]): Promise<{ missing: number; doubled: number }> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ transaction_id: string; n: string }>(
      'SELECT transaction_id, count(*) AS n FROM subscriptions WHERE transaction_id = ANY($1) GROUP BY transaction_id',
      [checkouts.map((c) => String(c.transactionId))],
    );
    const counts = new Map(rows.map((r) => [r.transaction_id, Number(r.n)]));
    return {
      missing: checkouts.filter((c) => !counts.has(String(c.transactionId))).length,
      doubled: [...counts.values()].filter((n) => n > 1).length,
    };
  } finally {
    await client.end();
  }
}

const tally = (codes: number[]) => {
  const out: Record<string, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
};

const report: Record<string, unknown> = { postgresPort: PORT, payments: PAYMENTS };
try {
  if (SCENARIOS.includes('payments')) await runPaymentFaults();
  if (SCENARIOS.includes('watch')) {
    const watch = await runWatchFaults({
      databaseUrl: DATABASE_URL,
      redisUrl: REDIS_URL,
      // Down long enough for re-reads answered meanwhile to find no database to record them in.
      restartDatabase: async () => {
        await pgCtlAsync('stop', '-m', 'fast');
        await sleep(2000);
        await pgCtlAsync('start', ...SERVER_OPTIONS);
      },
    });
    report.watchQueue = watch.report;
    failures.push(...watch.failures);
  }
} catch (error) {
  failures.push(`aborted: ${String(error)}`);
} finally {
  report.instanceExits = instances.map((i) => i.child.exitCode ?? i.child.signalCode ?? 'running');
  await Promise.all(instances.map((i) => i.stop('SIGKILL')));
  try {
    pgCtl('stop', '-m', 'immediate');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
report.failures = failures;
console.log(JSON.stringify(report, null, 2));
process.exit(failures.length ? 1 : 0);

/** Scenarios 1 and 2: payments verified across a PostgreSQL restart and a killed instance. */
async function runPaymentFaults(): Promise<void> {
  instances.push(await startInstance(env));
  instances.push(await startInstance(env));
  const [a, b] = instances as [Instance, Instance];

  // 1. PostgreSQL restart mid-load.
  const first = await Promise.all(Array.from({ length: PAYMENTS }, (_, n) => checkout(n % 2 ? b.app : a.app, n, 'restart')));
  let loading = true;
  const statusCodes: number[] = [];
  const statusLoad = (async () => {
    while (loading) {
      const res = await call(`${a.app}/api/subscription/status`, { headers: { 'x-user-id': 'fault-status-visitor' } }).catch(() => ({
        status: 0,
      }));
      statusCodes.push(res.status);
      await sleep(5);
    }
  })();
  const restartStarted = performance.now();
  let restartSeconds = 0;
  const restart = pgCtlAsync('restart', '-m', 'fast', ...SERVER_OPTIONS).then(() => {
    restartSeconds = (performance.now() - restartStarted) / 1000;
  });
  // First verifications spread over the restart: some before the stop, some while it is down, some after.
  const verifying: Array<Promise<number[]>> = [];
  for (const c of first) {
    verifying.push(verifyUntilDone([a.app, b.app], c));
    await sleep(40);
  }
  await restart;
  const verifyCodes = (await Promise.all(verifying)).flat();
  await sleep(500);
  loading = false;
  await statusLoad;
  const readyAfter = await Promise.all(instances.map(async (i) => (await call(`${i.app}/api/ready`)).status));
  const again = await Promise.all(first.map((c, n) => verify(n % 2 ? a.app : b.app, c)));
  const restartCount = await subscriptionsPer(first);
  report.postgresRestart = {
    restartSeconds: Math.round(restartSeconds * 10) / 10,
    verifyStatuses: tally(verifyCodes),
    statusStatusesDuringRestart: tally(statusCodes),
    readyAfter,
    verifiedAgainAfterRestart: tally(again.map((r) => r.status)),
    subscriptionsMissing: restartCount.missing,
    transactionsWithTwoSubscriptions: restartCount.doubled,
  };
  const otherThan503 = [...verifyCodes, ...statusCodes].filter((c) => c !== 200 && c !== 503);
  if (otherThan503.length) failures.push(`answers other than 200/503 during the restart: ${otherThan503.join(',')}`);
  if (readyAfter.some((s) => s !== 200)) failures.push(`ready after the restart: ${readyAfter.join(',')}`);
  if (again.some((r) => r.status !== 200)) failures.push('a verified payment did not verify again after the restart');
  if (restartCount.missing || restartCount.doubled)
    failures.push(`restart: ${restartCount.missing} lost, ${restartCount.doubled} doubled subscriptions`);

  // 2. kill -9 of an instance while it verifies payments.
  const second = await Promise.all(Array.from({ length: PAYMENTS }, (_, n) => checkout(b.app, n, 'kill')));
  // Verifications reach the instance one every 10 ms; it is killed halfway through.
  const onA: Array<Promise<number>> = [];
  for (const [n, c] of second.entries()) {
    onA.push(
      verify(a.app, c).then(
        (r) => r.status,
        () => 0,
      ),
    );
    if (n === PAYMENTS / 2) void a.stop('SIGKILL');
    await sleep(10);
  }
  await a.stop('SIGKILL');
  const codesOnA = await Promise.all(onA);
  const survivorStatus = await call(`${b.app}/api/subscription/status`, { headers: { 'x-user-id': 'fault-status-visitor' } });
  const retried = await Promise.all(second.map((c) => verifyUntilDone([b.app], c)));
  const killCount = await subscriptionsPer(second);
  report.killDuringVerify = {
    answeredByKilledInstance: tally(codesOnA),
    survivorStatus: survivorStatus.status,
    retriedOnSurvivor: tally(retried.map((seen) => seen.at(-1) ?? 0)),
    subscriptionsMissing: killCount.missing,
    transactionsWithTwoSubscriptions: killCount.doubled,
  };
  if (survivorStatus.status !== 200) failures.push(`surviving instance answered ${survivorStatus.status}`);
  if (retried.some((seen) => seen.at(-1) !== 200)) failures.push('a payment could not be verified on the surviving instance');
  if (killCount.missing || killCount.doubled)
    failures.push(`kill -9: ${killCount.missing} lost, ${killCount.doubled} doubled subscriptions`);
}
