import { createHash, randomBytes } from 'node:crypto';
import { SUBSCRIPTION_PERIOD_DAYS, type SubscriptionStatus } from '@fineprint/contracts';
import { isEmailOwner, type Requester } from '../identity/requester';
import type { VisitorsRepository } from '../visitors/visitors.repository';
import type { ActiveSubscription, SubscriptionsRepository } from './subscriptions.repository';

/** Tokens are only ever stored as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface GrantInput {
  email: string;
  transactionId: string;
  provider: string;
  paidAt: Date;
}

const periodEndAfter = (paidAt: Date) => new Date(paidAt.getTime() + SUBSCRIPTION_PERIOD_DAYS * 86_400_000).toISOString();

/** Subscription rules: entitlement from a bearer token, status, activation after payment, renewal and cancellation. */
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
  const grant = (input: GrantInput): Promise<ActiveSubscription> =>
    deps.subscriptions.createForTransaction({
      email: input.email,
      transactionId: input.transactionId,
      periodEnd: periodEndAfter(input.paidAt),
      provider: input.provider,
      now: now(),
    });
  return {
    findEntitlement,
    /** Status for the requester; the visitor's stored e-mail only to the browser that stored it. */
    async getStatus(requester: Requester, visitorId: string | undefined): Promise<SubscriptionStatus> {
      const [subscription, visitor] = await Promise.all([
        findEntitlement(requester.token),
        visitorId ? deps.visitors.find(visitorId, now()) : undefined,
      ]);
      const email = subscription?.email ?? (isEmailOwner(visitor, requester) ? visitor?.email : undefined) ?? undefined;
      return { isSubscribed: Boolean(subscription), searchCount: visitor?.analysesUsed ?? 0, ...(email ? { email } : {}) };
    },
    /** Grants the subscription paid by one transaction, once: a second call returns the same one. */
    grant,
    /**
     * Grants (or re-grants) the subscription paid by one transaction and issues a bearer token
     * for it. Verifying the same transaction again yields a fresh token for the same
     * subscription, never a second subscription.
     */
    async activate(input: GrantInput): Promise<{ token: string; email: string }> {
      const subscription = await grant(input);
      const token = randomBytes(32).toString('base64url');
      await deps.subscriptions.addToken(subscription.id, hashToken(token), now());
      return { token, email: subscription.email };
    },
    /**
     * A renewal charge: the e-mail's current, uncancelled subscription with this provider runs
     * until a period after the charge. Idempotent (a repeated delivery changes nothing) and
     * never shortens a period. False when there is no such subscription.
     */
    async renew(input: { email: string; provider: string; paidAt: Date }): Promise<boolean> {
      return deps.subscriptions.extendLatest(input.email, input.provider, periodEndAfter(input.paidAt));
    },
    /** The provider cancelled the e-mail's subscription: no more renewals; access lasts to the period's end. */
    async cancel(input: { email: string; provider: string }): Promise<number> {
      return deps.subscriptions.markCancelled(input.email, input.provider, now());
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
