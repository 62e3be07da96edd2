import type { Link, TextBlock } from '../extract/extract';

/** One sentence-like unit of a document, with its position in the document text. */
export interface Clause {
  text: string;
  start: number;
  end: number;
  /** Nearest heading above the clause, '' when none. */
  heading: string;
  /** The headings of the parts the clause's section is in, outermost first ("Agreement for users in the EEA"). */
  parts?: readonly string[];
  /** Those headings and the clause's own, outermost first, where they are in the text: a scope they set is quoted from them. */
  headings?: ReadonlyArray<{ text: string; start: number; end: number }>;
  kind: TextBlock['kind'];
  /** The block's links whose words are in the clause. */
  links?: readonly Link[];
  /** For a list item, the sentence it completes ("We may disclose your information:"), when one introduces the list. */
  leadIn?: { text: string; start: number; end: number };
}

/** A sentence that points back to the one before it for what it speaks of ("In these cases, …", "We will do so …", "in response to such a request", "If you wish to do any of these things, …"). */
export const POINTS_BACK =
  /^\s*In (?:these|such|those|this|that) cases?\b|^\s*We (?:will|may) do so\b|\bin response to (?:such|these|those) (?:a )?(?:requests?|demands?)\b|^\s*If you (?:wish|want|would like) to (?:do|exercise) (?:any of )?(?:these|those|such) (?:things|rights)\b/i;

/** Words whose trailing period does not end a sentence. */
const ABBREVIATIONS = new Set(
  [
    'inc',
    'ltd',
    'llc',
    'corp',
    'co',
    'plc',
    'gmbh',
    'ag',
    'sa',
    'bv',
    'no',
    'nos',
    'art',
    'arts',
    'sec',
    'secs',
    'para',
    'e.g',
    'i.e',
    'etc',
    'vs',
    'v',
    'u.s',
    'u.k',
    'e.u',
    'u.s.a',
    'st',
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'jr',
    'sr',
    'approx',
    'dept',
    'fig',
    'cf',
    'al',
    'et',
    'seq',
    'p',
    'pp',
    'ca',
    'cal',
    'civ',
    'proc',
    'stat',
    'u.s.c',
    'c.f.r',
    'ste',
    'ave',
    'blvd',
    'rd',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
    'min',
    'max',
    'incl',
    'esp',
    'viz',
    'ref',
    'tel',
    'ph',
    'pty',
    'n.v',
    'b.v',
    's.a',
    's.l',
    's.r.l',
    's.p.a',
  ].map((a) => a.toLowerCase()),
);
const MAX_CLAUSE_CHARS = 1200;
/** A heading that opens a numbered section: "7. DISCLAIMERS", "10\. APPLICABLE LAW". */
const NUMBERED_SECTION = /^\d{1,2}\\?\.\s/;
/** A heading of a part of one: "B. LIMITATION OF LIABILITY", "(b) Refunds", "7.2 Refunds". */
const SUB_HEADING = /^(?:[A-Z]\.|\(?[a-z]\)|[ivx]{1,4}\.|\d{1,2}\.\d{1,2}\.?)\s/;
/**
 * A sentence that says whom the rest of its section is for: "THIS SECTION ONLY APPLIES TO MEMBERS IN THE US AND CANADA.",
 * "IF YOU'RE A U.S. RESIDENT, YOU ALSO AGREE TO THE FOLLOWING MANDATORY ARBITRATION PROVISIONS:". The clauses after it,
 * until the section ends, hold it as a part of theirs, as they would a heading that names those users.
 */
