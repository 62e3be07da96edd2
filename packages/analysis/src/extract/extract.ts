import { Readability } from '@mozilla/readability';
import type { MediaType } from '../fetch/guarded-fetch';
import { keepOneDocument, type El, type ExtractTarget } from './documents';
import { parseHtml } from './parse-html';
import { readPdfPages } from './pdf';

export type { ExtractTarget } from './documents';

/** A structural piece of a document's text. */
export interface TextBlock {
  kind: 'heading' | 'paragraph' | 'item';
  text: string;
  /** Offset of the block in ExtractedDocument.text. */
  start: number;
  /** A heading's level, 1 to 6, where the markup gives one (HTML h1–h6, Markdown # or an underline). */
  level?: number;
  /** A Markdown list item's indentation in columns: an item indented under another is one of its sub-items. */
  indent?: number;
  /** The links of the block, as their text and target ("contact us online" → a web form). */
  links?: readonly Link[];
}

/** A link of the text: the words it covers and where it points (as written: relative, absolute or mailto:). */
export interface Link {
  text: string;
  href: string;
}

export interface ExtractedDocument {
  title: string;
  /** Blocks joined by blank lines; evidence offsets point into this string. */
  text: string;
  blocks: TextBlock[];
  /** BCP 47 primary language tag guessed from the markup or the words ('en', 'fr', ...). */
  language: string;
}

/** Longest text kept from one document: bounds the work on hostile pages. */
export const MAX_TEXT_CHARS = 400_000;
/**
 * Readability's work grows with elements × nesting depth (it reads the text of every ancestor
 * again): about 0.6 s for the largest real page of the development corpus (6,924 elements,
 * 12 deep; the deepest, 25, has 4,955), minutes for a hostile page of 250,000 elements 128
 * deep. Beyond these bounds the cleaned body is read instead. (Readability's own
 * maxElemsToParse never fires over linkedom, whose getElementsByTagName('*') finds nothing.)
 */
const MAX_READABILITY_ELEMENTS = 20_000;
const MAX_READABILITY_WORK = 400_000;
/** Elements that are never the text of a document. */
const NEVER_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'OBJECT', 'CANVAS']);
/** Page furniture, by element or role; removed from the body read as a fallback unless it holds most of the page. */
const FURNITURE_TAGS = new Set(['NAV', 'HEADER', 'FOOTER', 'FORM', 'BUTTON', 'DIALOG']);
const FURNITURE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'dialog', 'alertdialog', 'search']);
/** Words of an id or class name that mark a consent or cookie layer ("cookie-banner", "onetrust-consent-sdk", "CookieNotice"). */
const CONSENT_WORDS = new Set(['cookie', 'cookies', 'consent', 'onetrust', 'cookiebot', 'didomi', 'usercentrics', 'cmp']);
/** Head nouns of an id or class name that mark page furniture ("site-banner", "top-navbar"; not "banner-spacing"). */
const FURNITURE_WORDS = new Set([
  'banner',
  'navbar',
  'breadcrumb',
  'breadcrumbs',
  'sidebar',
  'toolbar',
  'popup',
  'modal',
  'overlay',
  'newsletter',
]);
/** An element holding at least this share of the page's text is the page, whatever its name says. */
const MOST_OF_PAGE = 0.4;
const BLOCK_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'P', 'LI', 'DT', 'DD', 'BLOCKQUOTE', 'PRE', 'TD', 'TH', 'CAPTION']);

/**
 * Extracts the readable text of a document with its headings, list items and paragraphs.
 * HTML goes through Readability over linkedom (navigation, footers and cookie banners out),
 * falling back to the cleaned body when Readability keeps too little; Markdown and plain text
 * are split on their own structure. PDF text must be obtained with extractPdf.
 */
