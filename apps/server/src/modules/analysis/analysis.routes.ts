import { AnalyzeRequestSchema } from '@fineprint/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerToken, parseInput, requireVisitorId } from '../../http-context';
import { clientKey } from '../../plugins/rate-limit';
import type { AnalysisService } from './analysis.service';

export function registerAnalysisRoutes(app: FastifyInstance, service: AnalysisService, rateLimitPerMinute: number): void {
  app.post('/api/analyze', { config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } } }, async (request) => {
    const { url } = parseInput(AnalyzeRequestSchema, request.body, 'Please send the address to analyze as {"url": "..."}.');
    return service.analyze({ url, visitorId: requireVisitorId(request), token: bearerToken(request), client: clientKey(request) });
  });
}
