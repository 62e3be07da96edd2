import type { DocumentType } from '@fineprint/contracts';
import { parse as parseDomain } from 'tldts';
import { AnalysisError, DiscoveryError, FetchError } from '../errors';
import { parseHtml } from '../extract/parse-html';
import { fetchDocument, type FetchedDocument, type FetchOptions } from '../fetch/guarded-fetch';
import { parseHttpUrl } from '../fetch/normalize-url';
import type { BrowserSettings } from '../render/browser';
import { openRenderSession, type RenderBudget, type RenderSession } from '../render/render';

export interface DiscoverOptions extends FetchOptions {
  /** Requests one discovery may send, the first page included. Default 10. */
  maxRequests?: number;
  /** Progress messages ("Reading https://…"). */
  onProgress?: (message: string) => void;
  /** The headless browser for pages whose text or links only scripts produce; unset: plain fetches only. */
  browser?: BrowserSettings | undefined;
  /** Limits of one rendered page (each render also counts as one of maxRequests). */
  renderBudget?: Partial<RenderBudget> | undefined;
}

export interface DiscoveredDocument {
  type: DocumentType;
  url: string;
  fetched: FetchedDocument;
}

/** Whole words or phrases, in any script: `\b` would miss words that end in an accent ("confidentialité"). */
const words = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'iu');
const TERMS_TEXT = words(
  "terms|conditions|user agreement|terms of (?:service|use)|nutzungsbedingungen|agb|geschäftsbedingungen|conditions (?:générales|d['’]utilisation)|cgu|cgv|términos|condiciones|termos|condições|condizioni|termini",
);
const PRIVACY_TEXT = words(
  'privacy|data (?:policy|protection)|datenschutz\\p{L}*|confidentialité|données personnelles|privacidad|privacidade|protección de datos|riservatezza|informativa sulla privacy',
);
const TERMS_PATH = /(terms|tos\b|conditions|user-?agreement|agb|cgu|cgv|nutzungsbedingungen|terminos|termos|condizioni|legal\/terms)/i;
const PRIVACY_PATH = /(privacy|datenschutz|confidentialite|privacidad|privacidade|data-?policy|data-?protection)/i;
const HUB_TEXT =
  /^(legal|legal (notices?|information|center|centre|hub)|policies|rechtliches|impressum|mentions légales|aviso legal|note legali|informações legais)$/i;
const NOT_A_POLICY = words('cookies?|law enforcement|copyright|trademark|brand|guidelines|accessibility|careers|investor');
const WELL_KNOWN: Record<DocumentType, string[]> = {
  terms: ['/terms', '/terms-of-service', '/legal/terms', '/tos'],
  privacy: ['/privacy', '/privacy-policy', '/legal/privacy'],
};

interface Candidate {
  url: string;
  score: Record<DocumentType, number>;
  isHub: boolean;
  /** The page declares the link with rel="terms-of-service" or rel="privacy-policy". */
  declared: boolean;
  /** The fragment ("#privacy-policy") of the best link for a type: on a page holding several documents, the part it points to. */
  fragments?: Partial<Record<DocumentType, string>>;
}

/**
 * Finds a site's Terms of Service and Privacy Policy from any of its pages: the address itself
 * when it already is a policy, rel="terms-of-service"/"privacy-policy" links, scored link text
 * and paths (English, French, German, Spanish, Portuguese, Italian), one level of "Legal" hub
 * pages, well-known paths, then the sitemap; www and apex are tried for one another. Stays on
 * the same site and sends at most maxRequests requests. Throws DiscoveryError (NO_DOCUMENTS)
 * naming what was tried, or the FetchError of the first page.
 */
export async function discoverLegalDocuments(start: URL, options: DiscoverOptions = {}): Promise<DiscoveredDocument[]> {
  // One browser context for the whole discovery, opened only if a page needs scripts.
  const session = options.browser
    ? openRenderSession({ browser: options.browser, fetchOptions: options, signal: options.signal, budget: options.renderBudget })
    : undefined;
  try {
    return await discoverWith(start, options, session);
  } finally {
    await session?.close();
  }
}

