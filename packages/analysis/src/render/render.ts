import { MESSAGES } from '@fineprint/contracts';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { parse as parseDomain } from 'tldts';
import { AnalysisError, FetchError } from '../errors';
import { isBotWall } from '../fetch/bot-wall';
import { DEFAULT_USER_AGENT, fetchResource, type FetchedDocument, type FetchOptions } from '../fetch/guarded-fetch';
import { parseHttpUrl } from '../fetch/normalize-url';
import { acquirePageSlot, browserProcessMarker, closeSharedBrowser, sharedBrowser, type BrowserSettings } from './browser';
import { watchBrowserMemory, type MemoryWatch } from './memory';

/** What one rendered page may cost. */
export interface RenderBudget {
  /** Wall time for the page, from launch to DOM. Default 15000 ms (and never past the caller's signal). */
  timeMs: number;
  /** Requests the page may have fulfilled, its document included. Default 60. */
  maxRequests: number;
  /** Decoded bytes over all of them. Default 8 MiB. */
  maxBytes: number;
  /** Longest wait for the page to stop changing once the document is in. Default 6000 ms. */
  settleMs: number;
  /**
   * Private resident memory (RssAnon + RssShmem) of the whole browser, all its processes summed,
   * past which the browser is killed and the render answers TOO_MUCH_MEMORY. Measured every
   * 200 ms while the analysis has its page open (render/memory.ts; Linux only). An idle browser
   * holds about 200 MB of it. Default 768 MiB (docs/decisions/0006-browser-path.md, "Memory").
   */
  maxMemoryBytes: number;
}

export interface RenderOptions {
  browser: BrowserSettings;
  /** The guard every request of the page goes through (resolver, allow-list, caps, blocked hosts). */
  fetchOptions?: FetchOptions;
  /** The analysis deadline: the page is closed when it ends, whatever it is doing. */
  signal?: AbortSignal;
  budget?: Partial<RenderBudget>;
}

/** A rendered page: the DOM after scripts ran, as a document, and what it cost. */
export interface RenderedPage extends FetchedDocument {
  requests: number;
  bytes: number;
  /** Requests refused: by type (images, media, fonts, styles…), method, scheme, guard or budget. */
  refused: number;
}

const DEFAULT_BUDGET: RenderBudget = {
  timeMs: 15_000,
  maxRequests: 60,
  maxBytes: 8 * 1024 * 1024,
  settleMs: 6000,
  maxMemoryBytes: 768 * 1024 * 1024,
};
/** Resource types never fetched: nothing the text needs. */
const SKIPPED_TYPES = new Set([
  'image',
  'media',
  'font',
  'stylesheet',
  'texttrack',
  'manifest',
  'eventsource',
  'websocket',
  'ping',
  'other',
]);
/** The text counts as settled after this long without change and without requests in flight. */
const QUIET_MS = 300;
const POLL_MS = 100;
/** Characters of the rendered DOM taken at most (the extractor cuts HTML at 3 MB anyway). */
const MAX_DOM_CHARS = 4 * 1024 * 1024;
/** How long taking a closing page offline may take (a renderer spinning in a script never answers). */
const OFFLINE_GRACE_MS = 2000;
/** How long closing a page's context may take before the whole browser is killed. */
const CLOSE_GRACE_MS = 3000;

/**
 * Removes what reaches the network outside routing (WebRTC's own UDP, WebTransport), and
 * popups, before any script of the page runs, and counts the page's DOM changes.
 */
const INIT_SCRIPT = `(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'WebTransport']) {
    try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch {}
  }
  try { Object.defineProperty(window, 'open', { value: () => null, configurable: false, writable: false }); } catch {}
  // Counts DOM changes, so waiting for the page to settle costs O(1) per look however large the page.
  let changes = 0;
  try {
    new MutationObserver(() => { changes++; }).observe(document, { childList: true, subtree: true, characterData: true });
    Object.defineProperty(window, '__fineprintChanges', { get: () => changes, configurable: false });
  } catch {}
})();`;

