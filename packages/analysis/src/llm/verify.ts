import type { DocumentType, Evidence, FactAnswer, ScoredFactId } from '@fineprint/contracts';
import { readFacts } from '../facts/read-facts';
import { durationsIn, type FactDocument } from '../facts/reader';
import { segmentClauses } from '../segment/segment';
import { NUMBER_WORDS } from '../summarize/details';
import type { LlmQuote } from './output-schema';
import type { LlmDocument } from './prompt';

/** Shortest quote that counts as evidence: a few words prove nothing. */
const MIN_QUOTE_CHARS = 12;

/**
 * Text that addresses a model rather than a reader. Such a sentence may well be in the
 * documents (an injection), but it is never evidence of what the service does.
 */
const INSTRUCTION =
  /\b(?:ignore|disregard|forget|override)\b[^.]{0,40}\b(?:previous|prior|above|earlier|all|any|these|those|your|the)\b[^.]{0,20}\b(?:instructions?|prompts?|rules|directions|guidelines)\b|\bsystem prompt\b|\b(?:you are|act as|pretend to be) (?:an? )?(?:AI|assistant|language model|LLM|chatbot)\b|\b(?:say|tell|state|report|answer) (?:that )?(?:the|this) (?:service|site|website|app|company) is (?:safe|fine|trustworthy|harmless)\b/i;

const DROPPED_CHARS = /[\u00AD\u200B-\u200D\u2060\uFEFF]/;
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/;
const DASHES = /[\u2010-\u2015\u2212]/;

/** The text with whitespace runs, quote marks and dashes made uniform, and where each character came from. */
function normalise(text: string): { text: string; from: number[] } {
  let out = '';
  const from: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (DROPPED_CHARS.test(c)) continue;
    if (/\s/.test(c)) {
      if (!inSpace && out.length > 0) {
        out += ' ';
        from.push(i);
      }
      inSpace = true;
      continue;
    }
    inSpace = false;
    out += SINGLE_QUOTES.test(c) ? "'" : DOUBLE_QUOTES.test(c) ? '"' : DASHES.test(c) ? '-' : c === '\u2026' ? '...' : c;
    while (from.length < out.length) from.push(i);
  }
  if (out.endsWith(' ')) {
    out = out.slice(0, -1);
    from.pop();
  }
  return { text: out, from };
}

/** Why a quote was refused, or its evidence (offsets in the extracted text of its document). */
export type Located = { ok: true; evidence: Evidence } | { ok: false; reason: 'not_found' | 'too_short' | 'instruction' };

