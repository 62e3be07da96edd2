import type { Evidence, FactAnswer, Severity, TopicFactId } from '@fineprint/contracts';
import type { Finding } from '../classify/classify';
import { POINTS_BACK, quotedLinks, type Clause } from '../segment/segment';
import { describeFinding, namedRecipients, NOT_PERSONAL_DATA, recipientKinds, type Description } from '../summarize/describe';
import { isStatement, listing } from '../summarize/details';
import { europeanRegionsIn, exemptionOf, isForBusinessOnly, regionOf, scopeOf, scopeWithSource } from './reader';
import { isBackedByQuote, statesPlainly } from './reconcile';

/**
 * The product's own questions beyond questions.json (issue 21): what the lists also say — the
 * terms' disclaimers and rules, the policy's sharing, cookies and choices — each one a record
 * of the fact model. The learned clause classifier finds a topic's clauses (its CLAUDETTE or
 * pattern category, confirmed by the model somewhere in the documents); the answer is "yes" with
 * the clause that states it, the users it is for (`scope`) and the sentence read from that clause.
 */
export interface Topic {
  id: TopicFactId;
  /** The classifier's category whose clauses state it. */
  category: string;
  list: 'keyPoints' | 'privacyConcerns';
}

export const TOPICS: readonly Topic[] = [
  { id: 'accepted_by_use', category: 'contract_by_using', list: 'keyPoints' },
  { id: 'warranty_disclaimer', category: 'warranty_disclaimer', list: 'keyPoints' },
  { id: 'content_removal', category: 'content_removal', list: 'keyPoints' },
  { id: 'jury_waiver', category: 'jury_waiver', list: 'keyPoints' },
  { id: 'user_owns_content', category: 'user_ownership', list: 'keyPoints' },
  { id: 'leave_any_time', category: 'leave_any_time', list: 'keyPoints' },
  { id: 'third_party_sharing', category: 'third_party_sharing', list: 'privacyConcerns' },
  { id: 'business_transfer', category: 'business_transfer', list: 'privacyConcerns' },
  { id: 'children_data', category: 'children', list: 'privacyConcerns' },
  { id: 'data_collected', category: 'data_collection_breadth', list: 'privacyConcerns' },
  { id: 'cookies', category: 'cookies', list: 'privacyConcerns' },
  { id: 'do_not_track', category: 'do_not_track_ignored', list: 'privacyConcerns' },
  { id: 'privacy_choices', category: 'opt_out', list: 'privacyConcerns' },
  // What a question's item says when its answer has no sentence of its own: disclosure to authorities without a promise
  // of notice, a limit of liability without a cap, the grounds on which an account is closed.
  { id: 'authority_disclosure', category: 'government_requests', list: 'privacyConcerns' },
  { id: 'liability_limited', category: 'limitation_of_liability', list: 'keyPoints' },
  { id: 'account_suspension', category: 'unilateral_termination', list: 'keyPoints' },
];

/** What a topic's clause says, in one sentence: the view the lists show of the answer. */
export interface Said {
  text: string;
  severity: Severity;
  /** The sentence names something concrete from its clause (a court, a period, companies). */
  isSpecific: boolean;
}

/** The topics the documents state: each answer with the sentence its clause gives. */
export type TopicReading = Partial<Record<TopicFactId, { answer: FactAnswer; said: Said }>>;

interface Chosen {
  finding: Finding;
  description: Description;
  severity: Severity;
  /** Clauses quoted after the finding's own, for the details the sentence takes from them. */
  also?: Clause[];
}

/**
 * Reads every topic from the classifier's findings and the documents' clauses (in reading
 * order, for the detail a clause's next sentences give): per topic the clause that gives the
 * most concrete sentence its quote can carry.
 */