/** Words that accept or dismiss a consent dialog, in the six languages discovery reads. */
const CONSENT_BUTTON =
  /^\s*(?:(?:yes,?\s*)?(?:i\s+)?(?:accept|agree|allow|consent)(?:\s+(?:all|cookies|all cookies|and (?:continue|close|proceed))|\s*&\s*close)?|ok(?:ay)?|got it|continue|alle akzeptieren|akzeptieren|zustimmen|einverstanden|tout accepter|accepter(?: et fermer)?|j'accepte|aceptar(?: todo| todas)?|aceitar(?: todos)?|accetta(?: tutto| tutti)?|accetto)\s*[.!]?\s*$/i;
const CONSENT_CONTAINER = /cookie|consent|gdpr|cmp|privacy|banner|notice|dialog|modal|overlay|wall/i;

/** Renders pages of one analysis: one browser context and one page, created at the first render and closed by close(). */
export interface RenderSession {
  /** Renders one address (see renderPage). */
  render(url: string): Promise<RenderedPage>;
  /** Closes the context (killing the browser if it will not close) and gives the page slot back. */
  close(): Promise<void>;
}

/**
 * Opens a render session for one analysis: nothing is launched until the first render, which
 * takes one of the process's page slots (held until close) and opens one context with one page,
 * reused for every later render of the analysis. A render stopped by the deadline or failing in
 * the browser ends the context; a later render opens a new one. While the context is open the
 * browser's memory is watched: past budget.maxMemoryBytes the browser is killed, and this render
 * and every later one of the session fail with TOO_MUCH_MEMORY.
 */
export function openRenderSession(options: RenderOptions): RenderSession {
  const budget = { ...DEFAULT_BUDGET, ...options.budget };
  let opened: Promise<{ context: BrowserContext; page: Page }> | undefined;
  let release: (() => void) | undefined;
  let current: PageState | undefined;
  let target = new URL('about:blank');
  let watch: MemoryWatch | undefined;
  let memoryError: FetchError | undefined;
  const memoryExceeded = new AbortController();

  // From the moment the browser serves this analysis until its context is closed: a page's scripts
  // keep running between renders, while discovery reads other pages.
  const watchMemory = async (): Promise<MemoryWatch | undefined> => {
    const marker = await browserProcessMarker();
    if (!marker) return undefined;
    return watchBrowserMemory(marker, budget.maxMemoryBytes, () => {
      memoryError ??= new FetchError('TOO_MUCH_MEMORY', MESSAGES.pageUsesTooMuchMemory);
      memoryExceeded.abort(memoryError);
      // Its processes are already killed: forget it, so that the next render launches a new one.
      void closeSharedBrowser();
    });
  };

  const open = async (signal: AbortSignal) => {
    release ??= await acquirePageSlot(options.browser, signal).catch(() => {
      throw timedOut();
    });
    const browser = await untilAborted(sharedBrowser(options.browser), signal);
    watch ??= await watchMemory();
    const context = await untilAborted(
      browser.newContext({
        serviceWorkers: 'block',
        acceptDownloads: false,
        javaScriptEnabled: true,
        userAgent: DEFAULT_USER_AGENT,
        locale: 'en-US',
        viewport: { width: 1280, height: 900 },
        permissions: [],
      }),
      signal,
    );
    try {
      await context.addInitScript({ content: INIT_SCRIPT });
      await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: 'No network' }));
      const page = await context.newPage();
      context.on('page', (other) => {
        if (other !== page) void other.close().catch(() => undefined);
      });
      await context.route('**/*', (route) => {
        // Each request belongs to the render under way when it started; a closed render refuses it.
        const state = current ?? CLOSED_STATE;
        const document = target;
        return fulfil(route, page, document, state, budget, { ...options.fetchOptions, signal: state.signal }).catch((error: unknown) => {
          if (isMainDocument(route, page, document, state)) state.documentError ??= error;
        });
      });
      return { context, page };
    } catch (error) {
      await closeContext(context);
      throw error;
    }
  };
  const end = async () => {
    const session = opened;
    opened = undefined;
    const context = (await session?.catch(() => undefined))?.context;
    // Offline first: while a context closes its routes are gone, and a frame's pending navigation
    // would otherwise go out by itself (it met the dead proxy in tests, never a real address).
    // A renderer spinning in a script never answers: wait for it briefly only, but long enough for a busy machine (with
    // 500 ms, a full test run on 2 cores once saw two frame navigations reach the dead proxy).
    if (context)
      await withinMs(
        context.setOffline(true).catch(() => undefined),
        OFFLINE_GRACE_MS,
      );
    await closeContext(context);
    // Stopped only now: a page allocating in a loop keeps growing while its context closes.
    watch?.stop();
    watch = undefined;
  };

  return {
    async render(input: string): Promise<RenderedPage> {
      // A site whose page needed too much memory once is not given a new browser to fill.
      if (memoryError) throw memoryError;
      const signal = AbortSignal.any([
        AbortSignal.timeout(budget.timeMs),
        memoryExceeded.signal,
        ...(options.signal ? [options.signal] : []),
      ]);
      target = parseHttpUrl(input);
      // The fragment stays: a hash route is what the page's scripts read to show its document.
      target.hash = new URL(input).hash;
      const state: PageState = { ...emptyState(), signal };
      if (current) current.closed = true;
      current = state;
      try {
        const isFirst = !opened;
        opened ??= open(signal);
        const { page } = await untilAborted(opened, signal);
        // A fresh document for every render, so a hash route is loaded as such and not only scrolled to.
        if (!isFirst) await untilAborted(page.goto('about:blank', { waitUntil: 'commit', timeout: 0 }), signal);
        return await renderIn(page, target, state, budget, signal);
      } catch (error) {
        // Whatever the browser said as it was killed (target closed, a timeout), memory is why.
        if (memoryError) {
          await end();
          throw memoryError;
        }
        // A page past its deadline may still be spinning, and a browser error leaves the page unknown: start afresh.
        if (!(error instanceof AnalysisError) || error.code === 'TIMEOUT') await end();
        if (error instanceof AnalysisError) throw error;
        if (signal.aborted) throw timedOut();
        throw new FetchError('CONNECT_FAILED', 'The page could not be rendered.', { cause: error, isTransient: true });
      } finally {
        state.closed = true;
      }
    },
    async close(): Promise<void> {
      if (current) current.closed = true;
      await end();
      release?.();
      release = undefined;
    },
  };
}