export function extractDocument(
  content: string,
  mediaType: Exclude<MediaType, 'pdf'>,
  fallbackTitle = '',
  target: ExtractTarget = {},
): ExtractedDocument {
  if (mediaType === 'html') return extractHtml(content, fallbackTitle, target);
  if (mediaType === 'markdown') return finish(markdownBlocks(content), firstHeading(content) ?? fallbackTitle, '');
  return finish(plainBlocks(content), fallbackTitle, '');
}

/**
 * Extracts the text of a PDF, page by page (in a reader process of its own with limits of pages,
 * text, memory and time: `readPdfPages`), then treats it as plain text. Throws PdfError.
 */
export async function extractPdf(body: Uint8Array, fallbackTitle = ''): Promise<ExtractedDocument> {
  const pages = await readPdfPages(body);
  return finish(plainBlocks(pages.join('\n\n')), fallbackTitle, '');
}

function extractHtml(html: string, fallbackTitle: string, target: ExtractTarget): ExtractedDocument {
  const document = parseHtml(html);
  const lang = (document.documentElement.getAttribute('lang') ?? '').slice(0, 2).toLowerCase();
  const body = document.body as unknown as El;
  let sizes = textSizes(body);
  const part = keepOneDocument(body, (el) => sizes.get(el) ?? 0, target);
  if (part) sizes = textSizes(body);
  revealMainText(body, sizes);
  const title = part?.title || (document.querySelector('h1')?.textContent ?? document.title ?? fallbackTitle).trim() || fallbackTitle;
  let blocks: RawBlock[] = [];
  const { elements, depth } = measureTree(document.documentElement as unknown as DomNode);
  if (elements <= MAX_READABILITY_ELEMENTS && elements * depth <= MAX_READABILITY_WORK) {
    try {
      const article = new Readability(document.cloneNode(true) as unknown as Document, { charThreshold: 200 }).parse();
      if (article?.content) {
        const content = parseHtml(`<html><body>${article.content}</body></html>`).body as unknown as El;
        // Navigation Readability kept (a table of contents in a <nav>) is no text of the document, as in the cleaned body.
        for (const nav of Array.from(content.querySelectorAll('details,nav,[role="navigation"]')))
          if (nav.nodeName.toUpperCase() !== 'DETAILS' || isNavigationToggle(nav)) nav.remove();
        blocks = htmlBlocks(content);
      }
    } catch {
      blocks = [];
    }
  }
  removeFurniture(body, sizes);
  const whole = htmlBlocks(body);
  return finish(mainBlocks(blocks, whole, !part), title, lang);
}

/** A block this long with few links reads as a clause, not as page furniture. */
const PROSE_CHARS = 120;
const isProse = (block: RawBlock) => block.text.length >= PROSE_CHARS && (block.linkChars ?? 0) < 0.3 * block.text.length;
/**
 * A run of the body without a clause is furniture once it holds this much link text over at
 * least four blocks, or eight blocks: a clause's short list of three links ("In the US: <a
 * long programme name>") is no menu. Before the span, a short block without links counts as half
 * a block: the lines of a postal address, a date, a question heading belong to the document's opening.
 */
const FURNITURE_LINK_CHARS = 200;
const FURNITURE_LINK_BLOCKS = 4;
const FURNITURE_BLOCKS = 8;
/** The cleaned body is read whole when it holds this many times the span's text outside links. */
const WHOLE_OVER_SPAN = 2.5;
/** Text outside links: a menu adds nothing to it. */
const plainLength = (blocks: readonly RawBlock[]) => blocks.reduce((n, b) => n + b.text.length - (b.linkChars ?? 0), 0);
const length = (blocks: readonly RawBlock[]) => blocks.reduce((n, b) => n + b.text.length, 0);

/**
 * The document's text from Readability's article and the cleaned body: Readability's span of
 * the body, grown over the clauses next to it that it left out (a policy split over sibling
 * blocks by a site builder, a long page of which it kept one section) until the body turns to
 * furniture (200 characters of links over four blocks, or eight short blocks, with no clause between),
 * and back over the headings just before it. When Readability
 * found nothing, the span grows from the body's longest clause.
 */
