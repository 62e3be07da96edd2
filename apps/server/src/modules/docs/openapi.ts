import {
  AnalysisResultSchema,
  AnalyzeRequestSchema,
  AnalyzeTextRequestSchema,
  ChangesSchema,
  FeedbackRequestSchema,
  PaymentIntentRequestSchema,
  PaymentIntentSchema,
  PaymentPlanSchema,
  PaymentVerificationSchema,
  RecentResultsSchema,
  SetEmailRequestSchema,
  SiteHistorySchema,
  SubscriptionStatusSchema,
} from '@fineprint/contracts';
import { z } from 'zod';
import { WATCH_PATHS, WATCH_SCHEMAS } from './openapi-watch';

type Json = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.0 schema object (zod 4's own converter). */
const schemaOf = (schema: z.ZodType): Json => {
  const converted = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }) as Json;
  delete converted.$schema;
  return converted;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
const ok = (description: string, schema: Json) => ({ description, content: json(schema) });
const ERROR = { description: 'Refused: a short sentence for the visitor', content: json(ref('Error')) };
const VISITOR_HEADERS = [
  { name: 'X-User-ID', in: 'header', required: false, description: 'The visitor id (else the user_id cookie)', schema: { type: 'string' } },
  { name: 'Authorization', in: 'header', required: false, description: '"Bearer {token}" or empty', schema: { type: 'string' } },
];
const pathParam = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
const OK_BODY = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };

/**
 * The OpenAPI 3.0 description of every /api route, built from the contracts' zod schemas.
 * `openapi.test.ts` fails when a registered /api route is missing here.
 */
