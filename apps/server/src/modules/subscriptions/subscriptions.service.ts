import { createHash, randomBytes } from 'node:crypto';
import { SUBSCRIPTION_PERIOD_DAYS, type SubscriptionStatus } from '@fineprint/contracts';
import type { VisitorsRepository } from '../visitors/visitors.repository';
import type { ActiveSubscription, SubscriptionsRepository } from './subscriptions.repository';

/** Tokens are only ever stored as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Subscription rules: entitlement from a bearer token, status, activation after payment. */
export function createSubscriptionsService(deps: {
  subscriptions: SubscriptionsRepository;
  visitors: VisitorsRepository;
  clock: () => Date;
}) {
  const now = () => deps.clock().toISOString();
  const findEntitlement = async (token: string | undefined): Promise<ActiveSubscription | undefined> => {
    if (!token || token.length > 200) return undefined;
    return deps.subscriptions.findActiveByTokenHash(hashToken(token), now());
  };
  return {
    findEntitlement,
    async getStatus(token: string | undefined, visitorId: string | undefined): Promise<SubscriptionStatus> {
      const [subscription, visitor] = await Promise.all([findEntitlement(token), visitorId ? deps.visitors.find(visitorId) : undefined]);
      const email = subscription?.email ?? visitor?.email ?? undefined;
      return { isSubscribed: Boolean(subscription), searchCount: visitor?.analysesUsed ?? 0, ...(email ? { email } : {}) };
    },
    /**
     * Grants (or re-grants) the subscription paid by one transaction. Verifying the same
     * transaction again yields a fresh token for the same subscription, never a second one.
     */
    async activate(input: {
      email: string;
      transactionId: string;
      provider: string;
      paidAt: Date;
    }): Promise<{ token: string; email: string }> {
      const periodEnd = new Date(input.paidAt.getTime() + SUBSCRIPTION_PERIOD_DAYS * 86_400_000).toISOString();
      const subscription = await deps.subscriptions.createForTransaction({
        email: input.email,
        transactionId: input.transactionId,
        periodEnd,
        provider: input.provider,
        now: now(),
      });
      const token = randomBytes(32).toString('base64url');
      await deps.subscriptions.addToken(subscription.id, hashToken(token), now());
      return { token, email: subscription.email };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
