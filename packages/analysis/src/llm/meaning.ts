import type { DocumentType, Evidence, Severity } from '@fineprint/contracts';
import { classifyClauses } from '../classify/classify';
import { CATEGORIES } from '../classify/taxonomy';
import { isDeniedBefore, USER_OBLIGATION } from '../facts/reader';
import { isBackedByQuote } from '../facts/reconcile';
import { segmentClauses } from '../segment/segment';

/**
 * Whether a quote carries the meaning of the sentence the model wrote on it. Locating the
 * quote proves the words exist; it proves nothing about the sentence: "This service is
 * completely safe" can cite any real sentence. Each claim a sentence can make that a quote must
 * carry is one record below, with examples (`meaning.test.ts` runs them); the category and
 * severity are read by the built-in classifier on the quote itself.
 */

/** Why an item was refused (counted per reason in the diagnostics). */
export type MeaningRefusal = 'verdict' | 'instruction' | 'absence' | 'freedom' | 'category' | 'severity';

/** A kind of claim a sentence makes, and what its quotes must say for it to stand. */
export interface ClaimRule {
  id: Extract<MeaningRefusal, 'verdict' | 'instruction' | 'absence' | 'freedom'>;
  /** The sentence makes this kind of claim. */
  claims: RegExp;
  /**
   * Whether the quotes carry the claim, read as the built-in reader reads (its denials and the
   * rules that bind the user); no function: no quote can carry it.
   */
  carriedBy?: (sentence: string, quotes: readonly string[]) => boolean;
  /** Sentences with a quote, and whether the quote carries the sentence's claim. */
  examples: ReadonlyArray<{ sentence: string; quote: string; carried: boolean }>;
}

