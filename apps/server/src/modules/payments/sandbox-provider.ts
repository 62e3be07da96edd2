import type { PaymentsRepository } from './payments.repository';
import type { PaymentProvider, ProviderTransaction } from './payment-provider';

/** Paths of the sandbox checkout served by this server. */
export const SANDBOX_SCRIPT_PATH = '/sandbox/checkout.js';
export const SANDBOX_FRAME_PATH = '/sandbox/frame';

/**
 * The default provider: a local test checkout with the card provider's inline API. Its
 * ledger lives in the sandbox_transactions table; verification reads it exactly as the real
 * provider's verify endpoint would be read.
 */
export function createSandboxProvider(payments: PaymentsRepository): PaymentProvider {
  return {
    name: 'sandbox',
    publicKey: 'FLWPUBK_TEST-sandbox-X',
    scriptUrl: SANDBOX_SCRIPT_PATH,
    scriptOrigins: [],
    async verify(transactionId: string): Promise<ProviderTransaction | null> {
      const row = await payments.findSandboxTransaction(Number(transactionId));
      if (!row) return null;
      return {
        id: String(row.id),
        status: row.status as ProviderTransaction['status'],
        amount: Number(row.amount_cents) / 100,
        currency: row.currency,
        txRef: row.tx_ref,
        email: row.email,
        paidAt: new Date(row.created_at),
      };
    },
  };
}
