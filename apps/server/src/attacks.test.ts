import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { browserCookies, browserHeaders, createTestApp, databaseLegs, FAKE_RESULT } from './test/test-app';

// SECURITY review of issue 9: paid transactions, stored e-mails and framework errors, through the HTTP API.
describe.each(databaseLegs())('attacks on payments and e-mails (%s)', (leg) => {
  /** A sandbox checkout paid by `payer` (a visitor id and its browser), returning the transaction id. */
  const paidCheckout = async (t: Awaited<ReturnType<typeof createTestApp>>, email: string, payer: string) => {
    const start = await t.app.inject({ method: 'POST', url: '/api/payment/start', headers: browserHeaders(payer), payload: { email } });
    expect(start.statusCode).toBe(200);
    const { txRef } = start.json<{ txRef: string }>();
    const charge = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/charge',
      headers: browserHeaders(payer),
      payload: { txRef, status: 'successful', amount: 5, currency: 'USD', email },
    });
    return charge.json<{ transactionId: number }>().transactionId;
  };

  it('gives no token and no e-mail to anyone but the browser that paid, whatever transaction id they know', async () => {
    const t = await createTestApp(leg);
    try {
      const id = await paidCheckout(t, 'payer@example.com', 'visitor-payer');
      const strangers = [
        {}, // no cookies at all
        browserCookies('visitor-stranger'), // another visitor
        browserCookies('visitor-payer', 'identical-browser'), // same fingerprint id, another browser
        { cookie: 'user_id=visitor-payer' }, // the payer's visitor id without any device key
      ];
      for (const headers of strangers) {
        const res = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}`, headers });
        expect(res.statusCode).toBe(402);
        expect(res.json()).toEqual({ error: 'Payment verification failed' });
        expect(res.body).not.toContain('payer@example.com');
      }
      expect(await t.db.selectFrom('subscription_tokens').selectAll().execute()).toHaveLength(0);
      const own = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}`, headers: browserCookies('visitor-payer') });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ email: 'payer@example.com' });
    } finally {
      await t.close();
    }
  });

  it('refuses to start a checkout without a visitor id', async () => {
    const t = await createTestApp(leg);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/start',
        headers: { cookie: 'XSRF-TOKEN=tok123', 'x-xsrf-token': 'tok123' },
        payload: { email: 'a@example.com' },
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('shows a stored e-mail only to the browser that stored it, even to an identical browser with the same visitor id', async () => {
    const t = await createTestApp(leg);
    try {
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/set-email',
        headers: browserHeaders('visitor-twin'),
        payload: { userId: 'visitor-twin', email: 'first@example.com' },
      });
      expect(set.statusCode).toBe(200);
      const twin = browserCookies('visitor-twin', 'twin-browser');
      const read = await t.app.inject({ method: 'GET', url: '/api/get-email/visitor-twin', headers: twin });
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain('first@example.com');
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/subscription/status',
        headers: { ...twin, 'x-user-id': 'visitor-twin' },
      });
      expect(status.json()).toEqual({ isSubscribed: false, searchCount: 0 });
      const clear = await t.app.inject({
        method: 'DELETE',
        url: '/api/clear-user-data/visitor-twin',
        headers: browserHeaders('visitor-twin', {}, 'twin-browser'),
      });
      expect(clear.statusCode).toBe(404);
      // The browser that stored it still reads it, in get-email and in the status.
      const own = await t.app.inject({ method: 'GET', url: '/api/get-email/visitor-twin', headers: browserCookies('visitor-twin') });
      expect(own.json()).toEqual({ email: 'first@example.com' });
      const ownStatus = await t.app.inject({
        method: 'GET',
        url: '/api/subscription/status',
        headers: { ...browserCookies('visitor-twin'), 'x-user-id': 'visitor-twin' },
      });
      expect(ownStatus.json()).toMatchObject({ email: 'first@example.com' });
    } finally {
      await t.close();
    }
  });

  it('sets the device key as an httpOnly cookie with the e-mail, and keeps it (the proof of payment) when the data is cleared', async () => {
    const t = await createTestApp(leg);
    try {
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/set-email',
        headers: { cookie: 'XSRF-TOKEN=tok123; user_id=visitor-new', 'x-xsrf-token': 'tok123' },
        payload: { userId: 'visitor-new', email: 'new@example.com' },
      });
      const cookie = [set.headers['set-cookie']].flat().find((c) => String(c).startsWith('device_key='));
      expect(cookie).toMatch(/^device_key=[A-Za-z0-9_-]{43};.*HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const key = String(cookie).split(';')[0]!;
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/get-email/visitor-new',
        headers: { cookie: `user_id=visitor-new; ${key}` },
      });
      expect(read.json()).toEqual({ email: 'new@example.com' });
      const clear = await t.app.inject({
        method: 'DELETE',
        url: '/api/clear-user-data/visitor-new',
        headers: { cookie: `XSRF-TOKEN=tok123; user_id=visitor-new; ${key}`, 'x-xsrf-token': 'tok123' },
      });
      expect(clear.statusCode).toBe(200);
      expect(String(clear.headers['set-cookie'] ?? '')).not.toMatch(/device_key=/);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/get-email/visitor-new',
        headers: { cookie: `user_id=visitor-new; ${key}` },
      });
      expect(after.body).not.toContain('new@example.com');
    } finally {
      await t.close();
    }
  });
});

