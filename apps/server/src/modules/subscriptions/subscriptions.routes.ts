import type { FastifyInstance } from 'fastify';
import { bearerToken, headerVisitorId } from '../../http-context';
import type { SubscriptionsService } from './subscriptions.service';

export function registerSubscriptionRoutes(app: FastifyInstance, service: SubscriptionsService): void {
  app.get('/api/subscription/status', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.getStatus(bearerToken(request), headerVisitorId(request));
  });
}
