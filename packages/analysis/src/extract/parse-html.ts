import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { parseHTML } from 'linkedom';

/** Longest HTML read from one page: bounds parse time and memory on hostile pages. */
const MAX_HTML_CHARS = 3_000_000;
/**
 * Deepest element nesting kept. Real legal pages stay under 40 levels, and the tree builder
 * under linkedom (htmlparser2's Parser) takes time proportional to length × depth, as do the
 * tree walks after it: a page 1,000,000 `<div>`s deep would take minutes.
 */
export const MAX_NESTING = 128;

/** The DOM of an HTML page as linkedom builds it. */
type HtmlDocument = ReturnType<typeof parseHTML>['document'];

/**
 * Parses fetched HTML into a DOM whose nesting is bounded, in time linear in its length: the
 * page is cut at MAX_HTML_CHARS, tokenised once with htmlparser2's tokenizer (the one under
 * linkedom), its element depth followed with the HTML rules the tree builder applies (void
 * elements, end tags implied by a start tag, self-closing tags inside SVG and MathML), and the
 * tags of every element nested deeper than MAX_NESTING are dropped while their text stays.
 * No regular expression runs over the page. Always returns a document with an <html> root and
 * a body, whatever the input.
 */
export function parseHtml(rawHtml: string): HtmlDocument {
  const html = boundNesting(rawHtml.slice(0, MAX_HTML_CHARS), MAX_NESTING);
  const { document } = parseHTML(html);
  // linkedom roots a page without <html> at its first element (or, for bare text, nowhere) and
  // answers document.body with a new empty element: such a page is parsed again inside a body.
  if (document.documentElement?.nodeName !== 'HTML') return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document;
  placeHeadAndBody(document);
  return document;
}

/**
 * linkedom's document.head/body getters want <head> as the first element of <html> and <body>
 * right after it; otherwise they insert a new empty pair and the page's text is out of reach
 * of document.body (a <meta> or <iframe> before <head>, text between </head> and <body>). The
 * stray elements are moved where an HTML5 parser puts them: before <head> into it, between
 * <head> and <body> to the start of <body>. Nothing is created when both exist, so the markup
 * is the same, only in its place; O(children of <html>).
 */
function placeHeadAndBody(document: HtmlDocument): void {
  const root = document.documentElement;
  const children = Array.from(root.children);
  const head = children.find((el) => el.nodeName === 'HEAD');
  const body = children.find((el) => el.nodeName === 'BODY');
  if (!head || !body || (children[0] === head && children[1] === body)) return;
  const headAt = children.indexOf(head);
  const bodyAt = children.indexOf(body);
  if (bodyAt < headAt) return;
  head.prepend(...children.slice(0, headAt));
  body.prepend(...children.slice(headAt + 1, bodyAt));
}

/**
 * The page with its nesting bounded. Dropping tags can change how the rest parses (a dropped
 * <svg> no longer makes the <path/> after it self-closing), so the check runs again on its own
 * output; a page still too deep after a few rounds keeps only its text.
 */
function boundNesting(html: string, maxDepth: number): string {
  let current = html;
  for (let round = 0; round < 4; round++) {
    const { output, isChanged } = dropTagsBelow(current, maxDepth);
    if (!isChanged) return current;
    current = output;
  }
  return dropTagsBelow(current, maxDepth).isChanged ? textOf(current) : current;
}

const VOID_ELEMENTS = new Set(
  'area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(' '),
);
const FOREIGN_ROOTS = new Set(['svg', 'math']);
/** Elements inside SVG/MathML whose content is HTML again. */
const HTML_ISLANDS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);
const P_ONLY = new Set(['p']);
const FORM_CONTROLS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
/** Start tags that close the open element on top of the stack while it is one of these. */
const CLOSES_ON_START = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', new Set(['dd', 'dt'])],
  ['dt', new Set(['dd', 'dt'])],
  ['rt', new Set(['rt', 'rp'])],
  ['rp', new Set(['rt', 'rp'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t) => [t, FORM_CONTROLS] as const),
  ...(
    'p h1 h2 h3 h4 h5 h6 address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul'.split(
      ' ',
    ) as string[]
  ).map((t) => [t, P_ONLY] as const),
]);

