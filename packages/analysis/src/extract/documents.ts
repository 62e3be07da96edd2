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

/** Words before a document's name that make the title speak of the document ("Changes to our Privacy Policy"). */
const SPOKEN_OF = /\b(?:this|these|the|our|your|to|of|about|in|under|by|changes?|updates?)\s*$/i;

/** A title's kind when the title is mostly a document name ("Privacy Policy", not "9. Changes to this Privacy Policy" in a long line). */
function kindOf(title: string): Kind | undefined {
  const text = title.replace(/\s+/g, ' ').trim();
  // A numbered heading is a part of one document; a name after "this", "to", "about" … speaks of a document.
  if (!text || text.length > 80 || /^(?:\d+|[ivx]+|[a-z])[.)]\s/i.test(text)) return undefined;
  for (const [kind, pattern] of KINDS) {
    const match = pattern.exec(text);
    if (match) return SPOKEN_OF.test(text.slice(0, match.index)) ? undefined : kind;
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
  return (
    (target.type && ofKind([target.type])) ||
    // Nothing says which document is wanted: the page's own identity does, when its signals agree.
    ownPart(sections, body, target.url, ofKind) ||
    ofKind(['terms', 'privacy']) ||
    sections[0]!
  );
}

/** The two documents a page's identity can choose between. */
type Named = 'terms' | 'privacy';
const isNamed = (kind: Kind): kind is Named => kind === 'terms' || kind === 'privacy';

/** Words of an address's path segment that name a document ("privacy-policy", "termsofuse", "tos", "agb"). */
const PATH_KINDS: ReadonlyArray<[Named, RegExp]> = [
  ['privacy', /privacy|datenschutz|confidentialit|privacidad|privacite/],
  ['terms', /(?:^|[^a-z])(?:terms?|tos|tou|agb|cgu|cgv|eula|conditions|nutzungsbedingungen)(?:$|[^a-z])|^terms(?:of|and)|user-?agreement/],
];
/** A class naming the state of the current tab or navigation item ("active", "is-selected", "w--current", "Tabs_active__x1"), not "inactive" nor "active:ring". */
const MARKED_CLASS = /(?:^|[-_])(?:active|selected|current)(?:$|__[\w-]+$)/i;
/** Marked elements looked at, at most. */
const MAX_MARKED = 200;

/**
 * The part a page says it is, when no fragment and no type says which one is wanted: from its
 * own identity — the anchor its canonical address (or og:url) points to, the item of its
 * navigation marked current (aria-current, aria-selected, data-state="active", an "active" /
 * "selected" / "current" class) when that item targets an in-page part, and the document named by
 * its title, og:title, an h1 outside the parts, the path of its address, canonical address or
 * og:url, or a current navigation link to the page itself. Undefined when these signals name no
 * Terms or Privacy document, or name both: the caller keeps the first part then.
 */
