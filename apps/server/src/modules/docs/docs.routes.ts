import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi';

/** `GET /api/docs`: the OpenAPI 3.0 description of the HTTP API (JSON, built once). */
export function registerDocsRoutes(app: FastifyInstance): void {
  const document = buildOpenApiDocument();
  app.get('/api/docs', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return document;
  });
}
