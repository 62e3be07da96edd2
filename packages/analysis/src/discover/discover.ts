import type { DocumentType } from '@fineprint/contracts';
import { parseHTML } from 'linkedom';
import { AnalysisError, DiscoveryError } from '../errors';
import { fetchDocument, type FetchedDocument, type FetchOptions } from '../fetch/guarded-fetch';
import { parseHttpUrl } from '../fetch/normalize-url';

export interface DiscoverOptions extends FetchOptions {
  /** Requests one discovery may send, the first page included. Default 10. */
  maxRequests?: number;
  /** Progress messages ("Reading https://…"). */
  onProgress?: (message: string) => void;
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
  const budget = { left: options.maxRequests ?? 10 };
  const tried: string[] = [];
  const found = new Map<DocumentType, DiscoveredDocument>();
  const fetchCounted = async (url: string, fetchOptions: FetchOptions = options): Promise<FetchedDocument | undefined> => {
    if (budget.left <= 0 || tried.includes(url)) return undefined;
    budget.left--;
    tried.push(url);
    options.onProgress?.(`Reading ${url}`);
    try {
      return await fetchDocument(url, fetchOptions);
    } catch {
      // A hostile or broken link is skipped: the guard already refused it.
      return undefined;
    }
  };

  const first = await fetchFirstPage(start, options, budget, tried);
  const site = siteKey(new URL(first.url).hostname);
  const sameSite = (url: string) => {
    try {
      return siteKey(new URL(url).hostname) === site;
    } catch {
      return false;
    }
  };
  const accept = (type: DocumentType, fetched: FetchedDocument) => {
    if (!found.has(type)) found.set(type, { type, url: fetched.url, fetched });
  };

  const startType = legalTypeOf(first);
  for (const type of startType) accept(type, first);

  const candidates = collectLinks(first);
  const tryBest = async (list: Candidate[]) => {
    for (const type of ['terms', 'privacy'] as const) {
      if (found.has(type)) continue;
      const ranked = list.filter((c) => c.score[type] >= 30 && sameSite(c.url)).sort((a, b) => b.score[type] - a.score[type]);
      for (const candidate of ranked.slice(0, 2)) {
        const fetched = await fetchCounted(candidate.url);
        if (!fetched) continue;
        const types = legalTypeOf(fetched, type, candidate.declared);
        // A combined "Terms & Privacy" page serves both documents.
        for (const t of types) accept(t, fetched);
        if (found.has(type)) break;
      }
    }
  };
  await tryBest(candidates);

  if (!found.has('terms') || !found.has('privacy')) {
    for (const hub of candidates.filter((c) => c.isHub && sameSite(c.url)).slice(0, 1)) {
      const page = await fetchCounted(hub.url);
      if (page) await tryBest(collectLinks(page));
    }
  }
  const origin = new URL(first.url).origin;
  for (const type of ['terms', 'privacy'] as const) {
    for (const path of WELL_KNOWN[type]) {
      // Keep three requests for the sitemap and the two pages it may point to.
      if (found.has(type) || budget.left <= 3) break;
      const fetched = await fetchCounted(`${origin}${path}`);
      if (fetched && sameSite(fetched.url)) for (const t of legalTypeOf(fetched, type)) accept(t, fetched);
    }
  }
  if (!found.has('terms') || !found.has('privacy')) {
    const sitemap = await fetchCounted(`${origin}/sitemap.xml`, { ...options, acceptXml: true });
    const locs = [...(sitemap?.text ?? '').matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => m[1]!);
    await tryBest(
      locs.map((url) => ({
        url,
        score: { terms: TERMS_PATH.test(url) ? 40 : 0, privacy: PRIVACY_PATH.test(url) ? 40 : 0 },
        isHub: false,
        declared: false,
      })),
    );
  }
  if (found.size === 0) {
    throw new DiscoveryError(
      'NO_DOCUMENTS',
      `No Terms of Service or Privacy Policy could be found on ${new URL(first.url).hostname}. Tried the page's links, legal pages, the usual addresses (/terms, /privacy) and the sitemap: ${tried.length} pages read.`,
    );
  }
  return [...found.values()].sort((a, b) => (a.type === 'terms' ? -1 : 1) - (b.type === 'terms' ? -1 : 1));
}

async function fetchFirstPage(start: URL, options: DiscoverOptions, budget: { left: number }, tried: string[]): Promise<FetchedDocument> {
  budget.left--;
  tried.push(start.href);
  options.onProgress?.(`Reading ${start.href}`);
  try {
    return await fetchDocument(start, options);
  } catch (error) {
    // www ↔ apex: many sites answer on only one of the two names.
    if (!(error instanceof AnalysisError) || !['DNS_FAILED', 'CONNECT_FAILED', 'TIMEOUT'].includes(error.code)) throw error;
    const alternate = new URL(start.href);
    alternate.hostname = start.hostname.startsWith('www.') ? start.hostname.slice(4) : `www.${start.hostname}`;
    budget.left--;
    tried.push(alternate.href);
    try {
      return await fetchDocument(alternate, options);
    } catch {
      throw error;
    }
  }
}

