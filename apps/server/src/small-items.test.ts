import { analyzeSite } from '@fineprint/analysis';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchScope } from './app';
import { loadConfig } from './config';
import { startCountingSite } from './test/fixture-site';
import { browserCookies, browserHeaders, createTestApp, databaseLegs } from './test/test-app';

// Issue 24 item 6 ("The smaller items"): each case here failed on the code before it.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(databaseLegs())('on %s', (leg) => {
  it('keeps a stored e-mail from being overwritten by another browser with the same visitor id', async () => {
    const t = await createTestApp(leg);
    cleanups.push(t.close);
    const visitor = 'shared-fingerprint-visitor';
    const setEmail = (email: string, browser: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/set-email',
        headers: browserHeaders(visitor, {}, browser),
        payload: { userId: visitor, email },
      });
    const getEmail = (browser: string) =>
      t.app.inject({ method: 'GET', url: `/api/get-email/${visitor}`, headers: browserCookies(visitor, browser) });

    expect((await setEmail('owner@example.com', 'owner-browser')).statusCode).toBe(200);
    expect((await setEmail('intruder@example.com', 'other-browser')).statusCode).toBe(404);
    const owner = await getEmail('owner-browser');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ email: 'owner@example.com' });
    // The owner may still change it.
    expect((await setEmail('owner2@example.com', 'owner-browser')).statusCode).toBe(200);
    expect((await getEmail('owner-browser')).json()).toEqual({ email: 'owner2@example.com' });
  });

  it('issues unique, unguessable tx_refs to 30 concurrent checkouts of one e-mail', async () => {
    const t = await createTestApp(leg);
    cleanups.push(t.close);
    // The test clock stands still: every checkout starts in the same millisecond.
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/start',
          headers: browserHeaders('checkout-race-visitor'),
          payload: { email: 'race@example.com' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const txRefs = responses.map((r) => r.json<{ txRef: string }>().txRef);
    expect(new Set(txRefs).size).toBe(30);
    // The SPEC's "sub-" + e-mail + timestamp, then 80 random bits.
    for (const txRef of txRefs) expect(txRef).toMatch(new RegExp(`^sub-race@example\\.com-${t.clock.now.getTime()}-[0-9a-f]{20}$`));
    expect(await t.db.selectFrom('payment_intents').select('tx_ref').execute()).toHaveLength(30);
  });
});

describe("the server's own host", () => {
  const analyse = (t: TestApp, url: string) =>
    t.app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders('own-host-visitor'), payload: { url } });

  it('is never fetched on its own HOST:PORT, even when allow-listed', async () => {
    const site = await startCountingSite();
    cleanups.push(site.close);
    const port = site.hostPort.split(':')[1]!;
    // The "site" listens where this server does: an analysis of it would call the server itself.
    const t = await createTestApp('sqlite', {
      analyze: analyzeSite,
      env: { HOST: '127.0.0.1', PORT: port, FETCH_ALLOWLIST: site.hostPort },
    });
    cleanups.push(t.close);
    const res = await analyse(t, site.origin);
    expect(res.statusCode).toBe(400);
    expect(site.hits('/')).toBe(0);
  });

  it('is never fetched under the public host names it serves (PUBLIC_HOSTS)', async () => {
    const site = await startCountingSite();
    cleanups.push(site.close);
    const port = site.hostPort.split(':')[1]!;
    const t = await createTestApp('sqlite', {
      analyze: analyzeSite,
      env: { PUBLIC_HOSTS: 'localhost', FETCH_ALLOWLIST: `localhost:${port}` },
    });
    cleanups.push(t.close);
    const res = await analyse(t, `http://localhost:${port}/`);
    expect(res.statusCode).toBe(400);
    expect(site.hits('/')).toBe(0);
  });

  it('is never fetched by the worker pool either (the task carries the blocked hosts to the thread)', async () => {
    const site = await startCountingSite();
    cleanups.push(site.close);
    const port = site.hostPort.split(':')[1]!;
    const t = await createTestApp('sqlite', {
      analyze: 'worker-pool',
      env: { PUBLIC_HOSTS: 'localhost', FETCH_ALLOWLIST: `localhost:${port}`, BROWSER: 'off' },
    });
    cleanups.push(t.close);
    const res = await analyse(t, `http://localhost:${port}/`);
    expect(res.statusCode).toBe(400);
    expect(site.hits('/')).toBe(0);
  });

  it('is passed to every fetch, the worker pool included (the task carries it)', () => {
    const scope = fetchScope(
      loadConfig({
        HOST: '0.0.0.0',
        PORT: '8080',
        PUBLIC_HOSTS: 'Fineprint.example,www.fineprint.example.',
        FETCH_ALLOWLIST: '10.0.0.5:8080,127.0.0.1:9000',
      }),
    );
    expect(scope).toEqual({ allowlist: ['127.0.0.1:9000'], blockedHosts: ['fineprint.example', 'www.fineprint.example'] });
    expect(fetchScope(loadConfig({ HOST: 'app.internal', PORT: '3000' })).blockedHosts).toEqual(['app.internal']);
  });
});
