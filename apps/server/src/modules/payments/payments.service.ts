import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  SUBSCRIPTION_CURRENCY,
  SUBSCRIPTION_PRICE,
  TX_REF_PREFIX,
  type PaymentIntent,
  type PaymentVerification,
} from '@fineprint/contracts';
import { z } from 'zod';
import { ServiceError } from '../../errors';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { Requester } from '../identity/requester';
import type { PaymentsRepository, PaymentIntent as PaymentIntentRow } from './payments.repository';
import type { PaymentProvider, ProviderTransaction } from './payment-provider';

const TRANSACTION_ID = /^\d{1,19}$/;
/** Random bytes at the end of a tx_ref (hex): 80 bits nobody can guess from the e-mail and the time. */
const TX_REF_RANDOM_BYTES = 10;
/** Tx_refs drawn before giving up (a second collision of 80 random bits would mean a broken generator). */
const TX_REF_ATTEMPTS = 3;

type WebhookOutcome = 'applied' | 'ignored';
const WebhookSchema = z.object({
  event: z.string(),
  data: z.object({
    id: z.union([z.number(), z.string()]).optional(),
    customer: z.object({ email: z.string().max(254).optional() }).optional(),
  }),
});

/** Constant-time comparison of a presented secret with the configured one, whatever their lengths. */
function sameSecret(presented: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(secret));
}

/** True when the requester is the browser that started the checkout. */
function isPayer(intent: PaymentIntentRow, requester: Requester): boolean {
  return (
    intent.visitorId !== null &&
    intent.deviceHash !== null &&
    requester.visitorIds.includes(intent.visitorId) &&
    requester.deviceHash === intent.deviceHash
  );
}

