import { PassThrough } from 'node:stream';
import { FeedbackRecordSchema, RECENT_RESULTS_LIMIT, type AnalysisResult, type RecentResults } from '@fineprint/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { exportFeedback } from './feedback-export';
import { FEEDBACK_RATE_LIMIT_PER_MINUTE } from './modules/feedback/feedback.routes';
import { browserHeaders, createTestApp, databaseLegs, FAKE_RESULT } from './test/test-app';

const QUOTE = 'Any dispute will be resolved by binding arbitration in San Francisco.';
/** A result with one quoted Key Point and one quoted fact row, graded by its site's name. */
const resultFor = (site: string): AnalysisResult => ({
  ...FAKE_RESULT,
  grade: site.startsWith('d') ? 'D' : 'B',
  engine: 'engine-7',
  keyPoints: ['Disputes go to binding arbitration.'],
  details: {
    ...FAKE_RESULT.details,
    keyPoints: [
      {
        text: 'Disputes go to binding arbitration.',
        category: 'arbitration',
        severity: 'bad',
        evidence: [{ quote: QUOTE, document: 'terms', url: `https://${site}/terms`, start: 0, end: QUOTE.length }],
      },
    ],
  },
  factSheet: {
    ...FAKE_RESULT.factSheet,
    arbitration: { value: 'mandatory', evidence: [{ quote: QUOTE, document: 'terms', url: `https://${site}/terms`, start: 0, end: 10 }] },
  },
});

describe.each(databaseLegs())('feedback and recent results on %s', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const start = async () => {
    t = await createTestApp(leg, { analyze: async (site) => resultFor(new URL(site).hostname) });
  };
  afterEach(async () => t?.close());

  const analyze = async (url: string) => {
    // One visitor per site: the free quota is not what these tests are about.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders(`visitor-${url.replace(/\W/g, '-')}`),
      payload: { url },
    });
    expect(res.statusCode).toBe(200);
    return res.json<AnalysisResult>().resultId!;
  };
  const report = (payload: unknown, headers: Record<string, string> = browserHeaders('visitor-fb')) =>
    t.app.inject({ method: 'POST', url: '/api/feedback', headers, payload: payload as object });
  const exported = async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const count = await exportFeedback(t.db, out);
    out.end();
    const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(count);
    return lines.map((line) => FeedbackRecordSchema.parse(JSON.parse(line)));
  };

  it('stores a report with the result id, engine, item and quote read from the kept result, counts it, and exports it as JSONL', async () => {
    await start();
    const resultId = await analyze('example.com');
    const item = await report({
      resultId,
      target: { kind: 'item', list: 'keyPoints', index: 0 },
      reason: 'wrong_region',
      note: ' Only in the US. ',
    });
    expect(item.statusCode).toBe(204);
    const fact = await report({ resultId, target: { kind: 'fact', fact: 'arbitration' }, reason: 'wrong_detail' });
    expect(fact.statusCode).toBe(204);

    const records = await exported();
    expect(records).toEqual([
      {
        id: expect.any(Number),
        resultId,
        site: 'https://example.com/',
        engine: 'engine-7',
        target: { kind: 'item', list: 'keyPoints', index: 0 },
        item: 'Disputes go to binding arbitration.',
        quote: QUOTE,
        reason: 'wrong_region',
        note: 'Only in the US.',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      expect.objectContaining({ target: { kind: 'fact', fact: 'arbitration' }, item: 'mandatory', quote: QUOTE, note: null }),
    ]);
    // Nothing about the reader: the table has no visitor, cookie, address or e-mail column.
    const row = await t.db.selectFrom('feedback').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(
      ['created_at', 'engine_version', 'id', 'item_text', 'note', 'quote', 'reason', 'result_id', 'site', 'target'].sort(),
    );
    // Reported items stay in the result.
    const kept = (await t.app.inject({ method: 'GET', url: `/api/results/${resultId}` })).json<AnalysisResult>();
    expect(kept.keyPoints).toEqual(['Disputes go to binding arbitration.']);

    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toMatch(/fineprint_feedback_reports_total\{reason="wrong_region"\} 1/);
    expect(metrics).toMatch(/fineprint_feedback_reports_total\{reason="wrong_detail"\} 1/);
  });

  it('refuses reports without the CSRF token, of unknown results or items, with bad reasons or oversized notes', async () => {
    await start();
    const resultId = await analyze('example.com');
    const good = { resultId, target: { kind: 'item', list: 'keyPoints', index: 0 }, reason: 'other' };
    expect((await report(good, { 'x-user-id': 'visitor-fb' })).statusCode).toBe(403);
    expect((await report({ ...good, resultId: 'AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await report({ ...good, target: { kind: 'item', list: 'keyPoints', index: 3 } })).statusCode).toBe(400);
    expect((await report({ ...good, target: { kind: 'fact', fact: 'no_such_fact' } })).statusCode).toBe(400);
    expect((await report({ ...good, reason: 'spam' })).statusCode).toBe(400);
    expect((await report({ ...good, note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await report({ ...good, email: 'reader@example.com' })).statusCode).toBe(400);
    expect((await report({ ...good, note: 'x'.repeat(5_000) })).statusCode).toBe(413);
    expect(await exported()).toEqual([]);
  });

  it(`limits reports to ${FEEDBACK_RATE_LIMIT_PER_MINUTE} a minute per address`, async () => {
    await start();
    const resultId = await analyze('example.com');
    const good = { resultId, target: { kind: 'fact', fact: 'arbitration' }, reason: 'other' };
    for (let i = 0; i < FEEDBACK_RATE_LIMIT_PER_MINUTE; i++) expect((await report(good)).statusCode).toBe(204);
    expect((await report(good)).statusCode).toBe(429);
    expect(await exported()).toHaveLength(FEEDBACK_RATE_LIMIT_PER_MINUTE);
  });

  it('lists recently analysed sites (site, grade, date, permalink only), newest first, bounded and cached 30 s', async () => {
    await start();
    const recent = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/results/recent' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=30');
      return res.json<RecentResults>().results;
    };
    expect(await recent()).toEqual([]);
    t.clock.now = new Date(t.clock.now.getTime() + 1_000);
    const first = await analyze('b-site.example');
    t.clock.now = new Date(t.clock.now.getTime() + 1_000);
    const second = await analyze('d-site.example');
    // The empty reading is still served within 30 s of the first request.
    expect(await recent()).toEqual([]);
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    expect(await recent()).toEqual([
      { resultId: second, site: 'd-site.example', grade: 'D', analysedAt: '2026-01-01T00:00:02.000Z' },
      { resultId: first, site: 'b-site.example', grade: 'B', analysedAt: '2026-01-01T00:00:01.000Z' },
    ]);
    for (let i = 0; i < RECENT_RESULTS_LIMIT + 2; i++) {
      t.clock.now = new Date(t.clock.now.getTime() + 1_000);
      await analyze(`site-${i}.example`);
    }
    t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    const bounded = await recent();
    expect(bounded).toHaveLength(RECENT_RESULTS_LIMIT);
    expect(bounded[0]!.site).toBe(`site-${RECENT_RESULTS_LIMIT + 1}.example`);
  });
});
