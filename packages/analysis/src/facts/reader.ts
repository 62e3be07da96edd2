import type { DocumentType, Evidence, FactAnswer } from '@fineprint/contracts';
import { POINTS_BACK, quotedLinks, type Clause } from '../segment/segment';
import { isSignpost, NUMBER_WORDS } from '../summarize/details';

/** One document as the fact readers see it: its clauses in reading order. */
export interface FactDocument {
  type: DocumentType;
  url: string;
  clauses: readonly Clause[];
}

/** A clause with the document it belongs to and its position there. */
export interface Located {
  clause: Clause;
  document: FactDocument;
  index: number;
}

/** What a question's reader gets: the documents, and helpers that find clauses and build answers. */
export interface ReadContext {
  /**
   * Clauses matching every pattern given, in the documents given (default: both), in reading
   * order; with `inSection`, the first pattern may match the clause's heading instead.
   */
  find(patterns: RegExp | readonly RegExp[], documents?: readonly DocumentType[], options?: { inSection?: boolean }): Located[];
  /** The clauses right after each of these (up to `count`, same document), that match the pattern, without repeats. */
  following(found: readonly Located[], pattern: RegExp, count?: number): Located[];
  /** An answer with the clauses as its evidence (at most three quotes, or `quotes`). */
  answer(
    value: FactAnswer['value'],
    evidence: readonly Located[],
    fields?: Omit<FactAnswer, 'value' | 'evidence'>,
    quotes?: number,
  ): FactAnswer;
}

/** The answer every question gives when the documents say nothing about it. */
export const NOT_STATED: FactAnswer = { value: 'not_stated', evidence: [] };

/** A definition: "“Dataset” refers to a structured collection of data samples used to train …", "'Content' means …". */
const DEFINITION =
  /^\W{0,3}["“'‘][^"”'’]{1,40}["”'’]\s*(?:\([^)]{1,40}\)\s*)?(?:refers to|means|shall mean|is defined as|has the meaning)\b/i;

/**
 * A kind of data named or exemplified in a table of categories ("Category E: Biometric information.", "Examples: …
 * fingerprints, faceprints …"), or a row of such a table ("5; Biometric information.", "… faceprints …; NO; NO"), whose
 * own cells say whether it is collected: what the kind is, not what the service does.
 */
const CATEGORY_LABEL =
  /^\W*(?:[ivx]+\.\s+)?(?:Category [A-Z\d]{1,2}\s*[:.-]|Examples?\s*:)|^\d{1,2};\s|;\s*(?:YES|NO|Yes|No|N\/A)(?:;\s*(?:YES|NO|Yes|No|N\/A))*\.?\s*$/;

/** Longest clause a reader looks at: a run-on "sentence" of a whole page speaks to everything. */
const MAX_CLAUSE_CHARS = 1500;