/** Payment rules: issuing tx_refs, and verifying a transaction before any entitlement. */
export function createPaymentsService(deps: {
  payments: PaymentsRepository;
  subscriptions: SubscriptionsService;
  provider: PaymentProvider;
  /** The provider's webhook secret; without it every webhook is refused. */
  webhookHash?: string;
  clock: () => Date;
}) {
  const now = () => deps.clock().toISOString();
  /** The transaction as the provider reports it, if it is a successful charge of at least the price in USD; null otherwise. */
  const paidTransaction = async (transactionId: string): Promise<ProviderTransaction | null> => {
    let tx: ProviderTransaction | null;
    try {
      tx = await deps.provider.verify(transactionId);
    } catch (cause) {
      throw new ServiceError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again shortly.', { cause });
    }
    if (!tx || tx.id !== transactionId || tx.status !== 'successful') return null;
    return tx.amount >= SUBSCRIPTION_PRICE && tx.currency === SUBSCRIPTION_CURRENCY ? tx : null;
  };
  /** The checkout this server issued the transaction's tx_ref for, when the e-mails agree. */
  const issuedIntent = async (tx: ProviderTransaction) => {
    const intent = await deps.payments.findIntent(tx.txRef);
    return intent && intent.email.toLowerCase() === tx.email.toLowerCase() ? intent : undefined;
  };
  const record = (tx: ProviderTransaction, email: string) =>
    deps.payments.recordPayment(
      { transactionId: tx.id, txRef: tx.txRef, amountCents: Math.round(tx.amount * 100), currency: tx.currency, status: tx.status, email },
      now(),
    );
  /** Records a first charge (one with an issued tx_ref) and says what subscription it pays for. */
  const firstCharge = async (tx: ProviderTransaction, email: string) => {
    await record(tx, email);
    return { email, transactionId: tx.id, provider: deps.provider.name, paidAt: tx.paidAt ?? deps.clock() };
  };
  return {
    /**
     * Issues the tx_ref the checkout must carry (the SPEC's "sub-" + e-mail + timestamp, then a
     * random suffix), recording the visitor and the browser (device key) that started it: only
     * they can turn it into a token. The suffix makes it unguessable and unique when one e-mail
     * starts many checkouts in the same millisecond; a collision all the same is answered by
     * drawing another, never by a 500.
     */
    async startCheckout(email: string, payer: { visitorId: string; deviceHash: string }): Promise<PaymentIntent> {
      let txRef: string | undefined;
      for (let attempt = 0; attempt < TX_REF_ATTEMPTS && !txRef; attempt++) {
        const candidate = `${TX_REF_PREFIX}${email}-${deps.clock().getTime()}-${randomBytes(TX_REF_RANDOM_BYTES).toString('hex')}`;
        const isNew = await deps.payments.createIntent(
          { txRef: candidate, email, visitorId: payer.visitorId, deviceHash: payer.deviceHash },
          now(),
        );
        if (isNew) txRef = candidate;
      }
      if (!txRef) throw new ServiceError('BUSY', 'The checkout could not be started. Please try again in a minute.');
      return {
        txRef,
        amount: SUBSCRIPTION_PRICE,
        currency: SUBSCRIPTION_CURRENCY,
        provider: deps.provider.name,
        publicKey: deps.provider.publicKey,
        scriptUrl: deps.provider.scriptUrl,
        ...(deps.provider.paymentPlan === undefined ? {} : { paymentPlan: deps.provider.paymentPlan }),
      };
    },
    /**
     * Verifies a transaction with the provider: successful, at least the price, in USD, and
     * carrying a tx_ref this server issued for that e-mail, to the browser that started that
     * checkout (same visitor id and device key). Anyone else, knowing the transaction id or
     * not, gets the failure: no token, no e-mail. Idempotent per transaction.
     */
    async verify(transactionId: string, requester: Requester): Promise<PaymentVerification> {
      if (!TRANSACTION_ID.test(transactionId)) throw new ServiceError('BAD_REQUEST', 'That transaction id is not valid.');
      const tx = await paidTransaction(transactionId);
      const intent = tx && (await issuedIntent(tx));
      if (!tx || !intent || !isPayer(intent, requester)) throw new ServiceError('PAYMENT_INVALID', 'Payment verification failed');
      return deps.subscriptions.activate(await firstCharge(tx, intent.email));
    },
    /**
     * A webhook from the provider. Only a request carrying the shared secret hash is read, and
     * nothing in its body is believed: a charge is looked up again with the provider before it
     * counts. A first charge (a tx_ref this server issued) grants the subscription; a paid charge
     * of the configured plan renews the payer's current subscription; a cancellation stops renewals and
     * leaves access to the end of the period. Repeated deliveries change nothing more.
     */
    async handleWebhook(signature: string | undefined, event: unknown): Promise<WebhookOutcome> {
      const secret = deps.webhookHash;
      if (!secret || signature === undefined || !sameSecret(signature, secret))
        throw new ServiceError('UNAUTHORIZED', 'Invalid webhook signature.');
      const parsed = WebhookSchema.safeParse(event);
      if (!parsed.success) return 'ignored';
      const { event: type, data } = parsed.data;
      if (type === 'subscription.cancelled') {
        const email = data.customer?.email;
        return email && (await deps.subscriptions.cancel({ email, provider: deps.provider.name })) > 0 ? 'applied' : 'ignored';
      }
      if (type !== 'charge.completed' || data.id === undefined || !TRANSACTION_ID.test(String(data.id))) return 'ignored';
      const tx = await paidTransaction(String(data.id));
      if (!tx) return 'ignored';
      const intent = await issuedIntent(tx);
      if (intent) {
        await deps.subscriptions.grant(await firstCharge(tx, intent.email));
        return 'applied';
      }
      // Only a charge of the configured plan renews: a one-off charge (no plan) or another plan's
      // is someone paying for something else, and without a plan there are no renewals at all.
      if (deps.provider.paymentPlan === undefined || tx.plan !== String(deps.provider.paymentPlan)) return 'ignored';
      if (!(await deps.subscriptions.renew({ email: tx.email, provider: deps.provider.name, paidAt: tx.paidAt ?? deps.clock() })))
        return 'ignored';
      await record(tx, tx.email);
      return 'applied';
    },
    /** Sandbox only: records the outcome of the test checkout as the provider's ledger would. */
    async recordSandboxCharge(input: {
      txRef: string;
      status: 'successful' | 'failed';
      amount: number;
      currency: string;
      email: string;
    }): Promise<number> {
      return deps.payments.createSandboxTransaction(
        {
          txRef: input.txRef,
          amountCents: Math.round(input.amount * 100),
          currency: input.currency,
          status: input.status,
          email: input.email,
        },
        now(),
      );
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