export function buildOpenApiDocument(): Json {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Fineprint API',
      version: '1.0.0',
      description:
        'Summaries of a website\'s Terms of Service and Privacy Policy. Every POST/DELETE from a browser needs a same-origin `Origin` and the `XSRF-TOKEN` cookie echoed as `X-XSRF-TOKEN`. Errors are `{"error": "<sentence>"}`.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: {
        AnalysisResult: schemaOf(AnalysisResultSchema),
        AnalyzeRequest: schemaOf(AnalyzeRequestSchema),
        AnalyzeTextRequest: schemaOf(AnalyzeTextRequestSchema),
        SubscriptionStatus: schemaOf(SubscriptionStatusSchema),
        PaymentVerification: schemaOf(PaymentVerificationSchema),
        SetEmailRequest: schemaOf(SetEmailRequestSchema),
        PaymentIntentRequest: schemaOf(PaymentIntentRequestSchema),
        PaymentIntent: schemaOf(PaymentIntentSchema),
        PaymentPlan: schemaOf(PaymentPlanSchema),
        Changes: schemaOf(ChangesSchema),
        SiteHistory: schemaOf(SiteHistorySchema),
        FeedbackRequest: schemaOf(FeedbackRequestSchema),
        RecentResults: schemaOf(RecentResultsSchema),
        Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
        ...WATCH_SCHEMAS,
      },
    },
    paths: {
      '/api/subscription/status': {
        get: {
          summary: 'Subscription status and free analyses used',
          parameters: VISITOR_HEADERS,
          responses: { 200: ok('The status', ref('SubscriptionStatus')), 400: ERROR },
        },
      },
      '/api/analyze': {
        post: {
          summary: 'Analyse a site ({url}), a pasted document ({text, type}) or an uploaded file (multipart)',
          description:
            'Uses one free analysis unless subscribed (402 "Subscription required" at 5). A result of a site carries `resultId`, its permalink id (`GET /api/results/{resultId}`, page `/?r={resultId}`).',
          parameters: VISITOR_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { oneOf: [ref('AnalyzeRequest'), ref('AnalyzeTextRequest')] } },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: { file: { type: 'string', format: 'binary' }, type: { type: 'string', enum: ['terms', 'privacy', 'both'] } },
                  required: ['file', 'type'],
                },
              },
            },
          },
          responses: {
            200: ok('The analysis', ref('AnalysisResult')),
            400: ERROR,
            402: ERROR,
            413: ERROR,
            422: ERROR,
            429: ERROR,
            503: ERROR,
          },
        },
      },
      '/api/analyze/stream': {
        post: {
          summary: 'Analyse a site ({url}) and follow it: Server-Sent Events',
          description:
            'The same rules and quota as POST /api/analyze. Events: `progress` ({message}) for each stage (reading a page, found a document, its words, checking the questions), then one `result` (the analysis) or one `error` ({error, status}). Closing the connection cancels the analysis and gives its quota unit back.',
          parameters: VISITOR_HEADERS,
          requestBody: { required: true, content: json(ref('AnalyzeRequest')) },
          responses: {
            200: { description: 'An event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
            400: ERROR,
            429: ERROR,
          },
        },
      },
      '/api/results/{resultId}': {
        get: {
          summary: 'A kept analysis by its permalink id (the `resultId` of a result); uses no analysis',
          parameters: [pathParam('resultId', 'The permalink id')],
          responses: { 200: ok('The analysis', ref('AnalysisResult')), 404: ERROR },
        },
      },
      '/api/sites/{site}/history': {
        get: {
          summary: "The kept versions of a site's documents, newest first, each with its date and a one-line summary of what changed",
          parameters: [pathParam('site', 'The site address or host as analysed, URL-encoded')],
          responses: { 200: ok('The history', ref('SiteHistory')), 400: ERROR, 404: ERROR },
        },
      },
      '/api/sites/{site}/history/{id}': {
        get: {
          summary: "What changed at one step of a site's history (facts before → after, clauses, documents)",
          parameters: [pathParam('site', 'The site address or host, URL-encoded'), pathParam('id', 'The step id from the history')],
          responses: { 200: ok('The changes', ref('Changes')), 400: ERROR, 404: ERROR },
        },
      },
      '/api/results/recent': {
        get: {
          summary: '"Recently analysed": the newest kept site results (site, grade, date; nothing about who asked), cached 30 s',
          responses: { 200: ok('At most 8 results, newest first', ref('RecentResults')) },
        },
      },
      '/api/feedback': {
        post: {
          summary: '"This is wrong": report one item of a kept result (a list item by list and index, or a fact row by id)',
          description:
            "The item's text, quote and engine are read from the kept result. Nothing about the reader is stored. 20 per minute per IP.",
          requestBody: { required: true, content: json(ref('FeedbackRequest')) },
          responses: { 204: { description: 'Stored' }, 400: ERROR, 403: ERROR, 404: ERROR, 413: ERROR, 429: ERROR },
        },
      },
      '/api/get-email/{userId}': {
        get: {
          summary: "The visitor's stored e-mail (same browser or token holder only)",
          parameters: [pathParam('userId', 'The visitor id')],
          responses: {
            200: ok('The e-mail or null', { type: 'object', properties: { email: { type: 'string', nullable: true } } }),
            400: ERROR,
          },
        },
      },
      '/api/set-email': {
        post: {
          summary: "Store the visitor's e-mail",
          requestBody: { required: true, content: json(ref('SetEmailRequest')) },
          responses: { 200: ok('Stored', OK_BODY), 400: ERROR, 403: ERROR },
        },
      },
      '/api/clear-user-data/{userId}': {
        delete: {
          summary: "Remove the visitor's e-mail and device binding",
          parameters: [pathParam('userId', 'The visitor id')],
          responses: { 200: ok('Removed', OK_BODY), 400: ERROR, 403: ERROR },
        },
      },
      '/api/payment/plan': {
        get: {
          summary: 'Whether a subscription renews monthly (a provider payment plan) or is one payment for 30 days',
          responses: { 200: ok('The plan', ref('PaymentPlan')) },
        },
      },
      '/api/payment/start': {
        post: {
          summary: 'Issue a tx_ref for a checkout',
          parameters: VISITOR_HEADERS,
          requestBody: { required: true, content: json(ref('PaymentIntentRequest')) },
          responses: { 200: ok('The checkout configuration', ref('PaymentIntent')), 400: ERROR },
        },
      },
      '/api/payment/verify/{transactionId}': {
        get: {
          summary: 'Verify a payment with the provider and return a subscription token',
          parameters: [pathParam('transactionId', "The provider's transaction id")],
          responses: { 200: ok('The token and e-mail', ref('PaymentVerification')), 400: ERROR, 402: ERROR, 403: ERROR },
        },
      },
      '/api/payment/webhook': {
        post: {
          summary: "The payment provider's webhook (authenticated by the verif-hash header)",
          parameters: [{ name: 'verif-hash', in: 'header', required: true, schema: { type: 'string' } }],
          requestBody: { required: true, content: json({ type: 'object' }) },
          responses: { 200: ok('Handled', { type: 'object', properties: { status: { type: 'string' } } }), 401: ERROR },
        },
      },
      '/api/health': {
        get: { summary: 'Liveness', responses: { 200: ok('Alive', OK_BODY) } },
      },
      '/api/ready': {
        get: {
          summary: 'Readiness: the database (and Redis) answer',
          responses: {
            200: ok('Ready', { type: 'object', properties: { ready: { type: 'boolean' } } }),
            503: ok('Not ready', {
              type: 'object',
              properties: { ready: { type: 'boolean' }, failed: { type: 'array', items: { type: 'string' } } },
            }),
          },
        },
      },
      '/api/docs': {
        get: { summary: 'This OpenAPI document', responses: { 200: ok('OpenAPI 3.0', { type: 'object' }) } },
      },
      ...WATCH_PATHS,
    },
  };
}
