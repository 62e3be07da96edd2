import {
  SUBSCRIPTION_CURRENCY,
  SUBSCRIPTION_PRICE,
  TX_REF_PREFIX,
  type PaymentIntent,
  type PaymentVerification,
} from '@fineprint/contracts';
import { ServiceError } from '../../errors';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentProvider, ProviderTransaction } from './payment-provider';

const TRANSACTION_ID = /^\d{1,19}$/;

/** Payment rules: issuing tx_refs, and verifying a transaction before any entitlement. */
export function createPaymentsService(deps: {
  payments: PaymentsRepository;
  subscriptions: SubscriptionsService;
  provider: PaymentProvider;
  clock: () => Date;
}) {
  const now = () => deps.clock().toISOString();
  return {
    /** Issues the tx_ref ("sub-" + e-mail + timestamp) the checkout must carry. */
    async startCheckout(email: string, visitorId: string | null): Promise<PaymentIntent> {
      const txRef = `${TX_REF_PREFIX}${email}-${deps.clock().getTime()}`;
      await deps.payments.createIntent({ txRef, email, visitorId }, now());
      return {
        txRef,
        amount: SUBSCRIPTION_PRICE,
        currency: SUBSCRIPTION_CURRENCY,
        provider: deps.provider.name,
        publicKey: deps.provider.publicKey,
        scriptUrl: deps.provider.scriptUrl,
      };
    },
    /**
     * Verifies a transaction with the provider: successful, at least the price, in USD, and
     * carrying a tx_ref this server issued for that e-mail. Idempotent per transaction.
     */
    async verify(transactionId: string): Promise<PaymentVerification> {
      if (!TRANSACTION_ID.test(transactionId)) throw new ServiceError('BAD_REQUEST', 'That transaction id is not valid.');
      let tx: ProviderTransaction | null;
      try {
        tx = await deps.provider.verify(transactionId);
      } catch {
        throw new ServiceError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again shortly.');
      }
      const refuse = () => new ServiceError('PAYMENT_INVALID', 'Payment verification failed');
      if (!tx || tx.status !== 'successful') throw refuse();
      if (tx.amount < SUBSCRIPTION_PRICE || tx.currency !== SUBSCRIPTION_CURRENCY) throw refuse();
      const intent = await deps.payments.findIntent(tx.txRef);
      if (!intent || intent.email.toLowerCase() !== tx.email.toLowerCase()) throw refuse();
      await deps.payments.recordPayment(
        {
          transactionId: tx.id,
          txRef: tx.txRef,
          amountCents: Math.round(tx.amount * 100),
          currency: tx.currency,
          status: tx.status,
          email: intent.email,
        },
        now(),
      );
      return deps.subscriptions.activate({ email: intent.email, transactionId: tx.id, provider: deps.provider.name, paidAt: tx.paidAt });
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
