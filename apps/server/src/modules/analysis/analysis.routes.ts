import multipart from '@fastify/multipart';
import {
  AnalyzeRequestSchema,
  AnalyzeTextRequestSchema,
  MAX_PROVIDED_TEXT_BYTES,
  ProvidedDocumentTypeSchema,
  type ProvidedDocumentType,
} from '@fineprint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError, type DescribeError } from '../../errors';
import { parseInput } from '../../http-context';
import type { AnalysisService } from './analysis.service';
import { analysisRequester, registerAnalysisStreamRoute } from './analysis-stream.routes';
import { pastedDocuments, UPLOAD_ONE_FILE, UPLOAD_TOO_LARGE, uploadedDocuments } from './provided-documents';

/** A JSON body may carry a pasted text of up to 5 MB (plus its escaping); multipart streams are bounded by their own limits. */
const ANALYZE_BODY_LIMIT = MAX_PROVIDED_TEXT_BYTES + 1024 * 1024;
const UPLOAD_ENCODED = 'Please send the file uncompressed: compressed uploads (Content-Encoding) are not accepted.';
const UPLOAD_MALFORMED = 'This upload could not be read as a form: please choose the file and send it again.';
const TYPE_MESSAGE = 'Please say whether the document is the Terms of Service, the Privacy Policy or both (type: terms, privacy or both).';

/**
 * POST /api/analyze: `{url}` (the SPEC's call), `{text, type}` (a pasted document) or a
 * multipart upload (one `file` and its `type`). Multipart is registered in this route's own
 * scope, so no other route accepts it; the CSRF and rate-limit hooks of the root apply.
 */
export function registerAnalysisRoutes(
  app: FastifyInstance,
  service: AnalysisService,
  options: { rateLimitPerMinute: number; describeError: DescribeError },
): void {
  const { rateLimitPerMinute } = options;
  registerAnalysisStreamRoute(app, service, options);
  // A kept result by its permalink id: no visitor, no quota.
  app.get('/api/results/:resultId', async (request, reply) => {
    void reply.header('cache-control', 'private, max-age=300');
    return service.findResult((request.params as { resultId: string }).resultId);
  });
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_PROVIDED_TEXT_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });
    scope.post(
      '/api/analyze',
      {
        bodyLimit: ANALYZE_BODY_LIMIT,
        config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
        // Bodies are read as sent: a compressed one would be parsed as garbage (JSON) or taken for its compressed bytes (multipart).
        onRequest: async (request) => {
          const encoding = request.headers['content-encoding']?.trim().toLowerCase();
          if (encoding && encoding !== 'identity') throw new ServiceError('UNSUPPORTED_ENCODING', UPLOAD_ENCODED);
        },
      },
      async (request) => {
        if (request.isMultipart()) {
          const requester = analysisRequester(request);
          const upload = await readUpload(request);
          return service.analyzeProvided({ documents: uploadedDocuments(upload.file, upload.type), ...requester });
        }
        const body = request.body;
        if (body !== null && typeof body === 'object' && 'text' in body) {
          // Over 5 MB is 413 whatever else is wrong with the body.
          if (typeof body.text === 'string' && Buffer.byteLength(body.text) > MAX_PROVIDED_TEXT_BYTES)
            throw new ServiceError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE);
          const { text, type } = parseInput(AnalyzeTextRequestSchema, body, TYPE_MESSAGE);
          return service.analyzeProvided({ documents: pastedDocuments(text, type), ...analysisRequester(request) });
        }
        const { url } = parseInput(AnalyzeRequestSchema, body, 'Please send the address to analyze as {"url": "..."}.');
        return service.analyze({ url, ...analysisRequester(request) });
      },
    );
  });
}

/** Reads the one file and its type field of a multipart upload, mapping the plugin's limit errors to plain sentences. */
async function readUpload(request: FastifyRequest): Promise<{ file: { filename: string; bytes: Uint8Array }; type: ProvidedDocumentType }> {
  let file: { filename: string; bytes: Uint8Array } | undefined;
  let type: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw new ServiceError('BAD_REQUEST', UPLOAD_ONE_FILE);
        file = { filename: part.filename, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'type') {
        type = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ServiceError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw new ServiceError('PAYLOAD_TOO_LARGE', UPLOAD_ONE_FILE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ServiceError('BAD_REQUEST', 'Please send one file and its type, nothing else.');
    // Anything else is the body itself (no boundary, no closing boundary, a malformed part header): busboy's words are not the visitor's.
    throw new ServiceError('BAD_REQUEST', UPLOAD_MALFORMED, { cause: error });
  }
  if (!file) throw new ServiceError('BAD_REQUEST', 'Please choose a file to upload (form field "file").');
  const parsedType = ProvidedDocumentTypeSchema.safeParse(type);
  if (!parsedType.success) throw new ServiceError('BAD_REQUEST', TYPE_MESSAGE);
  return { file, type: parsedType.data };
}