async function discoverWith(start: URL, options: DiscoverOptions, session: RenderSession | undefined): Promise<DiscoveredDocument[]> {
  const budget = { left: options.maxRequests ?? 10 };
  const tried: string[] = [];
  const found = new Map<DocumentType, DiscoveredDocument>();
  /** The error of a bot wall or of a render stopped at the deadline, said when nothing else is found. */
  let telling: AnalysisError | undefined;
  const renderCounted = async (url: string): Promise<PageFacts | undefined> => {
    if (!session || budget.left <= 0 || options.signal?.aborted) return undefined;
    budget.left--;
    options.onProgress?.(`Rendering ${url}`);
    try {
      return readPage(await session.render(url));
    } catch (error) {
      // A page that needs more memory than a browser may have ends the analysis: its site is not read (issue 24).
      if (error instanceof AnalysisError && error.code === 'TOO_MUCH_MEMORY') throw error;
      if (error instanceof AnalysisError && (error.code === 'BOT_WALL' || error.code === 'TIMEOUT')) telling ??= error;
      return undefined;
    }
  };
  const fetchCounted = async (url: string, fetchOptions: FetchOptions = options): Promise<PageFacts | undefined> => {
    if (budget.left <= 0 || tried.includes(url) || options.signal?.aborted) return undefined;
    tried.push(url);
    // A hash route is the same document as its page until scripts run: render it at once.
    if (session && isHashRoute(url)) return renderCounted(url);
    budget.left--;
    options.onProgress?.(`Reading ${url}`);
    let facts: PageFacts;
    try {
      facts = readPage(await fetchDocument(url, fetchOptions));
    } catch (error) {
      if (error instanceof AnalysisError && error.code === 'BOT_WALL') telling ??= error;
      // A hostile or broken link is skipped: the guard already refused it.
      return undefined;
    }
    if (!needsScripts(facts, DOCUMENT_SHELL_WORDS)) return facts;
    // A legal page whose text scripts load: the rendered page when it says more.
    const rendered = await renderCounted(facts.page.url);
    return rendered && rendered.words > facts.words ? rendered : facts;
  };

  let first = readPage(await fetchFirstPage(start, options, budget, tried));
  // An app shell, or a page whose legal links (one or both) only scripts write: read it again rendered.
  if (needsScripts(first) || (first.scripts > 0 && legalTypeOf(first).length === 0 && !linksBothDocuments(first))) {
    first = (await renderCounted(first.page.url)) ?? first;
  }
  const site = siteOf(new URL(first.page.url).hostname);
  const sameSite = (url: string) => {
    try {
      return siteOf(new URL(url).hostname) === site;
    } catch {
      return false;
    }
  };
  const accept = (type: DocumentType, facts: PageFacts, fragment = '') => {
    const url = fragment && !new URL(facts.page.url).hash ? new URL(fragment, facts.page.url).href : facts.page.url;
    if (!found.has(type)) found.set(type, { type, url, fetched: facts.page });
  };

  for (const type of legalTypeOf(first)) accept(type, first);

  const tryBest = async (list: Candidate[]) => {
    for (const type of ['terms', 'privacy'] as const) {
      if (found.has(type)) continue;
      const ranked = list.filter((c) => c.score[type] >= 30 && sameSite(c.url)).sort((a, b) => b.score[type] - a.score[type]);
      for (const candidate of ranked.slice(0, 2)) {
        const facts = await fetchCounted(candidate.url);
        if (!facts) continue;
        // A combined "Terms & Privacy" page serves both documents.
        for (const t of legalTypeOf(facts, type, candidate.declared)) accept(t, facts, candidate.fragments?.[t]);
        if (found.has(type)) break;
      }
    }
  };
  await tryBest(first.candidates);

  if (!found.has('terms') || !found.has('privacy')) {
    for (const hub of first.candidates.filter((c) => c.isHub && sameSite(c.url)).slice(0, 1)) {
      const page = await fetchCounted(hub.url);
      if (page) await tryBest(page.candidates);
    }
  }
  const origin = new URL(first.page.url).origin;
  for (const type of ['terms', 'privacy'] as const) {
    for (const path of WELL_KNOWN[type]) {
      // Keep three requests for the sitemap and the two pages it may point to.
      if (found.has(type) || budget.left <= 3) break;
      const facts = await fetchCounted(`${origin}${path}`);
      if (facts && sameSite(facts.page.url)) for (const t of legalTypeOf(facts, type)) accept(t, facts);
    }
  }
  if (!found.has('terms') || !found.has('privacy')) {
    const sitemap = await fetchCounted(`${origin}/sitemap.xml`, { ...options, acceptXml: true });
    await tryBest(
      sitemapLocations(sitemap?.page.text ?? '').map((url) => ({
        url,
        score: { terms: TERMS_PATH.test(url) ? 40 : 0, privacy: PRIVACY_PATH.test(url) ? 40 : 0 },
        isHub: false,
        declared: false,
      })),
    );
  }
  if (found.size === 0) {
    if (telling) throw telling;
    if (options.signal?.aborted) throw new FetchError('TIMEOUT', 'The site took too long to answer.', { isTransient: true });
    throw new DiscoveryError(
      'NO_DOCUMENTS',
      `No Terms of Service or Privacy Policy could be found on ${new URL(first.page.url).hostname}. Tried the page's links, legal pages, the usual addresses (/terms, /privacy) and the sitemap: ${tried.length} pages read.`,
    );
  }
  return [...found.values()].sort((a, b) => (a.type === 'terms' ? -1 : 1) - (b.type === 'terms' ? -1 : 1));
}

