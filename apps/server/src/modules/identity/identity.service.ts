import { ServiceError } from '../../errors';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { VisitorsRepository } from '../visitors/visitors.repository';

/** Who is asking: the visitor ids they present (cookie and header) and their bearer token. */
export interface Requester {
  visitorIds: readonly string[];
  token: string | undefined;
}

/**
 * The e-mail rules: a visitor's e-mail is read, set or deleted only by that visitor, or by
 * the holder of the subscription token for that e-mail; anyone else gets "not found".
 */
export function createIdentityService(deps: { visitors: VisitorsRepository; subscriptions: SubscriptionsService; clock: () => Date }) {
  const authorize = async (userId: string, requester: Requester) => {
    if (requester.visitorIds.includes(userId)) return deps.visitors.find(userId);
    const visitor = await deps.visitors.find(userId);
    const subscription = await deps.subscriptions.findEntitlement(requester.token);
    if (visitor?.email && subscription && subscription.email.toLowerCase() === visitor.email.toLowerCase()) return visitor;
    throw new ServiceError('NOT_FOUND', 'Not found.');
  };
  return {
    async getEmail(userId: string, requester: Requester): Promise<string | null> {
      const visitor = await authorize(userId, requester);
      return visitor?.email ?? null;
    },
    async setEmail(userId: string, email: string, requester: Requester): Promise<void> {
      if (!requester.visitorIds.includes(userId)) throw new ServiceError('NOT_FOUND', 'Not found.');
      await deps.visitors.setEmail(userId, email, deps.clock().toISOString());
    },
    /** Removes the stored e-mail at once; the free-analysis count is kept. */
    async clearUserData(userId: string, requester: Requester): Promise<void> {
      const visitor = await authorize(userId, requester);
      if (visitor) await deps.visitors.clearEmail(userId, deps.clock().toISOString());
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
