import type { FastifyInstance } from 'fastify';
import { headerVisitorId, requesterOf } from '../../http-context';
import type { SubscriptionsService } from './subscriptions.service';

export function registerSubscriptionRoutes(app: FastifyInstance, service: SubscriptionsService): void {
  app.get('/api/subscription/status', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.getStatus(requesterOf(request), headerVisitorId(request));
  });
}