/** A negation anywhere: "not", "never", "no", "without", "cannot", "non-refundable". */
const NEGATION = /\b(?:not|no|never|none|nothing|nobody|neither|nor|without|cannot)\b|n['’]t\b|\bnon-\w/i;

/**
 * Practices a denial may be about. A sentence that denies one ("it never shares or sells your
 * data") needs a quote that denies that same practice, as the service's own promise (not a rule
 * for the user: "you may not sell").
 */
const PRACTICES: readonly RegExp[] = [
  /\b(?:sell|sells|selling|sold|sale|rent|rents|renting|rented)\b/i,
  /\b(?:share|shares|shared|sharing|disclose|discloses|disclosed|disclosing|pass(?:es|ed)? on)\b/i,
  /\btrack(?:s|ed|ing)?\b/i,
  /\b(?:collect|collects|collected|collecting|gather|gathers|gathered)\b/i,
  /\btrain(?:s|ed|ing)?\b/i,
  /\b(?:ads?|advertis\w*)\b/i,
  /\b(?:keep|keeps|kept|store|stores|stored|retain|retains|retained)\b/i,
  /\b(?:read|reads|scan|scans|scanned|monitor|monitors|monitored)\b/i,
  /\b(?:use|uses|used|using)\b/i,
  /\b(?:transfer|transfers|transferred)\b/i,
];

/** A right or freedom granted to the user, not denied: "you can", "you may", "consumers have the right to". */
const GRANT =
  /\b(?:you|users?|consumers?|members?|customers?|residents?)\b(?:\s+[\w’']+){0,3}?\s+(?:can|may|are (?:free|allowed|entitled|able|permitted) to|have (?:the |a )?(?:right|option|choice) to|(?:is|are) entitled to)\b(?!\s+not\b)/i;

/** Verbs of a freedom and the words a quote may grant it in ("sue" is granted as "bring proceedings in the courts"). */
const FREEDOMS: ReadonlyArray<readonly string[]> = [
  ['sue', 'bring', 'take', 'court', 'claim', 'proceed', 'action', 'litigat', 'file'],
  ['delet', 'eras', 'remov'],
  ['download', 'export', 'cop', 'port', 'access'],
  ['cancel', 'clos', 'terminat', 'end', 'leave', 'quit', 'stop'],
  ['opt', 'object', 'withdraw', 'refus', 'declin', 'turn', 'unsubscrib', 'disabl'],
  ['refund', 'money back', 'return'],
];

/** Words that make a freedom unbounded: the quote must say them too ("any court you like"). */
const BREADTH = /\b(?:any|anywhere|whenever|whatever|wherever|unlimited|always|every)\b/gi;

/** The verb of "you can/may …" in a sentence: a permission, not a possibility ("you may lose", "you may be charged"). */
const FREEDOM_CLAIM =
  /\byou (?:can|may|could|are (?:free|allowed|entitled|able|permitted) to|have (?:the |a )?(?:right|freedom|option) to|get to)\s+(?:also\s+|still\s+|always\s+)?(?!not\b|be\b|lose\b|have\b|need\b|receive\b|face\b|incur\b|see\b|find\b|encounter\b|owe\b|pay\b)([a-z]+)/i;

const stemOf = (verb: string) => verb.toLowerCase().slice(0, Math.max(3, Math.min(verb.length, 5)));

function grantsFreedom(sentence: string, quotes: readonly string[]): boolean {
  const verb = FREEDOM_CLAIM.exec(sentence)?.[1];
  if (!verb) return true;
  const stem = stemOf(verb);
  const words = FREEDOMS.find((group) => group.some((w) => stem.startsWith(w) || w.startsWith(stem))) ?? [stem];
  const granting = quotes.filter((q) => GRANT.test(q) && words.some((w) => q.toLowerCase().includes(w)));
  const breadth = [...sentence.matchAll(BREADTH)].map((m) => m[0].toLowerCase());
  return granting.some((q) => breadth.every((b) => new RegExp(String.raw`\b${b}\b`, 'i').test(q)));
}

function carriesDenial(sentence: string, quotes: readonly string[]): boolean {
  // The service's own promise only: a rule for the user ("you may not sell …") denies nothing of the service.
  const promises = quotes.filter((q) => NEGATION.test(q) && !USER_OBLIGATION.test(q));
  const denied = PRACTICES.filter((verb) => isDeniedBefore(sentence, verb));
  if (denied.length === 0) return promises.length > 0;
  return denied.every((verb) => promises.some((q) => isDeniedBefore(q, verb)));
}

export const CLAIM_RULES: readonly ClaimRule[] = [
  {
    // A verdict on the whole service is no clause's to give; the built-in engine never writes one either.
    id: 'verdict',
    claims:
      /\b(?:service|site|website|app|company|platform|it|this|everything|your (?:data|information|privacy)|you) (?:is|are|['’]s|stays?|remains?|will be) (?:\w+ )?(?:safe|trustworthy|harmless|risk[- ]free)\b|\bnothing to worry\b|\bno (?:\w+ )?(?:risks?|concerns?|red flags?|issues?)\b|\b(?:completely|totally|perfectly|entirely|100%) (?:safe|private|secure|trustworthy)\b/i,
    examples: [
      {
        sentence: 'This service is completely safe: it never shares or sells your personal data.',
        quote: 'We do not sell or share your personal information.',
        carried: false,
      },
      {
        sentence: 'There are no privacy concerns with this app.',
        quote: 'We keep server logs for 90 days and then delete them.',
        carried: false,
      },
    ],
  },
  {
    // Phishing and calls to act belong to no summary of legal documents.
    id: 'instruction',
    claims:
      /\burgent\b|\bverify your (?:account|identity|details|e-?mail|payment|card)\b|\bclick (?:here|the link|below|this link|now)\b|\b(?:log|sign) ?in (?:now|here|immediately)\b|\b(?:act|respond|reply) (?:now|immediately|today)\b|\b(?:confirm|update|enter) your (?:password|card|payment details|billing|account details|credentials)\b|\bwithin \d+ hours? or\b|\bwill be (?:suspended|locked|closed) unless\b/i,
    examples: [
      {
        sentence: 'Urgent: verify your account now or it will be closed.',
        quote: 'We may suspend or close your account if you break these Terms.',
        carried: false,
      },
      {
        sentence: 'Click here to confirm your payment details.',
        quote: 'You can update your payment details in Settings.',
        carried: false,
      },
    ],
  },
  {
    // A claim that something does not happen is the claim a visitor relies on most: its quote must deny it too.
    id: 'absence',
    claims: NEGATION,
    carriedBy: carriesDenial,
    examples: [
      { sentence: 'The service does not sell your data.', quote: 'We do not sell your personal information.', carried: true },
      {
        sentence: 'The terms can change at any time without notice.',
        quote: 'We may change these Terms at any time without notice to you.',
        carried: true,
      },
      {
        sentence: 'The service never shares or sells your personal data.',
        quote: 'We keep server logs for 90 days and then delete them.',
        carried: false,
      },
      // Denies selling, says nothing of sharing.
      { sentence: 'It never shares or sells your personal data.', quote: 'We do not sell your personal information.', carried: false },
      // A rule for the user is no promise of the service.
      { sentence: 'Your data is never sold.', quote: 'You may not sell or resell access to the Service.', carried: false },
      { sentence: 'Payments are not refundable.', quote: 'All fees are non-refundable once paid.', carried: true },
    ],
  },
  {
    // "You can …" is a right the visitor may act on: the quote must grant it, as broadly as the sentence says.
    id: 'freedom',
    claims: FREEDOM_CLAIM,
    carriedBy: grantsFreedom,
    examples: [
      {
        sentence: 'You can sue the company in any court you like.',
        quote: 'These Terms are governed by the laws of the State of California.',
        carried: false,
      },
      {
        sentence: 'You can sue the company in any court you like.',
        quote: 'You may bring proceedings in the courts of the country where you live.',
        carried: false,
      },
      {
        sentence: 'As a consumer, you can take the service to the courts where you live.',
        quote: 'You may bring proceedings in the courts of the country where you live.',
        carried: true,
      },
      {
        sentence: 'You can delete your account at any time.',
        quote: 'You can delete your account at any time in Settings.',
        carried: true,
      },
      { sentence: 'You can delete your account at any time.', quote: 'You must not delete content posted by other users.', carried: false },
      // A possibility, not a freedom: no grant needed.
      {
        sentence: 'You may lose access to your content when the account closes.',
        quote: 'We may terminate your account at any time.',
        carried: true,
      },
    ],
  },
];

/** The first claim of the sentence that its quotes do not carry, or undefined. */
export function uncarriedClaim(sentence: string, quotes: readonly string[]): ClaimRule['id'] | undefined {
  for (const rule of CLAIM_RULES) {
    if (!rule.claims.test(sentence)) continue;
    if (!rule.carriedBy?.(sentence, quotes)) return rule.id;
  }
  return undefined;
}

/**
 * Severities an item may give, by its category's own severity in the taxonomy: the model may
 * weigh a detail one step (an arbitration clause with an opt-out is 'neutral', a sale of data
 * a 'blocker'), never two; 'other' has no reading to weigh, so neither 'good' nor 'blocker'.
 * Crossing into 'good' (or out of it) is for `CROSSING` sentences only.
 */
export const SEVERITIES_FOR: Readonly<Record<Severity | 'other', readonly Severity[]>> = {
  blocker: ['blocker', 'bad'],
  bad: ['blocker', 'bad', 'neutral'],
  neutral: ['bad', 'neutral'],
  good: ['good', 'neutral'],
  other: ['bad', 'neutral'],
};

/**
 * A sentence that may cross into or out of 'good': one whose carried claim turns the practice
 * around ("The service does not use your content to train AI", "you can take the service to the
 * courts where you live"): the absence and freedom rules, which its quotes have passed.
 */
const CROSSING: ReadonlyArray<ClaimRule['id']> = ['absence', 'freedom'];

const SEVERITY_OF = new Map<string, Severity>(CATEGORIES.map((c) => [c.id, c.severity]));

/** Categories the built-in classifier reads in the quotes by its own patterns (as a summary sentence needs). */
export function categoriesReadIn(evidence: readonly Evidence[]): Set<string> {
  const read = new Set<string>();
  const byType = new Map<DocumentType, Evidence[]>();
  for (const e of evidence) byType.set(e.document, [...(byType.get(e.document) ?? []), e]);
  for (const [type, quotes] of byType) {
    const clauses = segmentClauses(quotes.map((q) => ({ kind: 'paragraph' as const, text: q.quote, start: q.start })));
    for (const finding of classifyClauses(clauses, type, quotes[0]!.url)) if (finding.matchesPattern) read.add(finding.category.id);
  }
  return read;
}

/**
 * Why an item's quotes do not carry what it says, or undefined when they do. `isReadable`
 * says whether the built-in reading understands a quote's document (it reads English only): a
 * practice claimed on another language's quote keeps the model's category, but a denial, a
 * freedom or a 'good' it cannot read is refused (a false "safe" costs the visitor more than a
 * missed one).
 */
export function meaningRefusal(
  item: { text: string; category: string; severity: Severity; evidence: readonly Evidence[] },
  isReadable: (document: DocumentType) => boolean,
): MeaningRefusal | undefined {
  const readable = item.evidence.every((e) => isReadable(e.document));
  const claimed = CLAIM_RULES.filter((rule) => rule.claims.test(item.text));
  if (!readable && claimed.length > 0) return claimed[0]!.id;
  const uncarried = uncarriedClaim(
    item.text,
    item.evidence.map((e) => e.quote),
  );
  if (uncarried) return uncarried;
  const own = SEVERITY_OF.get(item.category);
  if (own === undefined) return SEVERITIES_FOR.other.includes(item.severity) ? undefined : 'severity';
  if (readable && (!categoriesReadIn(item.evidence).has(item.category) || !isBackedByQuote(item))) return 'category';
  if (SEVERITIES_FOR[own].includes(item.severity)) return undefined;
  const crossesGood = (item.severity === 'good') !== (own === 'good');
  const turned = claimed.some((rule) => CROSSING.includes(rule.id));
  return crossesGood && turned && item.severity !== 'blocker' ? undefined : 'severity';
}
