import { compileOnce } from '../../db/compiled-query';
import type { Db } from '../../db/database';

export interface ActiveSubscription {
  id: number;
  email: string;
  periodEnd: string;
}

/** SQL for subscriptions and their hashed bearer tokens. */
export function createSubscriptionsRepository(db: Db) {
  // Every status and analysis call with a token looks it up: compiled once.
  const selectActiveByTokenHash = compileOnce(db, (tokenHash: string, now: string) =>
    db
      .selectFrom('subscription_tokens as t')
      .innerJoin('subscriptions as s', 's.id', 't.subscription_id')
      .select(['s.id', 's.email', 's.period_end'])
      .where('t.token_hash', '=', tokenHash)
      .where('s.period_end', '>', now),
  );
  return {
    async findActiveByTokenHash(tokenHash: string, now: string): Promise<ActiveSubscription | undefined> {
      const [row] = await selectActiveByTokenHash(tokenHash, now);
      return row && { id: Number(row.id), email: row.email, periodEnd: row.period_end };
    },
    /** Creates the subscription of a transaction once; a second call returns the same row. */
    async createForTransaction(input: {
      email: string;
      transactionId: string;
      periodEnd: string;
      provider: string;
      now: string;
    }): Promise<ActiveSubscription> {
      await db
        .insertInto('subscriptions')
        .values({
          email: input.email,
          transaction_id: input.transactionId,
          period_end: input.periodEnd,
          provider: input.provider,
          provider_customer_id: null,
          provider_plan_id: null,
          cancelled_at: null,
          created_at: input.now,
        })
        .onConflict((oc) => oc.column('transaction_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('subscriptions')
        .select(['id', 'email', 'period_end'])
        .where('transaction_id', '=', input.transactionId)
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), email: row.email, periodEnd: row.period_end };
    },
    /** Moves the period end of the e-mail's newest uncancelled subscription with this provider to periodEnd, if that is later. */
    async extendLatest(email: string, provider: string, periodEnd: string): Promise<boolean> {
      const latest = await db
        .selectFrom('subscriptions')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('provider', '=', provider)
        .where('cancelled_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!latest) return false;
      await db
        .updateTable('subscriptions')
        .set({ period_end: periodEnd })
        .where('id', '=', latest.id)
        .where('period_end', '<', periodEnd)
        .execute();
      return true;
    },
    /** Marks the e-mail's uncancelled subscriptions with this provider cancelled; returns how many. */
    async markCancelled(email: string, provider: string, now: string): Promise<number> {
      const result = await db
        .updateTable('subscriptions')
        .set({ cancelled_at: now })
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('provider', '=', provider)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async addToken(subscriptionId: number, tokenHash: string, now: string): Promise<void> {
      await db
        .insertInto('subscription_tokens')
        .values({ token_hash: tokenHash, subscription_id: subscriptionId, created_at: now })
        .execute();
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
