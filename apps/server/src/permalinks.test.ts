import type { AnalysisResult } from '@fineprint/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, databaseLegs } from './test/test-app';

describe.each(databaseLegs())('permalinks on %s', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp(leg);
  });
  afterEach(async () => t.close());

  const analyze = (visitor: string, url = 'example.com') =>
    t.app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders(visitor), payload: { url } });
  const status = async (visitor: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': visitor } })).json<{
      searchCount: number;
    }>();

  it('gives a site result a permalink that reloads it for anyone without using an analysis', async () => {
    const first = await analyze('visitor-share');
    expect(first.statusCode).toBe(200);
    const result = first.json<AnalysisResult>();
    expect(result.resultId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // A cached second analysis of the same site carries the same id.
    expect((await analyze('visitor-other')).json<AnalysisResult>().resultId).toBe(result.resultId);

    const before = await status('visitor-share');
    const opened = await t.app.inject({ method: 'GET', url: `/api/results/${result.resultId}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual(result);
    // No visitor id, no cookies, no quota: the counter does not move.
    expect(await status('visitor-share')).toEqual(before);
  });

  it('answers 404 for an unknown or malformed id, and for a replaced one once the 30 days of the legal pages are over', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/results/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/results/not-an-id' })).statusCode).toBe(404);
    const { resultId } = (await analyze('visitor-expire')).json<AnalysisResult>();
    // A day later the cache has expired: the site is analysed again and its new result gets a new link;
    // the old link keeps working (issue 23: old permalinks stay) until the retention purge.
    t.clock.now = new Date(t.clock.now.getTime() + 25 * 3_600_000);
    const again = (await analyze('visitor-expire')).json<AnalysisResult>();
    expect(again.resultId).not.toBe(resultId);
    expect((await t.app.inject({ method: 'GET', url: `/api/results/${resultId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/results/${again.resultId}` })).statusCode).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 86_400_000);
    await t.app.retention.purgeExpired();
    const gone = await t.app.inject({ method: 'GET', url: `/api/results/${resultId}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: expect.any(String) });
  });

  it('keeps no permalink for pasted documents', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders('visitor-paste'),
      payload: { text: 'You may not use the service if you are under 13. We share your personal data with advertisers.', type: 'terms' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AnalysisResult>().resultId).toBeUndefined();
  });
});
