import { WatchIdSchema, WatchRequestSchema } from '@fineprint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, parseInput } from '../../http-context';
import type { WatchService } from './watch.service';

const idParam = (request: FastifyRequest, name: 'id' | 'token') =>
  parseInput(WatchIdSchema, (request.params as Record<string, string | undefined>)[name], 'Not found.');

/** Watching sites (issue 23 item 4): the subscriber's list, watch, unwatch, "seen", and each watch's private Atom feed. */
export function registerWatchRoutes(app: FastifyInstance, service: WatchService): void {
  app.get('/api/watches', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const { resultId } = request.query as { resultId?: unknown };
    return service.list(bearerToken(request), typeof resultId === 'string' && resultId.length <= 64 ? resultId : undefined);
  });
  app.post('/api/watches', async (request) => {
    const body = parseInput(WatchRequestSchema, request.body, 'Please send the address of a site you analysed.');
    return service.watch(bearerToken(request), body);
  });
  app.post('/api/watches/seen', async (request) => {
    await service.markSeen(bearerToken(request));
    return { ok: true };
  });
  app.delete('/api/watches/:id', async (request) => {
    await service.unwatch(bearerToken(request), idParam(request, 'id'));
    return { ok: true };
  });
  // The feed is read by feed readers: no token, no cookie; the unguessable address is the key.
  app.get('/api/watches/feed/:token', async (request, reply) => {
    const xml = await service.feed(idParam(request, 'token'));
    void reply.header('cache-control', 'private, max-age=300').type('application/atom+xml; charset=utf-8');
    return xml;
  });
}