function mainBlocks(readable: RawBlock[], whole: RawBlock[], isWholePage: boolean): RawBlock[] {
  const kept = length(readable);
  const inArticle = new Set(readable.filter((b) => b.text.length >= 60).map((b) => b.text));
  let first = -1;
  let last = -1;
  if (kept >= 500)
    whole.forEach((block, i) => {
      if (!inArticle.has(block.text)) return;
      if (first < 0) first = i;
      last = i;
    });
  if (first < 0) {
    for (let i = 0; i < whole.length; i++)
      if (isProse(whole[i]!) && (first < 0 || whole[i]!.text.length > whole[first]!.text.length)) first = i;
    if (first < 0) return kept >= 500 ? readable : whole;
    last = first;
  }
  const isClause = (block: RawBlock) => isProse(block) || inArticle.has(block.text);
  const grow = (from: number, step: 1 | -1) => {
    let edge = from;
    let links = 0;
    let blocks = 0;
    for (
      let i = from + step;
      i >= 0 && i < whole.length && (links < FURNITURE_LINK_CHARS || blocks < FURNITURE_LINK_BLOCKS) && blocks < FURNITURE_BLOCKS;
      i += step
    ) {
      const block = whole[i]!;
      if (isClause(block)) {
        edge = i;
        links = blocks = 0;
      } else {
        links += block.linkChars ?? 0;
        blocks += step === -1 && !block.linkChars ? 0.5 : 1;
      }
    }
    return edge;
  };
  // The headings before a part kept from a hub are the hub's.
  const start = isWholePage ? withHeadings(whole, grow(first, -1)) : grow(first, -1);
  const span = whole.slice(start, grow(last, 1) + 1);
  const best = length(span) >= kept ? span : readable;
  // A long page of which the span is a small part (sections behind "Back to top" links and summaries) is read whole.
  return plainLength(whole) > WHOLE_OVER_SPAN * plainLength(best) ? whole : best;
}

/** Short blocks without links read back from a span's start: its title and date lines ("Privacy Statement", "Last updated: May"). */
const MAX_LEAD_BLOCKS = 4;
/** A title line may hold a link over at most this share of its text. */
const LEAD_LINK_SHARE = 0.5;

/** A span's start moved back over the title lines before its first clause, when a heading is among them. */
function withHeadings(whole: readonly RawBlock[], start: number): number {
  let lead = start;
  for (let i = start - 1; i >= 0 && start - i <= MAX_LEAD_BLOCKS; i--) {
    const block = whole[i]!;
    // A date line may link its earlier versions ("Effective: May 1 (see previous versions)"); a line that is mostly a link is a menu's.
    if ((block.linkChars ?? 0) > LEAD_LINK_SHARE * block.text.length || (block.kind !== 'heading' && block.text.length >= PROSE_CHARS))
      break;
    if (block.kind === 'heading') lead = i;
  }
  return lead;
}

/** Text length of every element under root (scripts, styles, SVG … left out), in one post-order pass. */
function textSizes(root: El): Map<El, number> {
  const sizes = new Map<El, number>();
  const order: El[] = [];
  const stack: El[] = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    order.push(element);
    for (const child of Array.from(element.children)) if (!NEVER_TEXT.has(child.nodeName.toUpperCase())) stack.push(child);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const element = order[i]!;
    let total = 0;
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === 3) total += (child.textContent ?? '').trim().length;
      else if (child.nodeType === 1) total += sizes.get(child as unknown as El) ?? 0;
    }
    sizes.set(element, total);
  }
  return sizes;
}

/**
 * A hidden container holding most of the page's text is a page state (a dialog open over it,
 * a body shown by a script), not hidden content: Readability and the fallback would both drop
 * the text, so the container is shown.
 */