/** Sitemap entries read at most. */
const MAX_SITEMAP_URLS = 5000;

/** The <loc> addresses of a sitemap (the pattern is anchored on a literal tag, so it runs in linear time). */
function sitemapLocations(xml: string): string[] {
  const urls: string[] = [];
  for (const match of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)) {
    urls.push(match[1]!);
    if (urls.length >= MAX_SITEMAP_URLS) break;
  }
  return urls;
}

async function fetchFirstPage(start: URL, options: DiscoverOptions, budget: { left: number }, tried: string[]): Promise<FetchedDocument> {
  budget.left--;
  tried.push(start.href);
  options.onProgress?.(`Reading ${start.href}`);
  try {
    return await fetchDocument(start, options);
  } catch (error) {
    // www ↔ apex: many sites answer on only one of the two names. Only after a quick failure
    // (a name that does not resolve, a refused connection): a slow site is not asked twice.
    const alternate = alternateHost(start);
    if (!alternate || !(error instanceof AnalysisError) || !['DNS_FAILED', 'CONNECT_FAILED'].includes(error.code)) throw error;
    budget.left--;
    tried.push(alternate.href);
    try {
      return await fetchDocument(alternate, options);
    } catch {
      throw error;
    }
  }
}

/** The www or apex twin of a registrable domain's address; none for IP addresses and other subdomains. */
function alternateHost(url: URL): URL | undefined {
  const info = parseDomain(url.hostname);
  if (info.isIp || !info.domain) return undefined;
  const alternate = new URL(url.href);
  if (info.subdomain === 'www') alternate.hostname = info.domain;
  else if (info.subdomain === '') alternate.hostname = `www.${info.domain}`;
  else return undefined;
  return alternate;
}

/** A client-side route (`#/terms`, `#!/privacy`): only scripts turn it into its document. */
function isHashRoute(url: string): boolean {
  return /#!?\//.test(url);
}

/** Words below which an HTML page with scripts is taken for an app shell (its text comes from scripts). */
const SHELL_WORDS = 150;
/** The same for a page reached as a Terms or Privacy candidate: a real policy is longer than its page's furniture. */
const DOCUMENT_SHELL_WORDS = 400;

/** Whether a page's text or links come from its scripts: an HTML page with scripts and little text, or a hash route. */
function needsScripts(facts: PageFacts, shellWords = SHELL_WORDS): boolean {
  return facts.page.mediaType === 'html' && facts.scripts > 0 && (facts.words < shellWords || isHashRoute(facts.page.url));
}

/** Whether a page links to both a Terms and a Privacy candidate (scripts may write the missing one). */
function linksBothDocuments(facts: PageFacts): boolean {
  const has = (type: DocumentType) => facts.candidates.some((c) => c.score[type] >= 30);
  return has('terms') && has('privacy');
}