/**
 * Which legal documents a fetched page is, judged by its address and title/first heading; a
 * page reached through a link for the expected type counts when long enough, or at once when
 * the link declared it (rel="terms-of-service", rel="privacy-policy").
 */
function legalTypeOf(fetched: FetchedDocument, expected?: DocumentType, declared = false): DocumentType[] {
  const path = decodeURIComponent(new URL(fetched.url).pathname);
  let title = '';
  if (fetched.mediaType === 'html') {
    const head = fetched.text.slice(0, 200_000);
    title = `${/<title[^>]*>([^<]*)/i.exec(head)?.[1] ?? ''} ${/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(head)?.[1]?.replace(/<[^>]+>/g, '') ?? ''}`;
  } else if (fetched.mediaType !== 'pdf') {
    title = fetched.text.slice(0, 300);
  }
  const types: DocumentType[] = [];
  const words = fetched.mediaType === 'pdf' ? 1000 : (fetched.text.replace(/<[^>]+>/g, ' ').match(/\p{L}+/gu) ?? []).length;
  if (words < 150) return types;
  const isTerms = TERMS_TEXT.test(title) || TERMS_PATH.test(path);
  const isPrivacy = (PRIVACY_TEXT.test(title) || PRIVACY_PATH.test(path)) && !/cookie/i.test(path);
  if (isTerms) types.push('terms');
  if (isPrivacy) types.push('privacy');
  if (types.length === 0 && expected && (declared || words > 400)) types.push(expected);
  return types;
}

function collectLinks(page: FetchedDocument): Candidate[] {
  if (page.mediaType !== 'html') return [];
  const { document } = parseHTML(page.text.slice(0, 2_000_000));
  const base = document.querySelector('base[href]')?.getAttribute('href');
  const resolve = (href: string | null): string | undefined => {
    if (!href || /^(javascript|mailto|tel|data):/i.test(href.trim())) return undefined;
    try {
      const url = parseHttpUrl(href.trim(), base ? new URL(base, page.url) : page.url);
      url.hash = '';
      return url.href;
    } catch {
      return undefined;
    }
  };
  const byUrl = new Map<string, Candidate>();
  const add = (url: string | undefined, terms: number, privacy: number, isHub = false, declared = false) => {
    if (!url || url === page.url) return;
    const c = byUrl.get(url) ?? { url, score: { terms: 0, privacy: 0 }, isHub: false, declared: false };
    c.score.terms = Math.max(c.score.terms, terms);
    c.score.privacy = Math.max(c.score.privacy, privacy);
    c.isHub ||= isHub;
    c.declared ||= declared;
    byUrl.set(url, c);
  };
  for (const el of document.querySelectorAll('link[rel], a[rel]')) {
    const rel = (el.getAttribute('rel') ?? '').toLowerCase();
    if (rel.includes('terms-of-service')) add(resolve(el.getAttribute('href')), 100, 0, false, true);
    if (rel.includes('privacy-policy')) add(resolve(el.getAttribute('href')), 0, 100, false, true);
  }
  const anchors = [...document.querySelectorAll('a[href]')].slice(0, 3000);
  for (const a of anchors) {
    const url = resolve(a.getAttribute('href'));
    if (!url) continue;
    const text = (a.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
    const path = decodeURIComponent(new URL(url).pathname);
    const inFooter = Boolean(a.closest('footer, [role=contentinfo], [class*=footer i], [id*=footer i]'));
    const bonus = inFooter ? 10 : 0;
    const penalty = NOT_A_POLICY.test(text) ? 40 : 0;
    const terms = (TERMS_TEXT.test(text) ? 50 : 0) + (TERMS_PATH.test(path) ? 30 : 0) + bonus - penalty;
    const privacy =
      (PRIVACY_TEXT.test(text) ? 50 : 0) + (PRIVACY_PATH.test(path) ? 30 : 0) + bonus - (penalty && !PRIVACY_TEXT.test(text) ? penalty : 0);
    add(url, terms, privacy, HUB_TEXT.test(text) || /^\/(legal|policies)\/?$/i.test(path));
  }
  return [...byUrl.values()];
}

/** Registrable-domain approximation: the last two labels, three under two-letter country SLDs. */
function siteKey(hostname: string): string {
  const labels = hostname.toLowerCase().replace(/\.$/, '').split('.');
  if (/^\d+$/.test(labels[labels.length - 1] ?? '') || hostname.includes(':')) return hostname;
  const takeThree =
    labels.length >= 3 && /^(co|com|org|net|gov|ac|edu)$/.test(labels[labels.length - 2]!) && labels[labels.length - 1]!.length === 2;
  return labels.slice(takeThree ? -3 : -2).join('.');
}