function revealMainText(body: El, sizes: Map<El, number>): void {
  const most = MOST_OF_PAGE * (sizes.get(body) ?? 0);
  for (const element of body.querySelectorAll('[hidden],[aria-hidden],[style]')) {
    if ((sizes.get(element) ?? 0) < most) continue;
    element.removeAttribute('hidden');
    if (element.getAttribute('aria-hidden') === 'true') element.removeAttribute('aria-hidden');
    if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(element.getAttribute('style') ?? '')) element.removeAttribute('style');
  }
  if (body.getAttribute('aria-hidden') === 'true') body.removeAttribute('aria-hidden');
}

/** Removes scripts, navigation, and headers, footers, forms, hidden parts and consent layers unless one holds most of the page. */
function removeFurniture(body: El, sizes: Map<El, number>): void {
  const most = MOST_OF_PAGE * (sizes.get(body) ?? 0);
  const stack: El[] = [body];
  while (stack.length > 0) {
    for (const child of Array.from(stack.pop()!.children)) {
      const tag = child.nodeName.toUpperCase();
      if (NEVER_TEXT.has(tag) || tag === 'NAV' || isNavigationToggle(child) || (isFurniture(child) && (sizes.get(child) ?? 0) < most))
        child.remove();
      else stack.push(child);
    }
  }
}

/** A disclosure that only opens a navigation list ("<details><summary>Table of contents</summary><nav>…"): its label goes with the list. */
function isNavigationToggle(element: El): boolean {
  if (element.nodeName.toUpperCase() !== 'DETAILS') return false;
  const content = Array.from(element.children).filter((child) => child.nodeName.toUpperCase() !== 'SUMMARY');
  return (
    content.length > 0 && content.every((child) => child.nodeName.toUpperCase() === 'NAV' || child.getAttribute('role') === 'navigation')
  );
}

function isFurniture(element: El): boolean {
  if (FURNITURE_TAGS.has(element.nodeName.toUpperCase())) return true;
  if (FURNITURE_ROLES.has(element.getAttribute('role') ?? '')) return true;
  if (
    element.getAttribute('aria-hidden') === 'true' ||
    element.getAttribute('hidden') !== null ||
    element.getAttribute('aria-modal') === 'true'
  )
    return true;
  const names = `${element.id} ${element.getAttribute('class') ?? ''}`.split(/\s+/).filter(Boolean);
  return names.some((name) => {
    const words = name
      .split(/[-_:.]+|(?<=[a-z])(?=[A-Z])/)
      .map((w) => w.toLowerCase())
      .filter(Boolean);
    const last = words[words.length - 1] ?? '';
    if (FURNITURE_WORDS.has(last)) return true;
    // "cookie-banner", "consent-sdk", not "cookies" (a policy's section) nor "cookie-policy".
    return words.length > 1 && words.some((w) => CONSENT_WORDS.has(w)) && !words.some((w) => DOCUMENT_WORDS.has(w));
  });
}

/** Words of an id or class that name a document part rather than a consent layer. */
const DOCUMENT_WORDS = new Set([
  'policy',
  'policies',
  'statement',
  'section',
  'table',
  'list',
  'information',
  'info',
  'usage',
  'use',
  'content',
]);

/** Element count and deepest nesting of a tree, walked without recursion. */
function measureTree(root: DomNode): { elements: number; depth: number } {
  let elements = 0;
  let depth = 0;
  const stack: Array<[DomNode, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    elements++;
    depth = Math.max(depth, level);
    for (const child of Array.from(node.childNodes)) if (child.nodeType === 1) stack.push([child, level + 1]);
  }
  return { elements, depth };
}

const HEADING_TAG = /^H[1-6]$/;

interface RawBlock {
  kind: TextBlock['kind'];
  text: string;
  level?: number;
  indent?: number;
  /** Characters of the text inside links (HTML only): menus are mostly links, clauses are not. */
  linkChars?: number;
  links?: Link[];
}

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

