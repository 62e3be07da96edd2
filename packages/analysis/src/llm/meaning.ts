import type { DocumentType, Evidence, Severity } from '@fineprint/contracts';
import { classifyClauses } from '../classify/classify';
import { CATEGORIES } from '../classify/taxonomy';
import { readFacts } from '../facts/read-facts';
import { isDeniedBefore, USER_OBLIGATION } from '../facts/reader';
import { isBackedByQuote } from '../facts/reconcile';
import { writeLists } from '../facts/sentences';
import type { ListName } from './output-schema';
import { EMAILS, quotedDocuments, URLS } from './verify';

/**
 * Whether a quote carries the meaning of the sentence the model wrote on it. Locating the
 * quote proves the words exist; it proves nothing about the sentence: "This service is
 * completely safe" can cite any real sentence. Each claim a sentence can make that a quote must
 * carry is one record below, with examples (`meaning.test.ts` runs them); the category and
 * severity are the built-in engine's own reading of the quote (`builtinReading`).
 */

/** Why an item was refused (counted per reason in the diagnostics). */
export type MeaningRefusal = 'verdict' | 'instruction' | 'address' | 'absence' | 'freedom' | 'category' | 'severity';

/** A kind of claim a sentence makes, and what its quotes must say for it to stand. */
export interface ClaimRule {
  id: Extract<MeaningRefusal, 'verdict' | 'instruction' | 'address' | 'absence' | 'freedom'>;
  /** The sentence makes this kind of claim. */
  claims: RegExp | ((sentence: string) => boolean);
  /** The severities of items the rule holds; default all. */
  severities?: readonly Severity[];
  /**
   * Whether the quotes carry the claim, read as the built-in reader reads (its denials and the
   * rules that bind the user); no function: no quote can carry it.
   */
  carriedBy?: (sentence: string, quotes: readonly string[]) => boolean;
  /** Sentences (of a 'good' item unless said) with a quote, and whether the quote carries the sentence's claim. */
  examples: ReadonlyArray<{ sentence: string; quote: string; severity?: Severity; carried: boolean }>;
}

