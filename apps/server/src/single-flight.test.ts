import { analyzeSite } from '@fineprint/analysis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { startCountingSite } from './test/fixture-site';
import { browserHeaders, createTestApp, databaseLegs, TEST_REDIS_URL } from './test/test-app';

if (!TEST_REDIS_URL && process.env.CI === 'true') throw new Error('TEST_REDIS_URL is required in CI: the Redis leg is mandatory');

const VISITORS = 8;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The value of one metric line (0 when the series does not exist yet). */
async function metric(app: TestApp['app'], series: string): Promise<number> {
  const text = await app.metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const joins = async (apps: Array<TestApp['app']>) => {
  let total = 0;
  for (const app of apps)
    for (const scope of ['process', 'redis']) total += await metric(app, `fineprint_analysis_single_flight_joins_total{scope="${scope}"}`);
  return total;
};

describe.each(databaseLegs())('single flight on %s', (leg) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** N visitors from N addresses ask for the same uncached site at once, spread over `apps`. */
  async function analyseTogether(apps: Array<TestApp['app']>, site: Awaited<ReturnType<typeof startCountingSite>>) {
    site.hold();
    const responses = Array.from({ length: VISITORS }, (_, i) =>
      apps[i % apps.length]!.inject({
        method: 'POST',
        url: '/api/analyze',
        remoteAddress: `192.0.2.${i + 1}`,
        headers: browserHeaders(`sf-visitor-${leg}-${i}`),
        payload: { url: site.origin },
      }),
    );
    // Every request but the one that runs has joined it before the site answers at all.
    await vi.waitFor(async () => expect(await joins(apps)).toBe(VISITORS - 1), { timeout: 15_000, interval: 20 });
    site.release();
    return Promise.all(responses);
  }

  async function expectOneUnitEach(app: TestApp['app']) {
    for (let i = 0; i < VISITORS; i++) {
      const status = await app.inject({
        method: 'GET',
        url: '/api/subscription/status',
        headers: { 'x-user-id': `sf-visitor-${leg}-${i}` },
      });
      expect(status.json()).toMatchObject({ searchCount: 1 });
    }
  }

  it('runs concurrent analyses of one site once in process, each visitor counted once', async () => {
    const site = await startCountingSite();
    cleanups.push(site.close);
    const t = await createTestApp(leg, { analyze: analyzeSite, env: { FETCH_ALLOWLIST: site.hostPort } });
    cleanups.push(t.close);

    const responses = await analyseTogether([t.app], site);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(VISITORS).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(site.hits('/legal/terms-of-service')).toBe(1);
    expect(site.hits('/')).toBe(1);
    expect(await metric(t.app, 'fineprint_analysis_single_flight_joins_total{scope="process"}')).toBe(VISITORS - 1);
    await expectOneUnitEach(t.app);

    // Afterwards the site comes from the cache: no further fetch.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders('sf-late-visitor'),
      payload: { url: site.origin },
    });
    expect(again.statusCode).toBe(200);
    expect(site.hits('/legal/terms-of-service')).toBe(1);
    expect(await metric(t.app, 'fineprint_analysis_cache_lookups_total{result="hit"}')).toBe(1);
  });

  it('gives every joined visitor their unit back when the shared run fails', async () => {
    const site = await startCountingSite();
    cleanups.push(site.close);
    // The fixture's address is not allow-listed: the guard refuses it, for every request.
    const t = await createTestApp(leg, { analyze: analyzeSite });
    cleanups.push(t.close);
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/analyze',
          remoteAddress: `192.0.2.${i + 50}`,
          headers: browserHeaders(`sf-fail-visitor-${i}`),
          payload: { url: site.origin },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    for (let i = 0; i < 4; i++) {
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/subscription/status',
        headers: { 'x-user-id': `sf-fail-visitor-${i}` },
      });
      expect(status.json()).toMatchObject({ searchCount: 0 });
    }
  });

  it.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])('shares one run between two instances through Redis (%s)', async (redisUrl) => {
    const site = await startCountingSite();
    cleanups.push(site.close);
    const env = { FETCH_ALLOWLIST: site.hostPort, REDIS_URL: redisUrl };
    const a = await createTestApp(leg, { analyze: analyzeSite, env });
    cleanups.push(a.close);
    // A second instance on the same database, with its own process state and Redis connection.
    const b = await buildApp({
      config: loadConfig({ DATA_DIR: a.dataDir, LOG_LEVEL: 'silent', ANALYZE_RATE_LIMIT_PER_MINUTE: '1000', ...env }),
      db: a.db,
      clock: () => a.clock.now,
      analyze: analyzeSite,
      logger: false,
    });
    cleanups.push(() => b.close());

    const responses = await analyseTogether([a.app, b], site);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(VISITORS).fill(200));
    expect(site.hits('/legal/terms-of-service')).toBe(1);
    // One instance runs; the other's first request waits through Redis and its others join that wait.
    const sum = async (series: string) => (await metric(a.app, series)) + (await metric(b, series));
    expect(await sum('fineprint_analysis_single_flight_joins_total{scope="redis"}')).toBe(1);
    expect(await sum('fineprint_analysis_single_flight_joins_total{scope="process"}')).toBe(VISITORS - 2);
    await expectOneUnitEach(a.app);
  });
});
