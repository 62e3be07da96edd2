import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import PQueue from 'p-queue';
import { Agent, request } from 'undici';
import { MESSAGES } from '@fineprint/contracts';
import { FetchError, UrlError } from '../errors';
import { isPublicAddress } from './address-guard';
import { BOT_WALL_HEADERS, BOT_WALL_SNIFF_BYTES, isBotWall } from './bot-wall';
import { isIpLiteral, parseHttpUrl } from './normalize-url';

export type MediaType = 'html' | 'pdf' | 'text' | 'markdown';

/** A resolved address: what the guard checks and the only thing the socket may connect to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardOptions {
  /** DNS resolver; default: the system resolver (all A and AAAA answers). Tests pass a stub. */
  resolve?: Resolver;
  /** `host:port` entries let through although not public (development and tests only). Default none. */
  allowlist?: readonly string[];
  /** Ports allowed for public hosts. Default [80, 443]. */
  allowedPorts?: readonly number[];
  /** Host names never fetched, such as the product's own host. Default none. */
  blockedHosts?: readonly string[];
}

export interface FetchOptions extends GuardOptions {
  /** Redirect hops followed, each re-checked. Default 5. */
  maxRedirects?: number;
  /** Budget to open a connection, shared by every address of the host. Default 5000 ms. */
  connectTimeoutMs?: number;
  /** Time allowed for response headers. Default 5000 ms. */
  headersTimeoutMs?: number;
  /** Deadline for the whole fetch, redirects and body included. Default 10000 ms. */
  totalTimeoutMs?: number;
  /** Cap on decoded body bytes. Default 5 MiB. */
  maxBytes?: number;
  /** User-Agent header. */
  userAgent?: string;
  /** Also read application/xml and text/xml bodies, as text (sitemaps). Default false. */
  acceptXml?: boolean;
  /** Called once per request about to be sent (progress). */
  onRequest?: (url: string) => void;
  /** Ends the fetch early (the caller's overall deadline); the fetch then fails with TIMEOUT. */
  signal?: AbortSignal;
  /**
   * Validators of a copy the caller holds (a watched site's re-read): sent as If-None-Match and
   * If-Modified-Since, and a 304 answer comes back as a document with `notModified: true` and no body.
   */
  conditional?: { etag?: string | undefined; lastModified?: string | undefined };
}

export interface FetchedDocument {
  /** Final URL after redirects. */
  url: string;
  mediaType: MediaType;
  /** Decoded body bytes (after Content-Encoding). */
  body: Buffer;
  /** Character set used to decode text (null for PDF). */
  charset: string | null;
  /** Body decoded as text (empty for PDF). */
  text: string;
  /** The response's ETag and Last-Modified, when it sent them (what a later conditional fetch sends back). */
  validators?: { etag?: string; lastModified?: string };
  /** True when a conditional fetch was answered 304 Not Modified: the caller's copy is current (no body). */
  notModified?: true;
}

export const DEFAULT_USER_AGENT =
  'FineprintBot/1.0 (+https://github.com/fineprint; reads Terms of Service and Privacy Policies on request of a visitor)';

