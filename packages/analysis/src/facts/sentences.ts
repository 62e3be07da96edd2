import {
  liabilityCapText,
  type AnalysisResult,
  type Evidence,
  type FactAnswer,
  type FactSheet,
  type ScoredFactId,
  type Severity,
  type SummaryItem,
} from '@fineprint/contracts';
import {
  findEmail,
  findRoute,
  findSettingName,
  findWebAddress,
  isStatement,
  listing,
  namedIn,
  renewalDeadline,
} from '../summarize/details';
import {
  AD_SHARED_DATA,
  AD_SIGNALS,
  AI_TRAINING_DATA,
  INDEMNITY_COVERS,
  LICENCE_TERMS,
  LOCATION_SOURCES,
  MORAL_RIGHTS,
  TRANSFER_RECIPIENTS,
  TRANSFER_SAFEGUARDS,
} from '../summarize/vocabulary';
import { closingVerb, describeFinding, terminationGrounds } from '../summarize/describe';
import { POINTS_BACK } from '../segment/segment';
import { CATEGORIES } from '../classify/taxonomy';
import { TOPICS, type TopicReading } from './topics';
import {
  ARBITRATION_BODY,
  FOR_IP_TERM,
  isAdsPractice,
  LOCATION_FROM_IP,
  NO_REFUND,
  NOTICE_UNLESS,
  OBJECTION_REACHES_TRAINING,
  WARNED,
} from './questions';
import { durationsIn, isInNegationScope, opensList, regionOf, SURVIVAL } from './reader';
import { carriesDetails, isBackedByQuote } from './reconcile';

type Lists = AnalysisResult['details'];
type ListName = 'keyPoints' | 'privacyConcerns';

/**
 * A summary sentence written from a fact-sheet answer: the list and category it belongs to,
 * and, per answer, the sentence and its severity (null: nothing to say). Where a question has a
 * writer, the fact sheet's answer — which has weighed denials, scope and who is bound — says
 * what the summary says, with the fact's own clause as evidence.
 */
interface FactSentence {
  fact: ScoredFactId;
  list: ListName;
  category: string;
  /** The sentence; null when there is nothing to say, undefined when its category's sentence of the answer's own clauses says it. */
  write(answer: FactAnswer, facts: FactSheet): { text: string; severity: Severity; evidence?: Evidence[] } | null | undefined;
}

/** A clause that offers an opt-out of a sale or sharing of your data: "you can click on the "Do Not Share My Personal Information" link", "Right to Opt Out of sale and sharing". */
const SALE_OPT_OUT_OFFER = /\bopt[- ]?out\b[^.]{0,80}\b(?:sal(?:e|es)|sell\w*|shar(?:e|ing))\b|\bDo Not (?:Sell|Share)\b/i;
/** "Sale" and "sharing" in the sense of US state privacy laws: "as those terms are defined under certain state privacy laws in the US". */
/** A clause that says personal data is sold, shared or disclosed for advertising. */
const HANDED_FOR_ADS =
  /\b(?:sell|sold|sale|share|shared|sharing|disclose|disclosed|provide|transfer)\w*\b[^.]{0,160}\b(?:advertis\w*|ads|marketing partners?)\b|\b(?:advertising|marketing) partners?\b[^.]{0,120}\b(?:sold|shared|disclosed|receive)\b/i;
