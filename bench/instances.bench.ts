/**
 * Two instances on one PostgreSQL + Redis (issue 13): 200 concurrent analyses from 50 visitors,
 * each request from its own loopback source address (127.0.x.y), alternating between the
 * instances, over 20 fixture sites. Half the visitors ask 6 times (one more than the free
 * quota), half twice. Checks: only 200/402/429/503 (503 with Retry-After), every visitor's
 * counted analyses equal their 200 answers (none lost, none doubled) and never exceed 5, each
 * site's Terms fetched once across both instances (single flight). Prints JSON; exits 1 on a
 * failed check. Needs TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and
 * TEST_REDIS_URL (default redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { FREE_ANALYSES } from '@fineprint/contracts';
import { startCountingSite } from '../apps/server/src/test/fixture-site';
import { browserHeaders, call, metricSum, startInstance, type Answer } from './instance';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const VISITORS = 50;
const SITES = 20;

const schema = `bench_${randomBytes(5).toString('hex')}`;
const sites = await Promise.all(Array.from({ length: SITES }, () => startCountingSite()));
const env = {
  DATABASE_URL,
  REDIS_URL,
  BENCH_PG_SCHEMA: schema,
  API_RATE_LIMIT_PER_MINUTE: '100000000',
  ANALYZE_RATE_LIMIT_PER_MINUTE: '100000000',
  FETCH_ALLOWLIST: sites.map((s) => s.hostPort).join(','),
};
// One after the other: the first runs the migrations.
const a = await startInstance(env);
const b = await startInstance(env);
const instances = [a, b];
const failures: string[] = [];

try {
  const plan: Array<{ visitor: string; site: string; from: string; instance: number }> = [];
  for (let v = 0; v < VISITORS; v++) {
    const asks = v < VISITORS / 2 ? FREE_ANALYSES + 1 : 2;
    for (let k = 0; k < asks; k++)
      plan.push({
        visitor: `bench-visitor-${schema}-${v}`,
        site: sites[(v + k) % SITES]!.origin,
        from: `127.0.${v + 1}.${k + 1}`,
        instance: plan.length % 2,
      });
  }
  const started = performance.now();
  const answers: Answer[] = await Promise.all(
    plan.map((p) => {
      const target = instances[p.instance]!.app;
      return call(`${target}/api/analyze`, {
        method: 'POST',
        headers: browserHeaders(target, p.visitor),
        body: JSON.stringify({ url: p.site }),
        from: p.from,
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const codes: Record<string, number> = {};
  for (const ans of answers) codes[ans.status] = (codes[ans.status] ?? 0) + 1;
  const unexpected = answers.filter((ans) => ![200, 402, 429, 503].includes(ans.status));
  if (unexpected.length)
    failures.push(`${unexpected.length} answers other than 200/402/429/503: ${unexpected.map((u) => u.status).join(',')}`);
  const busyWithoutRetry = answers.filter((ans) => ans.status === 503 && ans.headers['retry-after'] !== '30').length;
  if (busyWithoutRetry) failures.push(`${busyWithoutRetry} 503 answers without Retry-After: 30`);

  let lost = 0;
  let doubled = 0;
  let overQuota = 0;
  for (let v = 0; v < VISITORS; v++) {
    const visitor = `bench-visitor-${schema}-${v}`;
    const ok = plan.filter((p, i) => p.visitor === visitor && answers[i]!.status === 200).length;
    const status = await call(`${b.app}/api/subscription/status`, { headers: { 'x-user-id': visitor } });
    const counted = (JSON.parse(status.body) as { searchCount: number }).searchCount;
    if (counted < ok) lost += ok - counted;
    if (counted > ok) doubled += counted - ok;
    if (counted > FREE_ANALYSES) overQuota++;
  }
  if (lost || doubled || overQuota) failures.push(`quota units lost ${lost}, doubled ${doubled}, visitors over quota ${overQuota}`);

  const metrics = await Promise.all(instances.map(async (i) => (await call(`${i.bare}/metrics`)).body));
  const joins = (scope: string) =>
    metrics.reduce((n, text) => n + metricSum(text, 'fineprint_analysis_single_flight_joins_total', `scope="${scope}"`), 0);
  const runs = metrics.reduce((n, text) => n + metricSum(text, 'fineprint_analysis_duration_seconds_count', 'stage="total"'), 0);
  const termsFetches = sites.map((s) => s.hits('/legal/terms-of-service'));
  const sitesFetchedTwice = termsFetches.filter((n) => n > 1).length;

  console.log(
    JSON.stringify(
      {
        requests: plan.length,
        visitors: VISITORS,
        sourceAddresses: new Set(plan.map((p) => p.from)).size,
        instances: 2,
        database: 'postgresql',
        seconds: Math.round(seconds * 10) / 10,
        statusCodes: codes,
        quota: { lost, doubled, visitorsOverQuota: overQuota },
        singleFlight: { processJoins: joins('process'), redisJoins: joins('redis'), freshRuns: runs, sitesFetchedTwice, sites: SITES },
        failures,
      },
      null,
      2,
    ),
  );
} finally {
  await Promise.all(instances.map((i) => i.stop()));
  await Promise.all(sites.map((s) => s.close()));
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
process.exit(failures.length ? 1 : 0);
