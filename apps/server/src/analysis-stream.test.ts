import type { AddressInfo } from 'node:net';
import type { AnalysisResult } from '@fineprint/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCountingSite } from './test/fixture-site';
import { browserHeaders, createTestApp } from './test/test-app';

type Site = Awaited<ReturnType<typeof startCountingSite>>;
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
interface ServerEvent {
  event: string;
  data: unknown;
}

/** Server-Sent Events from a text: `event:` and `data:` lines, blocks separated by a blank line. */
function parseEvents(text: string): ServerEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}

// The real worker pool against a loopback site: progress is posted from the worker thread.
describe('POST /api/analyze/stream', () => {
  let site: Site;
  let t: TestApp;
  let base: string;
  afterEach(async () => {
    await site?.close();
    await t?.close();
  });

  async function start() {
    site = await startCountingSite();
    // A reading deadline far beyond the test's own timeout: an analysis that ends early was cancelled.
    t = await createTestApp('sqlite', { analyze: 'worker-pool', env: { FETCH_ALLOWLIST: site.hostPort, ANALYSIS_TIMEOUT_MS: '120000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  const post = (visitor: string, signal?: AbortSignal) =>
    fetch(`${base}/api/analyze/stream`, {
      method: 'POST',
      headers: { ...browserHeaders(visitor), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ url: site.origin }),
      signal,
    });
  const searchCount = async (visitor: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': visitor } })).json<{
      searchCount: number;
    }>().searchCount;

  it('streams the stages in order, then the result, using one analysis', async () => {
    await start();
    const res = await post('stream-visitor');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    const events = parseEvents(await res.text());
    const messages = events.filter((e) => e.event === 'progress').map((e) => (e.data as { message: string }).message);
    const at = (pattern: RegExp) => messages.findIndex((m) => pattern.test(m));
    const stages = [
      at(new RegExp(`^Reading ${site.origin}/$`)),
      at(/^Found the Terms of Service at http:\/\/127\.0\.0\.1:\d+\/legal\/terms-of-service$/),
      at(/^Found the Privacy Policy at /),
      at(/^Read the Terms of Service: \d+ words$/),
      at(/^Read the Privacy Policy: \d+ words$/),
      at(/^Checking the questions$/),
    ];
    expect(stages.every((i) => i >= 0)).toBe(true);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    const last = events.at(-1)!;
    expect(last.event).toBe('result');
    expect((last.data as AnalysisResult).keyPoints.length).toBeGreaterThan(0);
    expect((last.data as AnalysisResult).resultId).toMatch(/^[\w-]{22}$/);
    expect(await searchCount('stream-visitor')).toBe(1);
  }, 60_000);

  it('keeps the JSON answer of POST /api/analyze unchanged', async () => {
    await start();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders('json-visitor'),
      payload: { url: site.origin },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json<AnalysisResult>().keyPoints.length).toBeGreaterThan(0);
  }, 60_000);

  it('cancels the worker analysis when the client disconnects, and gives the analysis back', async () => {
    await start();
    site.hold(); // the home page never answers until the end of the test
    const stop = new AbortController();
    const res = await post('cancel-visitor', stop.signal);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: progress')) text += new TextDecoder().decode((await reader.read()).value);
    expect(parseEvents(text)[0]).toEqual({ event: 'progress', data: { message: `Reading ${site.origin}/` } });
    expect(await searchCount('cancel-visitor')).toBe(1);
    await vi.waitFor(() => expect(site.held()).toBe(1), { timeout: 20_000, interval: 20 });
    stop.abort();
    await vi.waitFor(async () => expect(await searchCount('cancel-visitor')).toBe(0), { timeout: 20_000, interval: 50 });
    // The unit came back at the cancel; the worker then hung up on the silent site.
    await vi.waitFor(() => expect(site.held()).toBe(0), { timeout: 20_000, interval: 50 });
    expect(site.hits('/legal/terms-of-service')).toBe(0);
    // The pool is free for the next analysis.
    site.release();
    const next = parseEvents(await (await post('after-cancel')).text());
    expect(next.at(-1)!.event).toBe('result');
  }, 60_000);

  it('sends a refusal as an error event with its status', async () => {
    await start();
    for (let i = 0; i < 5; i++) await post('quota-visitor').then((r) => r.text());
    const events = parseEvents(await (await post('quota-visitor')).text());
    expect(events).toEqual([
      { event: 'error', data: { error: expect.stringContaining('Subscription required'), status: 402, code: 'SUBSCRIPTION_REQUIRED' } },
    ]);
    // Read by the app's one error reader: counted like the same refusal of the JSON route.
    const counted = await t.app.metrics.registry.getSingleMetricAsString('fineprint_quota_denials_total');
    expect(counted).toMatch(/^fineprint_quota_denials_total 1$/m);
  }, 60_000);
});
