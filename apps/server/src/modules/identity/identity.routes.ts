import { SetEmailRequestSchema, UserIdSchema } from '@fineprint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ensureDeviceKey, parseInput, requesterOf } from '../../http-context';
import type { IdentityService } from './identity.service';

const userIdParam = (request: FastifyRequest) =>
  parseInput(UserIdSchema, (request.params as { userId?: string }).userId, 'The visitor id is missing or malformed.');

export function registerIdentityRoutes(app: FastifyInstance, service: IdentityService): void {
  app.get('/api/get-email/:userId', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { email: await service.getEmail(userIdParam(request), requesterOf(request)) };
  });
  app.post('/api/set-email', async (request, reply) => {
    const body = parseInput(SetEmailRequestSchema, request.body, 'Please send a visitor id and a valid email address.');
    const deviceHash = ensureDeviceKey(request, reply);
    await service.setEmail(body.userId, body.email, { ...requesterOf(request), deviceHash });
    return { ok: true };
  });
  // The browser's device key stays: it is no personal data (a random key, stored only as a hash on its
  // checkouts) but the proof that this browser paid, which "Restore subscription" needs after a clear.
  app.delete('/api/clear-user-data/:userId', async (request) => {
    await service.clearUserData(userIdParam(request), requesterOf(request));
    return { ok: true };
  });
}
