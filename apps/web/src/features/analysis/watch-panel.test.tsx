// @vitest-environment happy-dom
import { FACT_IDS, WATCH_MESSAGES, type AnalysisResult, type WatchList } from '@fineprint/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionProvider } from '../../lib/subscription-context';
import { WatchPanel } from './watch-panel';

/** Issue 23 item 4 in the web app, the API stubbed at the network layer (fetch). */
const RESULT_ID = 'r'.repeat(22);
const result = {
  keyPoints: [],
  privacyConcerns: [],
  recommendations: [],
  details: { keyPoints: [], privacyConcerns: [], recommendations: [] },
  grade: 'C',
  gradeReason: 'Grade C.',
  factSheet: Object.fromEntries(FACT_IDS.map((id) => [id, { value: 'not_stated', evidence: [] }])),
  documents: [],
  notices: [],
  engine: 'test',
  resultId: RESULT_ID,
} as unknown as AnalysisResult;
const watchOf = (id: string, site: string, changed: boolean) => ({
  id,
  site,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailAlerts: false,
  lastCheckedAt: '2026-01-02T00:00:00.000Z',
  lastChangedAt: changed ? '2026-01-02T00:00:00.000Z' : null,
  changed,
  feedUrl: `/api/watches/feed/${id}`,
});
const BEFORE: WatchList = {
  watches: [watchOf('a'.repeat(22), 'https://a.example/', true), watchOf('b'.repeat(22), 'https://b.example/', true)],
  changedCount: 2,
  current: null,
};
const AFTER: WatchList = {
  ...BEFORE,
  watches: [...BEFORE.watches, watchOf('c'.repeat(22), 'https://c.example/', false)],
  current: 'c'.repeat(22),
};

const calls: Array<{ method: string; url: string; body: unknown; authorization: string | undefined }> = [];
const answer = (data: unknown) => new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  document.cookie = 'user_id=visitor-watching-1';
  document.cookie = 'auth_token=subscriber-token';
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(init.body as string) : undefined,
      authorization: headers.Authorization,
    });
    if (url === '/api/subscription/status') return answer({ isSubscribed: true, searchCount: 0 });
    if (url.startsWith('/api/watches?')) return answer(BEFORE);
    if (url === '/api/watches' && init.method === 'POST') return answer(AFTER);
    if (url === '/api/watches/seen') return answer({ ok: true });
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'auth_token=; max-age=0';
  document.cookie = 'user_id=; max-age=0';
});

describe('watch panel', () => {
  it("tells a subscriber how many watched sites changed, watches the result's site with the e-mail consent, and marks the changes seen when the list opens", async () => {
    render(
      <SubscriptionProvider>
        <WatchPanel result={result} />
      </SubscriptionProvider>,
    );
    expect(await screen.findByText('2 watched sites changed')).toBeTruthy();
    expect(calls.find((c) => c.url === `/api/watches?resultId=${RESULT_ID}`)?.authorization).toBe('Bearer subscriber-token');
    fireEvent.click(screen.getByLabelText(WATCH_MESSAGES.emailAlertsLabel));
    fireEvent.click(screen.getByRole('button', { name: WATCH_MESSAGES.watchSite }));
    expect(await screen.findByText(WATCH_MESSAGES.watching)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/watches')?.body).toEqual({ resultId: RESULT_ID, emailAlerts: true });
    expect(screen.getByText(`${WATCH_MESSAGES.watchListTitle} (3)`)).toBeTruthy();
    const details = screen.getByText(`${WATCH_MESSAGES.watchListTitle} (3)`).closest('details')!;
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/watches/seen')).toBe(true));
    expect(screen.queryByText('2 watched sites changed')).toBeNull();
    expect(screen.getAllByText(WATCH_MESSAGES.changedBadge)).toHaveLength(2);
  });

  it('shows nothing to a visitor without a subscription', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push({ method: 'GET', url, body: undefined, authorization: undefined });
      return answer({ isSubscribed: false, searchCount: 1 });
    });
    const { container } = render(
      <SubscriptionProvider>
        <WatchPanel result={result} />
      </SubscriptionProvider>,
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/api/subscription/status')).toBe(true));
    expect(container.textContent).toBe('');
    expect(calls.some((c) => c.url.startsWith('/api/watches'))).toBe(false);
  });
});