/**
 * Renders one page in the headless browser when the plain fetch cannot give its text (an app
 * shell, links built by scripts, text loaded by XHR, a cookie wall, a hash route): loads it,
 * waits (bounded) for the text to settle, accepts a consent dialog that hides content, and
 * returns the DOM as an HTML document for the usual extraction. The browser has no network of
 * its own: every request is fulfilled by fetchResource under the caller's guard options, images,
 * media, fonts and styles are not fetched, WebSockets, service workers, downloads and popups
 * are refused, and its context is closed after (the browser is killed if it will not close,
 * e.g. a page burning CPU). Frames of other sites are not loaded. Throws FetchError (TIMEOUT,
 * BOT_WALL, TOO_MUCH_MEMORY past budget.maxMemoryBytes, the document's own fetch error) or
 * AnalysisError. One page: openRenderSession renders several in one context.
 */
export async function renderPage(input: string, options: RenderOptions): Promise<RenderedPage> {
  const session = openRenderSession(options);
  try {
    return await session.render(input);
  } finally {
    await session.close();
  }
}

async function renderIn(page: Page, target: URL, state: PageState, budget: RenderBudget, signal: AbortSignal): Promise<RenderedPage> {
  const response = await untilAborted(
    page.goto(target.href, { waitUntil: 'commit', timeout: 0 }).catch((error: unknown) => {
      throw state.documentError ?? error;
    }),
    signal,
  );
  if (state.documentError) throw state.documentError;
  if (response && (response.status() < 200 || response.status() >= 300)) {
    throw new FetchError('HTTP_STATUS', `The site answered with HTTP status ${response.status()}.`, {
      isTransient: response.status() >= 500 || response.status() === 429,
    });
  }
  await settle(page, state, budget.settleMs, signal);
  if (await untilAborted(acceptConsent(page), signal)) await settle(page, state, budget.settleMs, signal);
  if (state.documentError) throw state.documentError;
  if (!/^https?:/.test(page.url())) throw new FetchError('CONNECT_FAILED', 'The page could not be rendered.', { isTransient: true });
  // page.content(), cut in the page: a script can build a DOM far larger than any document we read.
  const html = await untilAborted(
    page.evaluate((max) => {
      const whole = `${document.doctype ? '<!DOCTYPE html>' : ''}${document.documentElement.outerHTML}`;
      return whole.length > max ? whole.slice(0, max) : whole;
    }, MAX_DOM_CHARS),
    signal,
  );
  if (isBotWall(200, {}, html)) throw new FetchError('BOT_WALL', MESSAGES.siteBlocksAutomatedReaders);
  return {
    url: page.url(),
    mediaType: 'html',
    body: Buffer.from(html, 'utf8'),
    charset: 'utf-8',
    text: html,
    requests: state.requests,
    bytes: state.bytes,
    refused: state.refused,
  };
}

