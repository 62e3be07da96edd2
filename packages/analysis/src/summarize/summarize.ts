import type { AnalysisResult, Evidence, Severity, SummaryItem } from '@fineprint/contracts';
import type { Finding } from '../classify/classify';
import { POINTS_BACK, quotedLinks, type Clause } from '../segment/segment';
import { canOptOutOfArbitration, describeFinding, namedRecipients, recipientKinds, type Description } from './describe';
import { findEmail, findPeriod, findWebAddress, isStatement, listing } from './details';
import { europeanRegionsIn, regionOf, scopeOf, scopeWithSource } from '../facts/reader';
import { isBackedByQuote } from '../facts/reconcile';

export interface SummaryOptions {
  /** Items per list at most. Default 10. */
  maxItems?: number;
  /** Words per item at most. Default 40. */
  maxWords?: number;
  /** Whether findings of a category may be said and graded (the fact sheet's veto). Default: all. */
  allows?: (category: string) => boolean;
}

/** Facts about the documents that recommendations may cite. */
export interface SummaryContext {
  termsUrl?: string;
  privacyUrl?: string;
  /** A contact address found in the privacy policy (privacy@, dpo@ ...). */
  privacyEmail?: string;
  /**
   * Each document's clauses in reading order: a clause's detail may be in the sentences right after
   * it ("… “as is”." / "We disclaim any warranty of merchantability …"), and a sharing clause's
   * recipients in a sentence of their own ("Key service providers we use include …").
   */
  clauses?: Partial<Record<Finding['document'], readonly Clause[]>>;
}

type Lists = AnalysisResult['details'];

const SEVERITY_RANK: Record<Severity, number> = { blocker: 0, bad: 1, neutral: 2, good: 3 };

interface Chosen {
  finding: Finding;
  description: Description;
  severity: Severity;
  /** Clauses quoted after the finding's own, for the details the sentence takes from them. */
  also?: Clause[];
}

/**
 * Turns findings into the three lists: one item per category (the clause that gives the most
 * concrete sentence), ordered by severity, each backed by its verbatim clause; then
 * recommendations, i.e. actions the documents offer the reader. Also computes the grade.
 */
export function summarizeFindings(
  findings: readonly Finding[],
  context: SummaryContext,
  options: SummaryOptions = {},
): { details: Lists; unlisted: SummaryItem[] } {
  const maxItems = options.maxItems ?? 10;
  const maxWords = options.maxWords ?? 40;
  const allows = options.allows ?? (() => true);
  const chosen = chooseOnePerCategory(findings)
    .filter((c) => allows(c.finding.category.id))
    .map((c) => withDetailNearby(c, context.clauses?.[c.finding.document] ?? []));
  const toItem = (c: Chosen): SummaryItem => {
    const { text, heading, exception } = scoped(c, findings);
    const quote = (part: Clause) => evidenceOf({ ...c.finding, clause: { ...part, leadIn: undefined } });
    // A clause that points back ("We will do so …", "In these cases, …") is quoted after the one it points to.
    const clauses = context.clauses?.[c.finding.document] ?? [];
    const { leadIn } = c.finding.clause;
    const pointer = POINTS_BACK.test(c.finding.clause.text)
      ? c.finding.clause
      : leadIn && POINTS_BACK.test(leadIn.text)
        ? leadIn
        : undefined;
    const before = pointer ? clauses[clauses.findIndex((clause) => clause.start === pointer.start) - 1] : undefined;
    return {
      text: limitWords(text, maxWords),
      category: c.finding.category.id,
      severity: c.severity,
      evidence: [
        ...(before ? quote(before) : []),
        ...evidenceOf(c.finding),
        ...(c.also ?? []).flatMap(quote),
        // The heading that limits the rule to some users, or the exception for others, as the proof of the scope the sentence states.
        ...(heading ? quote({ ...heading, heading: '', kind: 'heading' }) : []),
        ...(exception ? quote(exception) : []),
      ],
    };
  };
  const ordered = [...chosen].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      Number(b.description.isSpecific) - Number(a.description.isSpecific) ||
      b.finding.score - a.finding.score,
  );
  // Which items make the cut: a concrete item (a named court, a period) outranks a vaguer one
  // a severity level worse; the kept items are then shown by severity.
  const keep = (list: 'keyPoints' | 'privacyConcerns') => {
    const candidates = ordered.filter((c) => c.finding.category.list === list && isListed(c));
    const priority = (c: Chosen) => SEVERITY_RANK[c.severity] - (c.description.isSpecific ? 1.5 : 0);
    const kept = new Set([...candidates].sort((a, b) => priority(a) - priority(b)).slice(0, maxItems));
    cut.push(...candidates.filter((c) => !kept.has(c)));
    return dedupe(candidates.filter((c) => kept.has(c)).map(toItem));
  };
  const cut: Chosen[] = [];
  const keyPoints = keep('keyPoints');
  const privacyConcerns = keep('privacyConcerns');
  const recommendations = dedupe(recommend(ordered, context).map((r) => ({ ...r, text: limitWords(r.text, maxWords) }))).slice(0, maxItems);
  // What is found but too generic to list, or beyond the lists' length, still counts for the grade.
  const unlisted = [...ordered.filter((c) => !isListed(c)), ...cut].map(toItem);
  return { details: { keyPoints, privacyConcerns, recommendations }, unlisted };
}