const isNegatedSale = (quote: string) => /\b(?:do(?:es)? not|never|will not|won['’]t)\s+(?:sell|share)\b/i.test(quote);
const LEGAL_SENSE = /\bas (?:those|these|such) terms are defined\b|\b(?:state|California) (?:privacy )?laws?\b|\bCCPA\b|\bCPRA\b/i;

/** The category's sentence of the answer's clauses, for these values only. */
const only =
  (...values: ReadonlyArray<FactAnswer['value']>) =>
  (a: FactAnswer): undefined | null =>
    values.includes(a.value) ? undefined : null;
const isConsumerLocal = (value: FactAnswer['value']) => /\byour\b|residen|where you live|you live/i.test(String(value));
/** A law's place as a sentence names it: "the State of California" → "California", "Netherlands" → "the Netherlands". */
const stripStateOf = (place: string) =>
  place
    .replace(/^(?:the\s+)?State of\s+/i, '')
    .replace(/^(Netherlands|United Kingdom|United States|Philippines|Czech Republic|United Arab Emirates)$/, 'the $1');
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
/** A quote short enough to be said whole in a sentence (18 words at most). */
const short = (quote: string) => quote.trim().split(/\s+/).length <= 18;
/** "By continuing to use the service after …, you accept …". */
const ACCEPTED_BY_USE = /\bcontinu\w* (?:to )?(?:use|access)|\b(?:use|using|access\w*) (?:of )?(?:the |our )?\w+ after\b|\bby using\b/i;
/** Words of a clause that offers a choice. */
const OPT_OUT_WORDS =
  /\bopt[- ]?out\b|\bturn (?:it |them )?off\b|\bwithdraw\b|\bobject\b|\bsettings?\b|\bchoices\b|\bpreferences\b|\bcontrol\b/i;
/** A clause that offers you a tool for your own account or data: "you can delete your account", "download a copy of your information". */
const OWN_DATA_TOOL =
  /\byou (?:also )?(?:can|may|have (?:the )?rights? to|are able to)\b[^.]{0,60}\b(?:delet|clos|cancel|download|export|access|request|get)\w*\b[^.]{0,40}\b(?:your|a copy|about you)\b/i;
/** A clause that makes location depend on the user's choice: a permission, a setting, a consent. */
const LOCATION_CHOICE =
  /\b(?:permission|if you (?:allow|enable|turn on|choose|give)|with your (?:consent|permission)|device settings|you can (?:\w+ )?(?:turn off|disable)|depending on your (?:device )?settings)\b/i;
/** A clause about ads (an opt-out "at any time by following the instructions in …" alone is not). */
const ADS_WORDS = /\bads?\b|\badverti[sz]\w*/i;
/** An ads opt-out that reaches only data from outside the service: "information we collect from third parties", "off-site data". */
const PARTNER_DATA =
  /\b(?:information|data) (?:we (?:collect|receive) )?from (?:our )?(?:advertising |business |marketing )?(?:third parties|partners|advertisers)\b|\boff-site data\b/i;
/** A right some places give: "depending on your location", "under certain state privacy laws in the USA". */
const BY_PLACE =
  /\bdepending on (?:your location|where you live|your jurisdiction|your country)\b|\bin (?:some|certain) (?:jurisdictions|countries)\b|\bwhere (?:legally required|required by (?:applicable )?law)\b/i;
const US_STATES_ONLY =
  /\b(?:certain|some) (?:US |U\.S\. )?state (?:privacy )?laws\b|\b(?:certain|some) (?:US |U\.S\. )?states\b|\b(?:California|Colorado|Connecticut|Virginia|Utah|Texas|Oregon)(?:,? (?:and |or )?(?:California|Colorado|Connecticut|Virginia|Utah|Texas|Oregon))* (?:residents|consumers)\b/i;
/** Named products a clause gives as examples: "such as Google Translate, Gemini Apps, and Cloud AI" (capitalised names only, at most 4). */
function productsIn(text: string): string[] {
  const list =
    /\b(?:such as|like|including)\s+((?:[A-Z][\w’'-]*(?:\s[A-Z][\w’'-]*){0,3}(?:,?\s+(?:and|or)\s+|,\s*)?){2,4})/.exec(text)?.[1] ?? '';
  return list
    .split(/,\s*|\s+(?:and|or)\s+/)
    .map((n) => n.replace(/^(?:and|or)\s+/, '').trim())
    .filter((n) => /^[A-Z]/.test(n))
    .slice(0, 4);
}

/** "We shall be liable for slight negligence only in the case of violation of an 'essential' obligation … in other cases, there is no liability". */
const ESSENTIAL_ONLY =
  /\bonly in the case of (?:a )?(?:violation|breach) of an? ["“']?(?:essential|cardinal|material)\b|\bin other cases,? there is no liability\b/i;
/** The clause that gives the privacy contact (its words or its link), after its lead-in when it is a list item. */
function contactProof(a: FactAnswer): Evidence[] {
  const contact = String(a.value);
  // (An address written out against harvesting, "privacy[at]example[dot]com", is the address.)
  const plain = (quote: string) => quote.replace(/\s*[[(]at[\])]\s*/gi, '@').replace(/\s*[[(]dot[\])]\s*/gi, '.');
  const at = a.evidence.findIndex(
    (e) => plain(e.quote).includes(contact) || e.links?.some((l) => l.href.startsWith(contact) || l.href === `mailto:${contact}`),
  );
  // (No quote that carries the contact backs it: a sentence naming it would say more than its quotes.)
  if (at < 0) return [];
  return at > 0 && /:\s*$/.test(a.evidence[at - 1]!.quote) ? a.evidence.slice(at - 1, at + 1) : [a.evidence[at]!];
}

/** How to reach a privacy contact: write to an address, use a web form. */
const reachAt = (contact: string) => (contact.includes('@') ? `write to ${contact}` : `use the form at ${contact}`);
const byReaching = (contact: string) => (contact.includes('@') ? `by writing to ${contact}` : `through the form at ${contact}`);
/** The answer's quotes as one text, for the details a sentence names. */
/** Who a rule is for when its own clause opens with it ("If you are a consumer living outside Europe, …"), as " (for …)". */
function scopeOfQuote(a: FactAnswer): string {
  const m =
    /^\s*(?:If|Where|When) you (?:are|live)\s+((?:an?\s+)?(?:consumer|user|resident)?\s*(?:living|resident|located|based)?\s*(?:in|outside(?: of)?)\s+(?:the\s+)?[A-Z][\w ]{1,40}?),/.exec(
      firstClause(a.evidence)[0]?.quote ?? '',
    );
  return m ? ` (if you are ${m[1]!.replace(/\s+/g, ' ').trim()})` : '';
}

/**
 * What the answer's clauses name from a vocabulary, read from the one clause that names the
 * most, which becomes the item's evidence: the sentence says only what its quote says.
 */
function detailOf(a: FactAnswer, vocabulary: Parameters<typeof namedIn>[1], max: number): { named: string[]; evidence: Evidence[] } {
  let best = { named: [] as string[], evidence: firstClause(a.evidence) };
  for (const e of a.evidence) {
    if (!isStatement(e.quote)) continue;
    const named = namedIn(e.quote, vocabulary, max);
    if (named.length > best.named.length) best = { named, evidence: [e] };
  }
  return best;
}
/**
 * Which stated periods a reader needs first: what happens to your data when you delete your
 * account, then what is kept about your use (logs, IP addresses, searches, messages), then the
 * rest; records of your dealings with the service (support tickets, call recordings, requests
 * under data-protection law) last.
 */
function retentionRank(quote: string): number {
  // (An exception to deletion, "Content will not be deleted within 90 days … where others used it", is no deletion period.)
  const isException = /\bnot (?:be )?deleted\b|\bmay not occur\b/i.test(quote);
  if (
    !isException &&
    /\bdelet\w* (?:your |the )?(?:account|profile)|\baccount (?:is |has been )?(?:deleted|closed)|\bdeletion process\b|\b(?:close|cancel\w*|terminat\w*) (?:of )?your account\b/i.test(
      quote,
    )
  )
    return 0;
  if (
    /\bcorrespondence\b|\bcall (?:transcripts?|recordings?)\b|\bcall is recorded\b|\bsupport tickets?\b|\bdata subject requests?\b/i.test(
      quote,
    )
  )
    return 3;
  return /\blogs?\b|\bIP address|\bsearch|\blocation\b|\bmessages?\b|\bactivity\b/i.test(quote) ? 1 : 2;
}

/** Handing data to advertising partners, and what: "We may share some of your personal data (such as identifiers) with advertising partners". */
const AD_DATA_SHARED =
  /\b(?:share|disclos|provid|send)\w*\b[^.]{0,80}\bwith (?:our |third[- ]party )?(?:advertising partners|ad(?:vertising)? networks|advertisers|ad partners)\b/i;

/** A clause that bounds a licence: its purpose or how you end it. */
const LICENCE_LIMITS = /\bonly for the purpose\b|\byou can end this licen[cs]e\b|\bunless you ask us to stop\b/i;

/** How you end a licence, where its clause says ("You can end this license any time by deleting your content or account", "unless you ask us to stop using it"). */
export function licenceEnd(evidence: readonly Evidence[]): string {
  const quotes = evidence.map((e) => e.quote).join(' ');
  const by = /\byou can end this licen[cs]e (?:at )?any time by (deleting [^.;]{3,60})/i.exec(quotes)?.[1];
  if (by) return `; you can end it at any time by ${by.replace(/\byour\b/g, 'your')}`;
  return /\bunless you ask us to stop\b/i.test(quotes) ? ', unless you ask it to stop' : '';
}

/**
 * How long a licence lasts where a clause beside the grant says so and its own words do not ("perpetual"): as long as
 * the content's intellectual property rights, or past the end of the contract (its section survives termination).
 */
function licenceLasting(evidence: readonly Evidence[], kinds: readonly string[]): { text: string; quote?: Evidence } {
  if (kinds.some((k) => k.startsWith('perpetual'))) return { text: '' };
  const ipTerm = evidence.find((e) => FOR_IP_TERM.test(e.quote));
  if (ipTerm) return { text: ', for as long as the intellectual property rights in it last', quote: ipTerm };
  const survives = evidence.find((e) => SURVIVAL.test(e.quote));
  return survives ? { text: ', and it survives the end of the contract', quote: survives } : { text: '' };
}

/** A licence that reaches the poster's own identity ("any name, username, voice, or likeness provided with Your Content"). */
function likenessIn(evidence: readonly Evidence[]): string {
  const quote = evidence.find((e) => /\blikeness\b/i.test(e.quote))?.quote;
  if (!quote) return '';
  const parts = (['name', 'voice', 'likeness'] as const).filter((part) => new RegExp(String.raw`\b${part}\b`, 'i').test(quote));
  return ` and to your ${listing(parts)}`;
}

/**
 * What a licence is for, in the clause's words ("for the purpose of making the Instagram Service
 * available", "In order to operate and provide our Services"), said of the service: ", for …".
 * Only a purpose stated for the licence itself (after "licence"/"right", or opening the sentence).
 */
export function licencePurpose(evidence: readonly Evidence[]): string {
  for (const { quote: said } of evidence) {
    // (Enumerated purposes read as one list: "for the purpose of (a) providing …, (b) …".)
    const quote = said.replace(/\((?:[a-h]|i{1,3}|iv|v)\)\s*/g, '');
    // A purpose the terms define under a name ("… license … required or necessary for the Permitted Uses").
    const named = /\blicen[cs]e\b[^.]*?\bfor the ((?:[A-Z]\w+ )?(?:Uses|Purposes))\b/.exec(quote)?.[1];
    if (named) return `, for what the terms call the “${named}”`;
    const purpose =
      /\b(?:licen[cs]e|right)\b[^.]*?\b((?:(?:including )?for (?:the )?(?:sole |limited )?purposes? of|solely (?:for|to)|in connection with the (?:operation|provision)\b|in connection with the [A-Z]\w+ (?:Service|Services|Platform)\b|solely in connection with (?:the|our) (?:Service|Services|Platform)\b|(?:in each case )?to the extent (?:reasonably )?necessary to\b)[^.;:()]{0,120}?)(?=[.;:(]|,? (?:and|or) (?:only|to)\b|, (?:including|in any|whether|which)\b|$)/i.exec(
        quote,
      )?.[1] ?? /^\s*((?:In order to|For the (?:sole |limited )?purposes? of) [^,.;]{4,60}),/.exec(quote)?.[1];
    // (A purpose cut before its words, "for the limited purposes of:", names none.)
    if (purpose && !/\b(?:of|to|for|with)\s*$/i.test(purpose.trim()))
      return `, ${purpose
        .trim()
        .replace(/^in each case /i, '')
        .replace(/^(In|For)\b/, (w) => w.toLowerCase())
        .replace(/\bour\b/g, 'its')
        .replace(/\bwe\b/g, 'the service')}`;
  }
  return '';
}

const AI_WORDS = /\btrain\w*|\bAI\b|\bartificial intelligence\b|\bmachine[- ]learning\b|\b(?:language|AI) models?\b/i;

/**
 * A rule that names one place per kind of product ("governed by Dutch law (for accommodations,
 * flights or attractions) or English law (for car rentals …)"): [place, products] pairs.
 */
export function byProduct(quote: string): Array<[string, string]> | undefined {
  const m =
    /\b(?:by|in|to|of)\s+(?:the\s+)?(?:courts? (?:in|of) )?([A-Z][\w ]{1,40}?)\s+\(for ([^)]{3,80})\)\s*,?\s*or\s+(?:the\s+)?(?:courts? (?:in|of) )?([A-Z][\w ]{1,40}?)\s+\(for ([^)]{3,80})\)/.exec(
      quote,
    );
  return m
    ? [
        [m[1]!, m[2]!],
        [m[3]!, m[4]!],
      ]
    : undefined;
}

const quotesOf = (a: FactAnswer) =>
  firstClause(a.evidence)
    .map((e) => e.quote)
    .join(' ');

const SENTENCES: readonly FactSentence[] = [
  {
    fact: 'governing_law',
    list: 'keyPoints',
    category: 'choice_of_law',
    write: (a) =>
      a.value === 'not_stated'
        ? null
        : isConsumerLocal(a.value)
          ? { text: 'As a consumer, the law of your own country of residence governs these terms.', severity: 'good' }
          : {
              text: `These terms are governed by ${
                byProduct(quotesOf(a))
                  ?.map(([law, what]) => `${law} for ${what}`)
                  .join(', and by ') ?? `the law of ${stripStateOf(String(a.value))}`
              }${a.scope ? ` (for ${a.scope})` : scopeOfQuote(a)}${(a.variants ?? [])
                .map((v) => `; for ${v.scope}, by the law of ${stripStateOf(String(v.value))}`)
                .join('')}.`,
              severity: 'neutral',
              // A scope is shown with what sets it: the other users' law and the heading that says whose it is.
              ...(a.scope || a.variants?.length ? { evidence: a.evidence.slice(0, 3) } : {}),
            },
  },
  {
    fact: 'courts',
    list: 'keyPoints',
    category: 'jurisdiction',
    write: (a, facts) => {
      if (a.value === 'not_stated') return null;
      if (isConsumerLocal(a.value))
        return { text: 'As a consumer, you can take the service to the courts where you live.', severity: 'good' };
      const arbitrated = facts.arbitration.value === 'mandatory' || facts.arbitration.value === 'mandatory_with_opt_out';
      const split = byProduct(quotesOf(a));
      const place = split ? split.map(([where, what]) => `${where} for ${what}`).join(', and of ') : stripStateOf(String(a.value));
      const who = scopeOfQuote(a);
      const small = a.evidence.find((e) => /\bsmall[- ]claims?\b/i.test(e.quote));
      const except = small ? ', except small claims, which may go to a small-claims court' : '';
      return {
        text: arbitrated
          ? `Claims that are not sent to arbitration go to the courts of ${place}${who}${except}.`
          : `Lawsuits go to the courts of ${place}${who}${except}.`,
        severity: 'neutral',
        ...(small ? { evidence: [...firstClause(a.evidence).filter((e) => e !== small), small] } : {}),
      };
    },
  },
  {
    fact: 'min_age',
    list: 'keyPoints',
    category: 'age_limit',
    write: (a) => {
      if (typeof a.value !== 'number') return null;
      // The rule's clause, and the next one where it says who needs a parent's permission.
      const quote = a.evidence.map((e) => e.quote).join(' ');
      const who = a.evidence[0]?.document === 'privacy' ? 'The privacy policy sets' : 'The terms set';
      const min = a.value;
      // Another region's age, as the rule's own words or its clause give it: "(16 for EEA users)".
      const regional = (a.variants ?? []).map((v) => ` (${v.value} for ${v.scope})`).join('');
      // An age above the minimum that the clause names with a parent's consent ("18 or older, or 13 with parental consent").
      const adult = [...quote.matchAll(/\b(\d{2})\b/g)].map((m) => Number(m[1])).find((n) => n > min && n <= 21);
      const parent = /\b(?:parent|guardian)/i.test(quote);
      // The rule in the clause's own words, without its numbering or a lead ("6. ", "In short: ").
      const rule = quote
        .trim()
        .replace(/^(?:\(?\d{1,2}[.)]\s+|in short:\s*)+/i, '')
        .replace(/\.$/, '');
      // What the age is for, as the rule says it: an audience the service is not meant for, or one act (creating an
      // account, subscribing), is no minimum age to use the service.
      const rulesOut = /\bnot (?:directed|intended|meant|designed|targeted|aimed)\b/i.test(rule);
      const act =
        /\bto (?:(?:create|open|register(?: for)?|hold|have)\s+(?:an?|your|the)\s+(?:[A-Z]\w+\s+)?(account)|(subscribe|purchase|buy)|become (?:an?|the) (?:[A-Z]\w+ )?(member|subscriber))\b/i.exec(
          rule,
        );
      const doing = act && (act[1] ? 'create an account' : act[2] ? act[2].toLowerCase() : `become a ${act[3]!.toLowerCase()}`);
      // "… to use the Services on your own": younger users may use it otherwise (a parent-managed account).
      const alone = /\bon your own\b/i.test(rule) ? ' on your own' : '';
      if (!parent && rulesOut)
        return {
          text: `${who === 'The terms set' ? 'The terms say' : 'The privacy policy says'} the service is not meant for children under ${min}.`,
          severity: 'neutral',
          evidence: a.evidence.slice(0, 1),
        };
      if (!parent && act && !/\bto use\b/i.test(rule.slice(0, act.index)))
        return {
          text: `${who} an age of at least ${min} to ${doing}${short(rule) ? `: “${rule}”` : ''}.`,
          severity: 'neutral',
          // (A lead-in, "In order to create an Account you must:", with the item that gives the age.)
          evidence: firstClause(a.evidence),
        };
      return {
        text:
          parent && adult && /\b(?:children of all ages|younger (?:children|users))\b/i.test(quote)
            ? `${who} a minimum age of ${min} to use the service; users under ${adult} need a parent's or guardian's permission, and younger children may use it only where a parent or guardian enables it.`
            : parent && adult
              ? `${who} a minimum age of ${min} to use the service; users under ${adult} need a parent's or guardian's consent.`
              : parent && /\b(?:children of all ages|younger (?:children|users))\b/i.test(quote)
                ? `${who} an age of ${min} to use the service on your own; younger children may use it where a parent or guardian enables it.`
                : parent
                  ? `${who} an age of ${min} to use the service, with a parent's or guardian's involvement for younger users where they allow it.`
                  : /\byour (?:country|jurisdiction)\b|\blocal law\b|\bwhere you live\b|\bdigital consent\b/i.test(quote)
                    ? `${who} a minimum age of ${min} to use the service${alone}, or higher where your country's law requires.`
                    : short(rule) && !regional
                      ? `${who} a minimum age of ${min} to use the service: “${rule}”.`
                      : `${who} a minimum age of ${min} to use the service${regional}.`,
        severity: 'neutral',
        evidence: a.evidence.slice(0, 3),
      };
    },
  },
  {
    fact: 'terms_change_notice',
    list: 'keyPoints',
    category: 'unilateral_change',
    write: (a) => {
      const isHedged = a.evidence.some((e) =>
        /\breasonable efforts\b|\btry to\b|\bendeavou?r\w*\b|\bwhere (?:reasonably )?practicable\b|\bmay (?:also )?notify\b/i.test(e.quote),
      );
      // The clause that promises the notice (its period, else its words), after the one it points back to ("In this case, you
      // will be notified by e-mail … at least 30 days before …"), else the first.
      const promise =
        a.value === 'advance_notice'
          ? a.evidence.find((e) =>
              a.days
                ? durationsIn(e.quote).some((d) => d.days === a.days)
                : /\bnotif\w*|\bnotice\b|\btell you\b|\binform you\b/i.test(e.quote),
            )
          : undefined;
      const at = promise ? a.evidence.indexOf(promise) : -1;
      const promised = promise && (at > 0 && POINTS_BACK.test(promise.quote) ? [a.evidence[at - 1]!, promise] : [promise]);
      // Which changes the notice covers, and how it comes, as the quoted clause says.
      const quote = promised ? promised.map((e) => e.quote).join(' ') : quotesOf(a);
      // (… "changes … that materially adversely impact you": only those, said so.)
      const which = /\b(material|significant|substantial|major)\b/i.exec(quote)?.[1]?.toLowerCase();
      const harmful = /\b(?:materially |substantially |significantly )?(?:adversely|negatively) (?:impact|affect)/i.test(quote);
      const changes = harmful ? 'changes to them that harm you' : which ? `${which} changes to them` : 'changes to them';
      const by = /\be-?mail\b/i.test(quote) ? ' (for example by e-mail)' : '';
      if (a.value === 'advance_notice' && isHedged)
        return {
          text: `The terms say the service will try to tell you${a.days ? ` at least ${days(a.days)}` : ''} before ${changes} take effect${by}.`,
          severity: 'neutral',
          ...(promised ? { evidence: promised } : {}),
        };
      if (a.value === 'advance_notice')
        return {
          text: a.days
            ? `The terms promise at least ${days(a.days)}' notice before ${changes} take effect${by}.`
            : `The terms promise notice before ${changes} take effect${by}.`,
          severity: 'good',
          ...(promised ? { evidence: promised } : {}),
        };
      if (a.value === 'notice') {
        // "such amendment will be effective after we send you notice": in force only once you are told, with no period.
        if (/\beffective (?:only )?(?:after|once|upon|when) (?:we )?(?:send|give|provid|post|notif)\w*/i.test(quote))
          return {
            text: `${which ? `Changes to ${which} terms` : 'Changes to these terms'} take effect only after the service sends you notice, with no minimum period.`,
            severity: 'neutral',
          };
        // Otherwise only what the clause that promises the notice says: which changes, how, and whether it only tries
        // (never "not in advance", which no clause says).
        // (… notice from the service: "you may opt out by providing notice" is the user's.)
        const told = a.evidence.find(
          (e) =>
            /\bnotif\w*|\bnotice\b|\btell you\b|\binform you\b/i.test(e.quote) &&
            !/\barbitrat/i.test(e.quote) &&
            !/\b(?:providing|provide|give|giving|send|sending)\s+(?:us\s+)?(?:written\s+)?notice\b/i.test(e.quote),
        );
        if (!told) return null;
        const whichTold = /\b(material|significant|substantial|major)\b/i.exec(told.quote)?.[1]?.toLowerCase();
        const tries =
          /\breasonable efforts\b|\btry to\b|\bendeavou?r\w*\b|\bwhere (?:reasonably )?practicable\b|\bmay (?:also )?notify\b/i.test(
            told.quote,
          );
        return {
          text: `The terms say the service ${tries ? 'will try to tell' : 'will tell'} you about ${whichTold ? `${whichTold} ` : ''}changes to them${/\be-?mail\b/i.test(told.quote) ? ' (for example by e-mail)' : ''}.`,
          severity: 'neutral',
          evidence: [told],
        };
      }
      if (a.value === 'no_notice') {
        // "Without telling you" only where the quote says so; else when it may change them. Acceptance by continued use only where the quote says it.
        const silent = /\bwithout (?:(?:any|prior|advance) )?(?:notice|notif\w*|warning|telling)|\bwith or without notice\b/i.test(quote);
        const when = /\bat any time\b/i.test(quote) ? ' at any time' : '';
        const change = silent
          ? 'The service can change these terms without telling you first'
          : `The service can change these terms${when}`;
        // How, as the rule's first two sentences say ("We may make changes …" / "If we make changes, we will post the
        // revised Terms and update the Effective Date"), and acceptance by continued use from the clause that says it.
        const rule = a.evidence.filter((e) => isStatement(e.quote)).slice(0, 2);
        const said = rule.map((e) => e.quote).join(' ');
        const posted = !silent && /\bby posting\b|\bwe will post\b/i.test(said);
        const dated = /\bupdat\w* the [^.]{0,30}\bdate\b/i.test(said) ? ' and updating its date' : '';
        // … and in force the moment it is posted, where a clause of the rule says so ("effective immediately upon posting").
        const onPosting = [...rule, ...a.evidence].find((e) =>
          /\b(?:effective|take effect|in force)\b[^.;]{0,20}\b(?:upon|when|on|as soon as|once|at the time)\b[^.;]{0,15}\b(?:post(?:ed|ing)?|publi\w*)\b/i.test(
            e.quote,
          ),
        );
        const changeHow = `${posted ? `${change} by posting the new version${dated}` : change}${onPosting ? '; changes take effect as soon as they are posted' : ''}`;
        const accepted = a.evidence.find((e) => ACCEPTED_BY_USE.test(e.quote) && isStatement(e.quote));
        const evidence = [
          ...rule.filter((e) => e === rule[0] || e === accepted || e === onPosting || posted || dated),
          ...(accepted && !rule.includes(accepted) ? [accepted] : []),
          ...(onPosting && !rule.includes(onPosting) && onPosting !== accepted ? [onPosting] : []),
        ];
        return {
          text: accepted ? `${changeHow}; continuing to use it means you accept them.` : `${changeHow}.`,
          severity: 'bad',
          ...(rule.length ? { evidence } : {}),
        };
      }
      return null;
    },
  },
  {
    // The practice in the words of its own clause: which data, what for, whether you choose it, who receives it.
    fact: 'biometrics',
    list: 'privacyConcerns',
    category: 'biometrics',
    // A consent stated in a clause of its own ("We collect this information with your consent") is read with it.
    write: (a) => {
      if (a.value !== 'yes' && a.value !== 'yes_with_consent') return null;
      const consent =
        a.value === 'yes_with_consent' ? a.evidence.find((e) => /\bwith your (?:explicit )?consent\b/i.test(e.quote)) : undefined;
      return describedBy('biometrics', a, consent);
    },
  },
  {
    // Reading or reviewing messages, as the clause says it; collecting them alone is no reading.
    fact: 'message_content',
    list: 'privacyConcerns',
    category: 'private_messages',
    write: (a) => (a.value === 'yes' ? describedBy('private_messages', a) : null),
  },
  {
    fact: 'moral_rights_waiver',
    list: 'keyPoints',
    category: 'moral_rights_waiver',
    write: (a) => {
      if (a.value !== 'yes') return null;
      // "…you waive these rights against us to enable the licence above, but not otherwise" is a bounded waiver.
      const isBounded = a.evidence.some((e) => /\bbut not otherwise\b|\bto enable\b|\bas (?:necessary|needed) (?:to|for)\b/i.test(e.quote));
      const rights = detailOf(a, MORAL_RIGHTS, 2);
      const waiver = rights.evidence.map((e) => e.quote).join(' ');
      return isBounded
        ? {
            text: 'You agree not to assert your moral rights against the service, as far as the licence you grant it needs.',
            severity: 'bad',
          }
        : {
            // Which rights, where the waiver names them ("attribution", "to be identified as the author", "derogatory treatment").
            text: `You ${/\birrevocabl/i.test(waiver) ? 'irrevocably ' : ''}waive your moral rights in the content you post${rights.named.length ? `, including ${listing(rights.named)}` : ''}${/\bto the extent permitted\b|\bwhere (?:applicable|permitted)\b/i.test(waiver) ? ', where the law allows' : ''}.`,
            severity: 'bad',
            evidence: rights.evidence,
          };
    },
  },
  {
    fact: 'law_enforcement_notice',
    list: 'privacyConcerns',
    category: 'government_requests',
    write: (a) => {
      if (a.value !== 'yes') return undefined;
      const quote = a.evidence.map((e) => e.quote).join(' ');
      const tries = /\battempt|\btry\b|\breasonable efforts\b/i.test(quote);
      const allowed =
        /\b(?:law|legally) (?:allows|permits)|\bpermitted by law\b|\bunless\b[^.]{0,40}\b(?:prohibited|forbidden|not allowed)\b|\bwhere (?:legally )?(?:possible|permitted)\b/i.test(
          quote,
        );
      return {
        text: `Your data may be disclosed to law enforcement or other authorities; the service ${tries ? 'says it will try to tell you first' : 'promises to tell you first'}${allowed ? ', where the law allows' : ''}.`,
        severity: 'neutral',
        evidence: a.evidence.slice(0, 2),
      };
    },
  },
  {
    fact: 'class_action_waiver',
    list: 'keyPoints',
    category: 'class_action_waiver',
    // The finding's own sentence says it; the fact adds only its scope.
    write: () => undefined,
  },
  {
    fact: 'arbitration',
    list: 'keyPoints',
    category: 'arbitration',
    write: (a) => {
      const scope = a.scope ? ` for ${a.scope}` : '';
      // Who runs it, where the quoted rule names the body ("administered by JAMS").
      const runner = a.evidence.map((e) => ARBITRATION_BODY.exec(e.quote)?.[0]).find(Boolean);
      const by = runner ? ` run by ${/^(?:JAMS|National)\b/.test(runner) ? runner : `the ${runner}`}` : '';
      // Arbitration the service may choose ("if we so decide, we may require that a dispute go to
      // arbitration") is its choice to make, not every dispute's path.
      const elective = a.evidence.some((e) =>
        /\b(?:at (?:our|its) (?:sole )?(?:discretion|option|election)|(?:we|[A-Z]\w+) may (?:elect|choose) to)\b[^.]{0,80}\b(?:require|submit|resolve|refer)\w*\b[^.]{0,300}\barbitrat/i.test(
          e.quote,
        ),
      );
      if (a.value === 'mandatory')
        return {
          text: elective
            ? `The service may choose to send disputes to binding arbitration${by} instead of court${scope}.`
            : `Disputes go to binding arbitration${by} instead of court${scope}.`,
          severity: 'bad',
          // (A rule for everyone outside a region is quoted with the other region's rule and the heading that says whose it is.)
          evidence: a.scope?.startsWith('users outside')
            ? a.evidence.slice(0, 4)
            : a.evidence.filter((e) => !runner || e === a.evidence[0] || e.quote.includes(runner)).slice(0, 2),
        };
      if (a.value === 'mandatory_with_opt_out') {
        // The opt-out's own clause comes with the rule when it holds the days or the address.
        const optOut = a.evidence.find(
          (e) =>
            /opt[- ]?out/i.test(e.quote) &&
            ((a.opt_out_contact && e.quote.includes(a.opt_out_contact)) || (a.opt_out_days && /\d|thirty/i.test(e.quote))),
        );
        const rule = firstClause(a.evidence);
        return {
          text: `Disputes go to binding arbitration${by} instead of court${scope}${a.opt_out_days ? `; the terms describe an opt-out within ${days(a.opt_out_days)}` : '; the terms describe an opt-out'}${a.opt_out_contact ? ` (${a.opt_out_contact})` : ''}.`,
          severity: 'bad',
          evidence: [
            ...new Set([
              ...rule,
              ...(optOut ? [optOut] : []),
              // The deadline's own clause, when the opt-out's does not give it.
              ...a.evidence
                .filter(
                  (e) =>
                    a.opt_out_days &&
                    !durationsIn(optOut?.quote ?? '').length &&
                    durationsIn(e.quote).some((d) => d.days === a.opt_out_days),
                )
                .slice(0, 1),
            ]),
          ].slice(0, 3),
        };
      }
      return null;
    },
  },
  {
    fact: 'liability_cap',
    list: 'keyPoints',
    category: 'limitation_of_liability',
    write: (a) => {
      if (/foreseeable/i.test(String(a.value))) {
        // The clause's own words: "typical and foreseeable", "reasonably foreseeable".
        const words = `${String(a.value)} ${quotesOf(a)}`;
        const kind = /\btypical\b/i.test(words)
          ? 'typical and foreseeable'
          : /\breasonably foreseeable\b/i.test(words)
            ? 'reasonably foreseeable'
            : 'foreseeable';
        return {
          text: !a.evidence.some((e) => /slight negligence/i.test(e.quote))
            ? `The service limits its liability to damage that is ${kind}.`
            : ESSENTIAL_ONLY.test(quotesOf(a) + a.evidence.map((e) => e.quote).join(' '))
              ? `For slight negligence, the service is liable only where it breaches an essential obligation, and then only for damage that is ${kind}.`
              : `For slight negligence, the service limits its liability to damage that is ${kind}.`,
          severity: 'bad',
          // The rule, the word it defines and the limit, as the clauses say them in turn.
          evidence: a.evidence.slice(0, 3),
        };
      }
      if (a.cap === 'none')
        return {
          text: `The service excludes all liability to you for ${/\bloss\b/i.test(String(a.value)) ? 'loss or damage' : 'damages'} of any kind${/\bextent (?:permi|allow)/i.test(quotesOf(a)) ? ', as far as the law allows' : ''}.`,
          severity: 'bad',
        };
      const cap = liabilityCapText(a);
      if (!cap) return undefined;
      return {
        text: `The service caps its total liability to you at ${cap}.`,
        severity: 'bad',
        // A cap given as a list ("the greater of the following amounts:") is quoted with its items; an amount its next
        // sentence gives ("However, if that amount is zero … ONE HUNDRED DOLLARS ($100)") with that sentence.
        ...(/:\s*$/.test(a.evidence[0]?.quote ?? '') || a.evidence.length > 1 ? { evidence: a.evidence.slice(0, 3) } : {}),
      };
    },
  },
  {
    fact: 'ai_training',
    list: 'privacyConcerns',
    category: 'ai_training',
    write: (a) => {
      // The clauses that speak of AI or training are the proof; an objection right or a list's lead-in alone is not.
      const training = a.evidence.filter((e) => AI_WORDS.test(e.quote) && !OBJECTION_REACHES_TRAINING.test(e.quote));
      const { named: what, evidence: fromDetail } = detailOf(
        { ...a, evidence: training.length ? training : a.evidence },
        AI_TRAINING_DATA,
        2,
      );
      // The products the models serve, where a training clause names them ("such as Google Translate, Gemini Apps, and Cloud AI").
      const serving = a.evidence.find((e) => /\btrain/i.test(e.quote) && productsIn(e.quote).length >= 2);
      // Models made for others too ("Develop and improve AI at Meta for Meta Products and for third parties").
      const forOthers = training.find((e) =>
        /\bfor third parties\b|\bto third parties\b|\bthird[- ]party (?:developers|models)\b/i.test(e.quote),
      );
      const cited = [...fromDetail, ...[serving, forOthers].filter((e): e is Evidence => e !== undefined && !fromDetail.includes(e))];
      const evidence = cited.filter((e, i) => cited.indexOf(e) === i);
      // Generative models, and content of any age ("regardless of when Pins were posted"), where the clause says so.
      const trainingText = training.map((e) => e.quote).join(' ');
      // ("… to develop or deploy our generative AI models": generative models only, unless another kind is named.)
      const generative = /\bgenerative AI\b/i.test(trainingText);
      const others = /\bmachine[- ]learning\b|\b(?:other|our) (?:AI )?models\b|\bartificial intelligence\b(?! models)/i.test(
        trainingText.replace(/\bgenerative AI models?\b/gi, ''),
      );
      const kind = generative ? (others ? 'generative AI and other models' : 'generative AI models') : 'AI or machine-learning models';
      const whenever = /\bregardless of when\b[^.]{0,30}\bposted\b/i.test(trainingText) ? ', whenever you posted it' : '';
      const models = `${kind}${forOthers ? ' for itself and for third parties' : ''}${
        serving ? ` (for products such as ${listing(productsIn(serving.quote))})` : ''
      }${whenever}`;
      // "Develop and improve AI" where no clause says "train".
      // (… in the clause's own verbs where it names them: "develop or deploy".)
      const verbs = (['develop', 'improve', 'deploy'] as const).filter((v) => new RegExp(String.raw`\b${v}`, 'i').test(trainingText));
      const train =
        training.length && !training.some((e) => /\btrain/i.test(e.quote))
          ? verbs.length > 0
            ? listing([...verbs], /\bdevelop\w* or deploy/i.test(trainingText) ? 'or' : 'and')
            : 'develop and improve'
          : 'train';
      const used = what.length ? `The service uses ${listing(what)}` : 'Your data or content is used';
      if (a.value === 'yes') {
        // An opt-out confined to something else is said as such, with its clause.
        const confined = a.evidence.find(
          (e) => /\bopt[- ]out\b/i.test(e.quote) && /\b(?:solely|only) to\b|\bdoes not apply\b/i.test(e.quote),
        );
        const what =
          confined && /\binputs? and outputs?\b/i.test(confined.quote) ? 'what you send to and get from its AI features' : undefined;
        return confined
          ? {
              text: `${used} to ${train} ${models}; the opt-out the documents describe covers only ${what ?? 'part of this use'}.`,
              severity: 'bad',
              evidence: [...evidence, confined],
            }
          : { text: `${used} to ${train} ${models}.`, severity: 'bad', evidence };
      }
      if (a.value === 'yes_opt_out') {
        // The way out as its own clause words it: an opt-out of training (with where), or the general objection to legitimate interests.
        // (The clause that says where, before a heading-like "Opt out of Training LLMs.")
        // (… or a control in your settings: "you can decide whether … by adjusting the training controls in your account settings".)
        const ways = a.evidence.filter((e) =>
          /\bopt[- ]?out|\bturn off|\bswitch off|\b(?:training )?controls?\b[^.]{0,40}\bsettings\b/i.test(e.quote),
        );
        const way = ways.find((e) => findRoute(e.quote)) ?? ways.find((e) => isStatement(e.quote)) ?? ways[0];
        const objection = a.evidence.find((e) => OBJECTION_REACHES_TRAINING.test(e.quote));
        const exit = way ?? objection;
        const route = way && findRoute(way.quote);
        return {
          text: `${used} to ${train} ${models}; ${
            way
              ? `the documents say you can opt out${route ? ` ${route}` : ''}`
              : objection
                ? 'where it relies on its legitimate interests, the policy gives you a right to object'
                : 'the policy says you can object'
          }.`,
          severity: 'bad',
          evidence: exit && !evidence.includes(exit) ? [...evidence, exit] : evidence,
        };
      }
      if (a.value === 'yes_opt_in') return { text: 'Your data is used to train AI models only if you agree.', severity: 'neutral' };
      if (a.value === 'no') return { text: 'The service says it does not use your content to train AI models.', severity: 'good' };
      return null;
    },
  },
  {
    fact: 'targeted_ads',
    list: 'privacyConcerns',
    category: 'targeted_advertising',
    write: (a) => {
      // What the ads are based on, as a clause that states the practice names it (not an industry programme's description).
      const practices = a.evidence.filter((e) => isAdsPractice(e.quote));
      const detailed = detailOf({ ...a, evidence: practices.length ? practices : a.evidence }, AD_SIGNALS, 3);
      const named = detailed.named;
      const signals = practices[0] && !detailed.evidence.includes(practices[0]) ? [practices[0], ...detailed.evidence] : detailed.evidence;
      const based = named.length ? ` (based on ${listing(named)})` : '';
      // What it hands to advertising partners for this, where a clause says ("share … (such as identifiers) with advertising partners").
      const handing = a.evidence.find((e) => AD_DATA_SHARED.test(e.quote) && namedIn(e.quote, AD_SHARED_DATA, 2).length > 0);
      const handed = handing ? `; it shares ${listing(namedIn(handing.quote, AD_SHARED_DATA, 2))} with advertising partners` : '';
      const evidence = handing && !signals.includes(handing) ? [...signals, handing] : signals;
      if (a.value === 'yes')
        // "to personalise (including ads if we show you ads)": only where the service shows ads at all.
        return evidence.some((e) => /\bif we show (?:you )?ads\b/i.test(e.quote))
          ? { text: `Your data may be used to personalise ads${based}, if the service shows you ads.`, severity: 'bad', evidence }
          : { text: `Your data is used to show you personalised ads${based}${handed}.`, severity: 'bad', evidence };
      if (a.value === 'yes_opt_out') {
        // What the opt-out reaches, where and for whom, from the clauses that offer it.
        const way = adsOptOut(a);
        const reach = way?.partnerDataOnly ? 'the use of data from partners and other sites for them' : 'at least part of it';
        // Only a way out is quoted (a right to opt out, an industry opt-out page): the sentence says no more than that.
        if (practices.length === 0)
          return way?.route
            ? {
                text: `The policy describes a way to opt out of personalised ads ${way.route}${way.where}.`,
                severity: 'neutral',
                evidence: way.evidence,
              }
            : null;
        return {
          text: `Your data is used to show you personalised ads${based}${handed}; ${
            way?.route
              ? way.controlOnly
                ? `you can control how they are personalised ${way.route}${way.where}`
                : `you can opt out of ${reach} ${way.route}${way.where}`
              : 'the policy describes a way to opt out of at least part of it'
          }.`,
          severity: 'bad',
          evidence: [...evidence, ...(way?.evidence ?? []).filter((e) => !evidence.includes(e))],
        };
      }
      if (a.value === 'yes_opt_in') {
        // Where you change your choice, in its own clause.
        const control = a.evidence.find((e) => !evidence.includes(e) && findSettingName(e.quote));
        const where = control && findRoute(control.quote);
        return where
          ? {
              text: `You see personalised ads${based} only if you agree to them; you can change your choice ${where}.`,
              severity: 'neutral',
              evidence: [...evidence, control],
            }
          : { text: `You see personalised ads${based} only if you agree to them.`, severity: 'neutral', evidence };
      }
      if (a.value === 'no') return { text: 'The service says it does not show personalised ads.', severity: 'good' };
      return null;
    },
  },
  {
    fact: 'precise_location',
    list: 'privacyConcerns',
    category: 'location',
    write: (a) => {
      // The location you allow, read from the clauses about it, not from the one about IP addresses.
      const own = a.evidence.filter((e) => !LOCATION_FROM_IP.test(e.quote));
      const { named: found, evidence } = detailOf(own.length ? { ...a, evidence: own } : a, LOCATION_SOURCES, 3);
      // A source the clause calls approximate ("WiFi (approximate city location)") gives no precise location.
      const rough = (source: string) =>
        new RegExp(`${source.replace(/[^\w ]/g, '.?')}[^.;]{0,12}\\(?\\s*(?:approximate|country|city|general)`, 'i').test(
          quotesOf(a) + evidence.map((e) => e.quote).join(' '),
        );
      const sources = found.filter((source) => !rough(source) && source !== 'IP address');
      const from = sources.length ? ` (from ${listing(sources)})` : '';
      // "Precise" only where the quote says so (or names GPS); else the location the clause names.
      const said = evidence.map((e) => e.quote).join(' ');
      const what = /\bprecise|\bexact\b|\bGPS\b/i.test(said)
        ? 'your precise location'
        : /\blocation of your (?:device|computer|phone)\b/i.test(said)
          ? 'the location of your device'
          : /\bcurrent location\b/i.test(said)
            ? 'your current location'
            : 'your location';
      // Only for some uses, where the clause says so ("Depending on the nature of the trip reservation, we may also ask for …").
      const when = /\bdepending on the (?:nature|type) of (?:the |your )?(?:trip |travel )?(?:reservation|booking|trip)\b/i.test(said)
        ? ' for some bookings'
        : '';
      // … and what it reads from your IP address whatever you allow, in its own clause.
      const ip = a.evidence.find((e) => LOCATION_FROM_IP.test(e.quote) && !evidence.includes(e));
      const also = `${evidence.some((e) => BY_PLACE.test(e.quote)) ? ' (depending on where you live)' : ''}${ip ? '; it also estimates your general location from your IP address' : ''}`;
      const proof = ip ? [...evidence, ip] : evidence;
      if (a.value === 'yes') return { text: `The service collects ${what}${from}${when}${also}.`, severity: 'bad', evidence: proof };
      if (a.value === 'yes_with_permission') {
        // The condition as its own clause says it, and that clause quoted: "with your permission", "if you allow it on
        // your device" (device settings named), "if you allow it".
        const choice = proof.find((e) => LOCATION_CHOICE.test(e.quote)) ?? a.evidence.find((e) => LOCATION_CHOICE.test(e.quote));
        const condition =
          choice && /\b(?:permission|consent)\b/i.test(choice.quote)
            ? 'with your permission'
            : choice && /\bdevice\b/i.test(choice.quote)
              ? 'if you allow it on your device'
              : 'if you allow it';
        return {
          text: `The service collects ${what}${from} ${condition}${also}.`,
          severity: 'bad',
          evidence: !choice || proof.includes(choice) ? proof : [...proof, choice],
        };
      }
      if (a.value === 'no') {
        // A denial in the quote is a promise; approximate location alone is only what the policy describes.
        // "Only your approximate location" and "from your IP address" only where a quote says so.
        const quotes = a.evidence.map((e) => e.quote).join(' ');
        const approximate = /\b(?:approximate|general|regional|city|country)\b[^.]{0,30}\b(?:geo-?)?location\b/i.test(quotes);
        const fromIp = /\bIP address/i.test(quotes) ? ' (from your IP address)' : '';
        // The denial's own verbs: "We don't track your precise location" denies tracking, not collecting.
        // (However far the denial reaches: "does not knowingly collect sensitive data, such as … or precise geolocation".)
        const denial = a.evidence
          .map((e) =>
            isInNegationScope(e.quote, /\bprecise\b/i)
              ? /\b(?:do(?:es)?\s*n[o’']t|never|not)\b([^.;]*?\b(?:collect|track|use)\w*\b[^.;]*?)\bprecise\b/i.exec(e.quote)?.[1]
              : undefined,
          )
          .find(Boolean);
        const verbs = denial
          ? listing(
              (['collect', 'track', 'use'] as const).filter((v) => new RegExp(String.raw`\b${v}`, 'i').test(denial)),
              'or',
            )
          : '';
        return denial
          ? {
              text: `The service says it does not ${verbs} your precise location${approximate ? `, only your approximate location${fromIp}` : ''}.`,
              severity: 'good',
              evidence: a.evidence.slice(0, 3),
            }
          : {
              text: `The policy describes collecting only your approximate location${fromIp}, not your precise location.`,
              severity: 'neutral',
              evidence: a.evidence.slice(0, 3),
            };
      }
      return null;
    },
  },
  {
    fact: 'content_licence',
    list: 'keyPoints',
    category: 'content_license',
    write: (a) => {
      // The licence's words as the quoted clause writes them: the clause naming most of them is the evidence.
      // A licence given as a list: its terms are in the items quoted after the lead-in.
      const { named: kinds, evidence } = /:\s*$/.test(a.evidence[0]?.quote ?? '')
        ? { named: namedIn(a.evidence.map((e) => e.quote).join(' '), LICENCE_TERMS, 5), evidence: a.evidence }
        : detailOf(a, LICENCE_TERMS, 5);
      const lasting = licenceLasting(a.evidence, kinds);
      if (a.value === 'broad') {
        // Broad by its terms (worldwide, sublicensable), yet bounded by its own clause — "a limited … license", or only to
        // provide the service ("For the purpose of obtaining the Services, …") — and ending with your content (never
        // perpetual, irrevocable or surviving the contract): said with its bounds, not called broad.
        const purpose = licencePurpose(a.evidence);
        const bounded =
          !kinds.some((k) => /^(?:perpetual|irrevocable)/.test(k)) &&
          lasting.text === '' &&
          (evidence.some((e) => /\blimited\b[^.]{0,60}\blicen[cs]e\b/i.test(e.quote)) ||
            /^, solely in connection with\b/i.test(purpose) ||
            (/\b(?:provid|operat|obtain|run|maintain)\w*/i.test(purpose) &&
              !/\b(?:improv|develop|promot|market|advertis|train|research)\w*/i.test(purpose)));
        const terms = bounded ? (kinds.length ? `${kinds.join(', ')} ` : '') : `broad${kinds.length ? ` (${kinds.join(', ')})` : ''} `;
        return {
          text: `You grant the service ${/^[aeiou]/i.test(terms) ? 'an' : 'a'} ${terms}licence to the content you post${likenessIn(evidence)}${purpose}${lasting.text}${licenceEnd(a.evidence)}.`,
          severity: bounded ? 'neutral' : 'bad',
          // The quotes that bound it (its purpose, how long it lasts, how you end it) after the one naming its terms.
          evidence: [
            ...evidence,
            ...a.evidence.filter(
              (e) => !evidence.includes(e) && (e === lasting.quote || LICENCE_LIMITS.test(e.quote) || licencePurpose([e])),
            ),
          ],
        };
      }
      const training = a.evidence.find((e) =>
        /\btrain\w*\b[^.]{0,80}\b(?:AI|artificial intelligence|machine learning)|\b(?:AI|machine learning)\b[^.]{0,40}\btrain/i.test(
          e.quote,
        ),
      );
      if (a.value === 'limited' && training)
        return {
          text: 'You grant the service a licence to your content to run and improve the service, including training AI models.',
          severity: 'bad',
          evidence: [training],
        };
      // "Limited" as its clause bounds it, with the purpose where the clause gives one; "to running the service" only where it
      // says so (a licence "to operate, improve and develop new products" is limited, but not to running the service).
      if (a.value === 'limited') {
        const purpose = licencePurpose(a.evidence);
        const runningOnly = a.evidence.some((e) => {
          const stated =
            /\b(?:(?:solely|only)\b[^.]{0,40}|in order to |for the (?:sole |limited )?purposes? of )(?:provid|operat|run)\w*\b[^.]{0,40}/i.exec(
              e.quote,
            )?.[0];
          return (
            stated !== undefined &&
            /\bservices?\b|\bplatform\b/i.test(stated) &&
            !/\b(?:improv|develop|research|market|promot|advertis|train)\w*/i.test(stated)
          );
        });
        const perpetual = kinds.includes('perpetual') ? 'perpetual ' : '';
        // ("Limited" only where a quote bounds it — by a purpose, "limited", "solely", an end — not by the absence of the
        // words of a broad one: "you grant us a license to use Your Content" is a licence, no more is said.)
        const bounded =
          purpose !== '' ||
          licenceEnd(a.evidence) !== '' ||
          a.evidence.some((e) =>
            /\blimited\b|\bsolely\b|\bonly (?:to|for|as)\b|\bas (?:is )?(?:reasonably )?necessary\b|\b(?:to|in order to) (?:provide|operate|run) (?:the |our )?(?:services?|platform|website)\b/i.test(
              e.quote,
            ),
          );
        return {
          text: runningOnly
            ? `You grant the service a ${perpetual}licence to your content limited to running the service${lasting.text}.`
            : `You grant the service a ${perpetual}${bounded ? 'limited ' : ''}licence to your content${purpose}${lasting.text}${licenceEnd(a.evidence)}.`,
          severity: 'neutral',
          ...(lasting.quote ? { evidence: [...firstClause(a.evidence), lasting.quote] } : {}),
        };
      }
      return undefined;
    },
  },
  {
    fact: 'termination_without_notice',
    list: 'keyPoints',
    category: 'unilateral_termination',
    write: (a) => {
      // Discretion in the clause's own words where it gives them ("for any reason or no reason", "with or without cause").
      const own = /\bfor any (?:reason or (?:for )?no reason|or no reason)\b|\bfor no reason\b/i.test(quotesOf(a))
        ? 'for any reason or none'
        : /\bfor any reason\b/i.test(quotesOf(a))
          ? 'for any reason'
          : /\bwith or without cause\b/i.test(quotesOf(a))
            ? 'with or without cause'
            : undefined;
      // (… which holds the others: "for any reason, including if you break its rules".)
      const named = terminationGrounds(quotesOf(a));
      const others = named.filter((g) => g !== 'at its discretion');
      const grounds =
        own && named.includes('at its discretion') ? [`${own}${others.length ? `, including ${listing(others, 'or')}` : ''}`] : named;
      // "suspend" only, where its quotes only suspend ("suspend your access until we have charged a valid payment method").
      const verb = closingVerb(quotesOf(a));
      // What closing costs you, where a quote says it: no refund, purchased subscriptions; and a way to appeal.
      const all = a.evidence.map((e) => e.quote).join(' ');
      // What closing costs you, where a quote says it: your purchases, no refund; and a way to appeal.
      const purchases = /\bpurchased (?:products|services|content)\b/i.test(all) ? ' and access to what you bought' : '';
      const refund = /\b(?:will not|won['’]t|does not|do not|no)\b[^.]{0,20}\brefund/i.test(all) ? ', without refunding what you paid' : '';
      const appeal = /\byou (?:can|may) appeal\b/i.test(all) ? '; you can appeal' : '';
      const tail = `${refund}${appeal}`;
      // A rule to warn with an exception ("normally … without prior notice if special circumstances justify it").
      const isException = a.evidence.some((e) => WARNED.test(e.quote));
      // Notice with the reason as the rule, withheld in the cases the terms list.
      if (a.value === 'yes' && a.evidence.some((e) => NOTICE_UNLESS.test(e.quote)))
        return {
          text: `The service can ${verb} your account${grounds.length ? ` (${listing(grounds, 'or')})` : ''}; it tells you why${
            /\bremedy\b|\bcure\b/i.test(all) ? ' and, for a breach, lets you put it right first' : ''
          }, except in listed cases.`,
          severity: 'bad',
          evidence: a.evidence.slice(0, 2),
        };
      if (a.value === 'yes' && isException)
        return {
          text: `The terms let the service ${verb} your account${grounds.length ? ` (${listing(grounds, 'or')})` : ''} without warning you first in exceptional cases; otherwise it tells you before.`,
          severity: 'bad',
          evidence: a.evidence.slice(0, 2),
        };
      // (Only where it bounds the closing, not another power of its sentence: "we may terminate your account … by giving you
      // advance notice, and we may discontinue the Services … on notice where practicable".)
      const closingParts = quotesOf(a)
        .split(/;|,? and (?=we\b|[A-Z]\w+ (?:may|can|will)\b)/)
        .filter((part) => /\b(?:terminat|suspen|clos|disabl|deactivat|cancel)\w*/i.test(part));
      if (
        a.value === 'yes' &&
        closingParts.some((part) =>
          /\bwhere (?:reasonably )?(?:practicable|possible)\b|\bif (?:reasonably )?(?:practicable|possible)\b/i.test(part),
        )
      )
        return {
          text: `The terms let the service ${verb} your account${grounds.length ? `, ${listing(grounds, 'or')}` : ''}, with notice only where it finds that practicable.`,
          severity: 'bad',
        };
      // "Without warning" only where the quote says so; "at any time, in its sole discretion" says when and why, not how.
      const withTail = tail || purchases ? { evidence: a.evidence.slice(0, 3) } : {};
      if (
        a.value === 'yes' &&
        !/\bwithout (?:(?:any|prior|advance) )?(?:notice|warning)|\bwithout (?:telling|notifying|informing|warning) you\b|\bwith or without notice\b/i.test(
          quotesOf(a),
        )
      )
        return {
          text: `The terms let the service ${verb} your account${purchases}${/\bat any time\b/i.test(quotesOf(a)) ? ' at any time' : ''}${grounds.length ? `, ${listing(grounds, 'or')}` : ''}${tail}.`,
          severity: 'bad',
          ...withTail,
        };
      if (a.value === 'yes')
        return {
          text: `The terms let the service ${verb} your account${purchases} without warning you first${grounds.length ? `: ${listing(grounds, 'or')}` : ''}${tail}.`,
          severity: 'bad',
          ...withTail,
        };
      if (a.value === 'no') {
        // The rule's own exception, where its clause is quoted.
        const unless = a.evidence.find((e) => /\bnot (?:be )?necessary\b|\bspecial circumstances\b/i.test(e.quote));
        return unless
          ? {
              text: 'The terms promise a warning or notice before the service closes your account, except where special circumstances justify closing it at once.',
              severity: 'good',
              evidence: [a.evidence[0]!, unless],
            }
          : { text: 'The terms promise a warning or notice before the service closes your account.', severity: 'good' };
      }
      return undefined;
    },
  },
  {
    fact: 'indemnity',
    list: 'keyPoints',
    category: 'indemnification',
    write: (a) => {
      if (a.value !== 'yes') return null;
      const covers = namedIn(quotesOf(a), INDEMNITY_COVERS, 5);
      const claims = covers.filter((c) => c !== 'legal fees');
      // Whose fault it may be, where a quote says: even the service's own negligence, or all but its own (gross) negligence.
      const fault =
        /\b(?:regardless of|without regard to|irrespective of|even if (?:caused by|arising from|due to))\b[^.;]{0,40}\bnegligen/i.test(
          quotesOf(a),
        )
          ? ', even where the service itself was negligent'
          : /\bexcept\b[^.;]{0,80}\b(?:our|its|the service['’]s|[A-Z]\w+['’]s)\s+(?:own\s+|sole\s+)?(?:gross\s+)?negligen/i.test(
                quotesOf(a),
              )
            ? ', except where the service itself was negligent'
            : '';
      return {
        text: claims.length
          ? `You must cover the service’s costs of claims arising from ${listing(claims)}${covers.includes('legal fees') ? ', legal fees included' : ''}${fault} (an indemnity).`
          : 'You must cover the service’s costs of some claims brought against it (an indemnity).',
        severity: 'bad',
      };
    },
  },
  {
    fact: 'international_transfer',
    list: 'privacyConcerns',
    category: 'international_transfer',
    write: (a) => {
      if (a.value !== 'yes') return null;
      const named = (a.where ?? [])
        .slice(0, 3)
        .map((place) => (/^(?:United|European|Netherlands|Philippines|Chinese)\b/.test(place) ? `the ${place}` : place));
      const safeguards = detailOf(a, TRANSFER_SAFEGUARDS, 2);
      // The quotes that name the places, and the one that names the safeguards; a place named for one country's users
      // ("the data of members living in Norway goes … to the United States") is theirs.
      const naming = a.evidence.filter((e) => (a.where ?? []).slice(0, 3).some((place) => e.quote.includes(place)) && !regionOf(e.quote));
      const where = naming.length ? named : [];
      const evidence = [
        ...new Set([...(naming.length ? naming : firstClause(a.evidence)), ...(safeguards.named.length ? safeguards.evidence : [])]),
      ];
      // Without named places, the region the clause names ("outside the EEA") or who receives the data.
      const shown = evidence.map((e) => e.quote).join(' ');
      const region =
        /\boutside (?:of )?(?:the )?(EEA|European Economic Area|European Union|EU|UK|United Kingdom|Switzerland|country(?: or region)? (?:where|in which) you (?:live|reside)|your (?:home )?country)\b/i.exec(
          shown,
        )?.[1];
      const to = where.length
        ? `to and processed in other countries, including ${listing(where)}`
        : region
          ? `and processed outside ${/^(?:country|your)/i.test(region) ? 'the country where you live' : `the ${region}`}`
          : 'to and processed in other countries';
      const recipients = where.length || region ? [] : namedIn(shown, TRANSFER_RECIPIENTS, 3);
      // Safeguards its clause gives for one recipient only ("For transfers to our service provider Twilio in the United States, we rely on …").
      const onlyFor = /\bFor transfers to (?:our )?(?:service providers? )?([A-Z][\w.]*(?: [A-Z][\w.]*)?)/.exec(
        safeguards.evidence.map((e) => e.quote).join(' '),
      )?.[1];
      // Every safeguard the vocabulary names is a mechanism of European law (EU, UK, Swiss): it covers data from Europe, never everyone's.
      const relying = safeguards.named.length
        ? `, relying on ${listing(safeguards.named)}${onlyFor ? ` for transfers to ${onlyFor}` : ' for data from Europe'}`
        : '';
      // A quote that only says the service takes part in a framework ("Example participates in the EU-US Data Privacy
      // Framework") says how data from Europe is received, not that yours is sent abroad.
      const moves = evidence.some((e) =>
        /\btransfer\w*|\bprocess\w*|\bstor(?:e|ed|es|age|ing)\b|\bservers?\b|\bhost\w*|\bsent\b|\boutside (?:of )?(?:your|the)\b|\blocated in\b/i.test(
          e.quote,
        ),
      );
      if (!moves)
        return safeguards.named.length
          ? {
              text: `The service relies on ${listing(safeguards.named)} for personal data it receives from Europe.`,
              severity: 'neutral',
              evidence: safeguards.evidence,
            }
          : null;
      return {
        text: `Your data may be transferred ${to}${recipients.length ? `, to ${listing(recipients)}` : ''}${relying}.`,
        severity: 'neutral',
        evidence: evidence.slice(0, 3),
      };
    },
  },
  {
    fact: 'retention',
    list: 'privacyConcerns',
    category: 'data_retention',
    write: (a) => {
      if (a.value === 'as_long_as_needed') {
        // The measure as the clause words it ("as long as we have a relationship with you"), in the third person.
        // (Whole to its punctuation, never cut mid-phrase.)
        const found = /\b(?:as|so) long as ([^.,;:()]{5,120})(?=[.,;:()]|$)/i.exec(quotesOf(a));
        // A measure that points to a list ("to fulfill the following purposes: …") names its first few.
        const listed =
          found && /\bthe following (?:\w+ )?purposes$/i.test(found[1]!.trim())
            ? /^\s*:([^.]*)/.exec(quotesOf(a).slice(found.index + found[0].length))?.[1]
            : undefined;
        const items = listed
          ?.split(';')
          .map((item) => item.trim().replace(/^(?:and|or)\s+/i, ''))
          .filter((item) => item.length > 3 && item.split(/\s+/).length <= 10)
          .slice(0, 3);
        const measure = items?.length
          ? `${found![1]!.trim().replace(/\bthe following ((?:\w+ )?purposes)$/i, '$1 it lists, such as ')}${listing(items)}`
          : found?.[1]?.trim();
        const theirs = measure
          ?.replace(/\bwe have\b/gi, 'the service has')
          .replace(/\bwe are\b/gi, 'the service is')
          .replace(/\bwe need\b/gi, 'the service needs')
          .replace(/\bwe\b/gi, 'the service')
          .replace(/\bour\b/gi, 'its')
          .replace(/\bus\b/gi, 'it');
        // Without the clause's own measure, the finding's sentence stands.
        // (Never "with no fixed period": a claim of absence no quote carries, and other clauses may set periods.)
        return theirs ? { text: `Your data is kept as long as ${theirs}.`, severity: 'bad' } : undefined;
      }
      if (a.value !== 'fixed_periods') return null;
      // The periods as the documents write them ("12 months", not 360 days).
      // Each period named comes with the clause that states it.
      const byDays = new Map<number, string>();
      const evidence: Evidence[] = [];
      for (const e of [...a.evidence].sort((x, y) => retentionRank(x.quote) - retentionRank(y.quote)))
        for (const d of durationsIn(e.quote))
          if (!byDays.has(d.days) && byDays.size < 3) {
            byDays.set(d.days, d.words.toLowerCase());
            if (!evidence.includes(e)) evidence.push(e);
          }
      // Each period with what it applies to, in the clause's own words.
      const phrasesOf = (maxBefore: number) =>
        [...byDays.values()]
          .slice(0, 2)
          .map((words) => evidence.map((e) => periodPhrase(e.quote, words, maxBefore)).find(Boolean))
          .filter((phrase): phrase is string => phrase !== undefined);
      const phrases = phrasesOf(12);
      // Two periods where the sentence stays short (40 words at most), with shorter parts if need be, else the first.
      const sentence = (shown: string[]) => `The documents set fixed periods for some data: ${shown.map((p) => `“${p}”`).join('; ')}.`;
      const fits = (text: string) => text.split(/\s+/).length <= 40;
      const text = [phrases, phrasesOf(9), phrasesOf(7)].map(sentence).find(fits) ?? sentence(phrases.slice(0, 1));
      // The quotes each shown part was cut from.
      const shownFrom = evidence.filter((e) =>
        [...byDays.values()].slice(0, 2).some((words) => e.quote.includes(words) && text.includes(words)),
      );
      return phrases.length > 0
        ? {
            text,
            severity: 'neutral',
            evidence: shownFrom.length > 0 ? shownFrom.slice(0, 2) : evidence.slice(0, 1),
          }
        : null;
    },
  },
  // Where the category's own sentence of the answer's clause says it (undefined), gated by the answer.
  { fact: 'sells_data', list: 'privacyConcerns', category: 'sale_of_data', write: only('yes') },
  {
    fact: 'sells_data',
    list: 'privacyConcerns',
    category: 'sale_of_data',
    // Said from the clause that offers the opt-out of a sale or sharing (never from a headline denial such as "We Do Not
    // Sell Your Personal Information"), with where to use it and whether it is the US state laws' sense of the words.
    write: (a) => {
      if (a.value !== 'yes_opt_out') return null;
      // An offer that names the sale before one that names only "sharing" ("unless you opt out of sharing these details").
      const offers = a.evidence.filter((e) => SALE_OPT_OUT_OFFER.test(e.quote) && isStatement(e.quote));
      const offer = offers.find((e) => /\bsal(?:e|es)\b|\bsell/i.test(e.quote)) ?? offers[0];
      if (!offer) return null;
      const route = findRoute(offer.quote);
      const legal = a.evidence.find((e) => LEGAL_SENSE.test(e.quote));
      // What is handed to others, only where a quote says it; whose opt-out it is, where the offer names states.
      // (A right to learn "to which we disclose or sell" describes the law's right, not the practice.)
      const handed = a.evidence.find(
        (e) => HANDED_FOR_ADS.test(e.quote) && !/\bopt[- ]?out\b|\brights? to\b/i.test(e.quote) && !isNegatedSale(e.quote),
      );
      // The concern is what is handed over; an opt-out alone (a right some US states give, often beside "we do not sell")
      // is no admission, so without a quote that says it the item is not said.
      if (!handed) return null;
      // Whose laws, as the quotes name them: US state laws only where a quote says so ("under certain state privacy laws",
      // "the CCPA"); "as such terms are defined in applicable privacy law" names none.
      const usLaw = [handed, offer, legal].some(
        (e) =>
          e !== undefined &&
          /\b(?:US|U\.S\.|state|California|Virginia|Colorado|Connecticut|Utah)\b[^.]{0,30}\b(?:privacy )?laws?\b|\bCCPA\b|\bCPRA\b/i.test(
            e.quote,
          ),
      );
      const bystate =
        (Boolean(legal) && usLaw) ||
        /\b(?:state|states) (?:of|where you) (?:residen\w*|live)\b|\bdepending on (?:your|the) state\b|\bcertain (?:US |U\.S\. )?states\b|\b(?:California|Virginia|Colorado) residents\b/i.test(
          offer.quote,
        );
      return {
        text: `Your personal information may be handed to others for advertising (a “sale” or “sharing” ${usLaw ? 'under US state privacy laws' : 'as privacy laws define the words'}); you can opt out${route ? ` ${route}` : ''}${bystate ? ' (in some US states)' : ''}.`,
        severity: 'bad',
        evidence: [...new Set([handed, offer, ...(legal ? [legal] : [])])],
      };
    },
  },
  { fact: 'sells_data', list: 'privacyConcerns', category: 'no_sale_of_data', write: only('no') },
  { fact: 'cross_site_tracking', list: 'privacyConcerns', category: 'cross_site_tracking', write: only('yes') },
  { fact: 'data_export', list: 'privacyConcerns', category: 'rights_access_deletion', write: only('self_service', 'by_request') },
  { fact: 'account_deletion', list: 'privacyConcerns', category: 'rights_access_deletion', write: only('self_service', 'by_request') },
  { fact: 'breach_notice', list: 'privacyConcerns', category: 'security_breach', write: only('yes') },
  { fact: 'auto_renewal', list: 'keyPoints', category: 'auto_renewal', write: only('yes') },
  { fact: 'refunds', list: 'keyPoints', category: 'no_refunds', write: only('no') },
  {
    fact: 'refunds',
    list: 'keyPoints',
    category: 'refunds_offered',
    // Said from a clause that offers a refund, never from the one that refuses it ("Valve shall not have any obligation to refund …").
    // A refund in some cases only (a statutory withdrawal right, a prorated refund when a plan is discontinued) is no good
    // practice of the service: neutral, so the grade does not count it as one.
    write: (a) => {
      if (a.value !== 'yes' && a.value !== 'partial') return null;
      // (… nor one whose refund is denied: "you agree you will not receive a refund", "shall not be entitled to any refund".)
      // (… nor one country's or region's: "For subscribers residing in Argentina – … a full refund … during the 10 days".)
      const offers = a.evidence.filter((e) => !NO_REFUND.test(e.quote) && !isInNegationScope(e.quote, /\brefund/i) && !regionOf(e.quote));
      if (offers.length === 0) return null;
      const said = describeAnswer('refunds_offered', { ...a, evidence: offers });
      return said && a.value === 'partial' ? { ...said, severity: 'neutral' } : (said ?? null);
    },
  },
  {
    fact: 'claim_time_limit',
    list: 'keyPoints',
    category: 'reduced_claim_period',
    write: (a) => (typeof a.value === 'number' ? undefined : null),
  },
];

/**
 * The part of a clause that states a period ("we keep search queries for 90 days"), at most
 * 12 words before it and 5 after, cut with "…": what the period applies to, in the clause's words.
 */
export function periodPhrase(quote: string, words: string, maxBefore = 12): string | undefined {
  const at = quote.toLowerCase().indexOf(words.toLowerCase());
  if (at < 0) return undefined;
  const before = quote.slice(0, at);
  let from = Math.max(before.lastIndexOf(';'), before.lastIndexOf(':'), before.lastIndexOf('. '), before.lastIndexOf('? ')) + 1;
  const after = at + words.length;
  const stop = quote.slice(after).search(/[;:]|\.(?:\s|$)/);
  let to = stop < 0 ? quote.length : after + stop;
  // Word starts before the period and word ends after it, to cut long parts at a word.
  const starts = [...quote.slice(from, at).matchAll(/\S+/g)].map((m) => from + m.index);
  const ends = [...quote.slice(after, to).matchAll(/\S+/g)].map((m) => after + m.index + m[0].length);
  // An exception that opens the part ("Except for the IP address used to create your account, …") is kept whole.
  const isException = /^\s*(?:except|unless|other than|apart from)\b/i.test(quote.slice(from, at));
  // (A short part is kept whole: "we hold these scans until you erase them, or at most two years after you last sign in".)
  const whole = starts.length + ends.length <= 2 * maxBefore + 4;
  const isCutBefore = !whole && starts.length > (isException ? 24 : maxBefore);
  const isCutAfter = !whole && ends.length > 5;
  if (isCutBefore) from = starts[starts.length - maxBefore]!;
  if (isCutAfter) to = ends[4]!;
  const part = quote
    .slice(from, to)
    .trim()
    .replace(/[,(\s]+$/, '');
  return `${isCutBefore ? '… ' : ''}${part}${isCutAfter ? ' …' : ''}`;
}

/**
 * A recommendation names an action the documents offer, and stands only where the fact sheet
 * found that offer. General advice the documents do not offer (re-read the terms, keep copies,
 * block cookies in your browser) is not a recommendation of this service's documents.
 */
const RECOMMENDATION_NEEDS: Record<string, { fact: ScoredFactId; values: readonly FactAnswer['value'][] }> = {
  ai_training: { fact: 'ai_training', values: ['yes_opt_out'] },
  targeted_advertising: { fact: 'targeted_ads', values: ['yes_opt_out'] },
  opt_out: { fact: 'targeted_ads', values: ['yes_opt_out'] },
  arbitration: { fact: 'arbitration', values: ['mandatory_with_opt_out'] },
  location: { fact: 'precise_location', values: ['yes_with_permission'] },
  auto_renewal: { fact: 'auto_renewal', values: ['yes'] },
  rights_access_deletion: { fact: 'account_deletion', values: ['self_service', 'by_request'] },
};

/**
 * The access-and-deletion recommendation, from the routes the documents offer: in-app tools
 * where the fact sheet found them, else the privacy address; the clause that offers it as
 * evidence. Undefined when the documents name neither (the finding's own advice stands).
 */
/**
 * A clause that offers you something to do: "you can …", "the User may …", "controls that allow you to …", "If you choose
 * …", or a step to take ("select …", "use the ‘Download your data’ tool", "Download your information").
 */
const OFFERED =
  /\b(?:you|users?|members?) (?:\w+ )?(?:can|may|are able to|have (?:the )?rights? to)\b|\ballows? you to\b|\bif you (?:choose|wish|want|would like)\b|\b(?:select|choose|click|tap|go to|visit|navigate to|use the)\b|^\W*(?:download|export|delete|close|open)\b/i;
/** A clause that gives you a copy of your data or access to it ("ask for a copy", "the right to access"). */
const COPY_RIGHT =
  /\b(?:ask|request)\b[^.]{0,60}\b(?:a copy|access|portab)\w*|\bright (?:to|of) (?:request )?(?:access|a copy|data portability|portability|obtain a copy)\w*/i;
/** A clause that gives you the deletion of your data ("ask us to delete", "the right to erasure"). */
const ERASURE_RIGHT = /\b(?:ask|request)\b[^.]{0,60}\b(?:delet|eras)\w*|\bright (?:to|of) (?:request )?(?:delet|eras|be forgotten)\w*/i;

function rightsRecommendation(facts: FactSheet): SummaryItem | undefined {
  const deletion = facts.account_deletion;
  const exportData = facts.data_export;
  const contact = String(facts.privacy_contact.value);
  const hasContact = contact.includes('@') || /^https?:/.test(contact);
  // Each tool with where the documents send you to use it, and the clause that says so.
  const offers = [
    { answer: deletion, action: 'delete your account yourself' },
    { answer: exportData, action: 'download a copy of your data' },
  ].flatMap(({ answer, action }) => {
    if (answer.value !== 'self_service') return [];
    // The clause that names the act itself ("Delete Account", "download"), offers it to you ("you can …",
    // not what others can do with your posts) and says where: the one with most of these.
    const [names, alike] = /^delete/.test(action)
      ? [/\bdelet/i, /\b(?:clos|cancel|terminat)\w* (?:your |the |my )?(?:\w+ )?account\b/i]
      : [/\bdownload|\bexport|\bcopy\b/i, /\bport (?:your|the)\b/i];
    const score = (e: Evidence) =>
      (names.test(e.quote) ? 3 : alike.test(e.quote) ? 1 : 0) + (OWN_DATA_TOOL.test(e.quote) ? 1 : 0) + (findRoute(e.quote) ? 1 : 0);
    const clause = [...answer.evidence].sort((x, y) => score(y) - score(x))[0];
    // Only a clause that names the act and offers it to you says you can do it yourself ("… 5 years from the deletion of your
    // account" names a deletion and offers none).
    if (!clause || !(names.test(clause.quote) || alike.test(clause.quote)) || !OFFERED.test(clause.quote)) return [];
    const route = findRoute(clause.quote);
    return [{ text: route ? `${action} ${route}` : action, evidence: [clause] }];
  });
  const tools = offers.map((o) => o.text);
  const evidence = offers.flatMap((o) => o.evidence);
  if (tools.length > 0) {
    const contactClause = hasContact ? contactProof(facts.privacy_contact) : [];
    // A contact the policy gives for questions ("Questions on how we move data abroad? … write to us")
    // or for more on one topic ("For more information or a copy of the safeguards we use for transfers, contact …") is for
    // questions.
    const forQuestions =
      contactClause.length > 0 &&
      contactClause.every(
        (e) => /\bquestions?\b|\bmore information\b/i.test(e.quote) && !/\brequests?\b|\bexercis\w*|\brights?\b/i.test(e.quote),
      );
    const also = contactClause.length > 0 ? `; for ${forQuestions ? 'questions' : 'other requests'}, ${reachAt(contact)}` : '';
    return {
      text: `You can ${tools.join(' and ')}${also}.`,
      category: 'rights_access_deletion',
      severity: 'good',
      evidence: [...evidence, ...contactClause].slice(0, 3),
    };
  }
  // The route the documents give for these requests: the address or form a deletion or copy request is sent to, else
  // the privacy contact where the policy offers it for requests or rights (a contact offered for questions only is no
  // route for requests: reviewers found it wrong on five services out of nineteen).
  const requestRoute = [deletion, exportData].find(
    (a) => a.value === 'by_request' && a.how && (a.how.includes('@') || /^https?:/.test(a.how)),
  );
  if (requestRoute) {
    const how = requestRoute.how!;
    const proof = firstClause(requestRoute.evidence.filter((e) => e.quote.includes(how) || e.links?.some((l) => l.href.includes(how))));
    const onlyByLaw = requestRoute.evidence.some((e) => /\bto the extent (?:required|provided) by (?:applicable )?law\b/i.test(e.quote));
    // What that route is for, as the facts give it: both requests, or the one whose route it is ("close your account" where
    // its clause only closes it).
    const both = [deletion, exportData].every((a) => a.value === 'by_request' && a.how === how);
    const said = proof.map((e) => e.quote).join(' ');
    const what = both
      ? 'Ask for a copy of your data or its deletion'
      : requestRoute === exportData
        ? 'Ask for a copy of your data'
        : /\b(?:clos|terminat)\w*\b[^.]{0,20}\baccount\b/i.test(said) && !/\bdelet/i.test(said)
          ? 'Ask to close your account'
          : 'Ask for the deletion of your account or data';
    return {
      text: `${what} ${byReaching(how)}${onlyByLaw ? ', where the law gives you these rights' : ''}.`,
      category: 'rights_access_deletion',
      severity: 'good',
      evidence: (proof.length > 0 ? proof : firstClause(requestRoute.evidence)).slice(0, 3),
    };
  }
  const forRequests =
    /\brequests?\b/i.test(contact) ||
    contactProof(facts.privacy_contact).some((e) => /\brequests?\b|\bexercis\w*|\brights?\b/i.test(e.quote));
  const proof = hasContact ? contactProof(facts.privacy_contact) : [];
  if (proof.length > 0 && forRequests) {
    // The clauses that give the rights ("You may ask for a copy of what we keep on you"), quoted before
    // the contact's, with their condition (where only the law gives them); the sentence names only the rights
    // they give.
    const pool = [...exportData.evidence, ...deletion.evidence, ...facts.privacy_contact.evidence];
    const copy = pool.find((e) => COPY_RIGHT.test(e.quote));
    const erase = pool.find((e) => ERASURE_RIGHT.test(e.quote));
    const rights = [copy, erase].filter((e, i, all): e is Evidence => e !== undefined && all.indexOf(e) === i);
    const onlyByLaw = rights.some((e) => /\bto the extent (?:required|provided) by (?:applicable )?law\b/i.test(e.quote));
    const what =
      copy && erase
        ? 'Ask for a copy of your data or its deletion'
        : copy
          ? 'Ask for a copy of your data'
          : erase
            ? 'Ask for the deletion of your data'
            : 'Send requests about your data';
    return {
      text: `${what} ${byReaching(contact)}${rights.length > 0 && onlyByLaw ? ', where the law gives you these rights' : ''}.`,
      category: 'rights_access_deletion',
      severity: 'good',
      evidence: [...rights.filter((e) => !proof.includes(e)), ...proof],
    };
  }
  return undefined;
}

/**
 * The ads opt-out as the documents offer it: the clause that offers it (not one that only says
 * ads are shown), with the next sentence that says where when the offer does not ("To do so,
 * visit …"); whether it reaches only data from partners; for whom ("depending on where you live").
 */
function adsOptOut(
  a: FactAnswer,
): { route?: string; partnerDataOnly: boolean; controlOnly: boolean; where: string; evidence: Evidence[] } | undefined {
  // (Ads "in accordance with your preferences" state the practice; they offer no way out.)
  const offers = a.evidence.filter(
    (e) => OPT_OUT_WORDS.test(e.quote) && !(isAdsPractice(e.quote) && !/\bopt[- ]?out\b|\bturn (?:it |them )?off\b/i.test(e.quote)),
  );
  // (A setting or an address of its own before a browser signal or the industry's pages.)
  const routed =
    offers.find((e) => /^(?:in|at|on the [A-Z]|with the [‘A-Z](?!lobal))/.test(findRoute(e.quote) ?? '')) ??
    offers.find((e) => findRoute(e.quote));
  const offer = offers.find((e) => ADS_WORDS.test(e.quote)) ?? routed;
  if (!offer) return undefined;
  return {
    route: findRoute(routed?.quote ?? offer.quote),
    // A clause that only lets you control or manage them ("You can control your personalised experience … through our Ad
    // Interest Manager") offers no opt-out by its words.
    controlOnly: ![offer, routed].some(
      (e) =>
        e && /\bopt[- ]?out\b|\bturn (?:\w+ )?off\b|\bswitch (?:\w+ )?off\b|\bstop\b|\bobject\b|\bdisable\b|\bwithdraw\b/i.test(e.quote),
    ),
    partnerDataOnly:
      PARTNER_DATA.test(offer.quote) || a.evidence.some((e) => /\bstill\b[^.]{0,30}\bads\b/i.test(e.quote) && PARTNER_DATA.test(e.quote)),
    // (… where the offer or the way says so: "Colorado and Oregon consumers can turn on the Global Privacy Control".)
    where: [offer, routed].some((e) => e && US_STATES_ONLY.test(e.quote))
      ? ' (in some US states)'
      : [offer, routed].some((e) => e && BY_PLACE.test(e.quote))
        ? ' (depending on where you live)'
        : '',
    evidence: [
      ...(routed && routed !== offer ? [offer, routed] : [offer]),
      ...a.evidence.filter((e) => e !== offer && e !== routed && /\bstill\b[^.]{0,30}\bads\b/i.test(e.quote)),
    ],
  };
}

/**
 * Advice with its how, where the fact's clauses name it: the setting that turns AI training or
 * ads off, or the privacy address to object to; the location permission the policy describes.
 * Undefined keeps the finding's own advice.
 */
function specificAdvice(item: SummaryItem, facts: FactSheet): Partial<SummaryItem> | null | undefined {
  const withSetting = (a: FactAnswer) => a.evidence.find((e) => findSettingName(e.quote));
  if (item.category === 'ai_training') {
    const clause = withSetting(facts.ai_training);
    if (clause) return { text: `Turn off the use of your data for AI training in ${findSettingName(clause.quote)}.`, evidence: [clause] };
    // A settings page the offer names without a setting's name ("… used for LLM training purposes via your privacy settings").
    const inSettings = facts.ai_training.evidence.find(
      (e) => OPT_OUT_WORDS.test(e.quote) && /\bsettings\b/i.test(findRoute(e.quote) ?? ''),
    );
    if (inSettings)
      return { text: `Opt out of the use of your content for AI training ${findRoute(inSettings.quote)!}.`, evidence: [inSettings] };
    // An address counts only where the clause that offers the objection gives it.
    const route = facts.ai_training.evidence.find((e) => OPT_OUT_WORDS.test(e.quote) && (findEmail(e.quote) ?? findWebAddress(e.quote)));
    if (route)
      return {
        text: `Object to the use of your data for AI training ${byReaching((findEmail(route.quote) ?? findWebAddress(route.quote))!)}.`,
        evidence: [route],
      };
    // Advice to look for a setting the documents never name has no how: not given.
    return null;
  }
  if (item.category === 'targeted_advertising' || item.category === 'opt_out') {
    const way = adsOptOut(facts.targeted_ads);
    if (!way) return null;
    // An opt-out of others' practices ("to opt-out of their advertising practices") is said as one.
    // ("… you may be able to opt out of some of their practices by visiting …": theirs, and only some.)
    const theirs = way.evidence.some((e) => /\bopt[- ]?out of (?:some of )?their (?:advertising )?practices\b/i.test(e.quote));
    const some = way.evidence.some((e) => /\bopt[- ]?out of some of their\b/i.test(e.quote));
    // … and one of a named company's ads ("opt out of Hoodle's targeted ads") as that company's.
    const company = way.evidence
      .map(
        (e) =>
          /\bopt[- ]?out (?:of|from) ([A-Z][\w&.-]*(?: [A-Z][\w&.-]*)?)['’]s (?:interest[- ]based |personali[sz]ed |targeted )?(?:ads|advertising)\b/.exec(
            e.quote,
          )?.[1],
      )
      .find(Boolean);
    const what = way.partnerDataOnly
      ? 'Stop the use of data from partners and other sites for your ads'
      : theirs
        ? `Opt out of ${some ? 'some of ' : ''}the advertising practices of its advertising partners`
        : company
          ? `Opt out of ${company}’s personalised ads`
          : way.controlOnly
            ? 'Choose how your ads are personalised'
            : 'Opt out of personalised ads';
    return { text: `${what}${way.route ? ` ${way.route}` : ''}${way.where}.`, evidence: way.evidence };
  }
  if (item.category === 'arbitration') {
    const a = facts.arbitration;
    if (a.value !== 'mandatory_with_opt_out' || (!a.opt_out_days && !a.opt_out_contact)) return null;
    const clause = a.evidence.find((e) => /opt[- ]?out/i.test(e.quote) && (!a.opt_out_contact || e.quote.includes(a.opt_out_contact)));
    // The deadline's own clause too, when the opt-out's does not give it.
    const deadline =
      a.opt_out_days && !durationsIn(clause?.quote ?? '').length
        ? a.evidence.find((e) => durationsIn(e.quote).some((d) => d.days === a.opt_out_days))
        : undefined;
    // From when the days run, in the clause's words ("of registering to use the Platform", "after you first accept these Terms").
    // ("… within 30 days of first accepting these Terms" over the summary's "WITHIN 30 DAYS OF ACCEPTING THESE TERMS": the
    // window that does not start again with each new version; "of the date you created your account if you are a new user".)
    const starts = [clause, deadline, ...a.evidence].flatMap(
      (e) =>
        /\bdays?\)?\s+((?:of|after|from) (?:the date (?:(?:of|on which|when) )?|when )?(?:you )?(?:first )?(?:register|accept|agree|creat|sign|becom|open)[^,.;()]{0,70})/i.exec(
          e?.quote ?? '',
        )?.[1] ?? [],
    );
    const start = starts.find((f) => /\bfirst\b|\bnew user\b/i.test(f)) ?? starts[0];
    const newUser = start !== undefined && /\s+if you are a new user\s*$/i.test(start);
    const from = start
      ?.replace(/\s+if you are a new user\s*$/i, '')
      .replace(/^[^a-z]+$/, (shouted) => shouted.toLowerCase())
      ?.trim()
      .replace(/\bour\b/g, 'its')
      .replace(/\b(?:us|we)\b/g, 'the service');
    return {
      // (A window for new users only is said as theirs: "If you are a new user, opt out … of the date you created your account".)
      text: `${newUser ? 'If you are a new user, opt' : 'Opt'} out of arbitration${a.opt_out_days ? ` within ${days(a.opt_out_days)}${from ? ` ${from}` : ''}` : ''}${a.opt_out_contact ? ` ${byReaching(a.opt_out_contact)}` : ''}, if you would rather keep your right to go to court${a.scope ? ` (for ${a.scope})` : ''}.`,
      evidence: withScopeProof(a, clause ? [clause, ...(deadline ? [deadline] : [])] : firstClause(a.evidence)),
    };
  }
  if (item.category === 'location') {
    // The advice rests on the clause that makes location depend on your permission or settings.
    const permission = facts.precise_location.evidence.find((e) => LOCATION_CHOICE.test(e.quote));
    if (!permission) return null;
    const sources = namedIn(permission.quote, LOCATION_SOURCES, 3).filter((s) => s !== 'IP address');
    const where = /\bdevice settings\b/i.test(permission.quote) ? ' in your device settings' : '';
    // What it is used for, where the clause says ("… we collect your precise location from GPS to tag your photos").
    const purpose = /\bto ((?:show|tag|provide|offer|find|help|personali[sz]e|recommend|suggest|deliver)\b[^.;,()]{3,60})/i
      .exec(permission.quote)?.[1]
      ?.trim()
      .replace(/\bour\b/g, 'its')
      .replace(/\bwe\b/g, 'the service');
    return {
      text: `Keep location access${sources.length ? ` (${listing(sources)})` : ''} off${where} unless ${
        purpose
          ? `you want it used to ${purpose}`
          : /\blocation(?:-related| based)? (?:features?|services? (?:we|you) (?:offer|use))\b/i.test(permission.quote)
            ? 'you use its location features'
            : 'a feature really needs it'
      }: the policy leaves it to your choice.`,
      evidence: [permission],
    };
  }
  return undefined;
}

/**
 * The category's own sentence for the first clause of the answer it can describe concretely
 * (its lead-in read with it), quoted; undefined when none can.
 */
function describedBy(
  category: string,
  a: FactAnswer,
  /** A clause of the answer read after each one (and quoted with it), as its condition. */
  condition?: Evidence,
): { text: string; severity: Severity; evidence: Evidence[] } | undefined {
  const described = describedClauses(category, a, condition).filter((d) => d.isSpecific);
  // The one that says what the practice is for ("… to verify your identity"), else the first.
  return described.find((d) => /\bto \w+ your\b/.test(d.text)) ?? described[0];
}

/** The category's sentence of the answer's clauses: a concrete one where a clause gives it, else the first plain one. */
function describeAnswer(
  category: string,
  a: FactAnswer,
): { text: string; severity: Severity; evidence: Evidence[]; isSpecific: boolean } | undefined {
  const described = describedClauses(category, a);
  const specific = described.filter((d) => d.isSpecific);
  return specific.find((d) => /\bto \w+ your\b/.test(d.text)) ?? specific[0] ?? described[0];
}

function describedClauses(category: string, a: FactAnswer, condition?: Evidence) {
  const fallback = CATEGORIES.find((c) => c.id === category)?.severity ?? 'neutral';
  return a.evidence.flatMap((e, i) => {
    if (e === condition || !isStatement(e.quote) || /:\s*$/.test(e.quote)) return [];
    const leadIn = i > 0 && /:\s*$/.test(a.evidence[i - 1]!.quote) ? a.evidence[i - 1] : undefined;
    const quoted = [...(leadIn ? [leadIn] : []), e, ...(condition ? [condition] : [])];
    const description = describeFinding(category, quoted.map((q) => q.quote).join(' '));
    return description
      ? [{ text: description.text, severity: description.severity ?? fallback, evidence: quoted, isSpecific: description.isSpecific }]
      : [];
  });
}

/** The evidence, and the answer's clause that names the users its scope is for ("… if you live in the United States or Canada") when it is not among it. */
function withScopeProof(answer: FactAnswer, evidence: Evidence[]): Evidence[] {
  const region = /\b([A-Z]{2,}|[A-Z][a-z]+)\b/.exec((answer.scope ?? '').replace(/^users (?:outside|in) (?:the )?/, ''))?.[1];
  // An acronym as written ("US", not the word "us"), or spelled out in any case ("UNITED STATES"); a name in any case.
  const names = (quote: string) =>
    region === 'US'
      ? /\bUS\b|\bU\.S\./.test(quote) || /\bunited states\b/i.test(quote)
      : /^[A-Z]{2,}$/.test(region!)
        ? new RegExp(`\\b${region}\\b`).test(quote)
        : new RegExp(`\\b${region}\\b`, 'i').test(quote);
  const proof = region ? answer.evidence.find((e) => names(e.quote)) : undefined;
  return proof && !evidence.includes(proof) ? [...evidence, proof] : evidence;
}

function firstClause(evidence: FactAnswer['evidence']): FactAnswer['evidence'] {
  // The first clause that states something (a heading-like fragment says nothing alone), with its item after a lead-in.
  const at = Math.max(
    0,
    evidence.findIndex((e) => isStatement(e.quote)),
  );
  return opensList(evidence[at]?.quote ?? '') ? evidence.slice(at, at + 2) : evidence.slice(at, at + 1);
}

/** How long the lists may be. */
export interface ListOptions {
  /** Items per list at most. Default 10. */
  maxItems?: number;
  /** Words per item at most. Default 40. */
  maxWords?: number;
}

type Candidate = { item: SummaryItem; isSpecific: boolean };

/**
 * The three lists, each item a view of one read fact and quoting the clause that states it: the
 * questions' writers first, then the topics the documents state (a topic whose category a
 * question's item already said is not said twice). The boilerplate of nearly every contract
 * (`boilerplate`), a generic sentence of a category that says nothing of this service
 * (`listOnlyWhenSpecific`) and the items beyond `maxItems` per list, worst first, are not listed
 * but returned as `unlisted` (the grade still counts them).
 */
export function writeLists(
  facts: FactSheet,
  topics: TopicReading = {},
  options: ListOptions = {},
): { details: Lists; unlisted: SummaryItem[] } {
  const maxItems = options.maxItems ?? 10;
  const maxWords = options.maxWords ?? 40;
  const candidates: Record<'keyPoints' | 'privacyConcerns', Candidate[]> = { keyPoints: [], privacyConcerns: [] };
  const unlisted: SummaryItem[] = [];
  const said = new Set<string>();
  const add = (list: 'keyPoints' | 'privacyConcerns', item: SummaryItem, isSpecific: boolean) => {
    // Every item is held to what its category's sentence needs from its quote.
    // … and to every detail (address, amount, period) it gives being in its own quotes: an item that names one its quotes
    // do not hold is not said at all.
    if (said.has(item.category) || !isBackedByQuote(item) || !carriesDetails(item)) return;
    said.add(item.category);
    if (!BOILERPLATE.has(item.category) && (isSpecific || !LIST_ONLY_WHEN_SPECIFIC.has(item.category)))
      candidates[list].push({ item, isSpecific });
    else unlisted.push(item);
  };
  for (const writer of SENTENCES) {
    const answer = facts[writer.fact];
    if (answer.evidence.length === 0) continue;
    const written = writer.write(answer, facts);
    // Where the question's writer leaves it to its category, the category's sentence of the answer's own clauses.
    const described = written === undefined ? describeAnswer(writer.category, answer) : undefined;
    const sentence = described ?? written;
    if (!sentence) continue;
    add(
      writer.list,
      {
        text: scopedText(sentence.text, answer.scope),
        severity: sentence.severity,
        category: writer.category,
        // … with the clause that names who is exempt among its quotes, where the answer quotes one.
        evidence: withScopeProof(answer, sentence.evidence ?? firstClause(answer.evidence)),
      },
      // A writer's own sentence carries the answer's details; the category's sentence may be generic.
      described?.isSpecific ?? true,
    );
  }
  // The age below which the privacy policy collects no data ("not meant for children under 13") misleads beside a higher age
  // the terms set for using the service: that rule is said, this one only counted (unless younger users may join with a
  // parent, for whom the lower age still tells something).
  const withParent = facts.min_age.evidence.some((e) => /\b(?:parent|guardian)/i.test(e.quote));
  const minAge = typeof facts.min_age.value === 'number' && !withParent ? facts.min_age.value : undefined;
  const belowMinAge = (text: string) => minAge !== undefined && Number(/\bunder (\d{1,2})\b/.exec(text)?.[1] ?? minAge) < minAge;
  for (const topic of TOPICS) {
    const read = topics[topic.id];
    if (!read) continue;
    if (topic.category === 'children' && belowMinAge(read.said.text)) {
      unlisted.push({ text: read.said.text, severity: read.said.severity, category: topic.category, evidence: read.answer.evidence });
      continue;
    }
    add(
      topic.list,
      {
        text: scopedText(read.said.text, read.answer.scope),
        severity: read.said.severity,
        category: topic.category,
        evidence: read.answer.evidence,
      },
      read.said.isSpecific,
    );
  }
  const limit = (item: SummaryItem) => ({ ...item, text: limitWords(item.text, maxWords) });
  // Which items make the cut: a concrete item (a named court, a period) outranks a vaguer one a severity level worse;
  // the kept items are then shown worst first, the concrete before the generic, in the order of their records.
  const keep = (list: Candidate[]) => {
    const priority = (c: Candidate) => SEVERITY_RANK[c.item.severity] - (c.isSpecific ? 1.5 : 0);
    const kept = new Set([...list].sort((x, y) => priority(x) - priority(y)).slice(0, maxItems));
    unlisted.push(...list.filter((c) => !kept.has(c)).map((c) => c.item));
    return dedupe(
      list
        .filter((c) => kept.has(c))
        .sort((x, y) => SEVERITY_RANK[x.item.severity] - SEVERITY_RANK[y.item.severity] || Number(y.isSpecific) - Number(x.isSpecific))
        .map((c) => limit(c.item)),
    );
  };
  return {
    details: {
      keyPoints: keep(candidates.keyPoints),
      privacyConcerns: keep(candidates.privacyConcerns),
      recommendations: dedupe(
        recommendations(facts)
          .filter((item) => isBackedByQuote(item) && carriesDetails(item))
          .map(limit),
      ).slice(0, maxItems),
    },
    unlisted,
  };
}

const SEVERITY_RANK: Record<Severity, number> = { blocker: 0, bad: 1, neutral: 2, good: 3 };
/** Categories whose generic sentence is true of nearly every service: listed only when it names something concrete. */
const LIST_ONLY_WHEN_SPECIFIC = new Set(CATEGORIES.filter((c) => c.listOnlyWhenSpecific).map((c) => c.id));
/** The boilerplate of nearly every contract: counted, shown "At a glance", never listed. */
const BOILERPLATE = new Set(CATEGORIES.filter((c) => c.boilerplate).map((c) => c.id));

/** A rule some users are exempt from says for whom it holds. */
function scopedText(text: string, scope: string | undefined): string {
  if (!scope || text.includes(scope)) return text;
  return /\)\.$/.test(text) ? text.replace(/\)\.$/, `; for ${scope}).`) : text.replace(/\.$/, ` (for ${scope}).`);
}

/**
 * Actions the documents offer the reader, each from the fact that offers it, in this order: an
 * arbitration opt-out, access and deletion requests, the ads opt-out, location permission, the
 * AI-training opt-out, cancelling before a renewal. General advice the documents do not offer
 * (re-read the terms, keep copies, block cookies in your browser) is no recommendation of theirs.
 */
function recommendations(facts: FactSheet): SummaryItem[] {
  const advice = (category: string, severity: Severity): SummaryItem[] => {
    const rule = RECOMMENDATION_NEEDS[category];
    if (rule && !rule.values.includes(facts[rule.fact].value)) return [];
    const written = specificAdvice({ text: '', category, severity, evidence: [] }, facts);
    return written?.text ? [{ text: written.text, category, severity, evidence: written.evidence ?? [] }] : [];
  };
  const rights = rightsRecommendation(facts);
  const renewal = renewalAdvice(facts.auto_renewal);
  return [
    // (Opting out of arbitration keeps a right: the advice protects you.)
    ...advice('arbitration', 'good'),
    ...(rights ? [rights] : []),
    ...advice('targeted_advertising', 'good'),
    ...advice('location', 'neutral'),
    ...advice('ai_training', 'neutral'),
    ...(renewal ? [renewal] : []),
  ];
}

/**
 * Cancelling before a renewal, with how long before and where, when the renewal's clauses say
 * ("at least 24 hours before the end of the current period", "in your Account settings").
 */
function renewalAdvice(a: FactAnswer): SummaryItem | undefined {
  if (a.value !== 'yes') return undefined;
  const cancel = a.evidence.find((e) => /\bcancel/i.test(e.quote) && (renewalDeadline(e.quote) || findRoute(e.quote)));
  const deadline = cancel && renewalDeadline(cancel.quote);
  const route = cancel && findRoute(cancel.quote);
  // What the renewal costs, in the clause's words: the price of the day, or a free trial that turns into a paid plan.
  const trial = a.evidence.find((e) => /\bfree trial\b/i.test(e.quote));
  const price = a.evidence.find((e) => /\bthen[- ]current\b[^.]{0,30}\b(?:price|fee|rate|charge)/i.test(e.quote));
  const what = trial ? ': a free trial turns into a paid subscription' : price ? ': it renews at the price of the day' : '';
  // (The deadline as any renewal clause gives it, "at least thirty (30) calendar days prior to the commencement of the next
  // Renewal Term", with that clause quoted.)
  const term = cancel ? undefined : a.evidence.find((e) => renewalDeadline(e.quote));
  const before = deadline ?? (term && renewalDeadline(term.quote));
  // Advice with its how only (a place to cancel, a deadline, what the renewal costs): a reminder with none of them says
  // nothing the key point "Subscriptions renew … until you cancel" does not.
  if (!route && !before && !what) return undefined;
  const said = [...(cancel ? [cancel] : term ? [term] : firstClause(a.evidence)), trial ?? price].filter(
    (e, i, all): e is Evidence => e !== undefined && all.indexOf(e) === i,
  );
  return {
    text: `Set a reminder to cancel${route ? ` ${route}` : ''} ${before ? `at least ${before} before` : 'before'} the subscription renews if you no longer want it${what}.`,
    category: 'auto_renewal',
    severity: 'neutral',
    evidence: said,
  };
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