describe('deployment and framework errors', () => {
  it('refuses to start in production unless PAYMENT_PROVIDER is chosen', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER: must be set when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('says plainly in the sandbox payment frame that no money moves', async () => {
    const t = await createTestApp('sqlite');
    try {
      const frame = await t.app.inject({ method: 'GET', url: '/sandbox/frame' });
      expect(frame.body).toContain('no money moves');
    } finally {
      await t.close();
    }
  });

  it.each([
    ['an over-long parameter', `/api/get-email/${'a'.repeat(150)}`, 414],
    ['a broken escape', '/api/get-email/%E0%A4%A', 400],
  ])('answers %s with the API security headers, a sentence and no echo of the path', async (_name, url, status) => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.json()).toEqual({ error: expect.any(String) });
      expect(res.body).not.toContain('aaaaaaaaaa');
      expect(res.body).not.toContain('%E0');
      expect(res.body).not.toContain('FST_');
    } finally {
      await t.close();
    }
  });
});

describe('fair shares of the analysis slots', () => {
  it('lets one client (an IPv4 address or an IPv6 /64) have at most 2 analyses in flight, without using quota for the refusal', async () => {
    const gates: Array<() => void> = [];
    const t = await createTestApp('sqlite', {
      analyze: () => new Promise((resolve) => gates.push(() => resolve(FAKE_RESULT))),
    });
    try {
      const analyze = (remoteAddress: string, visitor: string, url = 'example.com') =>
        t.app.inject({ method: 'POST', url: '/api/analyze', remoteAddress, headers: browserHeaders(visitor), payload: { url } });
      const first = analyze('2001:db8:1:2::10', 'visitor-fair-1', 'a.example');
      const second = analyze('2001:db8:1:2::20', 'visitor-fair-2', 'b.example');
      await expect.poll(() => gates.length).toBe(2);
      const third = await analyze('2001:db8:1:2:ffff::1', 'visitor-fair-3', 'c.example');
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toMatch(/2 analyses running/);
      const status = await t.app.inject({ method: 'GET', url: '/api/subscription/status', headers: { 'x-user-id': 'visitor-fair-3' } });
      expect(status.json().searchCount).toBe(0);
      // Another client is served meanwhile.
      const other = analyze('198.51.100.7', 'visitor-fair-4', 'd.example');
      await expect.poll(() => gates.length).toBe(3);
      for (const open of gates) open();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      expect((await other).statusCode).toBe(200);
      // Once they are done, the client may start again.
      const again = analyze('2001:db8:1:2::10', 'visitor-fair-1', 'e.example');
      await expect.poll(() => gates.length).toBe(4);
      gates[3]!();
      expect((await again).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