export function createReadContext(documents: readonly FactDocument[]): ReadContext {
  return {
    find(patterns, types = ['terms', 'privacy'], options = {}) {
      const all = Array.isArray(patterns) ? patterns : [patterns as RegExp];
      const found: Located[] = [];
      for (const document of documents) if (types.includes(document.type)) found.push(...findIn(document, all, options.inSection === true));
      return found;
    },
    following(found, pattern, count = 3) {
      const seen = new Set<Clause>();
      const result: Located[] = [];
      for (const { document, index } of found) {
        // (A list that completes the found lead-in is one sentence with it: "… we may change these Terms due to:", five
        // reasons, then "We will give you at least 30 days' notice …" is the next sentence, not the sixth.)
        const start = document.clauses[index]!.start;
        for (let i = index, steps = 0; i < document.clauses.length; i++) {
          const clause = document.clauses[i]!;
          if (i > index && clause.leadIn?.start !== start && ++steps > count) break;
          if (seen.has(clause) || clause.text.length > MAX_CLAUSE_CHARS || !pattern.test(clause.text)) continue;
          seen.add(clause);
          result.push({ clause, document, index: i });
        }
      }
      return result;
    },
    answer(value, evidence, fields = {}, quotes = 3) {
      // A lead-in ("…the following licence:", or one cut before its list: "… costs incurred by us arising from") says nothing
      // alone: its next clause comes with it.
      // … and a list item comes with its lead-in ("You cannot use Facebook if:" / "You are under 13 years old.").
      const quoted = evidence.slice(0, quotes).flatMap((l) => {
        const next = l.document.clauses[l.index + 1];
        const before = l.document.clauses[l.index - 1];
        if (opensList(l.clause.text) && (!l.clause.leadIn || /:\s*$/.test(l.clause.text)) && next)
          return [l, { clause: next, document: l.document, index: l.index + 1 }];
        // … and a sentence that points back ("In these cases, liability is limited …") comes after the one it points to.
        if (POINTS_BACK.test(l.clause.text) && before && !evidence.some((e) => e.clause === before)) {
          // … and, where that one only defines a word of the rule ("'Essential' obligations in this sense are …"), the rule before it.
          const rule = l.document.clauses[l.index - 2];
          const defines = /\bin this sense\b/i.test(before.text) && rule && !evidence.some((e) => e.clause === rule);
          return [
            ...(defines ? [{ clause: rule, document: l.document, index: l.index - 2 }] : []),
            { clause: before, document: l.document, index: l.index - 1 },
            l,
          ];
        }
        // … and the sentence after it that points back to it for the how ("If you wish to do any of these things, write to …").
        if (next && /^\s*If you\b/i.test(next.text) && POINTS_BACK.test(next.text) && !evidence.some((e) => e.clause === next))
          return [l, { clause: next, document: l.document, index: l.index + 1 }];
        const leadIn = l.clause.leadIn;
        if (leadIn && !evidence.some((e) => e.clause.start === leadIn.start)) {
          const at = l.document.clauses.findIndex((c) => c.start === leadIn.start);
          if (at >= 0) return [{ clause: l.document.clauses[at]!, document: l.document, index: at }, l];
        }
        return [l];
      });
      // A rule some users are exempt from ("Section 11 does not apply to consumers in the EEA") says so in its scope.
      // (A rule written for some users only is scoped by the readers where the regions' rules differ: forum, law, cap, class actions.)
      // The exempting clause is quoted too, so the scope has its proof.
      const exempt = !fields.scope && value !== 'not_stated' && evidence[0] ? exemptionOf(evidence[0]) : undefined;
      const scope = fields.scope ?? (exempt ? `users outside ${exempt.region}` : undefined);
      const all = exempt ? [...quoted, exempt.by] : quoted;
      // A scope set by a heading ("… Agreement if you live in the United States or outside the EEA …", "SCHEDULE 1:
      // UNITED STATES-SPECIFIC TERMS") is quoted from it: the answer's own clause's, or the one that makes others' rule differ.
      const headings = fields.scope
        ? evidence.slice(0, 3).flatMap((l, i) => {
            const source = scopeWithSource(l.clause);
            // The answer's own scope, or the other users' scope where the answer is everyone else's.
            const proves = source?.scope === fields.scope || (i > 0 && fields.scope!.startsWith('users outside'));
            return source?.heading && proves ? [{ heading: source.heading, document: l.document }] : [];
          })
        : [];
      const headingProof = headings
        .filter((h, i) => headings.findIndex((other) => other.heading.start === h.heading.start) === i)
        .map(({ heading, document }) => ({
          quote: heading.text,
          document: document.type,
          url: document.url,
          start: heading.start,
          end: heading.end,
        }));
      return {
        value,
        ...fields,
        ...(scope ? { scope } : {}),
        evidence: [...all.filter((l, i) => all.findIndex((q) => q.clause === l.clause) === i).map(evidenceOf), ...headingProof],
      };
    },
  };
}

/** A sentence that only makes sense after the one before it: "In these cases, …", "In such cases, …". */

export function evidenceOf({ clause, document }: Located): Evidence {
  const links = quotedLinks(clause, document.url);
  return {
    quote: clause.text,
    document: document.type,
    url: document.url,
    start: clause.start,
    end: clause.end,
    ...(links.length ? { links } : {}),
  };
}

/**
 * Negation that binds the service's own practice: "we do not sell", "never", "will not",
 * "isn't used to". Checked in the words just before the practice's verb.
 */