function ownPart<T extends Part>(
  sections: T[],
  body: El,
  url: string | undefined,
  ofKind: (kinds: readonly Kind[]) => T | undefined,
): T | undefined {
  const root = body.parentElement ?? body;
  const head = root.querySelector('head');
  const meta = (property: string) => head?.querySelector(`meta[property="${property}"]`)?.getAttribute('content') ?? '';
  const canonical = Array.from(head?.querySelectorAll('link[rel]') ?? []).find((link) =>
    (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  );
  const addresses = [url ?? '', canonical?.getAttribute('href') ?? '', meta('og:url')].filter(Boolean);
  const kinds = new Set<Named>();
  const pointed = new Set<T>();
  const inPart = (el: El) => {
    for (let a: El | null = el; a; a = a.parentElement) {
      const hit = sections.find((s) => s.section === a);
      if (hit) return hit;
    }
    return undefined;
  };
  const byId = new Map<string, El>();
  for (const el of body.querySelectorAll('[id],a[name]')) {
    const key = el.id || el.getAttribute('name') || '';
    if (key && !byId.has(key)) byId.set(key, el);
  }
  const point = (id: string, from?: El) => {
    const anchor = byId.get(id);
    const part = anchor && inPart(anchor);
    // A part's own table of contents says nothing about which part the page is.
    if (!part || (from && inPart(from) === part)) return;
    if (isNamed(part.kind)) pointed.add(part);
  };

  // Names: the page's title, og:title, its h1 outside the parts.
  const h1 = Array.from(body.querySelectorAll('h1')).find((h) => !inPart(h));
  for (const name of [head?.querySelector('title')?.textContent ?? '', meta('og:title'), h1?.textContent ?? ''])
    for (const kind of namedKinds(name)) kinds.add(kind);
  // Addresses: an anchor the page's own address points to, else the document its path names.
  for (const address of addresses) {
    const fragment = fragmentOf(address);
    if (fragment && address !== url) point(fragment);
    for (const kind of pathKinds(address)) kinds.add(kind);
  }
  // The navigation item marked current: an in-page part it targets, or the page itself it links to.
  const marked = Array.from(
    body.querySelectorAll(
      '[aria-current],[aria-selected="true"],[data-state="active"],[class*="ctive"],[class*="elected"],[class*="urrent"]',
    ),
  )
    .filter(isMarked)
    .slice(0, MAX_MARKED);
  for (const item of marked) {
    const own = sections.find((s) => s.section === item || s.element === item);
    if (own) {
      if (isNamed(own.kind)) pointed.add(own);
      continue;
    }
    const targets = [item, ...Array.from(item.querySelectorAll('a[href],[aria-controls]'))].filter(
      (el) => el.getAttribute('aria-controls') || (el.nodeName.toUpperCase() === 'A' && el.getAttribute('href')),
    );
    // The item is the link, or wraps one link that is most of its text (<li class="active"><a href="#privacy">Privacy</a></li>).
    const link =
      targets[0] === item ? item : targets.length === 1 && 2 * textLength(targets[0]!) >= textLength(item) ? targets[0] : undefined;
    if (!link) continue;
    const href = link.getAttribute('href') ?? '';
    const controls = (link.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean);
    if (controls.length > 0) for (const id of controls) point(id, item);
    else if (href.startsWith('#')) point(fragmentOf(href), item);
    else if (href) {
      // A current link to another address is the site's navigation naming this page.
      for (const kind of [...pathKinds(href), ...namedKinds(link.textContent ?? '')]) kinds.add(kind);
    }
  }
  for (const part of pointed) kinds.add(part.kind as Named);
  if (kinds.size !== 1) return undefined;
  const [kind] = kinds;
  return pointed.size === 1 ? [...pointed][0] : ofKind([kind!]);
}

const textLength = (el: El) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().length;

function isMarked(el: El): boolean {
  const current = el.getAttribute('aria-current');
  if (current !== null && current !== 'false') return true;
  if (el.getAttribute('aria-selected') === 'true' || el.getAttribute('data-state') === 'active') return true;
  return (el.getAttribute('class') ?? '').split(/\s+/).some((name) => MARKED_CLASS.test(name));
}

/** The Terms/Privacy documents a title names, piece by piece ("Privacy Policy | Example", "Terms of use - Example"); both when it names both. */
function namedKinds(title: string): Named[] {
  const kinds = new Set<Named>();
  for (const piece of title.split(/\s[|·•–—-]\s|\|/)) {
    const text = piece.replace(/\s+/g, ' ').trim();
    if (!text || text.length > 80 || /^(?:\d+|[ivx]+|[a-z])[.)]\s/i.test(text)) continue;
    for (const [kind, pattern] of KINDS) {
      const match = isNamed(kind) ? pattern.exec(text) : null;
      if (match && !SPOKEN_OF.test(text.slice(0, match.index))) kinds.add(kind as Named);
    }
  }
  return [...kinds];
}

/** The Terms/Privacy documents the last path segment of an address that names one names ("/legal/privacy-policy/en"). */
function pathKinds(address: string): Named[] {
  let path: string;
  try {
    path = decodeURIComponent(new URL(address, 'https://page.invalid/').pathname).toLowerCase();
  } catch {
    return [];
  }
  const segments = path.split('/').filter(Boolean);
  for (let i = segments.length - 1; i >= 0; i--) {
    const kinds = PATH_KINDS.filter(([, pattern]) => pattern.test(segments[i]!)).map(([kind]) => kind);
    if (kinds.length > 0) return kinds;
  }
  return [];
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