/** What one render has spent, and the addresses its own redirects sent the main frame to. */
interface PageState {
  requests: number;
  bytes: number;
  refused: number;
  inFlight: number;
  closed: boolean;
  /** Main-frame addresses reached through redirects answered by us: they count as the document. */
  documentHops: Set<string>;
  /** Why the document itself could not be fetched (its guard or fetch error), said instead of the browser's. */
  documentError?: unknown;
  /** The render's deadline: every fetch of the page ends with it. */
  signal?: AbortSignal;
}

const emptyState = (): PageState => ({ requests: 0, bytes: 0, refused: 0, inFlight: 0, closed: false, documentHops: new Set() });
/** The state of requests that arrive between renders: refused. */
const CLOSED_STATE: PageState = { ...emptyState(), closed: true };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Redirect hops followed for one request of the page, each a request of its own under the guard. */
const MAX_REDIRECTS = 5;

/**
 * Fulfils one request of the page from the guarded fetcher, or refuses it. Redirects are never
 * handed to Chromium, which would follow them outside routing: a subresource's redirects are
 * followed here (each hop checked by the guard), and a navigation is answered with a page that
 * moves on to the target, so the next hop is a new request that comes through routing again.
 */
async function fulfil(
  route: Route,
  page: Page,
  target: URL,
  state: PageState,
  budget: RenderBudget,
  fetchOptions: FetchOptions,
): Promise<void> {
  const request = route.request();
  const isDocument = isMainDocument(route, page, target, state);
  const refuse = async (error?: unknown) => {
    state.refused++;
    // A navigation other than the document's is cancelled ('aborted' leaves the frame where it was, with no error page).
    await route.abort(request.isNavigationRequest() && !isDocument ? 'aborted' : 'blockedbyclient').catch(() => undefined);
    if (error) throw error;
  };
  if (state.closed || SKIPPED_TYPES.has(request.resourceType()) || request.method() !== 'GET') return refuse();
  if (!isDocument && isCrossSiteFrame(request, page, target)) return refuse();
  if (!/^https?:$/.test(new URL(request.url()).protocol)) return refuse();
  state.inFlight++;
  try {
    const cookie = (await request.headerValue('cookie').catch(() => null)) ?? undefined;
    let url = new URL(request.url());
    for (let hop = 0; ; hop++) {
      if (state.requests >= budget.maxRequests || state.bytes >= budget.maxBytes) return await refuse();
      state.requests++;
      const resource = await fetchResource(url, {
        ...fetchOptions,
        maxBytes: Math.min(fetchOptions.maxBytes ?? 5 * 1024 * 1024, budget.maxBytes - state.bytes),
        accept: request.headers()['accept'],
        // The browser's cookies were meant for the first host only.
        cookie: url.host === new URL(request.url()).host ? cookie : undefined,
      });
      state.bytes += resource.body.length;
      if (isDocument && isBotWall(resource.status, resource.headers, resource.body.subarray(0, 64 * 1024).toString('latin1')))
        return await refuse(new FetchError('BOT_WALL', MESSAGES.siteBlocksAutomatedReaders));
      if (state.closed) return await refuse();
      const location = resource.headers['location'];
      if (REDIRECT_STATUSES.has(resource.status) && location) {
        if (hop >= MAX_REDIRECTS) throw new FetchError('TOO_MANY_REDIRECTS', 'The site redirects too many times.');
        const next = parseHttpUrl(location, url);
        if (request.isNavigationRequest()) {
          if (isDocument) state.documentHops.add(stripHash(next.href));
          return await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: movingOn(next.href) });
        }
        url = next;
        continue;
      }
      const headers = Object.fromEntries(Object.entries(resource.headers).filter(([name]) => name !== 'location'));
      return await route.fulfill({ status: resource.status, headers, body: resource.body });
    }
  } catch (error) {
    await refuse(isDocument ? error : undefined);
  } finally {
    state.inFlight--;
  }
}