// (… or a subject quantified by "no": "No identity data is used to train …".)
// (… or a title that opens with "No" and has no verb: "No Sale, Sharing, or Targeted Advertising.")
const DENIAL =
  /^\W*No\s+(?![^.;:]*\b(?:is|are|was|were|will|shall|may|can|do|does|we|you)\b)|\bno\s+(?:[\w/-]+\s+){0,6}(?:is|are|was|were|will\s+be|shall\s+be)\s+(?!\w+\s+than\b)|\b(?:do(?:es)?\s+not|don['’]t|doesn['’]t|never|will\s+not|won['’]t|shall\s+not|is\s+not|isn['’]t|are\s+not|aren['’]t|not|makes?\s+no\s+(?:effort|attempt)|there\s+(?:is|are|will\s+be)\s+no|at\s+no\s+(?:point|time)|none\s+of|free\s+of(?!\s+charge))\b/i;
/**
 * A negation whose subject is the user's wish or choice, not the service's practice: "If you do not want to receive ads
 * targeted to your interests, you can …", "you can choose not to receive personalised ads".
 */
const USER_NEGATION =
  /\b(?:(?:if|when|where|should|unless)\s+you\s+(?:do\s+not|don['’]t|would\s+not|wouldn['’]t|prefer\s+not|no\s+longer)|you\s+(?:can|may|could)\s+(?:also\s+)?(?:choose|elect|opt|decide|prefer|ask\s+us)\s+not|(?:right|ask|request|direct|instruct)\s+(?:to\s+)?(?:direct\s+|ask\s+|request\s+|instruct\s+)?(?:us|[A-Z]\w+)\s+(?:to\s+)?not)\b/gi;

/** Rules that bind the user, not the service: "you may not", "you agree not to", "users must not". */
export const USER_OBLIGATION =
  /\b(?:you|users?|members?|customers?)\s+(?:also\s+|further\s+)?(?:may\s+not|must\s+not|mustn['’]t|shall\s+not|cannot|can['’]t|agree\s+not\s+to|will\s+not|do\s+not\s+use|(?:are\s+not|aren['’]t)\s+(?:allowed|permitted))\b|\b(?:nor|neither)\s+(?:may|shall|can|will|should|must)\s+(?:you|users?)\b|\b(?:prohibited|not\s+permitted)\b|^\W*you\b[^.]{0,300}\b(?:must|may|shall|will)\s+not\s*:\s*$/i;

/** An enumerated clause: "(ix) engage in …", "b) …", "3) …". */
const ENUMERATOR = /^\s*\(?(?:[ivxlc]{1,6}|[a-z]|\d{1,2})\)\s/i;

/**
 * The sentence a clause completes where structure says so: a list item's lead-in, the line before a run of enumerated
 * clauses ("you agree not to:" / "(i) …;" … "(ix) engage in …"), or a heading written as a lead-in ("You also aren't
 * allowed to:"). Its words decide whom the clause binds.
 */
/** A clause that opens a list and says nothing without it: "…the following licence:", or one cut before it ("… arising from"). */
export function opensList(text: string): boolean {
  return /:\s*$|\b(?:from|of|to|by|for|including)\s*$/.test(text);
}

export function leadInOf({ clause, document, index }: Located): string {
  if (clause.leadIn) return clause.leadIn.text;
  // Back over the run of sibling items or enumerated clauses to the line that opens it (a nested list's own item included).
  const inRun = (c: Clause) => (clause.kind === 'item' ? c.kind === 'item' : ENUMERATOR.test(c.text));
  // (A run of items ends at a sentence of an item's own body: "Your Account Certain activities … require you to register."
  // after "any of the following:" several items earlier is another item's text, not this list's.)
  const isBody = (c: Clause) => c.kind === 'item' && /^[A-Z][^.;:]*[.!?]["”’)]?$/.test(c.text) && c.text.split(/\s+/).length >= 8;
  if (clause.kind === 'item' || ENUMERATOR.test(clause.text))
    for (let i = index - 1; i >= Math.max(0, index - 40); i--) {
      const before = document.clauses[i]!;
      if (/:\s*$/.test(before.text)) return before.text;
      if (!inRun(before) || isBody(before)) break;
    }
  return /:\s*$/.test(clause.heading) ? clause.heading : '';
}

/** A clause that keeps parts of the contract in force after it ends ("… will survive any termination …"). */
export const SURVIVAL = /\bsurviv\w*\b[^.]{0,120}\b(?:terminat|expir)\w*|\b(?:terminat|expir)\w*\b[^.]{0,200}\bsurviv\w*\b/i;
const NOT_SURVIVING = /\b(?:not|no longer)\s+surviv/i;
/** A section's number where its heading begins with one: "5.1. Your Content", "2.5.1", "Section 7 – Licences". */
const SECTION_NUMBER = /^\W*(?:section\s+|§\s*)?(\d+(?:\.\d+)*)\b/i;
/** The sections a survival clause names after "Section(s)": "2.5.1", "9 through 20", "4-8", "5 - 11". */
const SECTION_REFERENCE = /\b(\d+(?:\.\d+)*)\.?(?:\s*(?:-|–|through|to)\s*(\d+)\b)?/g;
/** The sections it names by title, in quotes: “Licenses,” "Ownership and License of User Content". */
const QUOTED_TITLE = /["“]([^"”]{3,80})["”]/g;

const titleWords = (text: string) =>
  text
    .replace(SECTION_NUMBER, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The survival clause that keeps a clause's section in force after the contract ends, if one does: it names the
 * section's number ("Sections 4-8 survive", "Sections 2.5.1 and Sections 9 through 20") or its title ("the following
 * provisions will survive …: “Licenses,” …"). Read from the clause's headings, never from its words.
 */
export function survivalOf({ clause, document }: Located): Located | undefined {
  const headings = [...(clause.parts ?? []), clause.heading].filter(Boolean);
  // (The innermost numbered heading: a part's number above it says less.)
  const numbers = headings.flatMap((h) => SECTION_NUMBER.exec(h)?.[1] ?? []).slice(-1);
  const titles = headings.map(titleWords).filter((t) => t.length >= 3);
  if (numbers.length === 0 && titles.length === 0) return undefined;
  const index = document.clauses.findIndex((survival) => {
    const text = survival.text;
    if (text.length > MAX_CLAUSE_CHARS || !SURVIVAL.test(text) || NOT_SURVIVING.test(text)) return false;
    const named = [...text.matchAll(QUOTED_TITLE)].map((m) => titleWords(m[1]!)).filter((t) => t.length >= 3);
    if (titles.some((t) => named.some((n) => t === n || t.startsWith(`${n} `)))) return true;
    const at = text.search(/\bsections?\b|§/i);
    if (at < 0) return false;
    return [...text.slice(at).matchAll(SECTION_REFERENCE)].some(([, from, to]) => numbers.some((n) => coversSection(from!, to, n)));
  });
  return index < 0 ? undefined : { clause: document.clauses[index]!, document, index };
}

/** True when a negation falls within `window` characters before the first match of `verb`. */
export function isDeniedBefore(text: string, verb: RegExp, window = 40): boolean {
  const match = verb.exec(text);
  if (!match) return false;
  return DENIAL.test(text.slice(Math.max(0, match.index - window), match.index));
}

/**
 * Where a negation's reach ends: another clause of the sentence ("…, but we …", "; ", "unless", ", and we …"), or the end
 * of a condition that opens it ("If you have not used it since, you shall be refunded": the refund is not denied).
 */
const SCOPE_BOUNDARY =
  /[;:]|\.\s|\b(?:but|however|although|though|except|unless|whereas|while|other than|instead)\b|,\s+(?:and|or)\s+(?:we|you|they|it|our)\b|,\s+(?:we|they)\s+(?:may|might|can|will|also|do)\b|(?<=(?:^|[.;:,]\s*)(?:if|when|once|provided that)\b[^,.;:]{1,240}),\s/gi;

/**
 * True when the first match of `verb` lies in the scope of a negation: a negation earlier in the same clause of the
 * sentence, however far ("They do not use the input content or prompts for training their models"), and not one
 * another clause closes ("We do not sell your data, but we use it to train models"). "Not only" negates nothing.
 */
export function isInNegationScope(text: string, verb: RegExp): boolean {
  const match = verb.exec(text);
  if (!match) return false;
  const before = text.slice(Math.max(0, match.index - 300), match.index);
  let start = 0;
  for (const boundary of before.matchAll(SCOPE_BOUNDARY)) start = boundary.index + boundary[0].length;
  return DENIAL.test(
    before
      .slice(start)
      .replace(/\bnot only\b/gi, '')
      .replace(USER_NEGATION, ''),
  );
}

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };
const DURATION = new RegExp(
  String.raw`(?<![\d.,])\b(\d{1,4}|${Object.keys(NUMBER_WORDS).join('|')})(?:\s*\((\d{1,4})\))?[\s-]*((?:business|calendar)\s+)?(day|week|month|year)s?\b`,
  'gi',
);

/** An age, not a period: "13 years of age", "18 years old", "under the age of 16 years". */
const AGE_AFTER = /^\s*(?:of age|old|or older|or younger)\b/i;
const AGE_BEFORE = /\b(?:age of|aged|ages)\s*$/i;

/** Every duration in the text, in days (months = 30, years = 365), with where it stands; ages are not durations. */
export function durationsIn(text: string): Array<{ days: number; index: number; words: string }> {
  const found: Array<{ days: number; index: number; words: string }> = [];
  for (const m of text.matchAll(DURATION)) {
    if (AGE_AFTER.test(text.slice(m.index + m[0].length)) || AGE_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    // (The figures in brackets where the words are also given: "twenty-eight (28) days" is 28, whatever "eight" reads as.)
    const n = m[2] ? Number(m[2]) : /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!.toLowerCase()]!;
    found.push({ days: n * UNIT_DAYS[m[4]!.toLowerCase()]!, index: m.index, words: m[0] });
  }
  return found;
}

/** "If you are a consumer in the EEA, Switzerland or the UK, Section 11 does not apply to you" / "…, the above doesn't apply". */
const REGION = String.raw`((?:the )?[A-Z][\w.]*(?: [A-Z][\w.]*)*(?: \([A-Z]+\))?(?:(?:,| or| and|, or|, and) (?:the )?[A-Z][\w.]*(?: [A-Z][\w.]*)*(?: \([A-Z]+\))?)*)`;
const WHO_IN = String.raw`(?:you are|you['’]re) an? (?:consumer|user|resident)s? (?:in|of|living in|resident in|based in|located in|habitually resident in) (?:the )?`;
const EXEMPTION = new RegExp(
  String.raw`\b${WHO_IN}${REGION}(?:\s*\([^)]{1,12}\))?(?:,? or any other country[^,.]{0,80})?,? (?:(?:the above|the foregoing|this (?:section|paragraph|clause)|(?:the [a-z][a-z ]{0,40}? in )?(?:Sections?|Clauses?|Articles?) (\d+(?:\.\d+)*)(?:\s*[-–]\s*(\d+(?:\.\d+)*))?)(?: above| below)? (?:does|do|shall|will)(?: not|n['’]t) apply)`,
);
/** Whether a section number is the one an exemption names or within the range it names ("Sections 12.1-12.8"). */
function coversSection(from: string, to: string | undefined, section: string, opening = false): boolean {
  if (!to) return section === from || section.startsWith(`${from}.`);
  const parts = (n: string) => n.split('.').map(Number);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return 0;
  };
  const [s, f, t] = [parts(section), parts(from), parts(to)];
  // (A section known only as "12" may hold parts outside "12.1-12.8": whether this clause is in them is not known, unless
  // it is the section's opening and the range starts at its first part.)
  if (s.length < f.length) return opening && f.length === s.length + 1 && f.at(-1) === 1 && compare(s, f) === 0;
  return compare(s, f) >= 0 && compare(s, t) <= 0;
}
/** "THIS SECTION 7 DOES NOT APPLY TO EU OR UK SUBSCRIBERS": the region (group 1) and the section (group 2). */
const SECTION_EXEMPTION =
  /\b(?:this )?(?:section|clause|article) (?<section>\d+(?:\.\d+)*) (?:does|do|shall|will)(?: not|n['’]t) apply to (?:the )?(?<region>[A-Z][\w.]*(?:,? (?:or |and )?(?:the )?[A-Z][\w.]*){0,4}) (?:subscribers|users|consumers|residents|customers)\b/i;
/**
 * The clauses just before it not for one region's users: "These limitations/exclusions do not apply to users located in the
 * EEA", "This does not apply to users located in the EEA".
 */
const NEARBY_EXEMPTION =
  /\b(?:these|this|such|the above|the foregoing)(?: (?:limitations?|exclusions?|provisions?|disclaimers?|restrictions?|rights?)(?:\s*\/\s*\w+)?)? (?:do|does|shall|will)(?: not|n['’]t) apply to (?:users|residents|consumers|subscribers|players|customers|you)(?: who are)?(?: (?:located|living|resident|based))? in (?:the )?(?<region>[A-Z][\w.]*(?:,? (?:or |and )?(?:the )?[A-Z][\w.]*){0,4})/i;
/** The opening of a clause that covers everyone an earlier one did not: "In all other cases, …". */
const OTHER_CASES = /^\s*(?:in all other cases|otherwise|for (?:all )?other users)\b/i;
/** "If you are a consumer in the EEA, Switzerland or the UK, …" at the start of a clause. */
const REGIONAL_OPENING = new RegExp(String.raw`^\s*(?:[Ii]f|[Ww]here) ${WHO_IN}${REGION},`);

/**
 * The region whose users a clause does not bind, when the document says so next to it: an
 * exemption of its numbered section or of "the above" in the same section, or an "In all other
 * cases" after a regional rule.
 */
export function exemptionOf({ document, index }: Located): { region: string; by: Located } | undefined {
  const clause = document.clauses[index]!;
  // "EEA, Switzerland or the United Kingdom (UK)" → "the EEA, Switzerland or the United Kingdom".
  const found = (text: string, at: number) => {
    // (… without the sentence's full stop: "users located in the EEA." → "the EEA"; "U.S." keeps its own.)
    const named = text
      .replace(/\s*\([A-Z]{2,3}\)/g, '')
      .trim()
      .replace(/(?<=\b[A-Za-z]{2,})\.$/, '');
    return {
      region: /^(?:EEA|EU|UK|US|European|United)\b/.test(named) ? `the ${named}` : named,
      by: { clause: document.clauses[at]!, document, index: at },
    };
  };
  if (OTHER_CASES.test(clause.text))
    for (let i = index - 1; i >= Math.max(0, index - 3); i--) {
      const m = REGIONAL_OPENING.exec(document.clauses[i]!.text);
      if (m) return found(m[1]!, i);
    }
  // (The clause's numbered section: its heading's number, or the numbered part its lettered heading is in.)
  const numberOf = (h: string) => SECTION_NUMBER.exec(h)?.[1];
  const section = [clause.heading, ...(clause.parts ?? []).slice().reverse()].map(numberOf).find(Boolean);
  // (A clause under the section's own heading, "12. Arbitration …", stands before its "12.1": its opening.)
  const opening = numberOf(clause.heading) === section;
  for (const { i, m } of exemptionsIn(document)) {
    const other = document.clauses[i]!;
    if (
      m[2]
        ? section !== undefined && coversSection(m[2], m[3], section, opening)
        : other.heading === clause.heading &&
          ((!/\babove|foregoing\b/i.test(m[0]) && !NEARBY_EXEMPTION.test(m[0])) || (i > index && i <= index + 3))
    )
      return found(m[1]!, i);
  }
  return undefined;
}

/**
 * What `find` finds in one document for one set of patterns, looked for once per document: the
 * site's fact sheet and each document's own (the version store's) ask the same questions of the
 * same clauses, so the second reading takes the first one's findings (kept as long as the
 * document's clauses are). Patterns that keep state (global, sticky) are looked for every time.
 */
const FOUND = new WeakMap<FactDocument, Map<string, Located[]>>();
/**
 * Which clauses may state a rule, decided once per document: a heading names a topic, a signpost points to a rule, a
 * definition says what a word means, a run-on "sentence" of a whole page speaks to everything; none states one.
 */
const STATEMENTS = new WeakMap<readonly Clause[], boolean[]>();
export function statementsOf(clauses: readonly Clause[]): boolean[] {
  let states = STATEMENTS.get(clauses);
  if (!states) {
    states = clauses.map(
      (c) =>
        c.kind !== 'heading' &&
        !isSignpost(c.text) &&
        !DEFINITION.test(c.text) &&
        !CATEGORY_LABEL.test(c.text) &&
        c.text.length <= MAX_CLAUSE_CHARS &&
        !isForBusinessOnly(c),
    );
    STATEMENTS.set(clauses, states);
  }
  return states;
}
function findIn(document: FactDocument, patterns: readonly RegExp[], inSection: boolean): readonly Located[] {
  const key = patterns.some((p) => p.global || p.sticky)
    ? undefined
    : `${inSection ? 's' : '-'}${patterns.map((p) => `\u0000${p.flags}/${p.source}`).join('')}`;
  let memo = FOUND.get(document);
  const known = key === undefined ? undefined : memo?.get(key);
  if (known) return known;
  const matches = (clause: Clause) => patterns.every((p, i) => p.test(clause.text) || (i === 0 && inSection && p.test(clause.heading)));
  const found: Located[] = [];
  const states = statementsOf(document.clauses);
  document.clauses.forEach((clause, index) => {
    if (states[index] && matches(clause)) found.push({ clause, document, index });
  });
  if (key !== undefined) {
    if (!memo) FOUND.set(document, (memo = new Map()));
    memo.set(key, found);
  }
  return found;
}

/**
 * A clause in a part written for business customers only ("Business use of the Services addendum", "Terms for Business
 * Users"): every question asks what binds a person using the service, so such parts state no rule for them.
 */
const BUSINESS_PART = /\b(?:business|commercial) (?:use|users?|customers?|accounts?)\b|\bfor (?:businesses|organi[sz]ations)\b/i;
export function isForBusinessOnly(clause: Clause): boolean {
  return [clause.heading, ...(clause.parts ?? [])].some((h) => BUSINESS_PART.test(h));
}

/** The clauses of a document that exempt some users, found once per document (every answer asks). */
// (Kept by the document's clauses: the topics read the same clauses through document objects of their own.)
const EXEMPTIONS = new WeakMap<readonly Clause[], Array<{ i: number; m: RegExpExecArray }>>();
function exemptionsIn(document: FactDocument): Array<{ i: number; m: RegExpExecArray }> {
  let found = EXEMPTIONS.get(document.clauses);
  if (!found) {
    found = document.clauses.flatMap((clause, i) => {
      const m = EXEMPTION.exec(clause.text);
      if (m) return [{ i, m }];
      const near = NEARBY_EXEMPTION.exec(clause.text);
      if (near)
        return [{ i, m: Object.assign([near[0], near.groups!.region!], { index: near.index, input: near.input }) as RegExpExecArray }];
      // (Its region as the other form gives it: "EU OR UK" read as "EU or UK".)
      const s = SECTION_EXEMPTION.exec(clause.text);
      if (!s) return [];
      const region = s.groups!.region!.replace(/\b(OR|AND|THE)\b/g, (w) => w.toLowerCase());
      return [{ i, m: Object.assign([s[0], region, s.groups!.section!], { index: s.index, input: s.input }) as RegExpExecArray }];
    });
    EXEMPTIONS.set(document.clauses, found);
  }
  return found;
}

/** Scope of a clause when its words or heading limit it: "US users", "EEA users". */
export function scopeOf(clause: Clause): string | undefined {
  return scopeWithSource(clause)?.scope;
}

/**
 * A clause's scope with the heading that sets it, when a heading does ("Reddit User Agreement if
 * you live in the United States or outside the EEA …"): the heading is then quoted as its proof.
 */
export function scopeWithSource(clause: Clause): { scope: string; heading?: { text: string; start: number; end: number } } | undefined {
  // The clause's own words first, then the sentence its list hangs from, its heading, the parts it sits in, innermost first.
  for (const text of [clause.text, clause.leadIn?.text ?? '', clause.heading, ...[...(clause.parts ?? [])].reverse()]) {
    const scope = regionOf(text);
    if (!scope) continue;
    const heading = text === clause.text || text === clause.leadIn?.text ? undefined : clause.headings?.find((h) => h.text === text);
    return { scope, ...(heading ? { heading } : {}) };
  }
  return undefined;
}

/** The users a text limits a rule to, in the summary's words. */
export function regionOf(text: string): string | undefined {
  // "Unless you reside in the US or are an EU consumer, …": everyone else.
  const unless = UNLESS_IN.exec(text)?.[1];
  if (unless) {
    const us = /\b(?:United States|U\.S\.|US|USA)\b/.test(unless) ? 'the United States' : undefined;
    const regions = [us, europeanRegionsIn(unless)].filter((r): r is string => r !== undefined);
    return regions.length ? `users outside ${regions.join(' and ')}` : undefined;
  }
  // "If you are not a user in the European Economic Area, the United Kingdom, or Switzerland, …"
  const notIn = NOT_IN_EUROPE.exec(text)?.[1] ?? OUTSIDE_EUROPE.exec(text)?.[1];
  if (notIn) return `users outside ${europeanRegionsIn(notIn)}`;
  if (US_SCOPE.test(text)) {
    // "…if you live in the United States or outside the EEA, United Kingdom, and Switzerland".
    const outside = /\boutside (?:of )?(?:the )?((?:EEA|European Economic Area|EU|European Union)\b[\w ,]{0,60})/.exec(text)?.[1];
    if (outside) return `users outside the ${outside.trim().replace(/,$/, '')}`;
    return /\b(?:united states|US|U\.S\.|USA) (?:or|and) canad(?:a|ian)\b/i.test(text)
      ? 'users in the United States or Canada'
      : 'US users';
  }
  if (EEA_SCOPE.test(text)) return 'EEA users';
  // One named country's users, where a clause opens with them: "If you are based in Germany, …"; or everyone else's:
  // "Where the User is not located in France, …".
  const outside = NOT_IN_COUNTRY_OPENING.exec(text)?.[1];
  if (outside) return `users outside ${outside}`;
  const country = ONE_COUNTRY_OPENING.exec(text)?.[1] ?? OF_ONE_COUNTRYS_USERS.exec(text)?.[1];
  return country ? `users in ${country}` : undefined;
}
/** A rule opened for everyone but some users: "Unless you are located in …,", "Except where you reside in …,". */
const UNLESS_IN =
  /^\W*(?:\(?[a-z\d]{1,3}[.)]\s+)?(?:Unless|UNLESS|Except (?:where|if|when)|EXCEPT (?:WHERE|IF|WHEN)) (?:you|YOU)\b([^;:]{3,160}?),/;
const EUROPE = String.raw`(?:the |an? )?(?:European Economic Area|EEA|European Union|EU|EFTA (?:country|countries|state|states)|United Kingdom|UK|Switzerland)`;
/** A run of them: "the European Economic Area, the United Kingdom, or Switzerland". */
const EUROPE_LIST = String.raw`${EUROPE}(?:,? (?:or |and )?${EUROPE})*`;
const EUROPE_RUN = new RegExp(String.raw`\b(${EUROPE_LIST})`);

/** The European regions a clause names, as one list ("the European Union, the European Economic Area, the United Kingdom and Switzerland"). */
export function europeanRegionsIn(text: string): string | undefined {
  const run = EUROPE_RUN.exec(text)?.[1];
  if (!run) return undefined;
  const names = run.split(/,? (?:or|and) |, /).map((name) => name.trim());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
}
const NOT_IN_EUROPE = new RegExp(
  String.raw`\b[Ii]f you are not (?:an? (?:user|resident|consumer) )?(?:located |living |based )?in (${EUROPE_LIST})`,
);
/** "For All Subscribers Outside the European Union and United Kingdom:" */
const OUTSIDE_EUROPE = new RegExp(
  String.raw`\b(?:[Uu]sers|[Rr]esidents|[Cc]onsumers|[Cc]ustomers|[Ss]ubscribers|[Mm]embers)(?: [a-z]+)?(?: anywhere)? [Oo]utside (?:of )?(${EUROPE_LIST})`,
);
/** "If you are based in Germany, …", "If you live in Brazil, …": a rule opened for one country's users. */
// (… or a few named: "If you live in France, Germany, or the Netherlands, …".)
// (… or opened for them by name: "For subscribers residing in Argentina – …", "b. For customers in Japan: …".)
const ONE_COUNTRY_OPENING =
  /^\W*(?:[a-z]\.\s+|\(?[a-z\d]{1,3}\)\s+)?(?:(?:If|Where|When) (?:you (?:in )?(?:are (?:based|located|resident|living) in|live in|reside in|are a resident of)|the (?:User|user|Customer|customer) (?:is (?:based|located|resident|living) in|lives in|resides in))|For (?:users|residents|consumers|customers|subscribers|members|players) (?:(?:who are )?(?:residing|resident|located|living|based) )?(?:in|of)) ((?:the )?[A-Z][a-z]+(?: (?:of )?[A-Z][a-z]+){0,3}(?:,? (?:or |and )?(?:the )?[A-Z][a-z]+(?: (?:of )?[A-Z][a-z]+){0,3}){0,4})(?:,|:|\s[–—-]\s)/;
/** Everyone but one country's users: "Where the User is not located in France, …". */
const NOT_IN_COUNTRY_OPENING =
  /^\W*(?:If|Where|When) (?:you are|the (?:User|user|Customer|customer) is) not (?:based|located|resident|living) in ((?:the )?[A-Z][a-z]+(?: (?:of )?[A-Z][a-z]+){0,3}),/;
/** Whom a clause is for, by where they live: "If you are a consumer living in", "For users located in", "Residents of", "you live in". */
const PERSON = String.raw`(?:users?|residents?|consumers?|customers?|individuals|people|members?)`;
const LIVING = String.raw`(?:(?:who |that )?(?:live|lives|reside|resides|are located|is located|are based)|living|located|based|residing|resident|habitually resident)`;
const WHO = String.raw`(?:\b(?:[Ii]f|[Ww]here|[Ww]hen) you(?: are|['’]re)?(?: an?)? (?:resident|citizen)s? of(?: a country(?: located)? in)?|\b(?:[Ii]f|[Ww]here|[Ww]hen) you(?: are|['’]re)?(?: an?)?(?: ${PERSON})?(?: ${LIVING})? (?:in|within)|\b[Ff]or ${PERSON}(?: ${LIVING})? (?:in|of)|\b[Rr]esidents of|\b${PERSON}(?: ${LIVING})? in|\b[Yy]ou (?:live|reside) in)`;
/** A rule about one country's users' data, anywhere in its sentence: "the data of members living in Norway is sent …". */
const OF_ONE_COUNTRYS_USERS = new RegExp(
  String.raw`\b(?:of|for|from) (?:our )?${PERSON} ${LIVING} in ((?:the )?[A-Z][a-z]+(?: (?:of )?[A-Z][a-z]+){0,2})\b`,
);
const US_SCOPE = new RegExp(
  // (A parenthesis may widen who: "If you reside in (or your company is based in) the United States".)
  String.raw`\b${WHO} (?:\([^)]{1,80}\) )?(?:the )?(?:United States\b|U\.S\.|US\b)|\b(?:US|U\.S\.|United States|UNITED STATES) (?:users|residents|customers|consumers|Users|Residents|Customers|Consumers|USERS|RESIDENTS|CUSTOMERS|CONSUMERS)\b|\b(?:UNITED STATES|United States|U\.S\.)[- ](?:SPECIFIC|[Ss]pecific)\b|\bIF YOU (?:ARE|LIVE|RESIDE)(?: LOCATED)? IN (?:\([^)]{1,80}\) )?(?:THE )?UNITED STATES\b` +
    // "IF YOU'RE A U.S. RESIDENT, …", "THIS SECTION ONLY APPLIES TO PLAYERS IN THE US AND CANADA".
    String.raw`|\b(?:IF|If) (?:YOU|you)(?:['’](?:RE|re)| (?:ARE|are)) (?:A|a) (?:U\.S\.|US|USA|UNITED STATES|United States) (?:RESIDENT|resident|USER|user|CUSTOMER|customer)` +
    String.raw`|\b(?:APPLIES|applies) (?:ONLY |only )?(?:TO|to) (?:[A-Za-z]+ ){0,2}(?:IN|in|OF|of) (?:THE |the )?(?:U\.S\.|US|USA|UNITED STATES|United States)\b` +
    // "FOR U.S. AND CANADIAN PLAYERS, …".
    String.raw`|\b(?:FOR|For) (?:U\.S\.|US|UNITED STATES|United States|AMERICAN|American)(?: (?:AND|and|OR|or) (?:CANADIAN|Canadian))? (?:PLAYERS|players|USERS|users|RESIDENTS|residents|CUSTOMERS|customers|CONSUMERS|consumers)\b`,
);
const EEA_SCOPE = new RegExp(
  // ("If you live in a country in the European Union or …": the country is one of theirs.)
  String.raw`\b${WHO} (?:(?:a|one of the) countr(?:y|ies) (?:located )?(?:in|of) )?(?:the )?(?:European (?:Economic Area|Union|Region)|EEA|EU|United Kingdom|UK|Switzerland)\b|\b(?:EEA|EU|UK)(?:[- ]based)? (?:users?|residents?|consumers?|[Ss]ubscribers?)\b`,
);