export function readTopics(findings: readonly Finding[], clauses: Partial<Record<Finding['document'], readonly Clause[]>>): TopicReading {
  const reading: TopicReading = {};
  const chosen = chooseOnePerCategory(findings);
  for (const topic of TOPICS) {
    const best = chosen.get(topic.category);
    if (!best) continue;
    const documentClauses = clauses[best.finding.document] ?? [];
    const c = withDetailNearby(best, documentClauses);
    const { text, scope, heading, exception } = scoped(c, findings, documentClauses);
    const quote = (part: { text: string; start: number; end: number }): Evidence => ({
      quote: part.text,
      document: c.finding.document,
      url: c.finding.url,
      start: part.start,
      end: part.end,
    });
    // A clause that points back ("We will do so …", "In these cases, …") is quoted after the one it points to.
    const { leadIn } = c.finding.clause;
    const pointer = POINTS_BACK.test(c.finding.clause.text)
      ? c.finding.clause
      : leadIn && POINTS_BACK.test(leadIn.text)
        ? leadIn
        : undefined;
    const before = pointer ? documentClauses[documentClauses.findIndex((clause) => clause.start === pointer.start) - 1] : undefined;
    const evidence = [
      ...(before ? [quote(before)] : []),
      ...evidenceOf(c.finding),
      ...(c.also ?? []).map(quote),
      // The heading that limits the rule to some users, or the exception for others, as the proof of its scope.
      ...(heading ? [quote(heading)] : []),
      ...(exception ? [quote(exception)] : []),
    ];
    const said = { text, severity: c.severity, isSpecific: c.description.isSpecific };
    // The sentence stands only on a quote that can carry it.
    if (!isBackedByQuote({ category: topic.category, evidence })) continue;
    reading[topic.id] = { answer: { value: 'yes', ...(scope ? { scope } : {}), evidence }, said };
  }
  return reading;
}

const TOPIC_CATEGORIES = new Set(TOPICS.map((t) => t.category));

function chooseOnePerCategory(findings: readonly Finding[]): Map<string, Chosen> {
  const confirmed = new Set(findings.filter((f) => f.isConfirmed).map((f) => f.category.id));
  const best = new Map<string, Chosen & { rank: number }>();
  for (const finding of findings) {
    if (!TOPIC_CATEGORIES.has(finding.category.id)) continue;
    if (!confirmed.has(finding.category.id) || !finding.matchesPattern || !isStatement(finding.clause.text)) continue;
    // A part written for business customers states no rule for a person, here as for the questions.
    if (isForBusinessOnly(finding.clause)) continue;
    // A lead-in ("… with:", "We may share information in the following ways:") says nothing until its items do.
    if (/:\s*$/.test(finding.clause.text)) continue;
    // A list item is read with the sentence it completes ("We may disclose your information:" / "to the police.").
    const { leadIn, text } = finding.clause;
    const description = describeFinding(finding.category.id, leadIn ? `${leadIn.text} ${text}` : text);
    if (!description) continue;
    // A quote that cannot carry the category's sentence is no candidate ("we do not share …" backs no sharing).
    if (!isBackedByQuote({ category: finding.category.id, evidence: [{ quote: text }] })) continue;
    const length = finding.clause.text.length;
    // Prefer a clause that yields a concrete sentence, then the document the list is about
    // (terms for key points, the privacy policy for concerns), model confidence, readable length.
    const isHomeDocument = (finding.category.list === 'keyPoints') === (finding.document === 'terms');
    // (… and, where the category has a plain form, a quote that states it: not the aftermath of a closing, a state, or
    // your own account closed by you.)
    if (statesPlainly(finding.category.id, text) === false) continue;
    // An opt-out one US state's law gives its residents is no choice everyone has.
    if (finding.category.id === 'opt_out' && isForOneState(finding.clause)) continue;
    // The rule for users in general before one region's, however concrete that one's sentence (a clause of the section
    // "For EEA, Swiss and UK users" is their rule, not everyone's).
    const rank =
      (scopeOf(finding.clause) ? -3 : 0) +
      (description.isSpecific ? 2 : 0) +
      (description.namesCompanies ? 1.5 : 0) +
      (isHomeDocument ? 1 : 0) +
      finding.score +
      (length >= 40 && length <= 600 ? 0.5 : 0);
    const current = best.get(finding.category.id);
    if (!current || rank > current.rank) {
      best.set(finding.category.id, { finding, description, severity: description.severity ?? finding.category.severity, rank });
    }
  }
  return best;
}

const US_STATE = String.raw`(?:California|Nevada|Virginia|Colorado|Connecticut|Utah|Oregon|Texas|Montana|Iowa|Delaware|Tennessee|Minnesota|Maryland|Indiana|Kentucky|Nebraska|New Jersey|New Hampshire|Rhode Island|Vermont|U\.?S\.? [Ss]tates?)`;
/** Residents of one US state, or "Residents" a sentence before named ("Residents who wish to use this right may write to …"). */
const ONE_STATE_AUDIENCE = new RegExp(
  String.raw`\b${US_STATE}\b[^.]{0,40}\b(?:residents?|consumers?)\b|\b(?:residents?|consumers?) of (?:the (?:State|state) of )?${US_STATE}\b|^\W*Residents\b`,
);
const ONE_STATE_HEADING = new RegExp(String.raw`\b${US_STATE}\b`);
/** A clause for one US state's residents: by its own words, the sentence its list completes, or its headings. */
function isForOneState(clause: Clause): boolean {
  return (
    ONE_STATE_AUDIENCE.test(clause.text) ||
    ONE_STATE_AUDIENCE.test(clause.leadIn?.text ?? '') ||
    [clause.heading, ...(clause.parts ?? [])].some((h) => ONE_STATE_HEADING.test(h))
  );
}

