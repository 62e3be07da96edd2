import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyzeSite } from '@fineprint/analysis';
import { MESSAGES, type AnalysisResult } from '@fineprint/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../../../tests/fakes/llm-servers';
import { browserHeaders, createTestApp, databaseLegs } from './test/test-app';

/**
 * The LLM engine through the API (issue 14): a loopback site, a fake OpenAI-compatible
 * provider counting its calls, and the server's cache keyed by engine and model.
 */
/** Ordinary legal prose, so that each page reads as a legal document (discovery wants 150 words). */
const FILLER = '<p>This section explains how the Service works and what you agree to when you use it, in plain words.</p>'.repeat(12);
const TERMS = `<html><head><title>Terms of Service</title></head><body><main><h1>Terms of Service</h1>
<p>You must be at least 16 years old to use the Service.</p>
<p>These Terms are governed by the laws of the State of California.</p>
<p>Any dispute will be resolved by binding arbitration, and you waive any right to bring a class action.</p>
${FILLER}</main></body></html>`;
const PRIVACY = `<html><head><title>Privacy Policy</title></head><body><main><h1>Privacy Policy</h1>
<p>We sell your personal information to our advertising partners.</p>
<p>We keep server logs for 90 days and then delete them.</p>
${FILLER}</main></body></html>`;
const HOME = `<html><body><h1>Example</h1><a href="/terms">Terms of Service</a> <a href="/privacy">Privacy Policy</a></body></html>`;

const ANSWER = {
  facts: [{ id: 'min_age', value: '16', quotes: [{ document: 'terms', quote: 'You must be at least 16 years old to use the Service.' }] }],
  keyPoints: [
    {
      text: 'Disputes must go to binding arbitration, and you give up class actions.',
      category: 'arbitration',
      severity: 'bad',
      quotes: [
        {
          document: 'terms',
          quote: 'Any dispute will be resolved by binding arbitration, and you waive any right to bring a class action.',
        },
      ],
    },
  ],
  privacyConcerns: [
    {
      text: 'Your personal information is sold to advertising partners.',
      category: 'sale_of_data',
      severity: 'blocker',
      quotes: [{ document: 'privacy', quote: 'We sell your personal information to our advertising partners.' }],
    },
  ],
  recommendations: [],
};