/** A page that sends its frame on to an address (a redirect answered as a new navigation). */
function movingOn(href: string): string {
  const escaped = href.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><meta http-equiv="refresh" content="0;url=${escaped}"><title>Redirecting</title>`;
}

/** Whether a request is the page's own document (the address rendered, or a redirect hop from it): its failure is the render's failure. */
function isMainDocument(route: Route, page: Page, target: URL, state: PageState): boolean {
  const request = route.request();
  try {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return false;
  } catch {
    return false;
  }
  const url = stripHash(request.url());
  return url === stripHash(target.href) || state.documentHops.has(url);
}

/**
 * Whether a request loads a frame of another site than the page's. Its text is never read (the
 * page's DOM is, without its frames' documents), and with site isolation each such frame started
 * a renderer process of its own (issue 24: 40 frames, 42 renderers); browser.ts turns isolation
 * off too, for frames that never come through routing (sandboxed srcdoc).
 */
function isCrossSiteFrame(request: Request, page: Page, target: URL): boolean {
  try {
    if (!request.isNavigationRequest() || request.frame() === page.mainFrame()) return false;
  } catch {
    return false;
  }
  const pageUrl = /^https?:/.test(page.url()) ? new URL(page.url()) : target;
  return siteOf(new URL(request.url()).hostname) !== siteOf(pageUrl.hostname);
}

/** A host's site: its registrable domain by the Public Suffix List, or the host itself (an IP address, a name under an unknown suffix). */
function siteOf(hostname: string): string {
  const info = parseDomain(hostname, { allowPrivateDomains: true });
  return info.isIp || !info.domain ? hostname.toLowerCase() : info.domain;
}

function stripHash(url: string): string {
  const at = url.indexOf('#');
  return at < 0 ? url : url.slice(0, at);
}

/**
 * Waits until the document is parsed and its DOM stops changing (the init script's mutation
 * count) for QUIET_MS with no request in flight, or settleMs have passed: whichever comes first. A page whose scripts never yield
 * makes the evaluation hang, and the signal ends it.
 */
async function settle(page: Page, stats: { inFlight: number }, settleMs: number, signal: AbortSignal): Promise<void> {
  const end = Date.now() + settleMs;
  let last = '';
  let quietSince = Date.now();
  while (Date.now() < end) {
    const shape = await untilAborted(
      page
        .evaluate(
          () =>
            `${document.readyState === 'loading' ? 'loading' : 'parsed'}:${String((window as { __fineprintChanges?: number }).__fineprintChanges)}`,
        )
        .catch(() => 'navigating'),
      signal,
    );
    if (shape !== last || stats.inFlight > 0) {
      last = shape;
      quietSince = Date.now();
    } else if (shape.startsWith('parsed:') && Date.now() - quietSince >= QUIET_MS) return;
    await untilAborted(new Promise((resolve) => setTimeout(resolve, POLL_MS)), signal);
  }
}

/**
 * Clicks the accepting button of a consent dialog (a cookie wall hides the content until it is
 * answered): a button or link whose whole text is "Accept", "Agree", "OK"… inside an element
 * whose id, class, role or text speaks of cookies or consent. Returns whether one was clicked.
 */
async function acceptConsent(page: Page): Promise<boolean> {
  return page
    .evaluate(
      ([buttonSource, containerSource]) => {
        const button = new RegExp(buttonSource, 'i');
        const container = new RegExp(containerSource, 'i');
        const candidates = document.querySelectorAll<HTMLElement>('button, a, [role="button"], input[type="button"], input[type="submit"]');
        for (const element of Array.from(candidates).slice(0, 500)) {
          const label = element instanceof HTMLInputElement ? element.value : (element.textContent ?? '');
          if (!button.test(label)) continue;
          let parent: HTMLElement | null = element.parentElement;
          for (let depth = 0; parent && depth < 8; depth++, parent = parent.parentElement) {
            const marks = `${parent.id} ${parent.className} ${parent.getAttribute('role') ?? ''} ${parent.getAttribute('aria-label') ?? ''}`;
            if (container.test(marks) || /cookie|consent/i.test((parent.textContent ?? '').slice(0, 2000))) {
              element.click();
              return true;
            }
          }
        }
        return false;
      },
      [CONSENT_BUTTON.source, CONSENT_CONTAINER.source] as const,
    )
    .catch(() => false);
}

/** Closes a page's context; when Chromium does not manage within the grace period (a renderer spinning), the browser is killed. */
async function closeContext(context: BrowserContext | undefined): Promise<void> {
  if (!context) return;
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    context.close().then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS))),
  ]);
  clearTimeout(timer);
  if (!closed) await closeSharedBrowser();
}

/** Waits for a promise at most `ms` milliseconds (whichever settles first). */
async function withinMs(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Resolves as the promise does, or rejects with TIMEOUT as soon as the signal ends. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(timedOut());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

function timedOut(): FetchError {
  return new FetchError('TIMEOUT', 'The page kept the browser busy past the deadline, so reading it was stopped.', { isTransient: true });
}
