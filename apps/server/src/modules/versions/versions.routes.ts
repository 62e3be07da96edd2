import type { FastifyInstance } from 'fastify';
import type { VersionsService } from './versions.service';

/**
 * A site's history (issue 23): `GET /api/sites/:site/history` lists its versions with dates and a
 * one-line summary of each change; `GET /api/sites/:site/history/:id` gives what changed at a step.
 * `:site` is the address or host as typed, URL-encoded. Site data only: no visitor, no quota.
 */
export function registerVersionRoutes(app: FastifyInstance, service: VersionsService): void {
  app.get('/api/sites/:site/history', async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return service.listHistory((request.params as { site: string }).site);
  });
  app.get('/api/sites/:site/history/:id', async (request, reply) => {
    // A step's changes never change once recorded.
    void reply.header('cache-control', 'private, max-age=3600');
    const { site, id } = request.params as { site: string; id: string };
    return service.stepChanges(site, id);
  });
}
