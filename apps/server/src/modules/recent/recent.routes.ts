import type { FastifyInstance } from 'fastify';
import { RECENT_CACHE_MS, type RecentService } from './recent.service';

/** GET /api/results/recent: "Recently analysed", public and cached briefly (here and in the browser). */
export function registerRecentRoutes(app: FastifyInstance, service: RecentService): void {
  app.get('/api/results/recent', async (_request, reply) => {
    void reply.header('cache-control', `public, max-age=${RECENT_CACHE_MS / 1000}`);
    return service.listRecent();
  });
}