/** What discovery needs of one fetched page, read from a single bounded parse. */
interface PageFacts {
  page: FetchedDocument;
  /** Title and first heading (HTML), the first characters (text), empty (PDF). */
  title: string;
  /** Words of text (PDFs count as long). */
  words: number;
  /** Links worth following, scored (HTML only). */
  candidates: Candidate[];
  /** Script elements (HTML only). */
  scripts: number;
}

/** Links read from one page at most: a page of 100,000 links costs no more than one of 3,000. */
const MAX_LINKS = 3000;
const TITLE_CHARS = 300;
const FOOTER = /footer/i;

/**
 * Reads a fetched page once: parse with bounded nesting (parseHtml), then one walk of the tree
 * for its title, first heading, word count and links, knowing on the way down whether a link
 * sits in a footer. No regular expression runs over the raw page.
 */
function readPage(page: FetchedDocument): PageFacts {
  if (page.mediaType === 'pdf') return { page, title: '', words: 1000, candidates: [], scripts: 0 };
  if (page.mediaType !== 'html')
    return { page, title: page.text.slice(0, TITLE_CHARS), words: countWords(page.text), candidates: [], scripts: 0 };
  const document = parseHtml(page.text);
  let words = 0;
  let scripts = 0;
  let h1 = '';
  let base: string | undefined;
  const links: Link[] = [];
  const stack: Array<{ node: HtmlNode; inFooter: boolean }> = [{ node: document.documentElement as unknown as HtmlNode, inFooter: false }];
  while (stack.length > 0) {
    const { node, inFooter: parentInFooter } = stack.pop()!;
    if (node.nodeType === 3) {
      words += countWords(node.textContent ?? '');
      continue;
    }
    if (node.nodeType !== 1) continue;
    const tag = node.nodeName;
    if (tag === 'SCRIPT') scripts++;
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE' || tag === 'NOSCRIPT') continue;
    const inFooter =
      parentInFooter ||
      tag === 'FOOTER' ||
      node.getAttribute('role') === 'contentinfo' ||
      FOOTER.test(node.getAttribute('class') ?? '') ||
      FOOTER.test(node.getAttribute('id') ?? '');
    if (tag === 'BASE' && base === undefined) base = node.getAttribute('href') ?? undefined;
    if (tag === 'H1' && h1 === '') h1 = shortText(node, TITLE_CHARS);
    if ((tag === 'A' || tag === 'LINK') && links.length < MAX_LINKS) {
      const rel = (node.getAttribute('rel') ?? '').toLowerCase();
      const isAnchor = tag === 'A';
      if (isAnchor ? node.getAttribute('href') !== null : rel !== '')
        links.push({ href: node.getAttribute('href'), text: isAnchor ? shortText(node, 120) : '', rel, isAnchor, inFooter });
    }
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, inFooter });
  }
  const title = `${(document.title ?? '').slice(0, TITLE_CHARS)} ${h1}`;
  return { page, title, words, candidates: scoreLinks(page, links, base), scripts };
}

/** A link element or anchor as found on a page. */
interface Link {
  href: string | null;
  text: string;
  rel: string;
  isAnchor: boolean;
  inFooter: boolean;
}

/** The structural view of a linkedom node that readPage walks. */
interface HtmlNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<HtmlNode>;
  getAttribute(name: string): string | null;
}

/** The first `limit` characters of a node's text, whitespace collapsed, without reading the rest of its subtree. */
function shortText(node: HtmlNode, limit: number): string {
  let text = '';
  const stack: HtmlNode[] = [node];
  while (stack.length > 0 && text.length < limit) {
    const current = stack.pop()!;
    if (current.nodeType === 3) text += current.textContent ?? '';
    else for (let i = current.childNodes.length - 1; i >= 0; i--) stack.push(current.childNodes[i]!);
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, limit);
}

function countWords(text: string): number {
  return (text.match(/\p{L}+/gu) ?? []).length;
}