/** A negation anywhere: "not", "never", "no", "without", "cannot", "non-refundable". */
const NEGATION = /\b(?:not|no|never|none|nothing|nobody|neither|nor|without|cannot)\b|n['’]t\b|\bnon-\w/i;

/** How a clause says no to the user in legal words, beside a plain negation: "you waive", "we disclaim", "excluded". */
const LEGAL_NEGATION = /\b(?:waive[sd]?|waiving|waiver|give up|disclaim\w*|exclud\w*)\b/i;

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

const deniedPractices = (sentence: string) => PRACTICES.filter((verb) => isDeniedBefore(sentence, verb));

/**
 * A right or freedom granted to the user, not denied: "you can", "you may", "consumers have the
 * right to", or the steps to use it ("To opt out, …", "In your settings, select …").
 */
const GRANT =
  /\b(?:you|users?|consumers?|members?|customers?|residents?)\b(?:\s+[\w’']+){0,3}?\s+(?:can|may|are (?:free|allowed|entitled|able|permitted) to|have (?:the |a )?(?:right|option|choice) to|(?:is|are) entitled to)\b(?!\s+not\b)|\byour right to\b|\bif you (?:want|wish|would like) to\b|\bto (?:opt[- ]out|object|unsubscribe|withdraw|exercise)\b|(?:^|[.;:!,]\s*)(?:please\s+)?(?:select|go to|visit|use|click|tap|open|choose|follow|contact|write to|e-?mail|send)\b/i;

/** Verbs of a freedom and the words a quote may grant it in ("sue" is granted as "bring proceedings in the courts"). */
const FREEDOMS: ReadonlyArray<readonly string[]> = [
  ['sue', 'bring', 'take', 'court', 'claim', 'proceed', 'action', 'litigat', 'file'],
  ['delet', 'eras', 'remov', 'clos', 'cancel', 'terminat', 'leave', 'quit', 'stop', 'deactivat'],
  ['download', 'export', 'cop', 'port', 'access', 'obtain', 'view'],
  [
    'opt',
    'object',
    'withdraw',
    'refus',
    'declin',
    'turn',
    'unsubscrib',
    'disabl',
    'control',
    'manag',
    'chang',
    'edit',
    'adjust',
    'updat',
    'limit',
    'choos',
  ],
  ['ask', 'request', 'contact', 'writ', 'e-mail', 'email', 'send', 'reach'],
  ['refund', 'money back', 'return'],
];

/** Words that make a freedom unbounded: the quote must say them too ("any court you like"). */
const BREADTH = /\b(?:any|anywhere|whenever|whatever|wherever|unlimited|always|every)\b/gi;

/** The verb of "you can/may …" in a sentence: a permission, not a possibility ("you may lose", "you may be charged"). */
const FREEDOM_CLAIM =
  /\byou (?:can|may|could|are (?:free|allowed|entitled|able|permitted) to|have (?:the |a )?(?:right|freedom|option) to|get to)\s+(?:also\s+|still\s+|always\s+)?(?!not\b|be\b|lose\b|have\b|need\b|receive\b|face\b|incur\b|see\b|find\b|encounter\b|owe\b|pay\b)([a-z]+)/i;

/** A domain name, bare or in an address: "example.com", "secure-login.example.net". */
const DOMAIN =
  /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|io|co|app|dev|info|biz|xyz|me|us|uk|eu|de|fr|ru|cn|site|online|link|click|top)\b/gi;

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

/** Bare domains of a sentence (addresses and e-mail addresses are verify.ts's to check). */
const domainsIn = (sentence: string) =>
  [...sentence.replace(EMAILS, ' ').replace(URLS, ' ').matchAll(DOMAIN)].map((m) => m[0].toLowerCase());

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
    // Phishing and calls to act belong to no summary of legal documents; "to verify your identity" describes, it does not command.
    id: 'instruction',
    claims:
      /\burgent\b|(?:^|[.;:!,]\s*|\bplease\s+)(?:verify|confirm|update|enter|re-?enter|validate)\s+your\s+(?:account|identity|details|e-?mail|payment|card|password|billing|credentials|login)\b|\bclick (?:here|the link|below|this link|now)\b|\b(?:log|sign) ?in (?:now|here|immediately)\b|\b(?:act|respond|reply) (?:now|immediately|today)\b|\bwithin \d+ hours?\b|\bwill be (?:suspended|locked|closed|deleted) unless\b|\bor (?:it|your account) will be (?:suspended|locked|closed|deleted)\b/i,
    examples: [
      {
        sentence: 'Urgent: verify your account now or it will be closed.',
        quote: 'We may suspend or close your account if you break these Terms.',
        carried: false,
      },
      {
        sentence: 'Please confirm your payment details to keep your subscription.',
        quote: 'You can update your payment details in Settings.',
        carried: false,
      },
      // A description of a practice, not a command.
      {
        sentence: 'The service may use your face to verify your identity, only if you choose it.',
        quote: 'We may use face analysis to verify your identity if you choose to.',
        severity: 'neutral',
        carried: true,
      },
    ],
  },
  {
    // A web address the visitor would go to must be one the documents give: a bare domain escapes the
    // URL check of verify.ts ("Visit secure-login-example.com"), so it is checked here.
    id: 'address',
    claims: (sentence) => domainsIn(sentence).length > 0,
    carriedBy: (sentence, quotes) => {
      const quoted = quotes.join(' ').toLowerCase();
      return domainsIn(sentence).every((domain) => quoted.includes(domain));
    },
    examples: [
      {
        sentence: 'Visit secure-login-example.com to keep your account.',
        quote: 'You can delete your account at any time in Settings.',
        carried: false,
      },
      {
        sentence: 'Changes are announced on mullvad.net/blog.',
        quote: 'Changes will be notified via a notice on mullvad.net/blog.',
        carried: true,
      },
    ],
  },
  {
    // A denial of a practice is the claim a visitor relies on most, whatever its severity: its quote must deny the same practice.
    id: 'absence',
    claims: (sentence) => deniedPractices(sentence).length > 0,
    carriedBy: (sentence, quotes) => {
      // The service's own promise only: a rule for the user ("you may not sell …") denies nothing of the service.
      const promises = quotes.filter((q) => !USER_OBLIGATION.test(q));
      return deniedPractices(sentence).every((verb) => promises.some((q) => isDeniedBefore(q, verb)));
    },
    examples: [
      { sentence: 'The service does not sell your data.', quote: 'We do not sell your personal information.', carried: true },
      {
        sentence: 'The service never shares or sells your personal data.',
        quote: 'We keep server logs for 90 days and then delete them.',
        carried: false,
      },
      // Denies selling, says nothing of sharing.
      { sentence: 'It never shares or sells your personal data.', quote: 'We do not sell your personal information.', carried: false },
      // A rule for the user is no promise of the service.
      { sentence: 'Your data is never sold.', quote: 'You may not sell or resell access to the Service.', carried: false },
      {
        sentence: 'Your messages are not read by the service.',
        quote: 'We may review your messages to detect spam.',
        severity: 'bad',
        carried: false,
      },
    ],
  },
  {
    // Any other "no" that reassures ('good') needs a "no" in its quote, plain or legal ("waive", "non-refundable"). An
    // unfavourable one ("with no fixed period", "not necessarily in advance") warns rather than reassures, and is held by
    // the category and severity checks.
    id: 'absence',
    claims: NEGATION,
    severities: ['good'],
    carriedBy: (_sentence, quotes) => quotes.some((q) => NEGATION.test(q) || LEGAL_NEGATION.test(q)),
    examples: [
      {
        sentence: 'The terms cannot change without notice.',
        quote: 'We will notify you at least 30 days before changes take effect.',
        carried: false,
      },
      { sentence: 'Refunds are given with no questions asked.', quote: 'All fees are non-refundable once paid.', carried: true },
      {
        sentence: 'The data is kept with no fixed period.',
        quote: 'We keep your data as long as we need it.',
        severity: 'bad',
        carried: true,
      },
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
      // The service's power is no grant to the user.
      { sentence: 'You can delete your account at any time.', quote: 'We may delete your account at any time.', carried: false },
      {
        sentence: 'You can opt out of marketing e-mails.',
        quote: 'To opt out of marketing e-mails, use the link in any e-mail.',
        carried: true,
      },
      {
        sentence: 'You can delete your account in your settings.',
        quote: "In your settings, select 'Delete your data and account'.",
        carried: true,
      },
      // A possibility, not a freedom: no grant needed.
      {
        sentence: 'You may lose access to your content when the account closes.',
        quote: 'We may terminate your account at any time.',
        carried: true,
      },
    ],
  },
];