function htmlBlocks(root: unknown): RawBlock[] {
  const blocks: RawBlock[] = [];
  let inline = '';
  let inlineLinkChars = 0;
  let inlineLinks: Link[] = [];
  let linkDepth = 0;
  const flush = () => {
    const text = clean(inline);
    if (text) blocks.push({ kind: 'paragraph', text, linkChars: inlineLinkChars, ...(inlineLinks.length ? { links: inlineLinks } : {}) });
    inline = '';
    inlineLinkChars = 0;
    inlineLinks = [];
  };
  // parseHtml bounds the nesting, so this recursion stays shallow.
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      inline += node.textContent ?? '';
      if (linkDepth > 0) inlineLinkChars += clean(node.textContent ?? '').length;
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = node.nodeName.toUpperCase();
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT' || tag === 'TEMPLATE') return;
    if (tag === 'BR') {
      inline += '\n';
      return;
    }
    if (BLOCK_TAGS.has(tag) && !containsBlock(node)) {
      flush();
      const text = blockText(node);
      const links = linksOf(node);
      if (text)
        blocks.push({
          kind: HEADING_TAG.test(tag) ? 'heading' : tag === 'LI' ? 'item' : 'paragraph',
          ...(HEADING_TAG.test(tag) ? { level: Number(tag[1]) } : {}),
          text,
          linkChars: linkDepth > 0 ? text.length : linkTextLength(node),
          ...(links.length ? { links } : {}),
        });
      return;
    }
    if (
      tag === 'DIV' ||
      tag === 'SECTION' ||
      tag === 'ARTICLE' ||
      tag === 'UL' ||
      tag === 'OL' ||
      tag === 'TABLE' ||
      tag === 'TR' ||
      BLOCK_TAGS.has(tag)
    )
      flush();
    if (tag === 'A') {
      linkDepth++;
      const href = (node as unknown as El).getAttribute('href');
      const text = clean(node.textContent ?? '');
      if (href && text && inlineLinks.length < MAX_LINKS_PER_BLOCK) inlineLinks.push({ text, href });
    }
    for (const child of Array.from(node.childNodes)) walk(child);
    if (tag === 'A') linkDepth--;
    if (tag !== 'SPAN' && tag !== 'A' && tag !== 'B' && tag !== 'STRONG' && tag !== 'EM' && tag !== 'I' && tag !== 'U') flush();
  };
  walk(root as DomNode);
  flush();
  return blocks.filter((block) => !isRepeatedWord(block.text));
}

/**
 * A run of one or two words said over and over ("word word word …", "mmMwWLliI0 mmMwWLliI0 …"):
 * the test strings a script measures fonts or layout with, left in the page, never a clause.
 */
function isRepeatedWord(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length >= 8 && new Set(words).size <= 2;
}

/** Links kept per block: a menu of a thousand links says nothing a clause needs. */
const MAX_LINKS_PER_BLOCK = 20;

function linksOf(node: DomNode): Link[] {
  const links: Link[] = [];
  for (const a of (node as unknown as El).querySelectorAll('a[href]')) {
    const text = clean(a.textContent ?? '');
    const href = a.getAttribute('href');
    if (text && href) links.push({ text, href });
    if (links.length >= MAX_LINKS_PER_BLOCK) break;
  }
  return links;
}

function linkTextLength(node: DomNode): number {
  let total = 0;
  for (const link of (node as unknown as El).querySelectorAll('a')) total += clean(link.textContent ?? '').length;
  return total;
}

/** Elements that start a block of their own wherever they sit (a list inside a <span> inside an <li> too). */
const BLOCK_STARTS = new Set([...BLOCK_TAGS, 'UL', 'OL', 'DIV', 'TABLE', 'SECTION']);

/** Whether a block element holds another block at any depth (a walk that stops at the first one). */
function containsBlock(node: DomNode): boolean {
  const stack: DomNode[] = Array.from(node.childNodes);
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.nodeType !== 1) continue;
    if (BLOCK_STARTS.has(current.nodeName.toUpperCase())) return true;
    for (const child of Array.from(current.childNodes)) stack.push(child);
  }
  return false;
}

