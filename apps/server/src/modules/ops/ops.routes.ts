import type { FastifyInstance } from 'fastify';
import type { createReadinessCheck } from './readiness';

/** `GET /api/ready`: 200 when the database (and Redis, when configured) answer, else 503 naming what failed. Not rate limited. */
export function registerOpsRoutes(app: FastifyInstance, isReady: ReturnType<typeof createReadinessCheck>): void {
  app.get('/api/ready', { config: { rateLimit: false } }, async (_request, reply) => {
    const { ready, failed } = await isReady();
    return ready ? { ready: true } : reply.code(503).send({ ready: false, failed });
  });
}
