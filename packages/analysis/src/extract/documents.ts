import type { DocumentType } from '@fineprint/contracts';

/** The DOM element shape this module reads (linkedom's, kept structural). */
export interface El {
  nodeType: number;
  nodeName: string;
  id: string;
  parentElement: El | null;
  children: ArrayLike<El>;
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
  textContent: string | null;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
  remove(): void;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): Iterable<El>;
}

/** What the caller knows of the document it wants from a page: its address (a fragment names a part) and its type. */
export interface ExtractTarget {
  url?: string;
  type?: DocumentType;
}

/** 'supplement': additional terms, kept with the terms they add to. */
type Kind = DocumentType | 'supplement' | 'other';

/** Titles that name a whole legal document (in a heading, a link to an in-page part, or an id). */
const KINDS: ReadonlyArray<[Kind, RegExp]> = [
  [
    'privacy',
    /\b(?:privacy|data protection|personal (?:data|information))\s+(?:policy|notice|statement|charter)\b|\bpolitique de confidentialit|\bdatenschutz(?:erkl|hinweis|richtlinie)|\bpol[ií]tica de privacidad|\binformativa (?:sulla )?privacy/i,
  ],
  [
    'terms',
    /\bterms\s+(?:of\s+(?:service|use|sale)|and\s+conditions|&\s+conditions)\b|\b(?:user|service|subscriber|customer|subscription)\s+agreement\b|\bconditions\s+(?:g[ée]n[ée]rales|of\s+use)|\bnutzungsbedingungen\b|\bt[ée]rminos\s+(?:y\s+condiciones|de\s+(?:uso|servicio))/i,
  ],
  ['supplement', /\b(?:additional|supplemental|supplementary)\s+(?:[\w-]+\s+){0,2}terms\b/i],
  [
    'other',
    /\bcookies?\s+(?:policy|notice|statement)\b|\b(?:acceptable|fair)\s+use\b|\busage\s+polic|\bdata\s+processing\s+(?:addendum|agreement)\b|\bcommunity\s+(?:guidelines|standards)\b|\bcode\s+of\s+conduct\b|\bimpressum\b|\blegal\s+notice\b|\bcopyright\s+polic|\bdmca\b/i,
  ],
];
/** A title that names a superseded version: chosen only when nothing current is there. */
const SUPERSEDED = /\b(?:archived?|previous|former|prior|old|past)\b/i;
/** A part is a document of its own only with at least this much text. */
const MIN_SECTION_CHARS = 1500;
/** Candidates looked at, at most (a page could name thousands). */
const MAX_CANDIDATES = 200;
/** Share of the page's text the parts of a hub hold together, at least. */
const MOST_OF_PAGE_IN_PARTS = 0.5;

/** A title's kind when the title is mostly a document name ("Privacy Policy", not "9. Changes to this Privacy Policy" in a long line). */
function kindOf(title: string): Kind | undefined {
  const text = title.replace(/\s+/g, ' ').trim();
  // A numbered heading is a part of one document; a name after "this", "to", "about" … speaks of a document.
  if (!text || text.length > 80 || /^(?:\d+|[ivx]+|[a-z])[.)]\s/i.test(text)) return undefined;
  for (const [kind, pattern] of KINDS) {
    const match = pattern.exec(text);
    if (match)
      return /\b(?:this|these|the|our|your|to|of|about|in|under|by|changes?|updates?)\s*$/i.test(text.slice(0, match.index))
        ? undefined
        : kind;
  }
  return undefined;
}

interface Candidate {
  element: El;
  title: string;
  kind: Kind;
}

export interface ChosenDocument {
  title: string;
}

/**
 * One URL, several documents (a legal hub: terms, privacy policy, cookie policy … as sibling
 * parts, often tabs or collapsed sections): keeps the part the address's fragment points to,
 * else the part of the requested type, else the first Terms or Privacy part, and removes the
 * other parts from the document. The parts are found by their titles — headings naming a
 * document, else containers that in-page links (tabs, a table of documents) or their ids name —
 * each part being the largest container holding one title and no other. Returns undefined
 * (document untouched) unless two parts of real length exist and together hold most of the
 * page: a single policy with a "Cookie Policy" section is no hub. `size` gives an element's
 * text length. Cost: one walk of the body, then O(titles × depth).
 */
export function keepOneDocument(body: El, size: (el: El) => number, target: ExtractTarget = {}): ChosenDocument | undefined {
  const sections = documentParts(body, size, 'headings') ?? documentParts(body, size, 'tabs');
  if (!sections) return undefined;
  const chosen = pick(sections, body, target);
  // Terms keep the additional terms beside them; a privacy policy its notices for a region ("California Privacy Notice").
  const joins = (s: Part) =>
    chosen.kind === 'terms' ? s.kind === 'supplement' : chosen.kind === 'privacy' && s.kind === 'privacy' && !SUPERSEDED.test(s.title);
  const kept = new Set([chosen.section, ...sections.filter(joins).map((s) => s.section)]);
  // The other parts go; so does every other child of the chosen part's parent when that parent holds parts side by side.
  const parent = chosen.section.parentElement;
  const sideBySide = parent && sections.some((s) => !kept.has(s.section) && s.section.parentElement === parent);
  for (const s of sections) if (!kept.has(s.section)) s.section.remove();
  if (sideBySide) for (const sibling of Array.from(parent.children)) if (!kept.has(sibling)) sibling.remove();
  for (const section of kept) reveal(section);
  return { title: chosen.title };
}