/** The text of a block: its text nodes in order, a line break read as a space ("94103<br>Email" is two words). */
function blockText(node: DomNode): string {
  let text = '';
  const stack: DomNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.nodeType === 3) text += current.textContent ?? '';
    else if (current.nodeType === 1) {
      const tag = current.nodeName.toUpperCase();
      if (tag === 'BR') text += ' ';
      else if (!NEVER_TEXT.has(tag)) for (let i = current.childNodes.length - 1; i >= 0; i--) stack.push(current.childNodes[i]!);
    }
  }
  return clean(text);
}

/** A short line in capitals without closing punctuation: a title, not a sentence. */
function isCapitalTitle(text: string): boolean {
  // (A numbered one may be longer: "7. DISCLAIMERS; LIMITATION OF LIABILITY; NO GUARANTEES; LIMITED WARRANTY & AGREEMENT".)
  return (
    text.length <= (/^\d{1,2}\.\s/.test(text) ? 120 : 80) &&
    !/[.;!?,]$/.test(text) &&
    /[A-Z].*[A-Z].*[A-Z]/.test(text) &&
    text === text.toUpperCase()
  );
}

/** A short line, no sentence, that opens a part for the users of a region: "Additional information if you live in the EEA, Switzerland and the UK". */
function isRegionalTitle(text: string): boolean {
  if (text.length > 120) return false;
  // … or a line that opens the rules for them: "For All Subscribers Outside the European Union and United Kingdom:",
  // "For EU and UK Subscribers:", "For subscribers residing anywhere outside the US:".
  if (REGIONAL_LEAD_LINE.test(text)) return true;
  return (
    !/[.;:!?,]$/.test(text) &&
    /^(?:[A-Z][\w-]*(?: [\w-]+){0,3} )?(?:if you (?:live|reside|are located) in|for (?:users|residents|people|consumers) (?:in|of)) (?:the )?[A-Z]/.test(
      text,
    )
  );
}
const PLACE = String.raw`(?:the )?(?:EEA|EU|UK|US|[A-Z][a-z]+(?: [A-Z][a-z]+){0,2})`;
const REGIONAL_LEAD_LINE = new RegExp(
  String.raw`^For (?:[Aa]ll )?(?:${PLACE}(?:,? (?:and|or) ${PLACE})* )?(?:[Uu]sers|[Rr]esidents|[Cc]onsumers|[Ss]ubscribers|[Cc]ustomers|[Mm]embers)(?: (?:residing|located|living|based))?(?: anywhere)?(?: (?:[Ii]n|[Oo]utside(?: of)?) ${PLACE}(?:,? (?:and|or) ${PLACE})*)?:?$`,
);

/** Longest text a = or - line underlines as a heading; a longer paragraph keeps its line as a rule. */
const MAX_SETEXT_HEADING = 200;

const NUMBERED_BOLD_TITLE = /^\*\*(\d{1,2}(?:\.\d{1,2})+\.?\s[^*]{2,100})\*\*$/;

