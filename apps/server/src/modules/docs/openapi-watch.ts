import { WatchListSchema, WatchRequestSchema } from '@fineprint/contracts';
import { z } from 'zod';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'output'): Json => {
  const converted = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io }) as Json;
  delete converted.$schema;
  return converted;
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
const ERROR = { description: 'Refused: a short sentence for the visitor', content: json(ref('Error')) };
const OK_BODY = { description: 'Done', content: json({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] }) };
const BEARER = [
  {
    name: 'Authorization',
    in: 'header',
    required: true,
    description: '"Bearer {token}" of a running subscription',
    schema: { type: 'string' },
  },
];
const LIST = { description: "The subscriber's watches and how many changed since last seen", content: json(ref('WatchList')) };

/** Issue 23 item 4 in the OpenAPI document: the watch list, watching, unwatching and each watch's Atom feed. */
export const WATCH_SCHEMAS: Json = {
  WatchRequest: schemaOf(WatchRequestSchema, 'input'),
  WatchList: schemaOf(WatchListSchema),
};

export const WATCH_PATHS: Json = {
  '/api/watches': {
    get: {
      summary: "The subscriber's watched sites; with ?resultId=, `current` says whether that result's site is watched",
      parameters: [
        ...BEARER,
        { name: 'resultId', in: 'query', required: false, description: 'A result permalink id', schema: { type: 'string' } },
      ],
      responses: { 200: LIST, 402: ERROR },
    },
    post: {
      summary: 'Watch a site that has a result (subscribers only); again: changes the e-mail choice',
      parameters: BEARER,
      requestBody: { required: true, content: json(ref('WatchRequest')) },
      responses: { 200: LIST, 400: ERROR, 402: ERROR, 404: ERROR, 429: ERROR },
    },
  },
  '/api/watches/seen': {
    post: {
      summary: 'The subscriber saw the changes: they no longer count as new',
      parameters: BEARER,
      responses: { 200: OK_BODY, 402: ERROR },
    },
  },
  '/api/watches/{id}': {
    delete: {
      summary: 'Stop watching a site',
      parameters: [...BEARER, { name: 'id', in: 'path', required: true, description: 'The watch id', schema: { type: 'string' } }],
      responses: { 200: OK_BODY, 400: ERROR, 402: ERROR, 404: ERROR },
    },
  },
  '/api/watches/feed/{token}': {
    get: {
      summary: "A watch's private Atom feed of the site's changes (the address is the key)",
      parameters: [{ name: 'token', in: 'path', required: true, description: 'The feed token', schema: { type: 'string' } }],
      responses: { 200: { description: 'Atom 1.0', content: { 'application/atom+xml': { schema: { type: 'string' } } } }, 404: ERROR },
    },
  },
};