type Part = Candidate & { section: El };

function documentParts(body: El, size: (el: El) => number, by: 'headings' | 'tabs'): Part[] | undefined {
  const titles = findTitles(body, by);
  if (titles.length < 2) return undefined;
  const count = new Map<El, number>();
  for (const c of titles) for (let a = c.element.parentElement; a; a = a.parentElement) count.set(a, (count.get(a) ?? 0) + 1);
  const parts: Part[] = [];
  for (const c of titles) {
    let section = c.element;
    while (section.parentElement && section.parentElement !== body && count.get(section.parentElement) === 1)
      section = section.parentElement;
    if (size(section) >= MIN_SECTION_CHARS && !parts.some((s) => s.section === section)) parts.push({ ...c, section });
  }
  const covered = parts.reduce((n, s) => n + size(s.section), 0);
  if (parts.length < 2 || !parts.some((s) => s.kind === 'terms' || s.kind === 'privacy') || covered < MOST_OF_PAGE_IN_PARTS * size(body))
    return undefined;
  return parts;
}

/**
 * The titles of the page that are no part of another titled part, in one walk in document
 * order. By headings: a heading naming a document, unless it follows a title heading of a
 * higher level (its own sub-heading: "Buffer, Inc Terms of Use" under "Current Terms of Use").
 * By tabs: an element whose id, or the text of an in-page link to it, names a document; a
 * titled element is not walked into.
 */
function findTitles(body: El, by: 'headings' | 'tabs'): Candidate[] {
  const linkTitles = new Map<string, string>();
  if (by === 'tabs')
    for (const link of body.querySelectorAll('a[href^="#"]')) {
      const id = (link.getAttribute('href') ?? '').slice(1);
      if (id && !linkTitles.has(id)) linkTitles.set(id, link.textContent ?? '');
    }
  const found: Candidate[] = [];
  const headings: Array<{ level: number; isTitle: boolean }> = [];
  const stack: El[] = [body];
  while (stack.length > 0 && found.length < MAX_CANDIDATES) {
    const element = stack.pop()!;
    const tag = element.nodeName.toUpperCase();
    const isHeading = /^H[1-6]$/.test(tag);
    let kind: Kind | undefined;
    let title = '';
    if (isHeading && by === 'headings') {
      const level = Number(tag[1]);
      while (headings.length > 0 && headings[headings.length - 1]!.level >= level) headings.pop();
      const isSub = headings.some((h) => h.isTitle);
      title = level <= 4 ? (element.textContent ?? '') : '';
      kind = kindOf(title);
      headings.push({ level, isTitle: kind !== undefined });
      if (isSub) kind = undefined;
    } else if (!isHeading && by === 'tabs' && element.id) {
      title = linkTitles.get(element.id) || element.id.replace(/[-_]+/g, ' ');
      kind = kindOf(title);
    }
    if (kind) found.push({ element, title: title.replace(/\s+/g, ' ').trim(), kind });
    if (kind || isHeading) continue;
    const children = Array.from(element.children);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

function pick<T extends Candidate & { section: El }>(sections: T[], body: El, target: ExtractTarget): T {
  const fragment = fragmentOf(target.url);
  if (fragment) {
    const anchor = Array.from(body.querySelectorAll('[id],a[name]')).find(
      (el) => el.id === fragment || el.getAttribute('name') === fragment,
    );
    for (let a: El | null | undefined = anchor; a; a = a.parentElement) {
      const hit = sections.find((s) => s.section === a);
      if (hit) return hit;
    }
  }
  const ofKind = (kinds: readonly Kind[]) => {
    const matching = sections.filter((s) => kinds.includes(s.kind));
    return matching.find((s) => !SUPERSEDED.test(s.title)) ?? matching[0];
  };
  return (target.type && ofKind([target.type])) || ofKind(['terms', 'privacy']) || sections[0]!;
}

function fragmentOf(url: string | undefined): string {
  const at = url?.indexOf('#') ?? -1;
  if (!url || at < 0) return '';
  try {
    return decodeURIComponent(url.slice(at + 1));
  } catch {
    return url.slice(at + 1);
  }
}

/** A part kept from a hub may be a closed tab: it and its ancestors are shown. */
function reveal(element: El): void {
  for (let a: El | null = element; a; a = a.parentElement) {
    a.removeAttribute('hidden');
    if (a.getAttribute('aria-hidden') === 'true') a.removeAttribute('aria-hidden');
    if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(a.getAttribute('style') ?? '')) a.removeAttribute('style');
  }
}
