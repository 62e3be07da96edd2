import { MESSAGES, RESULT_MESSAGES, SHARE_MESSAGES, triedHttps } from '@fineprint/contracts';
import { HttpError } from '../../lib/http';

/** What the error box offers to do next, inside the box. */
export type NextStep = 'retry' | 'paste' | 'http';

/** A failed analysis as the visitor reads it: plain sentences and the next steps; never a library's message or a status code. */
export interface Failure {
  /** The SPEC's "Analysis failed: …" line, with the server's sentence or a plain one. */
  message: string;
  /** What else is worth saying: what was tried, what to do. */
  hint?: string;
  nextSteps: NextStep[];
  /** The plain-http address to offer, when an address typed without a scheme failed on https. */
  httpAddress?: string;
}

/** The site could not be reached or answered badly: retry, or paste its text. */
const UNREACHABLE = new Set(['CONNECT_FAILED', 'TLS_FAILED', 'TIMEOUT', 'DNS_FAILED', 'HTTP_STATUS']);
/** Failures plain http might avoid: the connection or its encryption. */
const HTTPS_FAILURES = new Set(['CONNECT_FAILED', 'TLS_FAILED', 'TIMEOUT']);
/** The site was reached but its documents could not be read: paste or upload them. */
const UNREADABLE = new Set([
  'NO_DOCUMENTS',
  'BOT_WALL',
  'TOO_MUCH_MEMORY',
  'EMPTY_DOCUMENT',
  'UNSUPPORTED_CONTENT',
  'PDF_UNREADABLE',
  'PDF_TOO_COMPLEX',
]);
/** Passing refusals: the same request later will do. */
const PASSING = new Set(['BUSY', 'TOO_MANY_REQUESTS', 'PROVIDER_UNAVAILABLE']);

/** The host an address typed without a scheme names ("127.0.0.1:8080/x" → "127.0.0.1:8080/x"), or undefined if it had one. */
function withoutScheme(address: string | undefined): string | undefined {
  const typed = address?.trim();
  if (!typed || /^[a-z][a-z0-9+.-]*:\/\//i.test(typed)) return undefined;
  return typed.replace(/^\/+/, '');
}

/** True when the visitor stopped the analysis (Cancel): a choice, not a failure. */
export function isCancel(caught: unknown): boolean {
  return caught instanceof Error && caught.message === SHARE_MESSAGES.analysisCancelled;
}

/**
 * Reads a failed analysis call: the server's sentence when it sent one (its `code` choosing the
 * next step), a plain sentence for a dropped connection or a bare status, and the next steps.
 */
export function describeFailure(caught: unknown, address?: string): Failure {
  const failed = (sentence: string) => `${MESSAGES.analysisFailedPrefix}${sentence}`;
  if (!(caught instanceof HttpError)) {
    // fetch's own failure (no answer at all) or a stream cut short: our side or the connection, never the site.
    return { message: failed(RESULT_MESSAGES.networkError), nextSteps: ['retry'] };
  }
  const data = (typeof caught.data === 'object' && caught.data !== null ? caught.data : {}) as { error?: unknown; code?: unknown };
  const sentence = typeof data.error === 'string' && data.error.trim() ? data.error : undefined;
  const code = typeof data.code === 'string' ? data.code : undefined;
  if (!sentence) {
    // A proxy's page or an empty body: say it in words, by the kind of status.
    return caught.status >= 500
      ? { message: failed(RESULT_MESSAGES.serverError), nextSteps: ['retry'] }
      : { message: MESSAGES.analysisFallback, nextSteps: ['retry'] };
  }
  if (code && UNREACHABLE.has(code)) {
    const bare = withoutScheme(address);
    if (bare && HTTPS_FAILURES.has(code))
      return { message: failed(sentence), hint: triedHttps(bare), nextSteps: ['http', 'retry', 'paste'], httpAddress: `http://${bare}` };
    return { message: failed(sentence), hint: RESULT_MESSAGES.siteUnreachableNext, nextSteps: ['retry', 'paste'] };
  }
  if (code && UNREADABLE.has(code)) {
    // The bot-wall and memory sentences already say to paste or upload.
    const saysPaste = /\bpaste\b/i.test(sentence);
    return { message: failed(sentence), ...(saysPaste ? {} : { hint: RESULT_MESSAGES.noDocumentsNext }), nextSteps: ['paste'] };
  }
  if ((code && PASSING.has(code)) || caught.status >= 500) return { message: failed(sentence), nextSteps: ['retry'] };
  return { message: failed(sentence), nextSteps: [] };
}
