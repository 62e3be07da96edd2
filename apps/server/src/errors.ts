import type { AnalysisErrorCode } from '@fineprint/analysis';
import type { FastifyRequest } from 'fastify';

/** Codes of the server's own refusals. */
export type ServiceErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'SUBSCRIPTION_REQUIRED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'PAYMENT_INVALID'
  | 'PROVIDER_UNAVAILABLE'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'BUSY'
  | 'UNSUPPORTED_ENCODING';

/** A refusal with a stable code and a sentence safe to show the visitor. */
export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    /** What went wrong underneath (a provider's error): logged, never shown. */
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ServiceError';
  }
}

/** The one table from error codes to HTTP statuses. */
export const HTTP_STATUS: Record<ServiceErrorCode | AnalysisErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  SUBSCRIPTION_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYMENT_INVALID: 402,
  PROVIDER_UNAVAILABLE: 503,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  BUSY: 503,
  UNSUPPORTED_ENCODING: 415,
  INVALID_URL: 400,
  BLOCKED_ADDRESS: 400,
  DNS_FAILED: 422,
  CONNECT_FAILED: 502,
  TLS_FAILED: 502,
  TIMEOUT: 504,
  TOO_LARGE: 422,
  UNSUPPORTED_CONTENT: 422,
  TOO_MANY_REDIRECTS: 422,
  BAD_REDIRECT: 422,
  HTTP_STATUS: 502,
  BOT_WALL: 422,
  NO_DOCUMENTS: 422,
  EMPTY_DOCUMENT: 422,
  PDF_UNREADABLE: 422,
  PDF_TOO_COMPLEX: 422,
  TOO_MUCH_MEMORY: 422,
};

/** What a visitor is told of an error: the status, the sentence, and when to come back. */
export interface ErrorReply {
  status: number;
  error: string;
  retryAfterSeconds?: number;
  /** The known error's stable code (the event stream sends it, so the page can offer the next step). */
  code?: ServiceErrorCode | AnalysisErrorCode;
}

/**
 * Reads an error once for every route, JSON or event stream: logs it, counts it in the metrics
 * and says what to answer (the app's error handler is the one implementation).
 */
export type DescribeError = (error: unknown, request: FastifyRequest) => ErrorReply;