// (… after an exception that opens it, "Except for the governing law provision …, this Section 13 applies only to those in the
// United States or Canada", or after the users it names, "If you live in the U.S. this Section 9 applies."; an
// exception by number, "Except for Section 11.10 … below", may be a part of the section: the line is then no scope line.)
const SCOPE_LINE =
  /^(?:(?:EXCEPT|Except) (?:FOR|for|AS|as)\b(?:(?!\b(?:SECTION|Section|Sections|SECTIONS) \d)[^;:]){0,160}?,\s*)?(?:THIS|This|this) (?:SECTION|Section|PART|Part)(?: \d{1,2}(?:\.\d{1,2})*)? (?:ONLY |only )?(?:APPLIES|applies) (?:ONLY |only )?(?:TO|to)\b[^;:]{3,120}[.:]?$|^(?:IF|If) (?:YOU|you) (?:ARE|are|LIVE|live|RESIDE|reside)\b[^;:]{3,80}?,? (?:THIS|this) (?:SECTION|Section|PART|Part)(?: \d{1,2}(?:\.\d{1,2})*)? (?:APPLIES|applies)(?: (?:TO YOU|to you))?\.?$|^(?:IF|If) (?:YOU|you)(?:['’](?:RE|re)| (?:ARE|are|LIVE|live|RESIDE|reside))\b[^;:]{3,80}\b(?:THE FOLLOWING|the following)\b[^;:]{0,80}:$/;

/** A sentence that opens a rule for users by where they are: "If you are located in the United States, …", "Unless you reside in …". */
const OPENS_FOR_USERS_IN =
  /^\W*(?:\(?[a-z\d]{1,3}[.)]\s+)?(?:if|where|when|unless|to the extent|for) (?:you|users?|residents?|consumers?|customers?|members?|subscribers?|the user)\b[^,.;:]{0,60}?\b(?:in|of|from|within)\b/i;

/** A sentence that goes on with the one before it: "These disputes …", "Such claims …", "In that case, …". */
const CONTINUES = /^\W*(?:These|Such|Those|In (?:that|this|such) cases?)\b/;

/**
 * Splits extracted blocks into clauses. Sentences end at . ! ? followed by a capital, a digit
 * or an opening quote, except after abbreviations (Inc., U.S., e.g.), single initials and
 * legal numbering ("1.", "(a)", "Section 2."). Headings are kept as context, not as clauses.
 */
export function segmentClauses(blocks: readonly TextBlock[]): Clause[] {
  const clauses: Clause[] = [];
  let heading = '';
  // The open headings with a level, outermost first: a heading closes those of its level and below.
  let open: Array<{ level: number; text: string; start: number; end: number }> = [];
  let parts: readonly string[] = [];
  let headings: NonNullable<Clause['headings']> = [];
  // A heading without a level that opens a numbered section ("7. DISCLAIMERS; LIMITATION OF LIABILITY"): the lettered or
  // sub-numbered headings after it ("B. LIMITATION OF LIABILITY", "7.2 …") are parts of it.
  let section: { text: string; start: number; end: number } | undefined;
  // The last sentence outside a list, when it ends in ':' (it introduces the items after it).
  let leadIn: Clause['leadIn'];
  // The items ending in ':' that open a list of sub-items ("If you are a resident of the United States or Canada:"), outermost first.
  let openItems: Array<{ indent: number; leadIn: NonNullable<Clause['leadIn']> }> = [];
  // The section's scope line, and the level of the heading it sits under (undefined: a heading without a level).
  let scopeLine: { text: string; start: number; end: number; level: number | undefined; except?: string } | undefined;
  for (const block of blocks) {
    const indent = block.indent ?? 0;
    if (block.kind === 'item') openItems = openItems.filter((open) => open.indent < indent);
    else openItems = [];
    // A sub-item completes the item it is indented under, else the sentence before its list.
    const itemLeadIn = openItems[openItems.length - 1]?.leadIn ?? leadIn;
    if (block.kind === 'heading' && block.text.length < 160) {
      leadIn = undefined;
      heading = block.text;
      // A heading ends the scope line's section unless it is a deeper part of it.
      if (scopeLine && (block.level === undefined || scopeLine.level === undefined || block.level <= scopeLine.level))
        scopeLine = undefined;
      if (block.level !== undefined) {
        const level = block.level;
        open = [
          ...open.filter((h) => h.level < level),
          { level, text: block.text, start: block.start, end: block.start + block.text.length },
        ];
        parts = open.slice(0, -1).map((h) => h.text);
        headings = open.map(({ text, start, end }) => ({ text, start, end }));
        section = undefined;
      } else {
        const own = { text: block.text, start: block.start, end: block.start + block.text.length };
        if (NUMBERED_SECTION.test(block.text)) section = own;
        const within = section && section !== own && SUB_HEADING.test(block.text) ? [section] : [];
        const above = [...open, ...within].map(({ text, start, end }) => ({ text, start, end }));
        parts = above.map((h) => h.text);
        // (Its own text is where a scope it sets is quoted from.)
        headings = [...above, own];
      }
      continue;
    }
    // The paragraph's first sentence, when it opens the rule for some users by where they are ("(b) If you reside in the US,
    // Texas law governs …"): the sentences after it that point back to it ("Such disputes are heard in Travis County") are
    // for them too; the first that does not ends the rule.
    let opener: { text: string; start: number; end: number } | undefined;
    const sentences = splitSentences(block.text);
    for (const [from, to] of sentences) {
      const raw = block.text.slice(from, to);
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      if (text.length < 3) continue;
      const links = block.links?.filter((l) => text.includes(l.text));
      const start = block.start + from + lead;
      // (… except the part its exception names by title: "Except for the “choice of law and venue” clause …"
      // leaves the paragraph "k. Choice of law and venue. …" for everyone.)
      if (opener && !CONTINUES.test(text)) opener = undefined;
      const inScope = scopeLine && !(scopeLine.except && startsWithTitle(block.text, scopeLine.except)) ? scopeLine : undefined;
      const lines = [inScope, opener].flatMap((line) => (line ? [{ text: line.text, start: line.start, end: line.end }] : []));
      const scoped = [...parts, ...lines.map((line) => line.text)];
      const scopedHeadings = [...headings, ...lines];
      clauses.push({
        text,
        start,
        end: start + text.length,
        heading,
        ...(scoped.length ? { parts: scoped } : {}),
        ...(scopedHeadings.length ? { headings: scopedHeadings } : {}),
        kind: block.kind,
        ...(links?.length ? { links } : {}),
        ...(block.kind === 'item' && itemLeadIn ? { leadIn: itemLeadIn } : {}),
      });
      if (from === sentences[0]![0] && block.kind === 'paragraph' && OPENS_FOR_USERS_IN.test(text))
        opener = { text, start, end: start + text.length };
      if (block.kind !== 'item' && SCOPE_LINE.test(text)) {
        const except = /^(?:EXCEPT|Except) (?:FOR|for|AS|as)\b[^“"]{0,40}[“"]([^”"]{3,80})[”"]/.exec(text)?.[1];
        scopeLine = { text, start, end: start + text.length, level: open.at(-1)?.level, ...(except ? { except } : {}) };
      }
      if (block.kind !== 'item') leadIn = /:\s*$/.test(text) ? { text, start, end: start + text.length } : undefined;
      else if (/:\s*$/.test(text)) openItems.push({ indent, leadIn: { text, start, end: start + text.length } });
    }
  }
  return clauses;
}

/** A paragraph that opens with a title ("k. Choice of law and venue. …"), list marks and emphasis aside. */
function startsWithTitle(text: string, title: string): boolean {
  const opening = text
    .replace(/^[\s*_#>]*(?:[a-z\d]{1,3}[.)]\s+)?[\s*_]*/i, '')
    .slice(0, title.length + 4)
    .toLowerCase();
  return opening.startsWith(title.toLowerCase());
}

/** Returns [start, end) ranges of the sentences of one paragraph. */
export function splitSentences(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  // (… or no space at all where a page lost it between two sentences, "… in a separate agreement.However, you …": a
  // lower-case word, its stop, then a capitalised word and a space — not "U.S." nor a domain.)
  const boundary = /([.!?]["'”’)\]]*)\s+(?=["'“‘([]?[A-Z0-9])|(?<=[a-z]{3})([.!?])(?=[A-Z][a-z]+[\s,])/g;
  for (let m = boundary.exec(text); m; m = boundary.exec(text)) {
    const end = m.index + (m[1] ?? m[2]!).length;
    if (isFalseBoundary(text, start, m.index)) continue;
    pushRange(ranges, text, start, end);
    start = m.index + m[0].length;
  }
  pushRange(ranges, text, start, text.length);
  return ranges;
}

function isFalseBoundary(text: string, sentenceStart: number, dotIndex: number): boolean {
  if (text[dotIndex] !== '.') return false;
  const before = text.slice(sentenceStart, dotIndex);
  const word = /([A-Za-z][A-Za-z.]*|\d+|\(?[a-z0-9]{1,4}\))$/.exec(before)?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  if (/^[A-Z]$/.test(word)) return true; // initials: "John F. Kennedy"
  // A bare number or roman numeral right at the start is legal numbering: "1. Terms".
  if (before.trim() === word && /^(\d{1,3}(\.\d{1,3})*|[ivxlc]{1,5}|[a-z])$/i.test(word)) return true;
  // … and so is an enumerator in brackets opening the sentence or an item of a run: "(i). Operating …; (ii). Protecting …".
  if (/^\((?:\d{1,3}|[ivxlc]{1,5}|[a-z])\)$/i.test(word) && /(?:^|[;:]|\b(?:and|or))\s*$/i.test(before.slice(0, -word.length))) return true;
  // A cross-reference: "Section 2.", "EXCEPT AS STATED IN SUBSECTION ii. BELOW".
  if (/\b(?:sub)?(?:section|clause|article|paragraph)\s+(?:\d+(?:\.\d+)*|[ivxlc]{1,5}|[a-z])$/i.test(before)) return true;
  return false;
}

function pushRange(ranges: Array<[number, number]>, text: string, start: number, end: number): void {
  if (end <= start) return;
  // Over-long runs (tables, lists flattened to one line) are cut at semicolons.
  if (end - start > MAX_CLAUSE_CHARS) {
    let from = start;
    const semi = /;\s+/g;
    semi.lastIndex = start;
    for (let m = semi.exec(text); m && m.index < end; m = semi.exec(text)) {
      if (m.index + 1 - from >= 200) {
        ranges.push([from, m.index + 1]);
        from = m.index + m[0].length;
      }
    }
    if (from < end) ranges.push([from, end]);
    return;
  }
  ranges.push([start, end]);
}

/**
 * The links of a clause as a quote shows them: absolute http(s) or mailto addresses (resolved
 * against the document's address), without links to a place on the same page, at most three.
 */
export function quotedLinks(clause: Clause, base: string): Array<{ text: string; href: string }> {
  const out: Array<{ text: string; href: string }> = [];
  for (const link of clause.links ?? []) {
    let url: URL;
    try {
      url = new URL(link.href, base);
    } catch {
      continue;
    }
    if (!/^(?:https?|mailto):$/.test(url.protocol) || link.href.startsWith('#') || out.some((l) => l.href === url.href)) continue;
    out.push({ text: link.text, href: url.href });
    if (out.length === 3) break;
  }
  return out;
}
