import { Readability } from '@mozilla/readability';
import type { MediaType } from '../fetch/guarded-fetch';
import { parseHtml } from './parse-html';

/** A structural piece of a document's text. */
export interface TextBlock {
  kind: 'heading' | 'paragraph' | 'item';
  text: string;
  /** Offset of the block in ExtractedDocument.text. */
  start: number;
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
const BOILERPLATE_SELECTOR =
  'script,style,noscript,template,svg,iframe,nav,header,footer,form,button,[role=navigation],[role=banner],[role=contentinfo],[aria-hidden=true],[hidden],' +
  '[id*=cookie i],[class*=cookie i],[id*=consent i],[class*=consent i],[class*=banner i]';
const BLOCK_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'P', 'LI', 'DT', 'DD', 'BLOCKQUOTE', 'PRE', 'TD', 'TH', 'CAPTION']);

/**
 * Extracts the readable text of a document with its headings, list items and paragraphs.
 * HTML goes through Readability over linkedom (navigation, footers and cookie banners out),
 * falling back to the cleaned body when Readability keeps too little; Markdown and plain text
 * are split on their own structure. PDF text must be obtained with extractPdfText first.
 */
export function extractDocument(content: string, mediaType: Exclude<MediaType, 'pdf'>, fallbackTitle = ''): ExtractedDocument {
  if (mediaType === 'html') return extractHtml(content, fallbackTitle);
  if (mediaType === 'markdown') return finish(markdownBlocks(content), firstHeading(content) ?? fallbackTitle, '');
  return finish(plainBlocks(content), fallbackTitle, '');
}

/** Extracts the text of a PDF, page by page, then treats it as plain text. */
export async function extractPdf(body: Uint8Array, fallbackTitle = ''): Promise<ExtractedDocument> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: false });
  return finish(plainBlocks((text as string[]).join('\n\n')), fallbackTitle, '');
}

function extractHtml(html: string, fallbackTitle: string): ExtractedDocument {
  const document = parseHtml(html);
  const lang = (document.documentElement.getAttribute('lang') ?? '').slice(0, 2).toLowerCase();
  const title = (document.querySelector('h1')?.textContent ?? document.title ?? fallbackTitle).trim() || fallbackTitle;
  let blocks: RawBlock[] = [];
  const { elements, depth } = measureTree(document.documentElement as unknown as DomNode);
  if (elements <= MAX_READABILITY_ELEMENTS && elements * depth <= MAX_READABILITY_WORK) {
    try {
      const article = new Readability(document.cloneNode(true) as unknown as Document, { charThreshold: 200 }).parse();
      if (article?.content) blocks = htmlBlocks(parseHtml(`<html><body>${article.content}</body></html>`).body);
    } catch {
      blocks = [];
    }
  }
  const fallback = () => {
    for (const el of document.querySelectorAll(BOILERPLATE_SELECTOR)) el.remove();
    return htmlBlocks(document.body);
  };
  // Readability sometimes keeps a single section of a long legal page; compare with the whole body.
  const kept = blocks.reduce((n, b) => n + b.text.length, 0);
  if (kept < 500) blocks = fallback();
  else {
    const whole = fallback();
    if (whole.reduce((n, b) => n + b.text.length, 0) > kept * 2.5) blocks = whole;
  }
  return finish(blocks, title, lang);
}

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

interface RawBlock {
  kind: TextBlock['kind'];
  text: string;
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
  const flush = () => {
    const text = clean(inline);
    if (text) blocks.push({ kind: 'paragraph', text });
    inline = '';
  };
  // parseHtml bounds the nesting, so this recursion stays shallow.
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      inline += node.textContent ?? '';
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
      const text = clean(node.textContent ?? '');
      if (text) blocks.push({ kind: tag.startsWith('H') && tag.length === 2 ? 'heading' : tag === 'LI' ? 'item' : 'paragraph', text });
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
    for (const child of Array.from(node.childNodes)) walk(child);
    if (tag !== 'SPAN' && tag !== 'A' && tag !== 'B' && tag !== 'STRONG' && tag !== 'EM' && tag !== 'I' && tag !== 'U') flush();
  };
  walk(root as DomNode);
  flush();
  return blocks;
}

function containsBlock(node: DomNode): boolean {
  for (const child of Array.from(node.childNodes)) {
    if (
      child.nodeType === 1 &&
      (BLOCK_TAGS.has(child.nodeName.toUpperCase()) || ['UL', 'OL', 'DIV', 'TABLE', 'SECTION'].includes(child.nodeName.toUpperCase()))
    )
      return true;
  }
  return false;
}

function markdownBlocks(markdown: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const text = clean(stripInlineMarkdown(paragraph.join(' ')));
    if (text) blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const text = clean(stripInlineMarkdown(withoutClosingHashes(heading[1]!)));
      if (text) blocks.push({ kind: 'heading', text });
    } else if (item) {
      flush();
      const text = clean(stripInlineMarkdown(item[1]!));
      if (text) blocks.push({ kind: 'item', text });
    } else if (/^\s*$/.test(line) || /^\s*(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) {
      flush();
    } else if (/^\s*\|/.test(line)) {
      flush();
      if (!/^\s*\|?\s*:?-{2,}/.test(line)) {
        const text = clean(stripInlineMarkdown(line.split('|').map(tableCell).filter(Boolean).join('; ')));
        if (text) blocks.push({ kind: 'paragraph', text });
      }
    } else {
      const last = blocks[blocks.length - 1];
      // A wrapped list item continues on an indented line.
      if (paragraph.length === 0 && last?.kind === 'item' && /^\s{2,}\S/.test(line))
        last.text = clean(`${last.text} ${stripInlineMarkdown(line)}`);
      else paragraph.push(line.replace(/^\s*>\s?/, ''));
    }
  }
  flush();
  return blocks;
}

/** An ATX heading's text without its optional closing run of '#' (a loop: /#+\s*$/ is quadratic on '#' runs). */
function withoutClosingHashes(heading: string): string {
  let end = heading.trimEnd().length;
  while (end > 0 && heading[end - 1] === '#') end--;
  return heading.slice(0, end);
}

/**
 * A Markdown table cell as one run of text: its `<br>`-separated lines keep a space between
 * them ("ads.<br>We" must not read "ads.We") and its bullet lines become a "; " list.
 */
function tableCell(cell: string): string {
  let text = '';
  for (const part of cell.split(/<br\s*\/?>/i)) {
    const line = part.trim();
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
  return text
    .replace(/!\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/\[([^[\]]*)\]\[[^[\]]*\]/g, '$1')
    .replace(/<\/?[a-z][^<>]*>/gi, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|\W)[*_]([^*_\n]+)[*_](?=\W|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');
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
