import type { OutgoingHttpHeaders } from 'node:http';
import { AnalysisError } from '@fineprint/analysis';
import { AnalyzeRequestSchema } from '@fineprint/contracts';
import type { FastifyInstance } from 'fastify';
import { HTTP_STATUS, ServiceError } from '../../errors';
import { bearerToken, parseInput, requireVisitorId } from '../../http-context';
import { clientKey } from '../../plugins/rate-limit';
import type { AnalysisService } from './analysis.service';

export const ANALYZE_STREAM_PATH = '/api/analyze/stream';

/**
 * `POST /api/analyze/stream {url}`: the same analysis, rules and quota as `POST /api/analyze`,
 * answered as Server-Sent Events — `progress` ({message}) for each stage, then one `result`
 * (the analysis) or one `error` ({error, status}). Closing the connection cancels the
 * analysis in its worker and gives its quota unit back.
 */
export function registerAnalysisStreamRoute(app: FastifyInstance, service: AnalysisService, rateLimitPerMinute: number): void {
  app.post(ANALYZE_STREAM_PATH, { config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } } }, async (request, reply) => {
    const { url } = parseInput(AnalyzeRequestSchema, request.body, 'Please send the address to analyze as {"url": "..."}.');
    const requester = { visitorId: requireVisitorId(request), token: bearerToken(request), client: clientKey(request) };
    const stop = new AbortController();
    let isDone = false;
    reply.raw.on('close', () => {
      if (!isDone) stop.abort();
    });
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) => {
      if (!reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    try {
      const result = await service.analyzeWatched({
        url,
        ...requester,
        watch: { onProgress: (message) => send('progress', { message }), signal: stop.signal },
      });
      send('result', result);
    } catch (error) {
      if (stop.signal.aborted) {
        request.log.info({ route: ANALYZE_STREAM_PATH }, 'analysis cancelled by the client');
      } else if (error instanceof ServiceError || error instanceof AnalysisError) {
        request.log.info({ code: error.code, route: ANALYZE_STREAM_PATH }, 'refused');
        send('error', { error: error.message, status: HTTP_STATUS[error.code] });
      } else {
        request.log.error({ err: error }, 'request failed');
        send('error', { error: 'Something went wrong on our side. Please try again.', status: 500 });
      }
    } finally {
      isDone = true;
      reply.raw.end();
    }
  });
}