/**
 * A rule written for some users only ("Reddit User Agreement if you live in the United States or
 * outside the EEA …", "If you are not a user in the EEA, …") is answered for them (`scope`),
 * unless its sentence already says for whom.
 */
function scoped(
  c: Chosen,
  findings: readonly Finding[],
  documentClauses: readonly Clause[],
): { text: string; scope?: string; heading?: { text: string; start: number; end: number }; exception?: Clause } {
  const text = c.description.text;
  if (/\b(?:users|consumers?|residents?)\b|\bwhere you live\b|\bEEA\b/i.test(text)) return { text };
  const { scope, heading } = scopeWithSource(c.finding.clause) ?? {};
  if (!scope) {
    // A general rule the terms take back for European consumers in a clause of their own ("For residents of the
    // European Union … who are acting as a Consumer, Twitch will only remove … for justified reasons") is for everyone else.
    // (A right everyone has is taken back from no one by a further right of European consumers: "you can leave at any
    // time" stays everyone's beside "EEA consumers may also withdraw within 14 days".)
    const exception = findings.find(
      (f) =>
        c.severity !== 'good' &&
        f.category.id === c.finding.category.id &&
        f.matchesPattern &&
        f.document === c.finding.document &&
        regionOf(f.clause.text) === 'EEA users' &&
        /\bconsumers?\b/i.test(f.clause.text) &&
        describeFinding(f.category.id, f.clause.text)?.text !== text,
    );
    const regions = exception && europeanRegionsIn(exception.clause.text);
    if (exception && regions) return { text, scope: `users outside ${regions}`, exception: exception.clause };
    // … or a section some users are exempt from ("If you are a consumer in the EEA, …, Section 11 does not apply to you").
    const index = documentClauses.indexOf(c.finding.clause);
    const exempt =
      index >= 0
        ? exemptionOf({
            clause: c.finding.clause,
            document: { type: c.finding.document, url: c.finding.url, clauses: documentClauses },
            index,
          })
        : undefined;
    return exempt ? { text, scope: `users outside ${exempt.region}`, exception: exempt.by.clause } : { text };
  }
  // Only where the others' rules say otherwise: a rule both agreements state alike is everyone's.
  const elsewhere = findings.some(
    (f) =>
      f.category.id === c.finding.category.id &&
      f.matchesPattern &&
      scopeOf(f.clause) !== scope &&
      describeFinding(f.category.id, f.clause.text)?.text === text,
  );
  return elsewhere ? { text } : { text, scope, ...(heading ? { heading } : {}) };
}

/**
 * A sentence that names nothing concrete takes its detail from the sentences right after its clause,
 * in the same section ("… provided “as is”." / "We disclaim any warranty of merchantability …"),
 * quoted after it. Sharing said only with kinds of recipients ("service providers") names the
 * companies wherever the policy lists them ("Key service providers we use include Amazon Web
 * Services, Stripe, Zendesk, and Google"; "providers such as Adyen and Stripe").
 */
