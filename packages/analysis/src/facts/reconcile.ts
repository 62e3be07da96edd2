import type { Evidence, ScoredFactId, FactSheet } from '@fineprint/contracts';
import { findUsd } from '../summarize/details';
import { durationsIn } from './reader';

/**
 * Which fact-sheet answers let a finding's category stand. A summary item about a practice is
 * kept only when the fact reader, which weighs denials and who is bound, agrees the practice is
 * there: "We do not show personalised advertising" can never become "your profile is used for
 * personalised ads", and an opt-out of sale is no "does not sell".
 */
const REQUIRES: Partial<Record<string, { fact: ScoredFactId; values: readonly (string | number)[] }>> = {
  sale_of_data: { fact: 'sells_data', values: ['yes', 'yes_opt_out'] },
  no_sale_of_data: { fact: 'sells_data', values: ['no'] },
  targeted_advertising: { fact: 'targeted_ads', values: ['yes', 'yes_opt_in', 'yes_opt_out'] },
  cross_site_tracking: { fact: 'cross_site_tracking', values: ['yes'] },
  ai_training: { fact: 'ai_training', values: ['yes', 'yes_opt_in', 'yes_opt_out'] },
  location: { fact: 'precise_location', values: ['yes', 'yes_with_permission'] },
  biometrics: { fact: 'biometrics', values: ['yes', 'yes_with_consent'] },
  private_messages: { fact: 'message_content', values: ['yes'] },
  security_breach: { fact: 'breach_notice', values: ['yes'] },
  arbitration: { fact: 'arbitration', values: ['mandatory', 'mandatory_with_opt_out'] },
  class_action_waiver: { fact: 'class_action_waiver', values: ['yes'] },
  moral_rights_waiver: { fact: 'moral_rights_waiver', values: ['yes'] },
  // A licence to feedback or ideas you send is not a licence to your content.
  content_license: { fact: 'content_licence', values: ['broad', 'limited'] },
  indemnification: { fact: 'indemnity', values: ['yes'] },
  auto_renewal: { fact: 'auto_renewal', values: ['yes'] },
};

/** True unless the fact sheet contradicts a finding of this category. */
export function isConsistentWithFacts(category: string, facts: FactSheet): boolean {
  const rule = REQUIRES[category];
  return !rule || rule.values.includes(facts[rule.fact].value);
}

/**
 * Quotes that cannot carry their category's sentence although its pattern matched: acceptance
 * of *changes* by continued use is no "using the service means accepting the terms" (that is the
 * change clause), and a rule about the user's own deletions is no removal by the service.
 */
