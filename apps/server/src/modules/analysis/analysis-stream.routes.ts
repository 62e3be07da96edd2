import type { OutgoingHttpHeaders } from 'node:http';
import { AnalyzeRequestSchema } from '@fineprint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DescribeError } from '../../errors';
import { bearerToken, parseInput, requireVisitorId } from '../../http-context';
import { clientKey } from '../../plugins/rate-limit';
import type { AnalysisService } from './analysis.service';

export const ANALYZE_STREAM_PATH = '/api/analyze/stream';

/**
 * `POST /api/analyze/stream {url}`: the same analysis, rules and quota as `POST /api/analyze`,
 * answered as Server-Sent Events — `progress` ({message}) for each stage, then one `result`
 * (the analysis) or one `error` ({error, status, code} — `code` for known errors). Closing the connection cancels the
 * analysis in its worker and gives its quota unit back. Errors are read by the app's one
 * `describeError` (logged and counted as for every route), then sent as the `error` event.
 */
export function registerAnalysisStreamRoute(
  app: FastifyInstance,
  service: AnalysisService,
  { rateLimitPerMinute, describeError }: { rateLimitPerMinute: number; describeError: DescribeError },
): void {
  app.post(ANALYZE_STREAM_PATH, { config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } } }, async (request, reply) => {
    const { url } = parseInput(AnalyzeRequestSchema, request.body, 'Please send the address to analyze as {"url": "..."}.');
    const requester = analysisRequester(request);
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
      } else {
        const { status, error: message, code } = describeError(error, request);
        send('error', { error: message, status, ...(code ? { code } : {}) });
      }
    } finally {
      isDone = true;
      reply.raw.end();
    }
  });
}

/** Who asks for an analysis: the visitor (quota), the subscription token, and the client (in-flight cap). */
export function analysisRequester(request: FastifyRequest) {
  return { visitorId: requireVisitorId(request), token: bearerToken(request), client: clientKey(request) };
}
