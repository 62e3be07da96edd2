import { FetchError, type analyzeSite } from '@fineprint/analysis';
import type { AnalysisResult } from '@fineprint/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, databaseLegs, FAKE_RESULT } from './test/test-app';

// Issue 22: what the result page needs from the server — the analysis's date, the error's code, the subscription's deal.
describe.each(databaseLegs())('result page data on %s', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
  afterEach(async () => t?.close());

  const analyze = (visitor: string) =>
    t!.app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders(visitor), payload: { url: 'example.com' } });

  it('dates every result when it is made, and keeps that date for the cache and the permalink', async () => {
    t = await createTestApp(leg);
    const madeAt = t.clock.now.toISOString();
    const first = (await analyze('dated-one')).json<AnalysisResult>();
    expect(first.analyzedAt).toBe(madeAt);
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
    // An hour later the cached result still says when it was made, and so does its permalink.
    expect((await analyze('dated-two')).json<AnalysisResult>().analyzedAt).toBe(madeAt);
    const opened = await t.app.inject({ method: 'GET', url: `/api/results/${first.resultId}` });
    expect(opened.json<AnalysisResult>().analyzedAt).toBe(madeAt);
    // Pasted documents are dated too.
    const pasted = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders('dated-paste'),
      payload: { text: 'Last updated: March 3, 2026. We share your personal data with advertisers.', type: 'terms' },
    });
    expect(pasted.json<AnalysisResult>().analyzedAt).toBe(t.clock.now.toISOString());
    expect(pasted.json<AnalysisResult>().documents[0]?.statedDate).toBe('2026-03-03');
  });

  it('dates a result kept before results carried a date by the time it was stored', async () => {
    t = await createTestApp(leg);
    const first = (await analyze('undated-visitor')).json<AnalysisResult>();
    const undated = { ...first, analyzedAt: undefined };
    await t.db
      .updateTable('analysis_cache')
      .set({ result_json: JSON.stringify(undated), created_at: '2026-01-02T03:04:05.000Z' })
      .where('result_id', '=', first.resultId!)
      .execute();
    const opened = await t.app.inject({ method: 'GET', url: `/api/results/${first.resultId}` });
    expect(opened.json<AnalysisResult>().analyzedAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it("sends a known error's code with its sentence on the event stream, so the page can offer the next step", async () => {
    const unreachable: typeof analyzeSite = async () => {
      throw new FetchError('CONNECT_FAILED', 'The site could not be reached.', { isTransient: true });
    };
    t = await createTestApp(leg, { analyze: unreachable });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyze/stream',
      headers: { ...browserHeaders('coded-visitor'), accept: 'text/event-stream' },
      payload: { url: 'example.com' },
    });
    const data = /^event: error\ndata: (.*)$/m.exec(res.body)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({ error: 'The site could not be reached.', status: 502, code: 'CONNECT_FAILED' });
  });

  it('says whether a subscription renews monthly: not with the sandbox', async () => {
    t = await createTestApp(leg, { analyze: async () => FAKE_RESULT });
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/plan' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ renewsMonthly: false });
  });
});