/** A URL's path as a reader sees it; a broken escape ("/%") stays as written. */
function readablePath(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname + (isHashRoute(url) ? parsed.hash.slice(1) : '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Which legal documents a fetched page is, judged by its address and title/first heading; a
 * page reached through a link for the expected type counts when long enough, or at once when
 * the link declared it (rel="terms-of-service", rel="privacy-policy").
 */
function legalTypeOf(facts: PageFacts, expected?: DocumentType, declared = false): DocumentType[] {
  const path = readablePath(facts.page.url);
  const types: DocumentType[] = [];
  if (facts.words < 150) return types;
  const isTerms = TERMS_TEXT.test(facts.title) || TERMS_PATH.test(path);
  const isPrivacy = (PRIVACY_TEXT.test(facts.title) || PRIVACY_PATH.test(path)) && !/cookie/i.test(path);
  if (isTerms) types.push('terms');
  if (isPrivacy) types.push('privacy');
  if (types.length === 0 && expected && (declared || facts.words > 400)) types.push(expected);
  return types;
}

/** A link's fragment ("#privacy-policy"), unless its address keeps it already (a hash route) or it names no part. */
function fragmentOf(href: string | null, resolved: string): string {
  const at = href?.indexOf('#') ?? -1;
  if (!href || at < 0 || new URL(resolved).hash) return '';
  const fragment = href.slice(at).trim();
  return fragment.length > 1 ? fragment : '';
}

function scoreLinks(page: FetchedDocument, links: readonly Link[], base: string | undefined): Candidate[] {
  const resolve = (href: string | null): string | undefined => {
    if (!href || /^(javascript|mailto|tel|data):/i.test(href.trim())) return undefined;
    try {
      const from = base ? new URL(base, page.url) : page.url;
      const url = parseHttpUrl(href.trim(), from);
      // A hash route names a document of its own (parseHttpUrl drops every fragment).
      const hash = new URL(href.trim(), from).hash;
      if (isHashRoute(hash)) url.hash = hash;
      return url.href;
    } catch {
      return undefined;
    }
  };
  const byUrl = new Map<string, Candidate>();
  const add = (url: string | undefined, terms: number, privacy: number, isHub = false, declared = false, fragment = '') => {
    if (!url || url === page.url) return;
    const c = byUrl.get(url) ?? { url, score: { terms: 0, privacy: 0 }, isHub: false, declared: false };
    if (fragment && terms > c.score.terms) (c.fragments ??= {}).terms = fragment;
    if (fragment && privacy > c.score.privacy) (c.fragments ??= {}).privacy = fragment;
    c.score.terms = Math.max(c.score.terms, terms);
    c.score.privacy = Math.max(c.score.privacy, privacy);
    c.isHub ||= isHub;
    c.declared ||= declared;
    byUrl.set(url, c);
  };
  for (const link of links) {
    const url = resolve(link.href);
    if (!url) continue;
    if (link.rel.includes('terms-of-service')) add(url, 100, 0, false, true);
    if (link.rel.includes('privacy-policy')) add(url, 0, 100, false, true);
    if (!link.isAnchor) continue; // a <link> element: only its rel counts
    const path = readablePath(url);
    const bonus = link.inFooter ? 10 : 0;
    const penalty = NOT_A_POLICY.test(link.text) ? 40 : 0;
    const terms = (TERMS_TEXT.test(link.text) ? 50 : 0) + (TERMS_PATH.test(path) ? 30 : 0) + bonus - penalty;
    const privacy =
      (PRIVACY_TEXT.test(link.text) ? 50 : 0) +
      (PRIVACY_PATH.test(path) ? 30 : 0) +
      bonus -
      (penalty && !PRIVACY_TEXT.test(link.text) ? penalty : 0);
    add(url, terms, privacy, HUB_TEXT.test(link.text) || /^\/(legal|policies)\/?$/i.test(path), false, fragmentOf(link.href, url));
  }
  return [...byUrl.values()];
}

/**
 * The site an address belongs to: its registrable domain by the Public Suffix List (so
 * a.github.io and b.github.io are two sites, and example.co.uk is one), or the IP address.
 */
function siteOf(hostname: string): string {
  const info = parseDomain(hostname, { allowPrivateDomains: true });
  return info.isIp || !info.domain ? hostname.toLowerCase() : info.domain;
}