interface OpenElement {
  name: string;
  isDeep: boolean;
}

/**
 * Removes the start and end tags of elements nested deeper than `maxDepth`, keeping their
 * content. Follows the stack rules of htmlparser2's Parser, the tree builder under linkedom,
 * quirks included (its SVG/MathML context is a stack of its own, popped by any end tag of
 * those names), so the depth seen here is the depth linkedom builds. The open-element stack
 * is used at its end with a count per name, so every tag costs O(1) amortised, where the
 * Parser shifts the front of its stack: O(depth) per tag.
 */
function dropTagsBelow(html: string, maxDepth: number): { output: string; isChanged: boolean } {
  const stack: OpenElement[] = [];
  const openCount = new Map<string, number>();
  const foreignContext: boolean[] = [];
  const cuts: Array<[number, number]> = [];
  let pending: { name: string; start: number; isDeep: boolean } | undefined;

  const pop = (): OpenElement => {
    const element = stack.pop()!;
    openCount.set(element.name, openCount.get(element.name)! - 1);
    return element;
  };
  const open = (name: string, start: number) => {
    const closes = CLOSES_ON_START.get(name);
    while (closes && stack.length > 0 && closes.has(stack[stack.length - 1]!.name)) pop();
    pending = { name, start, isDeep: stack.length >= maxDepth };
    if (VOID_ELEMENTS.has(name)) return;
    stack.push({ name, isDeep: pending.isDeep });
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (FOREIGN_ROOTS.has(name)) foreignContext.push(true);
    else if (HTML_ISLANDS.has(name)) foreignContext.push(false);
  };
  const finishOpen = (end: number, isSelfClosing: boolean) => {
    if (!pending) return;
    if (pending.isDeep) cuts.push([pending.start, end + 1]);
    // A self-closing tag closes itself only in SVG and MathML; in HTML it stays open.
    if (isSelfClosing && foreignContext[foreignContext.length - 1] && stack[stack.length - 1]?.name === pending.name) pop();
    pending = undefined;
  };
  const close = (name: string, start: number, end: number) => {
    if (FOREIGN_ROOTS.has(name) || HTML_ISLANDS.has(name)) foreignContext.pop();
    if (VOID_ELEMENTS.has(name) || !openCount.get(name)) return;
    let element: OpenElement;
    do element = pop();
    while (element.name !== name);
    if (element.isDeep) cuts.push([start, end + 1]);
  };

  tokenize(html, {
    onopentagname: (start, end) => open(html.slice(start, end).toLowerCase(), start - 1),
    onopentagend: (end) => finishOpen(end, false),
    onselfclosingtag: (end) => finishOpen(end, true),
    onclosetag: (start, end) => close(html.slice(start, end).toLowerCase(), start - 2, end),
  });
  if (cuts.length === 0) return { output: html, isChanged: false };
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of cuts) {
    if (start < at) continue;
    parts.push(html.slice(at, start), ' ');
    at = end;
  }
  parts.push(html.slice(at));
  return { output: parts.join(''), isChanged: true };
}

/** The page's text runs alone, still in their markup form (entities are decoded by the parser later). */
function textOf(html: string): string {
  const parts: string[] = [];
  tokenize(html, { ontext: (start, end) => parts.push(html.slice(start, end)) });
  return parts.join(' ');
}

/** Runs htmlparser2's tokenizer (linear time) over the page with the given callbacks. */
function tokenize(html: string, callbacks: Partial<TokenizerCallbacks>): void {
  const ignore = () => undefined;
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: false },
    {
      onattribdata: ignore,
      onattribentity: ignore,
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      onclosetag: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onopentagname: ignore,
      onprocessinginstruction: ignore,
      onselfclosingtag: ignore,
      ontext: ignore,
      ontextentity: ignore,
      ...callbacks,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}