const ACCEPTED_TYPES: Record<string, MediaType> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
};
const XML_TYPES = new Set(['application/xml', 'text/xml']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const BLOCKED_MESSAGE = 'That address points to a private or reserved network and cannot be analyzed.';

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Checks a URL against the guard and returns the addresses the connection may use.
 * Throws UrlError for a disallowed port or host, FetchError BLOCKED_ADDRESS when any
 * resolved address is not public, FetchError DNS_FAILED when the name does not resolve.
 */
export async function resolveGuardedTarget(url: URL, options: GuardOptions = {}): Promise<ResolvedAddress[]> {
  const hostname = url.hostname.replace(/\.$/, '').toLowerCase();
  const bareHost = hostname.replace(/^\[|\]$/g, '');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const isAllowlisted = (options.allowlist ?? []).some((entry) => entry.toLowerCase() === `${hostname}:${port}`);
  if ((options.blockedHosts ?? []).some((h) => h.toLowerCase().replace(/\.$/, '') === hostname)) {
    throw new FetchError('BLOCKED_ADDRESS', BLOCKED_MESSAGE);
  }
  if (!isAllowlisted && !(options.allowedPorts ?? [80, 443]).includes(port)) {
    throw new UrlError('INVALID_URL', 'Only the standard web ports (80 and 443) can be analyzed.');
  }
  let addresses: ResolvedAddress[];
  if (isIpLiteral(hostname)) {
    addresses = [{ address: bareHost, family: hostname.startsWith('[') ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(bareHost);
    } catch (cause) {
      throw new FetchError('DNS_FAILED', `The site ${bareHost} could not be found.`, { cause, isTransient: true });
    }
    if (addresses.length === 0) throw new FetchError('DNS_FAILED', `The site ${bareHost} could not be found.`);
  }
  // One private answer poisons the whole set: a mixed answer is how rebinding starts.
  if (!isAllowlisted && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new FetchError('BLOCKED_ADDRESS', BLOCKED_MESSAGE);
  }
  return addresses;
}

/**
 * Fetches one document a stranger asked for, safely: every hop is parsed, resolved and
 * checked, the socket connects only to the checked addresses, redirects are followed by
 * hand (at most maxRedirects), time and decoded size are capped, and only HTML, XHTML,
 * PDF, plain text and Markdown are read. Throws UrlError or FetchError.
 */
export async function fetchDocument(input: string | URL, options: FetchOptions = {}): Promise<FetchedDocument> {
  const maxRedirects = options.maxRedirects ?? 5;
  const timeout = AbortSignal.timeout(options.totalTimeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = typeof input === 'string' ? parseHttpUrl(input) : input;
  const visited = new Set<string>();
  for (let hop = 0; ; hop++) {
    if (visited.has(url.href)) throw new FetchError('TOO_MANY_REDIRECTS', 'The site redirects in a loop.');
    visited.add(url.href);
    const addresses = await resolveGuardedTarget(url, options);
    const target = url;
    const outcome = await withDestinationSlot<HopOutcome>(destinationOf(target, addresses), signal, async () => {
      const response = await requestOnce(target, addresses, options, signal, { conditional: options.conditional });
      if (response.statusCode === 304 && hasValidators(options.conditional)) {
        response.body.destroy();
        return { document: notModified(target, options.conditional!) };
      }
      if (!REDIRECT_STATUSES.has(response.statusCode) && response.statusCode >= 200 && response.statusCode < 300) {
        const document = await readBody(target, response, options, signal);
        if (document.mediaType === 'html' && isBotWall(response.statusCode, response.headers, document.text)) throw botWall();
        const validators = validatorsOf(response.headers);
        return { document: validators ? { ...document, validators } : document };
      }
      if (!REDIRECT_STATUSES.has(response.statusCode)) {
        // A refusal may be a bot wall: its first bytes say so (read within the same caps).
        const head = await readDecoded(response, Math.min(BOT_WALL_SNIFF_BYTES, options.maxBytes ?? BOT_WALL_SNIFF_BYTES), signal, true);
        if (isBotWall(response.statusCode, response.headers, head.toString('latin1'))) throw botWall();
      }
      response.body.destroy();
      return { statusCode: response.statusCode, location: headerValue(response.headers['location']) };
    });
    if (outcome.document) return outcome.document;
    if (REDIRECT_STATUSES.has(outcome.statusCode)) {
      if (!outcome.location) throw new FetchError('BAD_REDIRECT', 'The site sent a redirect without a destination.');
      if (hop >= maxRedirects) throw new FetchError('TOO_MANY_REDIRECTS', 'The site redirects too many times.');
      try {
        url = parseHttpUrl(outcome.location, url);
      } catch (cause) {
        throw new FetchError('BAD_REDIRECT', 'The site redirects to an address that cannot be fetched.', { cause });
      }
      continue;
    }
    throw new FetchError('HTTP_STATUS', `The site answered with HTTP status ${outcome.statusCode}.`, {
      isTransient: outcome.statusCode >= 500 || outcome.statusCode === 429,
    });
  }
}

const hasValidators = (conditional: FetchOptions['conditional']) => Boolean(conditional?.etag || conditional?.lastModified);

/** A 304 to a conditional fetch: the caller's copy (its validators kept) is current. */
function notModified(url: URL, conditional: NonNullable<FetchOptions['conditional']>): FetchedDocument {
  const validators = {
    ...(conditional.etag ? { etag: conditional.etag } : {}),
    ...(conditional.lastModified ? { lastModified: conditional.lastModified } : {}),
  };
  return { url: url.href, mediaType: 'html', body: Buffer.alloc(0), charset: null, text: '', validators, notModified: true };
}

/** ETag and Last-Modified of a response (bounded: a validator longer than 512 characters is not kept). */
function validatorsOf(headers: Record<string, string | string[] | undefined>): FetchedDocument['validators'] {
  const etag = headerValue(headers['etag']);
  const lastModified = headerValue(headers['last-modified']);
  const validators = {
    ...(etag && etag.length <= 512 ? { etag } : {}),
    ...(lastModified && lastModified.length <= 512 ? { lastModified } : {}),
  };
  return validators.etag || validators.lastModified ? validators : undefined;
}

/** One hop: the document, or the status and Location of a response that is not one. */
type HopOutcome =
  | { document: FetchedDocument; statusCode?: undefined; location?: undefined }
  | { document?: undefined; statusCode: number; location: string | undefined };

type UndiciResponse = Awaited<ReturnType<typeof request>>;

async function requestOnce(
  url: URL,
  addresses: ResolvedAddress[],
  options: FetchOptions,
  signal: AbortSignal,
  extra: {
    accept?: string | undefined;
    cookie?: string | undefined;
    conditional?: FetchOptions['conditional'];
  } = {},
): Promise<UndiciResponse> {
  const agent = new Agent({
    connections: 1,
    headersTimeout: options.headersTimeoutMs ?? 5000,
    bodyTimeout: options.headersTimeoutMs ?? 5000,
    connect: {
      timeout: options.connectTimeoutMs ?? 5000,
      // The socket may only reach the addresses checked above: no second DNS query.
      lookup: ((
        _host: string,
        opts: { all?: boolean },
        callback: (err: null, address: string | LookupAddress[], family?: number) => void,
      ) => {
        if (opts.all) callback(null, addresses as LookupAddress[]);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      }) as unknown as LookupFunction,
    },
  });
  options.onRequest?.(url.href);
  // undici ignores an abort while the socket is still connecting (nodejs/undici#386), so the
  // total deadline destroys the agent itself, which fails the pending request.
  const onAbort = () => void agent.destroy(signal.reason as Error).catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await request(url, {
      method: 'GET',
      dispatcher: agent,
      signal,
      headers: {
        'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
        accept: extra.accept ?? 'text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.1',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en',
        ...(extra.cookie ? { cookie: extra.cookie } : {}),
        ...(extra.conditional?.etag ? { 'if-none-match': extra.conditional.etag } : {}),
        ...(extra.conditional?.lastModified ? { 'if-modified-since': extra.conditional.lastModified } : {}),
      },
    });
    // Errors after we stop reading (abort, destroy) must not surface as unhandled events.
    response.body.on('error', () => undefined);
    response.body.once('close', () => void agent.destroy().catch(() => undefined));
    return response;
  } catch (cause) {
    void agent.destroy().catch(() => undefined);
    throw toFetchError(cause, signal);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

async function readBody(url: URL, response: UndiciResponse, options: FetchOptions, signal: AbortSignal): Promise<FetchedDocument> {
  const contentType = headerValue(response.headers['content-type']) ?? '';
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  const mediaType =
    ACCEPTED_TYPES[mime] ?? (options.acceptXml && XML_TYPES.has(mime) ? 'text' : mime === '' ? undefined : guessFromPath(mime, url));
  if (!mediaType) {
    response.body.destroy();
    throw new FetchError('UNSUPPORTED_CONTENT', 'The address does not point to a web page, text or PDF document.');
  }
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const declared = Number(headerValue(response.headers['content-length']) ?? NaN);
  // Stacked encodings may come on one line ("gzip, br") or on several: each layer counts.
  const encodings = contentEncodings(response);
  if (!isDecodable(encodings)) {
    response.body.destroy();
    throw new FetchError('UNSUPPORTED_CONTENT', 'The site sent its page in an encoding that is not supported.');
  }
  if (encodings.length === 0 && declared > maxBytes) {
    response.body.destroy();
    throw tooLarge(maxBytes);
  }
  const body = await readDecoded(response, maxBytes, signal);
  if (mediaType === 'pdf') return { url: url.href, mediaType, body, charset: null, text: '' };
  const charset = detectCharset(body, contentType, mediaType);
  return { url: url.href, mediaType, body, charset, text: decodeText(body, charset) };
}

/** The content codings of a response, however many header lines and commas carry them ("identity" left out). */
function contentEncodings(response: UndiciResponse): string[] {
  const header = response.headers['content-encoding'];
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity');
}

/** One gzip, deflate or br layer at most: stacked or unknown codings are refused. */
const isDecodable = (encodings: readonly string[]) =>
  encodings.length === 0 || (encodings.length === 1 && ['gzip', 'x-gzip', 'deflate', 'br'].includes(encodings[0]!));

/**
 * Reads a response body decoded (one gzip/deflate/br layer), failing with TOO_LARGE past
 * maxBytes decoded bytes, or, with `truncate`, returning the first maxBytes bytes instead.
 */
async function readDecoded(response: UndiciResponse, maxBytes: number, signal: AbortSignal, truncate = false): Promise<Buffer> {
  const encodings = contentEncodings(response);
  if (!isDecodable(encodings)) {
    response.body.destroy();
    if (truncate) return Buffer.alloc(0);
    throw new FetchError('UNSUPPORTED_CONTENT', 'The site sent its page in an encoding that is not supported.');
  }
  const decoded: Readable = encodings[0] ? response.body.pipe(createDecoder(encodings[0], maxBytes)) : response.body;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        if (!truncate) throw tooLarge(maxBytes);
        chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
        break;
      }
      chunks.push(chunk);
    }
  } catch (cause) {
    if (!truncate || signal.aborted) throw toFetchError(cause, signal);
  } finally {
    response.body.destroy();
    decoded.destroy();
  }
  return Buffer.concat(chunks);
}

/** A response as the headless browser receives it: any status and type, redirects not followed. */
export interface FetchedResource {
  url: string;
  status: number;
  /** The headers passed on to the browser (type, redirect target, cookies, cache hints). */
  headers: Record<string, string>;
  body: Buffer;
}

/** Response headers handed to the browser (and, for the document, to the bot-wall check); anything else (CSP reports, Alt-Svc, HSTS…) stays out. */
const RESOURCE_HEADERS = ['content-type', 'location', 'set-cookie', 'cache-control', 'last-modified', 'etag', ...BOT_WALL_HEADERS];

/**
 * One GET for the headless browser, under exactly the guard of fetchDocument (address check,
 * pinned connection, destination slots, time and decoded-size caps) but of any content type and
 * status, without following redirects (the browser asks again for the target, which is then
 * checked as its own request). Throws UrlError or FetchError.
 */
export async function fetchResource(
  input: string | URL,
  options: FetchOptions & { accept?: string; cookie?: string } = {},
): Promise<FetchedResource> {
  const timeout = AbortSignal.timeout(options.totalTimeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const url = typeof input === 'string' ? parseHttpUrl(input) : input;
  const addresses = await resolveGuardedTarget(url, options);
  return withDestinationSlot(destinationOf(url, addresses), signal, async () => {
    const response = await requestOnce(url, addresses, options, signal, { accept: options.accept, cookie: options.cookie });
    const headers: Record<string, string> = {};
    for (const name of RESOURCE_HEADERS) {
      const value = response.headers[name];
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
    }
    const body = REDIRECT_STATUSES.has(response.statusCode)
      ? (response.body.destroy(), Buffer.alloc(0))
      : await readDecoded(response, options.maxBytes ?? 5 * 1024 * 1024, signal);
    return { url: url.href, status: response.statusCode, headers, body };
  });
}

function botWall(): FetchError {
  return new FetchError('BOT_WALL', MESSAGES.siteBlocksAutomatedReaders);
}

function createDecoder(encoding: string, maxBytes: number): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress {
  // maxOutputLength stops a bomb inside zlib before it allocates the whole output.
  const limits = { maxOutputLength: maxBytes + 1 };
  if (encoding === 'br') return zlib.createBrotliDecompress(limits);
  if (encoding === 'deflate') return zlib.createInflate(limits);
  return zlib.createGunzip(limits);
}

function guessFromPath(mime: string, url: URL): MediaType | undefined {
  if (mime === 'application/octet-stream' && url.pathname.toLowerCase().endsWith('.pdf')) return 'pdf';
  return undefined;
}

/** Charset from the header, then a BOM, then a <meta> in the first 2 KB; UTF-8 otherwise. */
function detectCharset(body: Buffer, contentType: string, mediaType: MediaType): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  // A UTF-16 label without a byte-order mark is believed only when the bytes look like UTF-16.
  if (fromHeader && /^utf-?16/i.test(fromHeader)) {
    const flavour = utf16Flavour(body);
    if (flavour) return flavour;
  } else if (fromHeader && isSupportedCharset(fromHeader)) return fromHeader.toLowerCase();
  if (mediaType === 'html') {
    const head = body.subarray(0, 2048).toString('latin1');
    const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
    if (meta && isSupportedCharset(meta)) return meta.toLowerCase();
  }
  return 'utf-8';
}

/** 'utf-16le' or 'utf-16be' when the first bytes have the zero bytes of mostly-ASCII UTF-16 text, else undefined. */
function utf16Flavour(body: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const sample = body.subarray(0, 1024);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

function isSupportedCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

function decodeText(body: Buffer, charset: string): string {
  return new TextDecoder(charset).decode(body);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function tooLarge(maxBytes: number): FetchError {
  return new FetchError('TOO_LARGE', `The document is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
}

function toFetchError(cause: unknown, signal: AbortSignal): Error {
  if (cause instanceof FetchError || cause instanceof UrlError) return cause;
  const code = (cause as { code?: string }).code ?? '';
  if (signal.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new FetchError('TIMEOUT', 'The site took too long to answer.', { cause, isTransient: true });
  }
  if (code === 'ERR_BUFFER_TOO_LARGE' || /Cannot create a Buffer larger|maxOutputLength|Z_BUF_ERROR/i.test(String(cause))) {
    return new FetchError('TOO_LARGE', 'The document is too large to read.', { cause });
  }
  if (code.startsWith('Z_') || code.startsWith('ERR__')) {
    return new FetchError('UNSUPPORTED_CONTENT', 'The site sent a damaged compressed response.', { cause });
  }
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME|DEPTH_ZERO/.test(code)) {
    return new FetchError('TLS_FAILED', "The site's security certificate could not be verified.", { cause });
  }
  return new FetchError('CONNECT_FAILED', 'The site could not be reached.', { cause, isTransient: true });
}

/** At most this many fetches to one destination (resolved address and port) run at once; the others wait their turn. */
export const MAX_PER_DESTINATION = 2;
const destinations = new Map<string, PQueue>();

/** A destination is the address the socket will reach, so many names for one server share its limit. */
function destinationOf(url: URL, addresses: readonly ResolvedAddress[]): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${addresses[0]!.address}|${port}`;
}

/**
 * Runs a task when the destination has a free slot. A waiter whose deadline passes fails at
 * once with TIMEOUT; p-queue skips its task when its turn comes, so no slot is lost.
 */
async function withDestinationSlot<T>(key: string, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
  let queue = destinations.get(key);
  if (!queue) {
    const created = new PQueue({ concurrency: MAX_PER_DESTINATION });
    created.on('idle', () => {
      if (destinations.get(key) === created) destinations.delete(key);
    });
    destinations.set(key, (queue = created));
  }
  let onAbort = () => undefined as void;
  const timedOut = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new FetchError('TIMEOUT', 'The site took too long to answer.', { isTransient: true }));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([queue.add(task, { signal, throwOnTimeout: true }) as Promise<T>, timedOut]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