let site: Server;
/** Requests the site received: a cached analysis reads nothing. */
let siteHits = 0;
let host = '';
let provider: FakeLlmServer | undefined;
beforeAll(async () => {
  site = createServer((req, res) => {
    siteHits++;
    const body = req.url === '/terms' ? TERMS : req.url === '/privacy' ? PRIVACY : req.url === '/' ? HOME : undefined;
    if (!body) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

/** Settings for the fake provider; each test names its own model, since the engine also caches by model in memory. */
const llmEnv = (baseUrl: string, model: string) => ({
  FETCH_ALLOWLIST: host,
  LLM_PROVIDER: 'openai-compatible',
  LLM_MODEL: model,
  LLM_BASE_URL: baseUrl,
  LLM_TIMEOUT_MS: '5000',
});

describe.each(databaseLegs())('LLM engine through the API (%s)', (leg) => {
  it('serves a second visitor the cached LLM analysis without calling the provider', async () => {
    provider = await startFakeLlmServer('openai', [{ kind: 'answer', output: ANSWER }]);
    const t = await createTestApp(leg, { analyze: analyzeSite, env: llmEnv(provider.baseUrl, `cached-${leg}`) });
    try {
      const ask = (visitor: string) =>
        t.app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders(visitor), payload: { url: `http://${host}/` } });
      const first = await ask('visitor-llm-first');
      expect(first.statusCode, first.body).toBe(200);
      const result = first.json<AnalysisResult>();
      expect(result.engine).toBe(`llm:openai-compatible/cached-${leg}`);
      expect(result.privacyConcerns).toEqual(['Your personal information is sold to advertising partners.']);
      expect(provider.requests).toHaveLength(1);
      const hitsAfterFirst = siteHits;

      const second = await ask('visitor-llm-second');
      expect(second.statusCode).toBe(200);
      expect(second.json<AnalysisResult>()).toEqual(result);
      // Served from the server's cache (keyed by engine and model): neither the site nor the provider was asked again.
      expect(provider.requests).toHaveLength(1);
      expect(siteHits).toBe(hitsAfterFirst);
    } finally {
      await t.close();
    }
  });

  it('does not cache a built-in result it fell back to: the next visitor asks the model again', async () => {
    provider = await startFakeLlmServer('openai', [
      { kind: 'status', status: 500 },
      { kind: 'answer', output: ANSWER },
    ]);
    const t = await createTestApp(leg, { analyze: analyzeSite, env: llmEnv(provider.baseUrl, `fallback-${leg}`) });
    try {
      const ask = (visitor: string) =>
        t.app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders(visitor), payload: { url: `http://${host}/` } });
      const first = (await ask('visitor-llm-a')).json<AnalysisResult>();
      expect(first.notices).toContain(MESSAGES.llmFallback);
      expect(first.engine).toMatch(/^builtin-/);
      const second = (await ask('visitor-llm-b')).json<AnalysisResult>();
      expect(second.engine).toBe(`llm:openai-compatible/fallback-${leg}`);
      expect(provider.requests).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});

/** Issue 24's lies, each on a real sentence of the site that says something else. */
const LIES = {
  facts: [],
  keyPoints: [
    {
      text: 'You can sue the company in any court you like.',
      category: 'jurisdiction',
      severity: 'good',
      quotes: [{ document: 'terms', quote: 'You must be at least 16 years old to use the Service.' }],
    },
  ],
  privacyConcerns: [
    {
      text: 'This service is completely safe: it never shares or sells your personal data.',
      category: 'other',
      severity: 'good',
      quotes: [{ document: 'privacy', quote: 'We keep server logs for 90 days and then delete them.' }],
    },
  ],
  recommendations: [
    {
      text: 'Urgent: verify your account now or it will be closed.',
      category: 'other',
      severity: 'blocker',
      quotes: [{ document: 'terms', quote: 'These Terms are governed by the laws of the State of California.' }],
    },
  ],
};

describe('LLM engine held to meaning through the API', () => {
  it('shows none of the lies a model tells with real quotes: the visitor gets the built-in lists', async () => {
    const floor = await analyzeSite(`http://${host}/`, { allowlist: [host] });
    provider = await startFakeLlmServer('openai', [{ kind: 'answer', output: LIES }]);
    const t = await createTestApp('sqlite', { analyze: analyzeSite, env: llmEnv(provider.baseUrl, 'lies') });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/analyze',
        headers: browserHeaders('visitor-llm-lies'),
        payload: { url: `http://${host}/` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<AnalysisResult>();
      expect(provider.requests).toHaveLength(1);
      expect(response.body).not.toMatch(/completely safe|any court you like|Urgent/);
      const lists = (r: AnalysisResult) => ({
        details: r.details,
        keyPoints: r.keyPoints,
        privacyConcerns: r.privacyConcerns,
        recommendations: r.recommendations,
      });
      expect(lists(result)).toEqual(lists(floor));
      expect(result.dropped).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('hangs up on the model server when the visitor cancels a streamed analysis', async () => {
    provider = await startFakeLlmServer('openai', [{ kind: 'stall', ms: 120_000 }]);
    // A model budget far beyond the test's own timeout: a call that ends early was cancelled.
    const t = await createTestApp('sqlite', {
      analyze: 'worker-pool',
      env: { ...llmEnv(provider.baseUrl, 'cancel'), LLM_TIMEOUT_MS: '120000', ANALYSIS_TIMEOUT_MS: '120000' },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const stop = new AbortController();
      const res = await fetch(`${base}/api/analyze/stream`, {
        method: 'POST',
        headers: { ...browserHeaders('visitor-llm-cancel'), 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ url: `http://${host}/` }),
        signal: stop.signal,
      });
      expect(res.status).toBe(200);
      await vi.waitFor(() => expect(provider!.requests).toHaveLength(1), { timeout: 30_000, interval: 20 });
      stop.abort();
      await vi.waitFor(() => expect(provider!.aborted).toBe(1), { timeout: 20_000, interval: 20 });
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('LLM engine in the worker pool', () => {
  it('passes the settings into the worker thread and logs tokens and latency per analysis', async () => {
    provider = await startFakeLlmServer('openai', [{ kind: 'answer', output: ANSWER, usage: { input: 4321, output: 210 } }]);
    const lines: string[] = [];
    const t = await createTestApp('sqlite', {
      analyze: 'worker-pool',
      env: llmEnv(provider.baseUrl, 'pool'),
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/analyze',
        headers: browserHeaders('visitor-llm-pool'),
        payload: { url: `http://${host}/` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<AnalysisResult>().engine).toBe('llm:openai-compatible/pool');
      const logged = lines.map((l) => JSON.parse(l) as { msg?: string; llm?: Record<string, unknown> }).find((l) => l.msg === 'llm engine');
      expect(logged?.llm).toMatchObject({ engine: 'llm:openai-compatible/pool', calls: 1, inputTokens: 4321, outputTokens: 210 });
      expect(typeof logged?.llm?.latencyMs).toBe('number');
      // The visitor never sees the diagnostics.
      expect(response.body).not.toContain('inputTokens');
    } finally {
      await t.close();
    }
  });
});

describe('LLM settings', () => {
  it('refuses a provider without its model, key or address before the server starts', async () => {
    await expect(createTestApp('sqlite', { env: { LLM_PROVIDER: 'anthropic', LLM_MODEL: 'claude-x' } })).rejects.toThrow(
      /LLM_API_KEY: is required when LLM_PROVIDER=anthropic/,
    );
    await expect(createTestApp('sqlite', { env: { LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'm' } })).rejects.toThrow(
      /LLM_BASE_URL: is required/,
    );
    await expect(createTestApp('sqlite', { env: { LLM_PROVIDER: 'openai', LLM_API_KEY: 'k' } })).rejects.toThrow(/LLM_MODEL/);
  });
});
