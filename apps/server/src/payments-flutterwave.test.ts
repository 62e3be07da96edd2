import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@fineprint/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserCookies, browserHeaders, createTestApp, databaseLegs } from './test/test-app';

const SECRET_KEY = 'FLWSECK_TEST-0123456789abcdef-X';
const PUBLIC_KEY = 'FLWPUBK_TEST-0123456789abcdef-X';
const WEBHOOK_HASH = 'webhook-secret-hash-0123456789';
const PLAN_ID = '4242';

interface StubTransaction {
  id: number;
  tx_ref: string;
  status: string;
  amount: number;
  currency: string;
  created_at: string;
  customer: { email: string };
  plan?: number;
}

/**
 * A stand-in for Flutterwave's verify endpoint on 127.0.0.1: it knows the transactions put
 * into it, records every request, and can be switched to failing (5xx) or dropping the
 * connection. Nothing leaves loopback.
 */
class FlutterwaveStub {
  readonly transactions = new Map<number, StubTransaction>();
  readonly requests: Array<{ url: string; authorization: string | undefined }> = [];
  mode: 'ok' | 'error' | 'drop' = 'ok';
  private server: Server = createServer((request, response) => this.answer(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
  add(tx: Partial<StubTransaction> & { id: number; tx_ref: string; email: string }): number {
    const { email, ...rest } = tx;
    this.transactions.set(tx.id, {
      status: 'successful',
      amount: 5,
      currency: 'USD',
      created_at: '2026-01-01T00:00:00.000Z',
      customer: { email },
      ...rest,
    });
    return tx.id;
  }
  private answer(request: IncomingMessage, response: ServerResponse): void {
    this.requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    if (this.mode === 'drop') return void request.socket.destroy();
    const send = (status: number, body: unknown) =>
      void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (this.mode === 'error') return send(502, { status: 'error', message: 'Bad gateway' });
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`)
      return send(401, { status: 'error', message: 'Invalid authorization key' });
    const match = /^\/v3\/transactions\/(\d+)\/verify$/.exec(request.url ?? '');
    const tx = match ? this.transactions.get(Number(match[1])) : undefined;
    if (!tx) return send(400, { status: 'error', message: 'No transaction was found for this id', data: null });
    send(200, { status: 'success', message: 'Transaction fetched successfully', data: tx });
  }
}

const stub = new FlutterwaveStub();
let apiUrl = '';
beforeAll(async () => {
  apiUrl = await stub.start();
});
afterAll(() => stub.stop());

describe.each(databaseLegs())('Flutterwave payments on %s (SECURITY C)', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let nextId = 1000;
  beforeEach(async () => {
    stub.transactions.clear();
    stub.requests.length = 0;
    stub.mode = 'ok';
    t = await createTestApp(leg, {
      env: {
        PAYMENT_PROVIDER: 'flutterwave',
        FLUTTERWAVE_PUBLIC_KEY: PUBLIC_KEY,
        FLUTTERWAVE_SECRET_KEY: SECRET_KEY,
        FLUTTERWAVE_WEBHOOK_HASH: WEBHOOK_HASH,
        FLUTTERWAVE_PLAN_ID: PLAN_ID,
        FLUTTERWAVE_API_URL: apiUrl,
      },
    });
  });
  afterEach(() => t.close());

  /** Starts a checkout for the e-mail and lets the stub report a transaction for its tx_ref. */
  const checkout = async (email: string, tx: Partial<StubTransaction> & { email?: string } = {}) => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/payment/start',
      headers: browserHeaders('visitor-pay'),
      payload: { email },
    });
    expect(start.statusCode).toBe(200);
    const intent = start.json<{ txRef: string; publicKey: string; scriptUrl: string; paymentPlan?: number }>();
    const id = stub.add({ id: nextId++, tx_ref: intent.txRef, email, ...tx });
    return { intent, id };
  };
  const verify = (id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}`, headers: browserCookies('visitor-pay') });
  const webhook = (body: unknown, hash: string | null = WEBHOOK_HASH) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', ...(hash === null ? {} : { 'verif-hash': hash }) },
      payload: JSON.stringify(body),
    });
  const periodEnd = async (email: string) =>
    (await t.db.selectFrom('subscriptions').select('period_end').where('email', '=', email).executeTakeFirstOrThrow()).period_end;
  const isSubscribed = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/subscription/status',
        headers: { 'x-user-id': 'visitor-pay', authorization: `Bearer ${token}` },
      })
    ).json<{ isSubscribed: boolean }>().isSubscribed;

  it('hands the browser the public key, the provider script and the plan, never the secret key', async () => {
    const { intent } = await checkout('buyer@example.com');
    expect(intent).toMatchObject({ publicKey: PUBLIC_KEY, scriptUrl: 'https://checkout.flutterwave.com/v3.js', paymentPlan: 4242 });
    // The pages that load the checkout script admit its host; API answers admit nothing.
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain('https://checkout.flutterwave.com');
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.stringify(intent)).not.toContain(SECRET_KEY);
    // The paywall says the subscription renews monthly, before any checkout (issue 22).
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/plan' })).json()).toEqual({ renewsMonthly: true });
  });

  it('verifies a paid transaction with the secret key into a token (C.32: the key only in the Authorization header)', async () => {
    const { id } = await checkout('buyer@example.com');
    const res = await verify(id);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(await isSubscribed(token)).toBe(true);
    expect(stub.requests).toEqual([{ url: `/v3/transactions/${id}/verify`, authorization: `Bearer ${SECRET_KEY}` }]);
  });

  it('gives no token and no e-mail for a paid transaction to anyone but the browser that started its checkout', async () => {
    const { id } = await checkout('payer@example.com');
    for (const headers of [{}, browserCookies('visitor-stranger'), browserCookies('visitor-pay', 'identical-browser')]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/payment/verify/${id}`, headers });
      expect(res.statusCode).toBe(402);
      expect(res.body).not.toContain('payer@example.com');
    }
    expect(await t.db.selectFrom('subscription_tokens').selectAll().execute()).toHaveLength(0);
    expect((await verify(id)).json()).toMatchObject({ email: 'payer@example.com' });
  });

  it.each([['abc'], ['1.5'], ['12%2F..'], ['9'.repeat(40)]])(
    'C.22: answers 400 for transaction id %s with no provider call',
    async (id) => {
      expect((await verify(id)).statusCode).toBe(400);
      expect(stub.requests).toHaveLength(0);
    },
  );

  it('C.23-26: no token for an unknown, unpaid, under-priced, wrong-currency or foreign transaction', async () => {
    const refused = [
      424242, // not found at the provider
      (await checkout('p@example.com', { status: 'pending' })).id,
      (await checkout('f@example.com', { status: 'failed' })).id,
      (await checkout('c@example.com', { status: 'cancelled' })).id,
      (await checkout('a@example.com', { amount: 4.99 })).id,
      (await checkout('n@example.com', { currency: 'NGN', amount: 5000 })).id,
      stub.add({ id: nextId++, tx_ref: 'sub-x@example.com-1', email: 'x@example.com' }), // tx_ref this server never issued
      (await checkout('mine@example.com', { email: 'someone-else@example.com' })).id, // tx_ref issued for another e-mail
    ];
    for (const id of refused) {
      const res = await verify(id);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: MESSAGES.paymentVerificationFailed });
    }
    expect(await t.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(0);
  });

  it('C.27: 10 concurrent verifications of one transaction give exactly one entitlement', async () => {
    const { id } = await checkout('twice@example.com');
    const results = await Promise.all(Array.from({ length: 10 }, () => verify(id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await t.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(1);
  });

  it('C.29: a provider outage or dropped connection is 503 and grants nothing', async () => {
    const { id } = await checkout('outage@example.com');
    for (const mode of ['error', 'drop'] as const) {
      stub.mode = mode;
      const res = await verify(id);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
    }
    expect(await t.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(0);
  });

  it('C.30: a webhook without the right verif-hash is 401 and asks the provider nothing', async () => {
    const { id } = await checkout('hook@example.com');
    const event = { event: 'charge.completed', data: { id, status: 'successful' } };
    for (const hash of [null, '', 'wrong', WEBHOOK_HASH.slice(0, -1), `${WEBHOOK_HASH}x`])
      expect((await webhook(event, hash)).statusCode).toBe(401);
    expect(stub.requests).toHaveLength(0);
    expect(await t.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(0);
  });

  it('C.30: a signed webhook is believed only after the provider confirms it; duplicates apply once', async () => {
    const { id } = await checkout('hook@example.com', { status: 'failed' });
    // The body claims success; the provider says failed: nothing is granted.
    expect((await webhook({ event: 'charge.completed', data: { id, status: 'successful', amount: 5, currency: 'USD' } })).json()).toEqual({
      status: 'ignored',
    });
    expect(stub.requests.map((r) => r.url)).toEqual([`/v3/transactions/${id}/verify`]);
    const paid = (await checkout('paid@example.com')).id;
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => webhook({ event: 'charge.completed', data: { id: paid } })));
    expect(deliveries.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await t.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('payments').selectAll().where('transaction_id', '=', String(paid)).execute()).toHaveLength(1);
    // The browser's verification of the same charge then yields a token for that same subscription.
    expect((await verify(paid)).statusCode).toBe(200);
    expect(await t.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(1);
  });

  it('C.30: while the provider is down a signed webhook is 503, so the provider delivers it again', async () => {
    const { id } = await checkout('retry@example.com');
    stub.mode = 'error';
    expect((await webhook({ event: 'charge.completed', data: { id } })).statusCode).toBe(503);
    stub.mode = 'ok';
    expect((await webhook({ event: 'charge.completed', data: { id } })).json()).toEqual({ status: 'applied' });
  });

  it('C.31: a renewal extends the period once; after cancellation access lasts to the period end, then stops', async () => {
    const { id } = await checkout('renew@example.com');
    const { token } = (await verify(id)).json<{ token: string }>();
    expect(await periodEnd('renew@example.com')).toBe('2026-01-31T00:00:00.000Z');
    // The plan charges the card a month later, with a tx_ref of the provider's own.
    const renewal = stub.add({
      id: nextId++,
      tx_ref: 'rave-plan-charge-1',
      email: 'RENEW@example.com',
      created_at: '2026-01-31T00:00:05.000Z',
      plan: 4242,
    });
    for (let i = 0; i < 3; i++) expect((await webhook({ event: 'charge.completed', data: { id: renewal } })).statusCode).toBe(200);
    expect(await periodEnd('renew@example.com')).toBe('2026-03-02T00:00:05.000Z');
    // A charge for another plan renews nothing.
    const other = stub.add({
      id: nextId++,
      tx_ref: 'rave-other',
      email: 'renew@example.com',
      created_at: '2026-02-20T00:00:00.000Z',
      plan: 7,
    });
    expect((await webhook({ event: 'charge.completed', data: { id: other } })).json()).toEqual({ status: 'ignored' });
    expect(await periodEnd('renew@example.com')).toBe('2026-03-02T00:00:05.000Z');

    t.clock.now = new Date('2026-02-10T00:00:00Z');
    expect(
      (
        await webhook({ event: 'subscription.cancelled', data: { id: 9, status: 'cancelled', customer: { email: 'renew@example.com' } } })
      ).json(),
    ).toEqual({
      status: 'applied',
    });
    expect(await isSubscribed(token)).toBe(true);
    // A late charge after cancellation extends nothing.
    const late = stub.add({
      id: nextId++,
      tx_ref: 'rave-plan-charge-2',
      email: 'renew@example.com',
      created_at: '2026-03-02T00:00:00.000Z',
      plan: 4242,
    });
    expect((await webhook({ event: 'charge.completed', data: { id: late } })).json()).toEqual({ status: 'ignored' });
    t.clock.now = new Date('2026-03-02T00:00:06Z');
    expect(await isSubscribed(token)).toBe(false);
  });

  it('renews only on a charge of the configured plan: a one-off charge renews nothing (issue 24)', async () => {
    const { id } = await checkout('oneoff@example.com');
    expect((await verify(id)).statusCode).toBe(200);
    expect(await periodEnd('oneoff@example.com')).toBe('2026-01-31T00:00:00.000Z');
    // Paid with the same e-mail for something else: no plan, a tx_ref not issued here.
    const oneOff = stub.add({ id: nextId++, tx_ref: 'shop-order-77', email: 'oneoff@example.com', created_at: '2026-01-20T00:00:00.000Z' });
    expect((await webhook({ event: 'charge.completed', data: { id: oneOff } })).json()).toEqual({ status: 'ignored' });
    expect(await periodEnd('oneoff@example.com')).toBe('2026-01-31T00:00:00.000Z');
  });

  it('ignores a paid charge from someone with no subscription, and unknown events', async () => {
    const stray = stub.add({ id: nextId++, tx_ref: 'rave-stray', email: 'nobody@example.com' });
    expect((await webhook({ event: 'charge.completed', data: { id: stray } })).json()).toEqual({ status: 'ignored' });
    expect((await webhook({ event: 'transfer.completed', data: { id: 5 } })).json()).toEqual({ status: 'ignored' });
    expect((await webhook({ nonsense: true })).json()).toEqual({ status: 'ignored' });
    expect(await t.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(0);
  });
});

describe('Flutterwave configuration', () => {
  it('refuses to start without its keys, naming each one', async () => {
    const { loadConfig } = await import('./config');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'flutterwave' })).toThrow(
      /FLUTTERWAVE_PUBLIC_KEY: is required.*FLUTTERWAVE_SECRET_KEY: is required.*FLUTTERWAVE_WEBHOOK_HASH: is required/,
    );
  });
});