/** Finds the model's quotes in the extracted documents. */
export function createQuoteIndex(documents: readonly LlmDocument[]) {
  const indexed = documents.map((doc) => ({ doc, ...normalise(doc.text) }));
  return {
    locate(quote: LlmQuote): Located {
      // Surrounding quote marks are the model's, not the text's.
      const wanted = normalise(quote.quote)
        .text.replace(/^["'\s]+|["'\s]+$/g, '')
        .trim();
      if (wanted.length < MIN_QUOTE_CHARS || wanted.split(' ').length < 3) return { ok: false, reason: 'too_short' };
      // The document the model named first, then the other (models mislabel which is which).
      const order = [...indexed].sort((a, b) => Number(b.doc.type === quote.document) - Number(a.doc.type === quote.document));
      for (const { doc, text, from } of order) {
        const at = text.indexOf(wanted);
        if (at < 0) continue;
        const start = from[at]!;
        const end = from[at + wanted.length - 1]! + 1;
        const original = doc.text.slice(start, end);
        if (INSTRUCTION.test(normalise(original).text)) return { ok: false, reason: 'instruction' };
        return { ok: true, evidence: { quote: original, document: doc.type, url: doc.url, start, end } };
      }
      return { ok: false, reason: 'not_found' };
    },
  };
}

/** Places a sentence may name and its quote must then name too. */
const PLACES = [
  'United States',
  'United Kingdom',
  'European Union',
  'European Economic Area',
  'EEA',
  'Switzerland',
  'Ireland',
  'Germany',
  'France',
  'Netherlands',
  'Luxembourg',
  'Belgium',
  'Spain',
  'Italy',
  'Portugal',
  'Sweden',
  'Norway',
  'Denmark',
  'Finland',
  'Poland',
  'Austria',
  'Canada',
  'Mexico',
  'Brazil',
  'Argentina',
  'Australia',
  'New Zealand',
  'Japan',
  'China',
  'Hong Kong',
  'Singapore',
  'India',
  'Israel',
  'South Korea',
  'Korea',
  'Russia',
  'Nigeria',
  'South Africa',
  'England',
  'Wales',
  'Scotland',
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
];
const PLACE_PATTERN = new RegExp(String.raw`\b(?:${[...PLACES].sort((a, b) => b.length - a.length).join('|')})\b`, 'g');
export const EMAILS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
export const URLS = /\bhttps?:\/\/[^\s)\]>"']+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s)\]>"']*)?/gi;
const NUMBERS = /(?<![\w.])\d[\d,]*(?:\.\d+)?/g;
const WORD_NUMBERS = new RegExp(String.raw`\b(?:${Object.keys(NUMBER_WORDS).join('|')})\b`, 'gi');

const trimUrl = (url: string) => url.replace(/[.,;:!?]+$/, '').replace(/\/$/, '');
const numberOf = (digits: string) => Number(digits.replace(/,/g, ''));

/** The checkable values a sentence claims: numbers (and amounts, ages, periods), e-mail addresses, URLs, places. */
export function claimsIn(text: string): { numbers: number[]; emails: string[]; urls: string[]; places: string[] } {
  const emails = [...text.matchAll(EMAILS)].map((m) => m[0].replace(/\.$/, '').toLowerCase());
  const withoutEmails = text.replace(EMAILS, ' ');
  const urls = [...withoutEmails.matchAll(URLS)].map((m) => trimUrl(m[0]).toLowerCase());
  const plain = withoutEmails.replace(URLS, ' ');
  return {
    numbers: [...plain.matchAll(NUMBERS)].map((m) => numberOf(m[0])).filter((n) => Number.isFinite(n)),
    emails,
    urls,
    places: [...plain.matchAll(PLACE_PATTERN)].map((m) => m[0]),
  };
}

/** The first claimed value of `text` that its quotes do not contain, or undefined when every one is there. */
export function unsupportedClaim(text: string, quotes: readonly string[]): string | undefined {
  const claims = claimsIn(text);
  const quoted = normalise(quotes.join('\n')).text;
  const lower = quoted.toLowerCase();
  const inQuotes = claimsIn(quoted);
  const quotedNumbers = new Set([...inQuotes.numbers, ...[...quoted.matchAll(WORD_NUMBERS)].map((m) => NUMBER_WORDS[m[0].toLowerCase()]!)]);
  const quotedDays = new Set(durationsIn(quoted).map((d) => d.days));
  const claimedDays = durationsIn(text);
  for (const n of claims.numbers) {
    if (quotedNumbers.has(n)) continue;
    // "one year" in the quote carries "12 months" or "365 days" in the sentence.
    if (claimedDays.some((d) => d.words.includes(String(n)) && quotedDays.has(d.days)) || quotedDays.has(n)) continue;
    return String(n);
  }
  for (const email of claims.emails) if (!lower.includes(email)) return email;
  for (const url of claims.urls) if (!lower.includes(url.replace(/^https?:\/\//, ''))) return url;
  for (const place of claims.places) if (!quoted.includes(place)) return place;
  return undefined;
}

/** Does the value of a fact answer stand in its quotes (its number, place, address)? */
export function unsupportedValue(value: string | number, kind: string, quotes: readonly string[]): string | undefined {
  if (typeof value === 'number') return unsupportedClaim(String(value), quotes);
  if (kind === '<email or URL>' || kind === '<place>') {
    const lower = normalise(quotes.join('\n')).text.toLowerCase();
    const parts = kind === '<place>' ? value.split(/\s*,\s*/) : [value.replace(/^mailto:/i, '')];
    for (const part of parts) {
      const wanted = trimUrl(part.trim().toLowerCase()).replace(/^https?:\/\//, '');
      if (wanted && !lower.includes(wanted)) return part;
    }
    return undefined;
  }
  return unsupportedClaim(value, quotes);
}

/** Whether an answer says the practice exists (1), says it does not (-1), or is no yes/no (0). */
export function polarityOf(value: string | number): 1 | -1 | 0 {
  if (typeof value === 'number' || value === 'not_stated') return 0;
  if (value === 'no' || value === 'none' || value === 'none_stated' || value === 'no_notice') return -1;
  if (/^(?:yes|mandatory|broad|limited|notice|advance_notice|fixed_periods|as_long_as_needed|self_service|by_request|partial)/.test(value))
    return 1;
  return 0;
}

/**
 * The built-in reader's answer to one question from the given sentences alone: what its
 * clause patterns, denials and who-is-bound rules make of exactly what is cited.
 */
export function readQuotes(id: ScoredFactId, evidence: readonly Evidence[]): FactAnswer {
  return readFacts(quotedDocuments(evidence))[id];
}

/** The quoted sentences as documents of their own, one per document type, for the built-in readers. */
export function quotedDocuments(evidence: readonly Evidence[]): FactDocument[] {
  const byType = new Map<DocumentType, Evidence[]>();
  for (const e of evidence) byType.set(e.document, [...(byType.get(e.document) ?? []), e]);
  return [...byType].map(([type, quotes]) => ({
    type,
    url: quotes[0]!.url,
    clauses: segmentClauses(quotes.map((q) => ({ kind: 'paragraph' as const, text: q.quote, start: q.start }))),
  }));
}

/**
 * The polarity an answer asserts from the text: none for a default given when nothing was
 * found ('no' indemnity, 'none_stated' licence, with no clause behind it), which is an absence,
 * not a reading.
 */
export function readPolarity(answer: FactAnswer): 1 | -1 | 0 {
  return answer.evidence.length === 0 ? 0 : polarityOf(answer.value);
}
