import { describe, expect, it } from 'vitest';
import { browserCookies, browserHeaders, createTestApp, databaseLegs } from './test/test-app';

// Issue 12 item 4: "Clear my data" keeps the payment, and "Restore subscription" (GET /api/payment/verify/{id})
// brings it back to the browser that paid — the same visitor id and device key — and to no one else.
describe.each(databaseLegs())('restoring a subscription after clearing data (%s)', (leg) => {
  it('gives the payer a fresh token for the same subscription after Clear my data, and refuses anyone else', async () => {
    const t = await createTestApp(leg);
    try {
      const email = 'restorer@example.com';
      const payer = browserHeaders('visitor-restorer');
      // As the web does it: the e-mail first, then the checkout, then the sandbox charge and the callback's verify.
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/set-email', headers: payer, payload: { userId: 'visitor-restorer', email } }))
          .statusCode,
      ).toBe(200);
      const start = await t.app.inject({ method: 'POST', url: '/api/payment/start', headers: payer, payload: { email } });
      expect(start.statusCode).toBe(200);
      const charge = await t.app.inject({
        method: 'POST',
        url: '/sandbox/api/charge',
        headers: payer,
        payload: { txRef: start.json<{ txRef: string }>().txRef, status: 'successful', amount: 5, currency: 'USD', email },
      });
      const id = charge.json<{ transactionId: number }>().transactionId;
      const first = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}`, headers: browserCookies('visitor-restorer') });
      expect(first.statusCode).toBe(200);
      const firstToken = first.json<{ token: string }>().token;

      const clear = await t.app.inject({ method: 'DELETE', url: '/api/clear-user-data/visitor-restorer', headers: payer });
      expect(clear.statusCode).toBe(200);
      // The e-mail is gone from the server; the browser's device key (its proof of having paid) is kept.
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/get-email/visitor-restorer',
        headers: browserCookies('visitor-restorer'),
      });
      expect(read.body).not.toContain(email);
      expect(String(clear.headers['set-cookie'] ?? '')).not.toMatch(/device_key=/);

      // Someone else with the number: another device key (an identical browser), another visitor id, or no cookies.
      const strangers = [browserCookies('visitor-restorer', 'identical-browser'), browserCookies('visitor-other', 'visitor-restorer'), {}];
      for (const headers of strangers) {
        const res = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}`, headers });
        expect(res.statusCode).toBe(402);
        expect(res.body).not.toContain(email);
        expect(res.body).not.toContain('token');
      }

      // The payer's browser restores it: a new token, the same (only) subscription, which the token unlocks.
      const restored = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}`, headers: browserCookies('visitor-restorer') });
      expect(restored.statusCode).toBe(200);
      const { token, email: restoredEmail } = restored.json<{ token: string; email: string }>();
      expect(restoredEmail).toBe(email);
      expect(token).not.toBe(firstToken);
      const subscriptions = await t.db.selectFrom('subscriptions').select('id').execute();
      expect(subscriptions).toHaveLength(1);
      const tokens = await t.db.selectFrom('subscription_tokens').select('subscription_id').execute();
      expect(tokens.map((row) => row.subscription_id)).toEqual([subscriptions[0]!.id, subscriptions[0]!.id]);
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/subscription/status',
        headers: { authorization: `Bearer ${token}`, 'x-user-id': 'visitor-restorer' },
      });
      expect(status.json()).toMatchObject({ isSubscribed: true, email });
    } finally {
      await t.close();
    }
  });
});