function markdownBlocks(markdown: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    // A numbered title in bold on its own line before the paragraph's text ("**12.1. Disputes that We’ll Arbitrate.**"
    // and a line break) heads that paragraph, as a heading does: the section's number says which rules it holds.
    const title = paragraph.length > 1 ? NUMBERED_BOLD_TITLE.exec(paragraph[0]!.trim()) : null;
    if (title) {
      blocks.push({ kind: 'heading', text: clean(stripInlineMarkdown(title[1]!)) });
      paragraph = paragraph.slice(1);
    }
    const raw = paragraph.join(' ');
    const text = clean(stripInlineMarkdown(raw));
    // A one-line title in capitals ("SCHEDULE 1: UNITED STATES-SPECIFIC TERMS") names a part, as a heading does;
    // so does a one-line title for the users of a region ("Additional information if you live in the EEA, Switzerland and the UK").
    if (text && paragraph.length === 1 && (isCapitalTitle(text) || isRegionalTitle(text))) blocks.push({ kind: 'heading', text });
    else if (text) blocks.push(withLinks({ kind: 'paragraph', text }, raw));
    paragraph = [];
  };
  for (const quoted of markdown.split(/\r?\n/)) {
    // A block quote's markers go: what it quotes has headings, items and paragraphs of its own.
    const line = quoted.replace(/^\s{0,3}(?:>\s?)+/, '');
    const heading = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    // A setext heading: its text, then a line of = or - under it.
    const underline = paragraph.length > 0 ? /^\s{0,3}(=+|-+)\s*$/.exec(line) : null;
    if (underline && paragraph.join(' ').length <= MAX_SETEXT_HEADING) {
      const text = clean(stripInlineMarkdown(paragraph.join(' ')));
      paragraph = [];
      if (text) blocks.push({ kind: 'heading', text, level: underline[1]!.startsWith('=') ? 1 : 2 });
    } else if (heading) {
      flush();
      const text = clean(stripInlineMarkdown(withoutClosingHashes(heading[2]!)));
      if (text) blocks.push({ kind: 'heading', text, level: heading[1]!.length });
    } else if (item) {
      flush();
      const text = clean(stripInlineMarkdown(item[1]!));
      const indent = /^\s*/.exec(line)![0].replace(/\t/g, '    ').length;
      if (text) blocks.push(withLinks({ kind: 'item', text, ...(indent > 0 ? { indent } : {}) }, item[1]!));
    } else if (/^\s*$/.test(line) || /^\s*(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) {
      flush();
    } else if (/^\s*\|/.test(line)) {
      flush();
      if (!/^\s*\|?\s*:?-{2,}/.test(line)) {
        const text = clean(stripInlineMarkdown(line.split('|').map(tableCell).filter(Boolean).join('; ')));
        if (text) blocks.push(withLinks({ kind: 'paragraph', text }, line));
      }
    } else {
      const last = blocks[blocks.length - 1];
      // A wrapped list item continues on an indented line.
      if (paragraph.length === 0 && last?.kind === 'item' && /^\s{2,}\S/.test(line)) {
        last.text = clean(`${last.text} ${stripInlineMarkdown(line)}`);
        const more = markdownLinks(line);
        if (more.length) last.links = [...(last.links ?? []), ...more].slice(0, MAX_LINKS_PER_BLOCK);
      } else paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Inline Markdown links `[text](target "title")`, with the text as it reads once stripped (linear: no pattern restarts inside a bracket). */
function markdownLinks(markdown: string): Link[] {
  const links: Link[] = [];
  for (const m of markdown.matchAll(/\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*([^()\s]+)[^()]*\)/g)) {
    const text = clean(stripInlineMarkdown(m[1]!.replace(/\\?\[\d{1,3}\\?\]/g, '')));
    if (text) links.push({ text, href: m[2]! });
    if (links.length >= MAX_LINKS_PER_BLOCK) break;
  }
  return links;
}

function withLinks(block: RawBlock, markdown: string): RawBlock {
  const links = markdownLinks(markdown);
  return links.length ? { ...block, links } : block;
}

/** An ATX heading's text without its optional closing run of '#' (a loop: /#+\s*$/ is quadratic on '#' runs). */
function withoutClosingHashes(heading: string): string {
  let end = heading.trimEnd().length;
  while (end > 0 && heading[end - 1] === '#') end--;
  return heading.slice(0, end);
}

/**
 * A Markdown table cell as one run of text: its `<br>`-separated lines keep a space between
 * them ("ads.<br>We" must not read "ads.We"), its bullet lines become a "; " list and its heading lines plain words.
 */
function tableCell(cell: string): string {
  let text = '';
  for (const part of cell.split(/<br\s*\/?>/i)) {
    // (A heading written inside a cell, "##### Advertising Partners", is read without its marks.)
    const line = part.trim().replace(/^#{1,6}\s+/, '');
    if (!line) continue;
    const bullet = /^(?:[*•-]|\d+[.)])\s+(.*)$/.exec(line);
    const separator = bullet && !/[:;]$/.test(text) ? '; ' : ' ';
    text += text ? `${separator}${bullet?.[1] ?? line}` : (bullet?.[1] ?? line);
  }
  return text;
}

/**
 * Inline Markdown to plain text. Every pattern stops at the next bracket or parenthesis it
 * could start again from, so a hostile line ("[](" a million times) costs linear time.
 */
function stripInlineMarkdown(text: string): string {
  return (
    text
      .replace(/!\[([^[\]]*)\]\([^()]*\)/g, '$1')
      // (A link's words may hold one bracketed part, a footnote's number: "[appropriate mechanisms[74]](https://…)".)
      .replace(/\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^()]*\)/g, (_, words: string) => words.replace(/\\?\[\d{1,3}\\?\]/g, ''))
      .replace(/\[([^[\]]*)\]\[[^[\]]*\]/g, '$1')
      .replace(/<\/?[a-z][^<>]*>/gi, '')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|\W)[*_]([^*_\n]+)[*_](?=\W|$)/g, '$1$2')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1')
  );
}

