/**
 * Typed errors of the analysis pipeline. Callers switch on `code`, never on messages;
 * `isTransient` says whether trying again later may help. Messages are short sentences
 * safe to show to the visitor.
 */
export type AnalysisErrorCode =
  | 'INVALID_URL'
  | 'BLOCKED_ADDRESS'
  | 'DNS_FAILED'
  | 'CONNECT_FAILED'
  | 'TLS_FAILED'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_CONTENT'
  | 'TOO_MANY_REDIRECTS'
  | 'BAD_REDIRECT'
  | 'HTTP_STATUS'
  | 'BOT_WALL'
  | 'NO_DOCUMENTS'
  | 'EMPTY_DOCUMENT'
  | 'PDF_UNREADABLE'
  | 'PDF_TOO_COMPLEX'
  /** A rendered page took the browser past its memory ceiling (render/render.ts, RenderBudget.maxMemoryBytes). */
  | 'TOO_MUCH_MEMORY';

export class AnalysisError extends Error {
  readonly code: AnalysisErrorCode;
  readonly isTransient: boolean;
  constructor(code: AnalysisErrorCode, message: string, options: { isTransient?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.isTransient = options.isTransient ?? false;
  }
}

/** The typed address cannot be used (syntax, scheme, userinfo, port, length). */
export class UrlError extends AnalysisError {}
/** Fetching failed: blocked address, network, limits, content type or HTTP status. */
export class FetchError extends AnalysisError {}
/** No Terms of Service or Privacy Policy could be found or read. */
export class DiscoveryError extends AnalysisError {}
/** A PDF could not be read (damaged, not a PDF) or is over the reader's limits of pages, text, memory or time. */
export class PdfError extends AnalysisError {}
