import { DiscoveryError } from '@fineprint/analysis';
import { afterEach, describe, expect, it } from 'vitest';
import { startMetricsServer } from './modules/ops/metrics';
import { browserCookies, browserHeaders, closedPort, createTestApp, databaseLegs, TEST_REDIS_URL } from './test/test-app';

if (!TEST_REDIS_URL && process.env.CI === 'true') throw new Error('TEST_REDIS_URL is required in CI: the Redis leg is mandatory');

/** Log lines as parsed JSON, and the raw text to search for what must never appear. */
function logCollector() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    get text() {
      return lines.join('');
    },
    get entries() {
      return lines.map((l) => JSON.parse(l) as Record<string, unknown> & { req?: { url?: string }; msg?: string });
    },
  };
}

describe('logs', () => {
  const apps: Array<Awaited<ReturnType<typeof createTestApp>>> = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('logs request paths without the query string that carries the e-mail', async () => {
    const log = logCollector();
    const t = await createTestApp('sqlite', { logStream: log.stream });
    apps.push(t);
    await t.app.inject({ method: 'GET', url: '/subscription/callback?status=successful&tx_ref=sub-a@b.c-1&transaction_id=77' });
    await t.app.inject({ method: 'GET', url: '/api/payment/verify/77?tx_ref=sub-a%40b.c-1', headers: browserCookies('visitor-log') });
    await t.app.inject({ method: 'GET', url: '/api/get-email/sub-a@b.c-1' });
    const urls = log.entries.map((e) => e.req?.url).filter(Boolean);
    expect(urls).toContain('/subscription/callback');
    expect(urls).toContain('/api/payment/verify/77');
    expect(urls).toContain('/api/get-email/[email]');
    expect(log.text).not.toMatch(/a@b\.c|a%40b\.c|tx_ref|transaction_id=/);
  });

  it('logs a known analysis error once with its code and the site host, not the address', async () => {
    const log = logCollector();
    const t = await createTestApp('sqlite', {
      logStream: log.stream,
      analyze: async () => {
        throw new DiscoveryError('NO_DOCUMENTS', 'No Terms of Service or Privacy Policy could be found on example.com.');
      },
    });
    apps.push(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders('visitor-err'),
      payload: { url: 'https://Example.com/terms?secret=1' },
    });
    expect(res.statusCode).toBe(422);
    const refusals = log.entries.filter((e) => e.msg === 'refused');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ code: 'NO_DOCUMENTS', status: 422, host: 'example.com', route: '/api/analyze' });
    expect(log.text).not.toContain('secret=1');
  });

  it('keeps the payment provider failure cause in the log, not the secret key', async () => {
    const log = logCollector();
    const port = await closedPort();
    const secretKey = 'FLWSECK_TEST-logcheck-secret';
    const t = await createTestApp('sqlite', {
      logStream: log.stream,
      env: {
        PAYMENT_PROVIDER: 'flutterwave',
        FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-logcheck',
        FLUTTERWAVE_SECRET_KEY: secretKey,
        FLUTTERWAVE_WEBHOOK_HASH: 'a-webhook-hash-of-length',
        FLUTTERWAVE_API_URL: `http://127.0.0.1:${port}`,
      },
    });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/verify/4242', headers: browserCookies('visitor-fw') });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    const [entry, ...more] = log.entries.filter((e) => e.msg === 'refused');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      status: 503,
      cause: { message: 'fetch failed', cause: { code: 'ECONNREFUSED' } },
    });
    expect(log.text).not.toContain(secretKey);
  });
});

describe.each(databaseLegs())('GET /api/ready on %s', (leg) => {
  const apps: Array<Awaited<ReturnType<typeof createTestApp>>> = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('answers 200 when the database answers', async () => {
    const t = await createTestApp(leg);
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true });
  });

  it('answers 503 naming the database when it is gone', async () => {
    const t = await createTestApp(leg);
    const res = await (async () => {
      try {
        await t.db.destroy();
        return await t.app.inject({ method: 'GET', url: '/api/ready' });
      } finally {
        await t.app.close();
      }
    })();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, failed: ['database'] });
  });

  it('answers 503 naming Redis when REDIS_URL points at nothing', async () => {
    const t = await createTestApp(leg, { env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, failed: ['redis'] });
  });

  // Issue 24: the rate limiter no longer fails closed on a Redis outage (it counts in memory
  // meanwhile, `plugins/rate-limit.ts`), so API calls that need only the database still answer.
  it('answers API calls that need only the database while Redis is unreachable', async () => {
    const t = await createTestApp(leg, { env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': 'visitor-redis-down' } });
    expect(res.statusCode).toBe(200);
  });

  it.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])('answers 200 with a reachable Redis (%s)', async (redisUrl) => {
    const t = await createTestApp(leg, { env: { REDIS_URL: redisUrl } });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
  });
});

describe('metrics', () => {
  const apps: Array<Awaited<ReturnType<typeof createTestApp>>> = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('counts quota denials, refusals and analysis errors by code, and serves them on their own port', async () => {
    let fail = false;
    const t = await createTestApp('sqlite', {
      analyze: async (site) => {
        if (fail) throw new DiscoveryError('DNS_FAILED', 'That site could not be found.');
        const { FAKE_RESULT } = await import('./test/test-app');
        return { ...FAKE_RESULT, engine: site };
      },
    });
    apps.push(t);
    const analyze = (url: string) =>
      t.app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders('visitor-metrics'), payload: { url } });
    for (let i = 0; i < 5; i++) expect((await analyze(`site${i}.example`)).statusCode).toBe(200);
    expect((await analyze('site9.example')).statusCode).toBe(402);
    fail = true;
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders('visitor-metrics-2'),
      payload: { url: 'nowhere.example' },
    });
    expect(other.statusCode).toBe(422);

    const server = await startMetricsServer(t.app.metrics.registry, { port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toMatch(/^fineprint_quota_denials_total 1$/m);
      expect(text).toMatch(/^fineprint_refusals_total\{code="SUBSCRIPTION_REQUIRED"\} 1$/m);
      expect(text).toMatch(/^fineprint_analysis_errors_total\{code="DNS_FAILED"\} 1$/m);
      expect(text).toMatch(/^fineprint_analysis_duration_seconds_count\{stage="total"\} 6$/m);
      expect(text).toMatch(/^fineprint_analysis_queue_length 0$/m);
      expect(text).toMatch(/^fineprint_analysis_worker_utilization 0$/m);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