const claimedBy = (rule: ClaimRule, sentence: string, severity: Severity) =>
  (!rule.severities || rule.severities.includes(severity)) &&
  (typeof rule.claims === 'function' ? rule.claims(sentence) : rule.claims.test(sentence));

/** The rules whose claim the sentence makes (for an item of this severity) and its quotes do not carry. */
export function uncarriedClaims(sentence: string, severity: Severity, quotes: readonly string[]): Array<ClaimRule['id']> {
  return CLAIM_RULES.filter((rule) => claimedBy(rule, sentence, severity) && !rule.carriedBy?.(sentence, quotes)).map((rule) => rule.id);
}

/**
 * Severities an item may give, by the severity the built-in engine gives its category (its own
 * writer's for what it reads in the quote, else the taxonomy's): the model may weigh a detail one
 * step (an arbitration clause with an opt-out is 'neutral', a sale of data a 'blocker'), never
 * two, and never across 'good' on its own. 'other' has no reading to weigh, so neither 'good'
 * nor 'blocker'. A recommendation is an action, 'good' for the user whatever the practice it
 * answers.
 */
export const SEVERITIES_FOR: Readonly<Record<Severity | 'other' | 'recommendation', readonly Severity[]>> = {
  blocker: ['blocker', 'bad'],
  bad: ['blocker', 'bad', 'neutral'],
  neutral: ['bad', 'neutral'],
  good: ['good', 'neutral'],
  other: ['bad', 'neutral'],
  recommendation: ['good', 'neutral', 'bad'],
};

/**
 * Claims that turn a practice around and so may cross into 'good' ("The service does not use
 * your content to train AI", "you can take the service to the courts where you live"), once their
 * quotes have carried them.
 */
const CROSSING: ReadonlyArray<ClaimRule['id']> = ['absence', 'freedom'];

const SEVERITY_OF = new Map<string, Severity>(CATEGORIES.map((c) => [c.id, c.severity]));

/**
 * What the built-in engine reads in the quotes, as the categories it would write them under with
 * the severities it would give: its classifier's categories (by their own patterns, as a summary
 * sentence needs) at the taxonomy's severity, and the items its fact-sheet writers write from
 * what its fact readers find in them ("If you are a consumer, these Terms are governed by the law
 * of the jurisdiction in which you live" → choice_of_law, 'good').
 */
export function builtinReading(evidence: readonly Evidence[]): Map<string, Set<Severity>> {
  const read = new Map<string, Set<Severity>>();
  const add = (category: string, severity: Severity) => read.set(category, (read.get(category) ?? new Set()).add(severity));
  const documents = quotedDocuments(evidence);
  for (const d of documents)
    for (const finding of classifyClauses(d.clauses, d.type, d.url))
      if (finding.matchesPattern) add(finding.category.id, finding.category.severity);
  const written = writeLists(readFacts(documents));
  for (const item of [...written.details.keyPoints, ...written.details.privacyConcerns, ...written.unlisted])
    add(item.category, item.severity);
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
  list: ListName,
  isReadable: (document: DocumentType) => boolean,
): MeaningRefusal | undefined {
  const readable = item.evidence.every((e) => isReadable(e.document));
  const claimed = CLAIM_RULES.filter((rule) => claimedBy(rule, item.text, item.severity));
  if (!readable && claimed.length > 0) return claimed[0]!.id;
  const uncarried = uncarriedClaims(
    item.text,
    item.severity,
    item.evidence.map((e) => e.quote),
  );
  if (uncarried.length > 0) return uncarried[0];
  const own = SEVERITY_OF.get(item.category);
  if (own === undefined) return SEVERITIES_FOR.other.includes(item.severity) ? undefined : 'severity';
  const reading = readable ? builtinReading(item.evidence) : undefined;
  if (reading && (!reading.has(item.category) || !isBackedByQuote(item))) return 'category';
  if (list === 'recommendations' && SEVERITIES_FOR.recommendation.includes(item.severity)) return undefined;
  const bases = reading?.get(item.category) ?? new Set([own]);
  if ([...bases].some((base) => SEVERITIES_FOR[base].includes(item.severity))) return undefined;
  const turned = claimed.some((rule) => CROSSING.includes(rule.id));
  return turned && item.severity === 'good' ? undefined : 'severity';
}