function withDetailNearby(c: Chosen, clauses: readonly Clause[]): Chosen {
  const id = c.finding.category.id;
  const own = c.finding.clause;
  const at = clauses.indexOf(own);
  const isSharing = id === 'third_party_sharing';
  if (isSharing ? c.description.namesCompanies : c.description.isSpecific || at < 0 || !c.finding.category.detailMayFollow) return c;
  const nearby = isSharing
    ? clauses.filter(
        (clause) =>
          clause !== own &&
          /\b(?:service providers|processors|vendors)\b/i.test(clause.text) &&
          // (Not social networks whose buttons a page carries, "tools linked to social media service providers such as
          // Facebook": they collect for themselves, the service hands them nothing.)
          !/\bsocial (?:media|network(?:ing)?) (?:service )?providers?\b|\bplug-?ins?\b|\bwidgets?\b/i.test(clause.text) &&
          // Not a source of data ("We receive personal data about you from these parties …: … providers such as Adyen";
          // "These sources include: … vendors … that collect or provide personal information to Netflix").
          !/\b(?:receive|obtain|collect|get)\w*\b[^.]{0,60}\bfrom\b|\bsources?\b/i.test(clause.leadIn?.text ?? '') &&
          !/\b(?:provide|give|send)\w*\b[^.]{0,40}\bto (?:us|[A-Z][\w.]*)\b/.test(clause.text),
      )
    : clauses.slice(at + 1, at + 4).filter((clause) => clause.heading === own.heading);
  for (const clause of nearby) {
    if (isSharing && namedRecipients(clause.text).filter((name) => /^[A-Z]/.test(name)).length < 2) continue;
    const description = describeFinding(id, `${own.text} ${clause.text}`);
    if (isSharing ? description?.namesCompanies : description?.isSpecific && description.text !== c.description.text)
      return { ...c, description: description!, severity: description!.severity ?? c.severity, also: [clause] };
  }
  return isSharing ? withOtherRecipients(c, clauses) : c;
}

/**
 * Sharing said with one kind of recipient ("service providers") where other sharing sentences of
 * the policy name other kinds ("advertisers", "researchers"): the sentence names them too, each
 * clause quoted.
 */
function withOtherRecipients(c: Chosen, clauses: readonly Clause[]): Chosen {
  const own = c.finding.clause;
  const ownKinds = recipientKinds(`${own.leadIn?.text ?? ''} ${own.text}`);
  const named = new Set(ownKinds);
  if (named.size > 1) return c;
  const others: Clause[] = [];
  for (const clause of clauses) {
    if (others.length === 2) break;
    if (clause === own || !isStatement(clause.text) || !/\b(?:shar|disclos)\w*\b[^.]{0,120}\bwith\b/i.test(clause.text)) continue;
    // The service's own sharing, not data it receives ("partners share information with us") or the user's own ("you may share … with").
    // (… nor information that identifies no one: "We may share non-personally identifiable information … with partners".)
    if (
      /\byou (?:can|may|choose to)\b[^.]{0,30}\bshare\b|\b(?:receive|obtain|collect)\w*\b[^.]{0,60}\bfrom\b|\bwith us\b/i.test(
        clause.text,
      ) ||
      NOT_PERSONAL_DATA.test(clause.text)
    )
      continue;
    // (Nor a denial: "we do not share … with advertisers".)
    if (!isBackedByQuote({ category: c.finding.category.id, evidence: [{ quote: clause.text }] })) continue;
    // … nor counts ("share these metrics with affiliates"): personal data, to the kinds named right after "with".
    if (/\bmetrics\b|\baggregate/i.test(clause.text)) continue;
    const fresh = recipientKinds(clause.text).filter(
      (kind) =>
        !named.has(kind) &&
        kind !== 'law enforcement' &&
        kind !== 'other users' &&
        new RegExp(`\\bwith (?:[\\w-]+,? ){0,4}?${kind}\\b`, 'i').test(clause.text),
    );
    if (fresh.length === 0) continue;
    fresh.forEach((kind) => named.add(kind));
    others.push(clause);
  }
  if (others.length === 0) return c;
  // The own clause's sentence (its companies and purposes are its own), then the other kinds.
  const added = listing([...named].filter((kind) => !ownKinds.includes(kind)));
  const text = ownKinds.length
    ? `${c.description.text.replace(/\.$/, '')}; it is also shared with ${added}.`
    : c.description.text.replace(/\.$/, `, including ${added}.`);
  return { ...c, description: { ...c.description, text, isSpecific: true }, also: others };
}

/** The finding's clause, after the sentence it completes when it is a list item ("We may share your data:" / "with the police."). */
function evidenceOf(finding: Finding): Evidence[] {
  const { clause, document, url } = finding;
  const quote = (part: { text: string; start: number; end: number }): Evidence => ({
    quote: part.text,
    document,
    url,
    start: part.start,
    end: part.end,
  });
  const links = quotedLinks(clause, url);
  const own = { ...quote(clause), ...(links.length ? { links } : {}) };
  return clause.leadIn ? [quote(clause.leadIn), own] : [own];
}

/** The topics' answers, as the fact sheet carries them. */
export function topicAnswers(reading: TopicReading): Partial<Record<TopicFactId, FactAnswer>> {
  return Object.fromEntries(Object.entries(reading).map(([id, read]) => [id, read.answer]));
}