function plainBlocks(text: string): RawBlock[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => clean(p))
    .filter(Boolean)
    .map(
      (p) =>
        ({
          kind: /^([-*•]|\(?[a-z0-9]{1,3}[.)])\s/i.test(p) ? 'item' : p.length < 80 && !/[.;:]$/.test(p) ? 'heading' : 'paragraph',
          text: p,
        }) as RawBlock,
    );
}

function firstHeading(markdown: string): string | undefined {
  return /^\s{0,3}#\s+(.*)$/m.exec(markdown)?.[1]?.trim();
}

function clean(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function finish(raw: RawBlock[], title: string, lang: string): ExtractedDocument {
  const blocks: TextBlock[] = [];
  let text = '';
  for (const whole of raw) {
    // The text stops at MAX_TEXT_CHARS; a block that crosses the limit keeps its beginning.
    const room = MAX_TEXT_CHARS - text.length - 2;
    if (room < 200) break;
    const block = whole.text.length > room ? { ...whole, text: whole.text.slice(0, room) } : whole;
    if (text) text += '\n\n';
    blocks.push({ ...block, start: text.length });
    text += block.text;
  }
  return { title: clean(title), text, blocks, language: lang || guessLanguage(text) };
}

const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'you', 'your', 'we', 'our', 'or', 'is', 'that', 'with'],
  fr: ['le', 'la', 'les', 'et', 'des', 'vous', 'nous', 'est', 'pour', 'que', 'une', 'dans'],
  de: ['der', 'die', 'und', 'das', 'sie', 'wir', 'ist', 'mit', 'zu', 'den', 'nicht', 'ihre'],
  es: ['el', 'la', 'los', 'de', 'y', 'que', 'en', 'usted', 'para', 'por', 'con', 'las'],
  pt: ['o', 'a', 'os', 'de', 'e', 'que', 'em', 'você', 'para', 'com', 'não', 'uma'],
  it: ['il', 'la', 'di', 'e', 'che', 'per', 'non', 'con', 'sono', 'gli', 'una', 'del'],
};

/** Guesses the language from stop-word frequencies of the first 20,000 characters. */
function guessLanguage(text: string): string {
  const words =
    text
      .slice(0, 20_000)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  if (words.length < 20) return 'en';
  let best = 'en';
  let bestScore = -1;
  for (const [lang, list] of Object.entries(STOPWORDS)) {
    const set = new Set(list);
    const score = words.filter((w) => set.has(w)).length;
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}