const QUOTE_CANNOT_SAY: Partial<Record<string, RegExp>> = {
  // … nor are other terms a use accepts ("by using Community you agree to the Community Terms").
  // … nor an affirmation of your age ("BY USING THE SERVICE, YOU AFFIRM THAT YOU ARE 18 YEARS OR OLDER TO ENTER INTO THESE TERMS").
  contract_by_using:
    /\b(?:changes?|modif\w*|updated|amend\w*|revis\w*|after (?:the|such) (?:effective date|change))\b|\b(?:Community|Additional|Supplemental|Business|Developer|Commercial) Terms\b|\b(?:affirm|represent|warrant)\w*\b[^.]{0,40}\b(?:\d{2} years|minimum age|age of)\b/i,
  // A denial of sharing cannot back "your data is shared" (it may be true elsewhere, with another clause).
  third_party_sharing: /\b(?:do not|don['’]t|never|will not|won['’]t|does not|doesn['’]t)\s+(?:sell|share|disclose|rent)\b/i,
  // … nor deleting an account's data after it is closed ("we will delete … the Content of your repositories within 90 days of
  // cancellation"): that is retention.
  content_removal:
    /\byou\b[^.]{0,40}\b(?:can|may|are able to)\b[^.]{0,30}\b(?:delete|remove)\b|\bwithin \d+ days (?:of|after) (?:the )?(?:cancellation|termination|closure|deletion)\b|\bafter (?:you (?:close|delete|cancel)|(?:the )?(?:cancellation|termination|closure) of)\b/i,
  // Closing a named part of the service ("the Flickr Pro Services", "the Beta Services", "any Interactive Feature", "the
  // License") or the user's own right to leave is no closing of your account.
  unilateral_termination:
    /\b(?:the|any|this|your) (?:[A-Z][\w-]+ )*(?:Pro|Beta|Interactive|Premium|Business|Developer|Partner|Preview)(?: [A-Z][\w-]+)* (?:Services?|Features?|Programs?|Products?)\b|\btermination of the License\b|\b(?:[Yy]ou|[Aa]n? (?:[A-Z]\w+ )?(?:[Mm]ember|[Uu]ser|[Ss]ubscriber|[Aa]ccount [Hh]older)s?) (?:may|can) (?:deactivate|close|delete|cancel)\b/,
  // A pointer to another document ("see our Cookie Policy") says nothing about cookies.
  cookies:
    /^(?=[^]{0,200}$)[^]*\b(?:Cookies? (?:Policy|Notice)|learn more|see our)\b|\bthird[- ]party (?:services|websites|sites|platforms)\b[^.]{0,80}\bcookies\b/i,
};

/**
 * What an item's quotes must name to carry its category at all: acceptance by use is acceptance of *these terms*, not
 * of a data-dump licence, an app store's EULA, e-mails from the service or the privacy policy's data uses.
 */
const QUOTE_MUST_SAY: Partial<Record<string, RegExp>> = {
  // A power to remove: a modal right before the verb ("Meta has the right to (i) remove", "We may remove or disable"), or a
  // removal said as done ("content … may be removed"); not how long your own deletion takes ("It may take up to 90 days to
  // delete your information").
  content_removal:
    /\b(?:we|(?!It\b|You\b|If\b|This\b)[A-Z][\w.]+)\b[^.]{0,20}\b(?:may|can|will|might|shall)\b(?!\s+take\b)[^.]{0,80}\b(?:remove|delete|reject|block|disable|take down|refuse|screen|restrict)\w*|\b(?:if|when|where) we\b[^.]{0,20}\b(?:remove|delete|restrict|block|disable)\w*|\b(?:reserves?|ha(?:s|ve)|retains?) the right\b[^.]{0,80}\b(?:remove|delete|block|disable|take down|refuse|screen)\w*|\b(?:is|are|be|been) (?:removed|deleted|taken down|blocked|disabled)\b/i,
  // … and says you accept them: "you agree", "you accept", "you are bound" (reporting a post that "violates these Terms" accepts nothing).
  contract_by_using:
    /^(?=[^]*\b(?:agree|accept|bound|consent)\w*)[^]*(?:\b(?:these|this|our) (?:[\w-]+ ){0,3}(?:Terms|Agreement|Conditions)\b|\bthe (?:Terms of (?:Use|Service)|(?:User )?Agreement|following (?:terms|conditions))\b)/i,
};

/**
 * A power to end: a modal or a reserved right, then (a few words or an aside later: "may, in our sole discretion,
 * deactivate", "reserves the right, without notice, to terminate") the verb of ending.
 */
const POWER_TO_END =
  /\b(?:may|can|will|might|shall|could|(?:reserves?|retains?|ha(?:s|ve)) the right|(?:our|its) right|(?:is|are) entitled)\b(?:[\s,()]+(?:to\b|[\w’'-]+)){0,9}?[\s,()]+(?:to\s+)?(?:suspend|terminat|clos|disabl|deactivat|cancel|delet|block|ban|restrict|end|remov|pause|revok|refus|stop)\w*/gi;
/** … or the ending said as done, allowed or announced: "may be suspended", "termination is permitted only after …", "before suspending your access, we will …". */
const ENDED =
  /\b(?:be|is|are|been|being)\s+(?:\w+\s+)?(?:suspended|terminated|closed|disabled|deactivated|cancell?ed|deleted|blocked|banned|restricted|revoked)\b|\b(?:terminations?|suspensions?)\b[^.;]{0,40}\b(?:is|are|shall be|will be) (?:permitted|allowed|possible|made)\b|\b(?:before|prior to|of)\s+(?:the\s+)?(?:suspending|terminating|suspension|termination)\b(?:\s+or\s+\w+)?\s+(?:of\s+)?your\b|\b(?:if|when|where|once|before) we\b[^.;]{0,20}\b(?:suspend|terminat|clos|disabl|deactivat|delet|block|ban|restrict)\w*|\bpolicy of (?:terminating|suspending|disabling|closing)\b|\btermination\b[^.;]{0,80}\bmay be (?:effected|made|done)\b/i;
/** Who does it: the nearest subject before the modal. The user's own right to leave ("Customer may terminate its free subscriptions") is no power of the service. */
const SUBJECT = /\b(?:we|you|customers?|users?|members?|subscribers?|account holders?|licensees?)\b/gi;
const USER_SUBJECT = /^(?:you|customers?|users?|members?|subscribers?|account holders?|licensees?)$/i;

/** The powers to end in a quote whose wielder is the service, each with the words of its sentence before it. */
function* servicePowersToEnd(quote: string): Generator<{ m: RegExpExecArray; before: string }> {
  for (const m of quote.matchAll(POWER_TO_END)) {
    const sentenceStart = Math.max(quote.lastIndexOf('. ', m.index), quote.lastIndexOf('; ', m.index), 0);
    const before = quote.slice(sentenceStart, m.index);
    const last = [...before.matchAll(SUBJECT)].at(-1);
    // ("You agree that Y Combinator, in its sole discretion, may suspend …": after "that" or a name, the subject is another.)
    const after = last ? before.slice(last.index + last[0].length) : '';
    if (!last || !USER_SUBJECT.test(last[0]) || /\bthat\b|\b[A-Z][\w.&-]*[a-z][\w.&-]*\b|\b[A-Z]{2,}\b/.test(after))
      yield { m: m as RegExpExecArray, before };
  }
}

/** True when the quote gives the service a power to end your account or agreement, not only you the right to leave. */
export function givesServicePowerToEnd(quote: string): boolean {
  return ENDED.test(quote) || !servicePowersToEnd(quote).next().done;
}

/**
 * The power itself, as the quote an item leads with should state it (`givesServicePowerToEnd` is the least a quote must
 * say): the service may end or suspend an account, said as a rule — not the ending's aftermath ("If we end your account
 * for a reason that is not your fault, your unused credits … lapse"), a state ("until it is cancelled or terminated"), or
 * your own account ended by you ("may delete his/her Account").
 */
function statesServicePowerToEnd(quote: string): boolean {
  for (const { m, before } of servicePowersToEnd(quote)) {
    if (/^\W*(?:if|when|where|once|upon|in the event|should)\b/i.test(before) && !before.includes(',')) continue;
    if (/\b(?:remain|remains|until|continue)\b/i.test(m[0])) continue;
    if (/^\w*\s+(?:his|her|his\/her|his or her|their|its)\b/i.test(quote.slice(m.index + m[0].length, m.index + m[0].length + 20)))
      continue;
    return true;
  }
  return false;
}

/**
 * What a quote plainly states for these categories (undefined for the others): such a quote leads a fact's evidence, and a
 * topic of the category is said only from one.
 */
const STATES_PLAINLY: Partial<Record<string, (quote: string) => boolean>> = { unilateral_termination: statesServicePowerToEnd };
export function statesPlainly(category: string, quote: string): boolean | undefined {
  return STATES_PLAINLY[category]?.(quote);
}

/** What a quote must say, beyond a pattern, for these categories. */
const QUOTE_MUST_DO: Partial<Record<string, (quote: string) => boolean>> = { unilateral_termination: givesServicePowerToEnd };

/** True when the item's own quote can carry what its category says. */
export function isBackedByQuote(
  item: { category: string; evidence: ReadonlyArray<{ quote: string }> },
  /** A clause read as context of a fact (a notice rule beside the power it limits), not as an item's own backing. */
  asContext = false,
): boolean {
  const cannot = QUOTE_CANNOT_SAY[item.category];
  const must = QUOTE_MUST_SAY[item.category];
  const mustDo = QUOTE_MUST_DO[item.category];
  // What a quote says it must be (a negated "do not agree" is no agreeing).
  const says = (quote: string) => must!.test(quote.replace(/\b(?:do not|don['’]t|not)\s+(?:agree|accept)\w*/gi, ''));
  return (
    (!cannot || !item.evidence.some((e) => cannot.test(e.quote))) &&
    (!must || item.evidence.some((e) => says(e.quote))) &&
    (asContext || !mustDo || item.evidence.some((e) => mustDo(e.quote)))
  );
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const WEB_ADDRESS = /\bhttps?:\/\/[^\s)]+|\bwww\.[^\s)]+/g;
const MONEY = /(?:(?:US|CA|A)?[$€£]|\bUSD|\bEUR|\bGBP)\s?(\d[\d,]*(?:\.\d+)?)/gi;
const trimmed = (detail: string) => detail.replace(/[.,;:’'”"]+$/, '').toLowerCase();

/**
 * True when every detail the item's text gives (an e-mail or web address, an amount, a period) is in its own quotes
 * or their links: a detail read from another clause is not backed by this one, so the item is not said.
 */
export function carriesDetails(item: { text: string; evidence: ReadonlyArray<Pick<Evidence, 'quote' | 'links'>> }): boolean {
  const quoted = item.evidence
    .flatMap((e) => [e.quote, ...(e.links ?? []).map((link) => link.href)])
    .join(' ')
    .toLowerCase()
    // An address written against harvesters ("privacy[at]example[dot]com") is the address.
    .replace(/\s*[[(]at[\])]\s*/g, '@')
    .replace(/\s*[[(]dot[\])]\s*/g, '.');
  const addresses = [...(item.text.match(EMAIL) ?? []), ...(item.text.match(WEB_ADDRESS) ?? [])].map(trimmed);
  if (addresses.some((address) => !quoted.includes(address.replace(/^https?:\/\//, '')))) return false;
  // (… in figures or in words: "ONE HUNDRED DOLLARS".)
  const amounts = [
    ...[...quoted.matchAll(MONEY)].map((m) => Number(m[1]!.replace(/,/g, ''))),
    ...item.evidence.map((e) => findUsd(e.quote)),
  ];
  if ([...item.text.matchAll(MONEY)].some((m) => !amounts.includes(Number(m[1]!.replace(/,/g, ''))))) return false;
  const periods = new Set(durationsIn(quoted).map((d) => d.days));
  return durationsIn(item.text).every((d) => periods.has(d.days));
}
