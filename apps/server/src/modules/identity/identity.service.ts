import { ServiceError } from '../../errors';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { VisitorsRepository } from '../visitors/visitors.repository';
import { isEmailOwner, type Requester } from './requester';

/**
 * The e-mail rules: a visitor's e-mail is read or deleted only by the browser that stored it
 * (the same visitor id and device key: identical browsers share a visitor id), or by the holder
 * of the subscription token for that e-mail; anyone else gets "not found".
 */
export function createIdentityService(deps: {
  visitors: VisitorsRepository;
  subscriptions: SubscriptionsService;
  clock: () => Date;
  /** Deletes the watches of the token's subscription (issue 23): "Clear my data" ends them too. */
  clearWatches?: (token: string | undefined) => Promise<void>;
}) {
  const authorize = async (userId: string, requester: Requester) => {
    const visitor = await deps.visitors.find(userId, deps.clock().toISOString());
    if (!visitor && requester.visitorIds.includes(userId)) return undefined;
    if (isEmailOwner(visitor, requester)) return visitor;
    const subscription = await deps.subscriptions.findEntitlement(requester.token);
    if (visitor?.email && subscription && subscription.email.toLowerCase() === visitor.email.toLowerCase()) return visitor;
    throw new ServiceError('NOT_FOUND', 'Not found.');
  };
  return {
    async getEmail(userId: string, requester: Requester): Promise<string | null> {
      const visitor = await authorize(userId, requester);
      return visitor?.email ?? null;
    },
    /**
     * Stores the e-mail for the visitor, bound to the requester's device key (required). An
     * e-mail another browser stored under the same visitor id is not overwritten: "not found",
     * as for reading it (visitor ids are fingerprints, and identical browsers share them).
     */
    async setEmail(userId: string, email: string, requester: Requester): Promise<void> {
      if (!requester.visitorIds.includes(userId) || !requester.deviceHash) throw new ServiceError('NOT_FOUND', 'Not found.');
      if (!(await deps.visitors.setEmail(userId, email, requester.deviceHash, deps.clock().toISOString())))
        throw new ServiceError('NOT_FOUND', 'Not found.');
    },
    /** Removes the stored e-mail (and a subscriber's watches) at once; the free-analysis count is kept. */
    async clearUserData(userId: string, requester: Requester): Promise<void> {
      // The token alone authorizes its subscription's watches, whoever's e-mail this visitor id holds.
      await deps.clearWatches?.(requester.token);
      const visitor = await authorize(userId, requester);
      if (visitor) await deps.visitors.clearEmail(userId, deps.clock().toISOString());
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