/** Whether a chosen finding is said in the lists: a category whose generic sentence says nothing is said only when concrete. */
const isListed = (c: Chosen) => c.description.isSpecific || !c.finding.category.listOnlyWhenSpecific;

function chooseOnePerCategory(findings: readonly Finding[]): Chosen[] {
  const confirmed = new Set(findings.filter((f) => f.isConfirmed).map((f) => f.category.id));
  const best = new Map<string, Chosen & { rank: number }>();
  for (const finding of findings) {
    if (!confirmed.has(finding.category.id) || !finding.matchesPattern || !isStatement(finding.clause.text)) continue;
    // A lead-in ("… with:", "We may share information in the following ways:") says nothing until its items do.
    if (/:\s*$/.test(finding.clause.text)) continue;
    // A list item is read with the sentence it completes ("We may disclose your information:" / "to the police.").
    const { leadIn, text } = finding.clause;
    const description = describeFinding(finding.category.id, leadIn ? `${leadIn.text} ${text}` : text);
    if (!description) continue;
    const length = finding.clause.text.length;
    // Prefer a clause that yields a concrete sentence, then the document the list is about
    // (terms for key points, the privacy policy for concerns), model confidence, readable length.
    const isHomeDocument = (finding.category.list === 'keyPoints') === (finding.document === 'terms');
    const rank =
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
  return [...best.values()];
}

/**
 * A rule written for some users only ("Reddit User Agreement if you live in the United States or
 * outside the EEA …", "If you are not a user in the EEA, …") says for whom, unless its sentence does.
 */
function scoped(
  c: Chosen,
  findings: readonly Finding[],
): { text: string; heading?: { text: string; start: number; end: number }; exception?: Clause } {
  const text = c.description.text;
  if (/\b(?:users|consumers?|residents?)\b|\bwhere you live\b|\bEEA\b/i.test(text)) return { text };
  const { scope, heading } = scopeWithSource(c.finding.clause) ?? {};
  if (!scope) {
    // A general rule the terms take back for European consumers in a clause of their own ("For residents of the
    // European Union … who are acting as a Consumer, Twitch will only remove … for justified reasons") is for everyone else.
    const exception = findings.find(
      (f) =>
        f.category.id === c.finding.category.id &&
        f.matchesPattern &&
        f.document === c.finding.document &&
        regionOf(f.clause.text) === 'EEA users' &&
        /\bconsumers?\b/i.test(f.clause.text) &&
        describeFinding(f.category.id, f.clause.text)?.text !== text,
    );
    const regions = exception && europeanRegionsIn(exception.clause.text);
    return exception && regions ? { text: text.replace(/\.$/, ` (for users outside ${regions}).`), exception: exception.clause } : { text };
  }
  // Only where the others' rules say otherwise: a rule both agreements state alike is everyone's.
  const elsewhere = findings.some(
    (f) =>
      f.category.id === c.finding.category.id &&
      f.matchesPattern &&
      scopeOf(f.clause) !== scope &&
      describeFinding(f.category.id, f.clause.text)?.text === text,
  );
  return elsewhere ? { text } : { text: text.replace(/\.$/, ` (for ${scope}).`), ...(heading ? { heading } : {}) };
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
          // Not a source of data ("We receive personal data about you from these parties …: … providers such as Adyen").
          !/\b(?:receive|obtain|collect|get)\w*\b[^.]{0,60}\bfrom\b/i.test(clause.leadIn?.text ?? ''),
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
    if (
      /\byou (?:can|may|choose to)\b[^.]{0,30}\bshare\b|\b(?:receive|obtain|collect)\w*\b[^.]{0,60}\bfrom\b|\bwith us\b/i.test(clause.text)
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

type Recommendation = Omit<SummaryItem, 'text'> & { text: string };

/** Actions for the reader, each built from a finding and citing it. */
function recommend(chosen: readonly Chosen[], context: SummaryContext): Recommendation[] {
  const by = new Map(chosen.map((c) => [c.finding.category.id, c]));
  const out: Recommendation[] = [];
  const add = (id: string, text: string | undefined, severity: Severity = 'neutral') => {
    const c = by.get(id);
    if (c && text) out.push({ text, category: id, severity, evidence: evidenceOf(c.finding) });
  };
  const clause = (id: string) => by.get(id)?.finding.clause.text ?? '';

  const arbitration = clause('arbitration');
  if (arbitration) {
    const days = canOptOutOfArbitration(arbitration) ? findPeriod(arbitration, 'days') : undefined;
    const where = findEmail(arbitration) ?? findWebAddress(arbitration);
    add(
      'arbitration',
      // Advice only where the terms offer a way out: keeping records is no action the documents offer.
      days
        ? `Opt out of arbitration within ${days} of accepting the terms${where ? ` by writing to ${where}` : ', following the opt-out steps in the terms'}.`
        : undefined,
      'bad',
    );
  }
  const rights = clause('rights_access_deletion');
  const contact = findEmail(rights) ?? findWebAddress(rights) ?? context.privacyEmail;
  add(
    'rights_access_deletion',
    `Request a copy of your data or its deletion${contact ? ` via ${contact}` : ' using the contact details in the privacy policy'}.`,
    'good',
  );
  const optOut = clause('opt_out');
  const optWhere = findWebAddress(optOut);
  if (by.has('targeted_advertising') || by.has('sale_of_data')) {
    // The opt-out clause is the evidence only when it is about advertising.
    const isAboutAds = /\bad(s|vertis\w*)?\b|\bmarketing\b/i.test(optOut);
    const id = isAboutAds ? 'opt_out' : by.has('targeted_advertising') ? 'targeted_advertising' : 'sale_of_data';
    add(
      id,
      `Turn off personalised ads${isAboutAds && optWhere ? ` at ${optWhere}` : ' in your account’s ad or privacy settings'} and opt out of data sharing for advertising.`,
      'good',
    );
  } else {
    add(
      'opt_out',
      `Opt out of marketing e-mails and optional data uses${optWhere ? ` at ${optWhere}` : ' in your settings or with the unsubscribe link'}.`,
      'good',
    );
  }
  add('cross_site_tracking', 'Block third-party cookies in your browser and refuse non-essential cookies in the site’s cookie settings.');
  add('location', 'Deny the app access to your location unless a feature really needs it.');
  add('ai_training', 'Check your privacy settings for an option to stop your content being used to train AI models.');
  add('auto_renewal', 'Set a reminder to cancel before the subscription renews if you no longer want it.');
  add('unilateral_change', 'Check these terms again from time to time: the service can change them.');
  add('content_removal', 'Keep your own copy of anything you post: the service can remove it.');
  if (!by.has('content_removal'))
    add('unilateral_termination', 'Keep your own backup of important data: the service can close your account.');
  add('content_license', 'Think twice before posting private or valuable work: you give the service a licence to use it.');
  add('data_retention', 'Delete your account when you stop using the service so your data is not kept longer than needed.');
  add('class_action_waiver', 'Know that you can only bring claims on your own, not as part of a group lawsuit.');
  return out;
}

function dedupe<T extends { text: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function limitWords(text: string, maxWords: number): string {
  const words = text.split(/\s+/);
  return words.length <= maxWords
    ? text
    : `${words
        .slice(0, maxWords)
        .join(' ')
        .replace(/[,;:.]+$/, '')}…`;
}
