import { afterEach, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, TEST_REDIS_URL } from './test/test-app';

const redisLeg = TEST_REDIS_URL ? [TEST_REDIS_URL] : [];

type Answer = { statusCode: number; headers: Record<string, unknown> };
/** The rate-limit headers go on 429 answers only (limit, 0 remaining, reset and Retry-After in seconds), never on the others. */
function expectRateLimitHeadersOnRefusalsOnly(answers: Answer[], limit: number): void {
  for (const res of answers) {
    const rateLimitHeaders = Object.keys(res.headers).filter((name) => /^(x-ratelimit-|retry-after$)/.test(name));
    if (res.statusCode !== 429) {
      expect(rateLimitHeaders, `status ${res.statusCode}`).toEqual([]);
      continue;
    }
    expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  }
}
if (!TEST_REDIS_URL && process.env.CI === 'true') throw new Error('TEST_REDIS_URL is required in CI: the Redis leg is mandatory');

describe('analysis rate limit per IP', () => {
  const apps: Array<Awaited<ReturnType<typeof createTestApp>>> = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('caps one IP that rotates its X-User-ID (in-process store)', async () => {
    const t = await createTestApp('sqlite', { env: { ANALYZE_RATE_LIMIT_PER_MINUTE: '10' } });
    apps.push(t);
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/analyze',
          headers: browserHeaders(`rotating-${i}-visitor`),
          payload: { url: 'example.com' },
          remoteAddress: '203.0.113.7',
        }),
      );
    }
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expectRateLimitHeadersOnRefusalsOnly(answers, 10);
  });

  it.each(redisLeg)('shares the limit between two instances through Redis (%s)', async (redisUrl) => {
    const env = { ANALYZE_RATE_LIMIT_PER_MINUTE: '6', REDIS_URL: redisUrl };
    const a = await createTestApp('sqlite', { env });
    const b = await createTestApp('sqlite', { env });
    apps.push(a, b);
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      answers.push(
        await app.inject({
          method: 'POST',
          url: '/api/analyze',
          headers: browserHeaders(`redis-${i}-visitor`),
          payload: { url: 'example.com' },
          remoteAddress: ip,
        }),
      );
    }
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    expectRateLimitHeadersOnRefusalsOnly(answers, 6);
  });

  it('buckets IPv6 clients by /64', async () => {
    const t = await createTestApp('sqlite', { env: { ANALYZE_RATE_LIMIT_PER_MINUTE: '3' } });
    apps.push(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analyze',
        headers: browserHeaders(`v6-${i}-visitor`),
        payload: { url: 'example.com' },
        remoteAddress: `2001:db8:1:2::${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
  });

  it('caps every route at API_RATE_LIMIT_PER_MINUTE per IP', async () => {
    const t = await createTestApp('sqlite', { env: { API_RATE_LIMIT_PER_MINUTE: '4' } });
    apps.push(t);
    const answers: Answer[] = [];
    for (let i = 0; i < 7; i++) {
      answers.push(
        await t.app.inject({
          method: 'GET',
          url: '/api/subscription/status',
          headers: { 'x-user-id': `status-${i}-visitor` },
          remoteAddress: '203.0.113.40',
        }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 429, 429, 429]);
    expectRateLimitHeadersOnRefusalsOnly(answers, 4);
  });
});
