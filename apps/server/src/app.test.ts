import { MESSAGES } from '@fineprint/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserCookies, browserHeaders, createTestApp, databaseLegs, FAKE_RESULT } from './test/test-app';

describe.each(databaseLegs())('API on %s', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp(leg);
  });
  afterEach(async () => t.close());

  const analyze = (visitor: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/analyze', headers: browserHeaders(visitor, extra), payload: { url: 'example.com' } });
  const payAndVerify = async (email: string, visitor = 'visitor-pay-1') => {
    const start = await t.app.inject({ method: 'POST', url: '/api/payment/start', headers: browserHeaders(visitor), payload: { email } });
    const { txRef } = start.json<{ txRef: string }>();
    const charge = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/charge',
      headers: browserHeaders(visitor),
      payload: { txRef, status: 'successful', amount: 5, currency: 'USD', email },
    });
    const { transactionId } = charge.json<{ transactionId: number }>();
    return {
      txRef,
      transactionId,
      verify: () => t.app.inject({ method: 'GET', url: `/api/payment/verify/${transactionId}`, headers: browserCookies(visitor) }),
    };
  };

  it('reports a new visitor as unsubscribed with 0 searches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': 'brand-new-visitor' } });
    expect(res.json()).toEqual({ isSubscribed: false, searchCount: 0 });
  });

  it('returns 402 "Subscription required" after 5 analyses', async () => {
    for (let i = 0; i < 5; i++) expect((await analyze('visitor-quota')).statusCode).toBe(200);
    const sixth = await analyze('visitor-quota');
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json()).toEqual({ error: MESSAGES.subscriptionRequired });
    const status = await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': 'visitor-quota' } });
    expect(status.json()).toMatchObject({ isSubscribed: false, searchCount: 5 });
  });

  it('lets exactly one of 20 concurrent analyses through at 4 used', async () => {
    for (let i = 0; i < 4; i++) await analyze('visitor-race');
    // From 20 client addresses (injected, no traffic): one client may have only 2 analyses in flight.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/analyze',
          remoteAddress: `203.0.113.${i + 1}`,
          headers: browserHeaders('visitor-race'),
          payload: { url: 'example.com' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(19);
  });

  it('uses no quota when the analysis fails', async () => {
    await t.close();
    t = await createTestApp(leg, {
      analyze: async () => {
        const { DiscoveryError } = await import('@fineprint/analysis');
        throw new DiscoveryError('NO_DOCUMENTS', 'No Terms of Service or Privacy Policy could be found on example.com.');
      },
    });
    const res = await analyze('visitor-fail');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toContain('No Terms of Service');
    const status = await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': 'visitor-fail' } });
    expect(status.json().searchCount).toBe(0);
  });

  it('rejects an unusable address with 400 and a sentence', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders('visitor-bad-url'),
      payload: { url: 'ftp://example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/http/);
  });

  it.each([['__proto__'], ['x'.repeat(10_000)], ['bad id!']])('rejects the visitor id %#', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': id } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });

  it('refuses state-changing calls without the XSRF token or from another origin', async () => {
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/set-email',
      headers: { 'x-user-id': 'visitor-csrf', cookie: 'user_id=visitor-csrf' },
      payload: { userId: 'visitor-csrf', email: 'a@b.co' },
    });
    expect(noToken.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: '/api/clear-user-data/visitor-csrf',
      headers: { ...browserHeaders('visitor-csrf'), origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('sends the API security headers (no rate-limit headers) and sets the XSRF cookie; documents get the page CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    const page = await t.app.inject({ method: 'GET', url: '/subscription/callback' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('stores, reads and deletes an e-mail only for the same visitor, keeping the free count', async () => {
    await analyze('visitor-mail');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/set-email',
      headers: browserHeaders('visitor-mail'),
      payload: { userId: 'visitor-mail', email: 'me@example.com' },
    });
    expect(set.statusCode).toBe(200);
    const own = await t.app.inject({ method: 'GET', url: '/api/get-email/visitor-mail', headers: browserCookies('visitor-mail') });
    expect(own.json()).toEqual({ email: 'me@example.com' });
    const other = await t.app.inject({ method: 'GET', url: '/api/get-email/visitor-mail', headers: { cookie: 'user_id=someone-else' } });
    expect(other.statusCode).toBe(404);
    const otherDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/clear-user-data/visitor-mail',
      headers: browserHeaders('someone-else'),
    });
    expect(otherDelete.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/clear-user-data/visitor-mail', headers: browserHeaders('visitor-mail') });
    expect(del.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/get-email/visitor-mail', headers: browserCookies('visitor-mail') });
    expect(after.json()).toEqual({ email: null });
    const status = await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': 'visitor-mail' } });
    expect(status.json().searchCount).toBe(1);
  });

  it('verifies a sandbox payment into a token that unlocks unlimited analyses', async () => {
    const payment = await payAndVerify('buyer@example.com');
    const verified = await payment.verify();
    expect(verified.statusCode).toBe(200);
    const { token, email } = verified.json<{ token: string; email: string }>();
    expect(email).toBe('buyer@example.com');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    for (let i = 0; i < 7; i++) expect((await analyze('visitor-subscriber', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/subscription/status',
      headers: { 'x-user-id': 'visitor-subscriber', authorization: `Bearer ${token}` },
    });
    expect(status.json()).toMatchObject({ isSubscribed: true, email: 'buyer@example.com' });
    // The token is stored only as a hash.
    const rows = await t.db.selectFrom('subscription_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('grants one entitlement when the same transaction is verified 10 times at once', async () => {
    const payment = await payAndVerify('twice@example.com');
    const results = await Promise.all(Array.from({ length: 10 }, () => payment.verify()));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const subs = await t.db.selectFrom('subscriptions').selectAll().where('transaction_id', '=', String(payment.transactionId)).execute();
    expect(subs).toHaveLength(1);
  });

  it('expires the subscription after 30 days: back to the free tier, not an error', async () => {
    const { token } = (await (await payAndVerify('expiry@example.com')).verify()).json<{ token: string }>();
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 86_400_000);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/subscription/status',
      headers: { 'x-user-id': 'visitor-expiry', authorization: `Bearer ${token}` },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().isSubscribed).toBe(false);
  });

  it.each([['abc'], ['1.5'], ['12%2F..'], ['9'.repeat(40)]])(
    'answers 400 for transaction id %s without asking the provider',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}` });
      expect(res.statusCode).toBe(400);
    },
  );

  it('refuses declined, under-priced, wrong-currency and foreign-tx_ref transactions', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/payment/start',
      headers: browserHeaders('visitor-x'),
      payload: { email: 'x@example.com' },
    });
    const { txRef } = start.json<{ txRef: string }>();
    expect(txRef).toMatch(/^sub-x@example\.com-\d+-[0-9a-f]{20}$/);
    const charge = async (body: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/sandbox/api/charge',
          headers: browserHeaders('visitor-x'),
          payload: { txRef, status: 'successful', amount: 5, currency: 'USD', email: 'x@example.com', ...body },
        })
      ).json<{ transactionId: number }>().transactionId;
    for (const id of [
      await charge({ status: 'failed' }),
      await charge({ amount: 4 }),
      await charge({ currency: 'NGN' }),
      await charge({ txRef: 'sub-x@example.com-1' }),
      await charge({ email: 'other@example.com' }),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}`, headers: browserCookies('visitor-x') });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: MESSAGES.paymentVerificationFailed });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/verify/424242' })).statusCode).toBe(402);
  });

  it('purges visitors and cached analyses older than 30 days', async () => {
    await analyze('visitor-old');
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 86_400_000);
    const purged = await t.app.retention.purgeExpired();
    expect(purged.visitors).toBeGreaterThanOrEqual(1);
    expect(purged.analyses).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('visitors').selectAll().where('id', '=', 'visitor-old').executeTakeFirst()).toBeUndefined();
  });

  it('serves the cached analysis but still counts it', async () => {
    const first = await analyze('visitor-cache');
    expect(first.json()).toEqual({ ...FAKE_RESULT, resultId: expect.stringMatching(/^[\w-]{22}$/), analyzedAt: t.clock.now.toISOString() });
    await analyze('visitor-cache');
    const status = await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': 'visitor-cache' } });
    expect(status.json().searchCount).toBe(2);
  });
});
