import type { Db } from '../../db/database';

export interface PaymentIntent {
  txRef: string;
  email: string;
  visitorId: string | null;
  /** Hash of the device key of the browser that started the checkout. */
  deviceHash: string | null;
}

/** SQL for server-issued tx_refs, recorded payments and the sandbox provider's ledger. */
export function createPaymentsRepository(db: Db) {
  return {
    /** Records an issued tx_ref; false when that tx_ref exists already (nothing written). */
    async createIntent(intent: PaymentIntent, now: string): Promise<boolean> {
      const result = await db
        .insertInto('payment_intents')
        .values({
          tx_ref: intent.txRef,
          email: intent.email,
          visitor_id: intent.visitorId,
          device_hash: intent.deviceHash,
          created_at: now,
        })
        .onConflict((oc) => oc.column('tx_ref').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    async findIntent(txRef: string): Promise<PaymentIntent | undefined> {
      const row = await db.selectFrom('payment_intents').selectAll().where('tx_ref', '=', txRef).executeTakeFirst();
      return row && { txRef: row.tx_ref, email: row.email, visitorId: row.visitor_id, deviceHash: row.device_hash };
    },
    async recordPayment(
      p: { transactionId: string; txRef: string; amountCents: number; currency: string; status: string; email: string },
      now: string,
    ): Promise<void> {
      await db
        .insertInto('payments')
        .values({
          transaction_id: p.transactionId,
          tx_ref: p.txRef,
          amount_cents: p.amountCents,
          currency: p.currency,
          status: p.status,
          email: p.email,
          created_at: now,
        })
        .onConflict((oc) => oc.column('transaction_id').doNothing())
        .execute();
    },
    async createSandboxTransaction(
      t: { txRef: string; amountCents: number; currency: string; status: string; email: string },
      now: string,
    ): Promise<number> {
      const row = await db
        .insertInto('sandbox_transactions')
        .values({ tx_ref: t.txRef, amount_cents: t.amountCents, currency: t.currency, status: t.status, email: t.email, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async findSandboxTransaction(id: number) {
      return db.selectFrom('sandbox_transactions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async purgeIntentsOlderThan(cutoff: string): Promise<void> {
      await db.deleteFrom('payment_intents').where('created_at', '<', cutoff).execute();
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
