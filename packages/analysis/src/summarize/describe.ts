import type { Severity } from '@fineprint/contracts';
import { AS_IS, DATA_KINDS, FROM_OTHER_SOURCES } from '../classify/taxonomy';
import {
  findAge,
  findAmount,
  findCourt,
  findEmail,
  findLaw,
  findPeriod,
  renewalDeadline,
  findTerms,
  findWebAddress,
  hasNoNotice,
  hasNotice,
  listing,
  namedIn,
} from './details';
import {
  ACCEPTANCE_ACTS,
  AI_TRAINING_DATA,
  BIOMETRIC_KINDS,
  BUSINESS_EVENTS,
  COOKIE_KINDS,
  INDEMNITY_COVERS,
  DATA_RIGHTS,
  DISCLOSURE_GROUNDS,
  EMBEDDED_TOOLS,
  LEGAL_DEMANDS,
  LOCATION_SOURCES,
  MESSAGE_REVIEW_PURPOSES,
  OTHER_RECIPIENTS,
  REMOVAL_GROUNDS,
  SHARING_PURPOSES,
  TERMINATION_GROUNDS,
  TRANSFER_SAFEGUARDS,
  WARRANTIES,
} from './vocabulary';

/** One plain sentence about a finding, with a severity adjusted to what the clause says. */
export interface Description {
  text: string;
  severity?: Severity;
  /** True when the sentence carries a concrete detail pulled from the clause. */
  isSpecific: boolean;
  /** True when it names companies ("such as Stripe and Zendesk"): preferred over a clause that names only kinds of recipients. */
  namesCompanies?: boolean;
}

/** Undefined when the clause, though of the category, cannot back any sentence about it. */
type Describer = (clause: string) => Description | undefined;
const plain = (text: string, severity?: Severity): Description => ({ text, severity, isSpecific: false });
const specific = (text: string, severity?: Severity): Description => ({ text, severity, isSpecific: true });

const SHARED_WITH = [
  'advertisers',
  'advertising partners',
  'analytics providers',
  'service providers',
  'affiliates',
  'business partners',
  'partners',
  'vendors',
  'law enforcement',
  'other users',
  'researchers',
];
const COLLECTED = [...DATA_KINDS, 'location', 'messages'];
const TRACKERS = ['cookies', 'pixels', 'web beacons', 'sdks', 'fingerprinting', 'local storage', 'tags'];

/** The service letting others collect on its pages: "We may permit third party online advertising networks … to collect information". */
const LETS_OTHERS_COLLECT =
  /\b(?:permit|allow|let|enable)\w*\s+(?:(?:certain|some|other)\s+)?(?:third[- ]part(?:y|ies)|(?:online )?(?:advertising|ad) networks?|advertisers|partners|social media companies|other companies)\b[^.]{0,200}\bto collect\b/i;
/**
 * The verb a clause's own words give: "suspend" where it only suspends or holds access ("suspend your access until we have
 * charged …"), "close" where it only ends it ("may terminate your use of any Service"), "suspend or close" where it says both
 * or disables (which may be either).
 */
export const closingVerb = (text: string) => {
  // (Your own cancelling, "and you do not cancel your subscription", closes nothing of the service's doing.)
  // (… nor does removing your content: "block your login or remove your posted content" suspends only.)
  const own = text
    .replace(/\byou (?:do not |don['’]t |may |can )?(?:cancel|close|delete|end)\w*/gi, '')
    .replace(/\b(?:delet|remov)\w*\s+(?:your |any |the |such )?(?:\w+\s+)?content\b/gi, '');
  const closes = /\b(?:terminat|clos|cancel|delet|disabl|deactivat|ban|remov|end)\w*\b/i.test(own);
  const suspends =
    /\b(?:suspen|block|lock|freez|restrict|disabl|deactivat)\w*\b|\b(?:limit|refus)\w* (?:and\/or \w+ )?(?:(?:your|a|the) (?:user )?)?(?:access|use|account)/i.test(
      own,
    );
  return closes && suspends ? 'suspend or close' : closes ? 'close' : 'suspend';
};
/** Information that identifies no one: sharing it is no sharing of your personal data. */
export const NOT_PERSONAL_DATA =
  /\b(?:anonymous|anonymi[sz]ed|de-identified|aggregated?|non-personally[- ]identifiable|non-personal)\s+(?:information|data)\b/i;
/**
 * The company whose page an address is, by its domain ("https://www.google.com/ads/preferences" → "Google"); none for the
 * industry's shared opt-out pages, which serve many companies.
 */
function companyOfAddress(address: string): string | undefined {
  const host = /^(?:https?:\/\/)?([^/?#]+)/i.exec(address)?.[1]?.toLowerCase();
  // (A country's second level is no company: "google.co.uk" is Google's.)
  const label = host
    ?.replace(/\.(?:co|com|org|net|gov|ac)\.[a-z]{2}$/, '.tld')
    .split('.')
    .slice(-2, -1)[0];
  if (!label || /^(?:aboutads|networkadvertising|youronlinechoices|youradchoices|optout|edaa)$/.test(label)) return undefined;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * The grounds for closing an account a clause names, at most two. (Repeated infringement holds any: "terminate accounts of
 * repeat infringers" after "remove content alleged to infringe" names one ground.)
 */
export const terminationGrounds = (text: string): string[] =>
  namedIn(text, TERMINATION_GROUNDS, 3)
    .filter((g, _, all) => g !== 'if you infringe others’ rights' || !all.includes('if you repeatedly infringe others’ rights'))
    .slice(0, 2);
/** Closing accounts on the grounds the clause names, and none it does not ("if a payment fails" is no broken rule). */
const closingOn = (grounds: readonly string[], text: string): Description =>
  grounds.length
    ? specific(`The service can ${closingVerb(text)} your account ${listing(grounds, 'or')}.`)
    : plain(`The service can ${closingVerb(text)} your account.`);

/** Sharing limited to those who work for the service: "only … with (third party) suppliers/processors/service providers … on our behalf". */
const ONLY_FOR_US =
  /\bonly\b[^.]{0,40}\b(?:shar|disclos)\w*\b[^.]{0,20}\bwith (?:(?:our|third[- ]party|trusted) )*(?:suppliers|processors|service providers|vendors|contractors)\b[^.]{0,80}\bon (?:our|its) behalf\b/i;
const USER_CONTENT =
  /\b(your|user|member)s?['’]? (content|posts?|materials?|submissions?|uploads?|videos?|comments?|information)\b|\byou (post|submit|upload|share|provide)\b/i;

/** The kinds of recipients a sharing clause names, in the table's order, "partners" not again after "advertising partners". */
export function recipientKinds(clause: string): string[] {
  const kinds = findTerms(clause, SHARED_WITH, SHARED_WITH.length);
  return kinds.filter((kind) => !kinds.some((other) => other !== kind && other.endsWith(` ${kind}`)));
}

/** An opt-out of arbitration itself, not of later changes to the arbitration agreement. */
export const canOptOutOfArbitration = (clause: string) =>
  /opt[- ]?out/i.test(clause) && !/opt[- ]?out of (the |any )?(modifications?|changes?|(material )?change)/i.test(clause);

/** Trackers a clause names as products ("the Meta Pixel", "TikTok Analytics", "Social Plugins"): at most three. */
export function namedTrackers(clause: string): string[] {
  const names = new Set<string>();
  for (const m of clause.matchAll(
    /\b((?:[A-Z][\w-]*\s){0,2}(?:Pixels?|SDKs?|Analytics|Tag Manager|Conversions API|Social Plugins?|Business Tools))\b/g,
  )) {
    // A name, not a sentence's first word or a generic heading ("Our Analytics", "Analytics").
    const name = m[1]!.replace(/^(?:The|Our|Your|These|This|Such|Other|Web|Third|Using|We|Its)\s+/, '').trim();
    if (name.split(/\s+/).length >= 2) names.add(name);
    if (names.size === 3) break;
  }
  return [...names];
}

/**
 * The recipients a sharing clause names in a list after a kind of recipient ("affiliates,
 * including Microsoft", "service providers, such as payment processors and auditors"): at most
 * four, each a short name, the list ending where the purpose starts ("…, to provide support").
 */
export function namedRecipients(clause: string): string[] {
  // A company's legal form and an aside ("Adyen N.V. (for payment card processing)") are no break in the list.
  const text = clause.replace(/\s*\([^)]*\)/g, '').replace(/,?\s+(?:N\.V\.|B\.V\.|S\.A\.|Inc\.|Ltd\.|Corp\.|LLC\b|GmbH\b)/g, '');
  // Each list opens at its own marker, after a kind of recipient named at most 70 characters before it.
  const lists = [...text.matchAll(/\b(?:such as|including|include|includes|like|e\.g\.,?)\s+/gi)]
    .filter((m) =>
      /\b(?:partners|providers|vendors|affiliates|companies|third parties|processors|advertisers|agencies|entities)\b[^.;:]{0,70}$/i.test(
        text.slice(0, m.index),
      ),
    )
    .map((m) => listedNames(/^[^.;:]{3,240}/.exec(text.slice(m.index + m[0].length))?.[0] ?? ''));
  // A list that names companies ("such as Adyen and Stripe") over one of kinds ("such as payment processors").
  return lists.find((names) => names.some(isCompanyName)) ?? lists[0] ?? [];
}
const isCompanyName = (name: string) => /^[A-Z]/.test(name);

function listedNames(list: string): string[] {
  const named: string[] = [];
  for (const part of list.split(/,\s*|\s+(?:and|or)\s+/)) {
    const item = part
      .trim()
      .replace(/^(?:and|or)\s+/i, '')
      .replace(/\s+(?:where|who|which|that|so that|to|in the|in)\b.*$/i, '');
    // The purpose, a relative clause or the next list ends the list.
    if (
      !item ||
      /^(?:to|for|in order|who|which|that|so|as|where|when|if|our|its|including|such)\b/i.test(item) ||
      item.split(/\s+/).length > 4
    )
      break;
    named.push(item);
    if (named.length === 4) break;
  }
  return named;
}

/** Sentence builders per category id; each reads details from the clause itself. */
const NOT_FOR_CHILDREN =
  /\bnot (intended|directed|meant|designed|targeted|for use)\b|\b(do|does) not knowingly collect\b|\bmust (be|not be) (at least|under)\b/i;
const DELETES = /\b(delete|remove|erase|destroy)\w*\b/i;

const DESCRIBERS: Record<string, Describer> = {
  arbitration: (t) => {
    const days = canOptOutOfArbitration(t) ? findPeriod(t, 'days') : undefined;
    return days
      ? specific(`Disputes go to binding arbitration instead of court, but you can opt out within ${days}.`)
      : plain('Disputes go to binding arbitration instead of a court, where appeals are very limited.');
  },
  class_action_waiver: () => plain('You give up the right to join a class action or group lawsuit against the service.'),
  jury_waiver: () => plain('You waive your right to a jury trial.'),
  jurisdiction: (t) => {
    const court = findCourt(t);
    return court
      ? specific(
          `Lawsuits must be brought in the courts of ${/^(?:State|County|City|Republic|Commonwealth|Province)\b/.test(court) ? 'the ' : ''}${court}.`,
        )
      : plain('The terms fix which courts hear disputes, which may be far from where you live.');
  },
  choice_of_law: (t) => {
    const law = findLaw(t);
    return law ? specific(`The terms are governed by ${law}.`) : plain('The terms pick which country’s or state’s law governs them.');
  },
  limitation_of_liability: (t) => {
    // "We are not responsible for the Protocol" limits no liability.
    if (!/\bliab\w*|\bdamages?\b|\bloss(?:es)?\b/i.test(t) || /\bsurviv\w*/i.test(t)) return undefined;
    // Another party's liability ("Carriers are not liable for delayed or undelivered messages") is not the service's.
    if (
      /^\W*(?:(?:mobile|wireless|third[- ]party|other) )?(?:carriers?|providers?|partners?|users?|third parties|merchants?|sellers?)\b[^.]{0,20}\b(?:are|is|will|shall)(?: not| never)\b/i.test(
        t,
      )
    )
      return undefined;
    // Loss from others' content or sites ("not responsible … for any loss suffered by you based on reliance on the External
    // Content") is no limit of the service's own liability.
    if (
      /\bExternal Content\b|\bthird[- ]party (?:content|sites|websites|links|services|products|materials)\b|\bdealings\b|\badvertisers?\b|\bother users\b|\bcontent (?:posted|provided|submitted) by (?:third parties|others|other users)\b/i.test(
        t,
      ) &&
      !/\baggregate\b|\btotal liability\b/i.test(t)
    )
      return undefined;
    // A limit for one cause of your own doing ("no liability for what follows from your not updating your e-mail
    // address", a loss that comes from your failure to read the new terms) is no limit of its liability in general.
    if (
      /\b(?:arising|resulting|associated) (?:with or arising )?(?:from|out of)\b[^.]{0,30}\b(?:your )?(?:own )?(?:failure|inability|refusal) to\b/i.test(
        t,
      )
    )
      return undefined;
    const amount = findAmount(t);
    if (amount) return specific(`The service caps its liability to you at ${amount} or similar small amounts.`);
    // The general limit has its hallmarks (kinds of damages excluded, "in no event", "to the fullest extent", a total);
    // a clause that is not liable for one thing ("fees for any data plan you use") limits nothing in general.
    if (
      !/\b(?:in no event|under no circumstances|to the (?:fullest|maximum) extent|aggregate|total liability|indirect|consequential|incidental|punitive|special damages|foreseeable|negligence|liability is limited|limited to|exclude\w* (?:all |any )?liability)\b/i.test(
        t,
      )
    )
      return undefined;
    if (/\bfees? (you )?paid|amount(s)? (you )?paid/i.test(t)) return specific('The service limits its liability to what you paid it.');
    return plain('The service limits its liability for losses or damage you suffer.');
  },
  warranty_disclaimer: (t) => {
    // "The security measures … are provided as is", "Output is provided as-is", "no promises about the Service Provider's products": not the service itself.
    if (
      /\bsecurity measures\b|\bthird[- ]party (?:products|services|content|sites)\b|\bservice provider['’]s\b/i.test(t) ||
      /\bOutputs?\b/.test(t)
    )
      return undefined;
    const disclaimed = namedIn(t, WARRANTIES, 3);
    if (AS_IS.test(t))
      return disclaimed.length
        ? specific(`The service is provided “as is”: it disclaims any warranty of ${listing(disclaimed)}.`)
        : /\bwarrant(?:y|ies) of any kind\b/i.test(t)
          ? plain('The service is provided “as is”, without warranties of any kind.')
          : plain('The service is provided “as is”.');
    // Without "as is", a disclaimer about the service, not about one thing it offers: "We cannot guarantee the accuracy of
    // GPS data", or "It may not always be accurate" (a pronoun for what the clause before named).
    if (
      !disclaimed.length ||
      /^\s*(?:It|They|This|These|Such)\b/.test(t) ||
      /\b(?:accuracy|availability|completeness|reliability)\b[^.]{0,20}\bof\s+(?!(?:the |our |its |any )?(?:[A-Z][\w-]* )*(?:Services?|Platform|Sites?|Apps?|Website|Software|service|content)\b)/i.test(
        t,
      )
    )
      return undefined;
    return /\bdisclaim/i.test(t)
      ? specific(`The service disclaims any warranty of ${listing(disclaimed)}.`)
      : specific(`The service gives no guarantee of ${listing(disclaimed)}.`);
  },
  unilateral_termination: (t) => {
    // Only a clause about your account, access or agreement can say your account may be closed.
    if (
      !/\b(accounts?|access|membership|subscriptions?|profiles?|right to use)\b|\bterminat\w* (this|these|the|our) (agreement|terms|contract)/i.test(
        t,
      )
    )
      return undefined;
    // "We may audit accounts without notice" closes nothing.
    if (!/\b(terminat|suspen|clos|disabl|deactivat|cancel|delet|block|ban|remov|restrict|end)\w*/i.test(t)) return undefined;
    // "Without notice" only where the clause says it (discretion is no silence: "after such notice, we will, at our discretion, …").
    const unwarned = /\bwithout (?:prior |advance |any )?(?:notice|warning)\b|\bwithout (?:telling|notifying|warning) you\b/i.test(t);
    const discretion = terminationGrounds(t).includes('at its discretion');
    if (unwarned || discretion)
      return specific(
        `The service can ${closingVerb(t)} your account${discretion ? ' at its discretion' : ''}${unwarned ? `${discretion ? ',' : ''} without notice` : ''}.`,
        'bad',
      );
    return /\binactiv/i.test(t)
      ? specific(`The service can close inactive accounts${findPeriod(t) ? ` after ${findPeriod(t)}` : ''}.`, 'neutral')
      : closingOn(terminationGrounds(t), t);
  },
  unilateral_change: (t) => {
    // "We may change our offerings without notice" is about the service, not the terms.
    if (!/\b(terms|agreements?|conditions|polic(y|ies)|contract)\b/i.test(t))
      return /\b(services?|platform|features?|offerings?|products?|site|website|apps?|functionality)\b/i.test(t)
        ? plain('The service can change or withdraw features of the service at any time.', hasNoNotice(t) ? 'bad' : 'neutral')
        : undefined;
    if (hasNoNotice(t)) return specific('The service can change these terms at any time without telling you.', 'bad');
    const days = findPeriod(t, 'days');
    if (hasNotice(t))
      return specific(`The service can change the terms but will notify you${days ? ` ${days} in advance` : ' first'}.`, 'neutral');
    return /\bcontinu\w* (?:to )?(?:use|access)|\bby using\b/i.test(t)
      ? plain('The service can change these terms, and continuing to use it means you accept the changes.')
      : plain('The service can change these terms.');
  },
  content_removal: (t) => {
    // "We may remove songs from the catalogue" says nothing about what you post.
    if (!USER_CONTENT.test(t)) return undefined;
    // The service must be the one removing ("Account deletion does not automatically delete content you post" removes nothing).
    if (
      !/\b(?:we|it|[A-Z]\w+)\b[^.]{0,20}\b(?:may|can|will|reserves? the right(?:,[^,.]{0,40},)? to|might)\b[^.]{0,80}\b(?:remov|delet|block|take down|restrict|screen)\w*|\bif we (?:remove|restrict|delete|block)\b/i.test(
        t,
      )
    )
      return undefined;
    // What is kept ("Content will not be deleted … in the following situations") is no removal.
    if (/\bnot (?:be )?(?:deleted|removed)\b|\bwill not (?:delete|remove)\b/i.test(t)) return undefined;
    // … nor what follows your account's end ("Once your account is deleted, we may delete what you posted"): an aftermath,
    // not a power over what you post.
    if (
      /^\W*(?:in the event of|upon|after|following|once|when|if)\b[^.,]{0,40}\b(?:account|membership)\b[^.,]{0,30}\b(?:deletion|deleted|closure|closed|termination|terminated|ends?)\b/i.test(
        t,
      )
    )
      return undefined;
    // "Without notice" only when the clause says so; "for any reason" or "at our discretion" is discretion, not silence.
    if (/\bwithout (prior |advance |any )?notice\b/i.test(t))
      return specific('The service can remove your content at its own discretion, without notice.', 'bad');
    if (hasNoNotice(t) || /\bsole discretion\b|\bin the best interests? of\b/i.test(t))
      return specific('The service can remove your content at its own discretion.', 'bad');
    if (/\bat any time\b/i.test(t) && !/\bif\b/i.test(t)) return specific('The service can remove your content at any time.', 'bad');
    // Its grounds, and a promise to give its reasons, as the clause says them.
    const grounds = namedIn(t, REMOVAL_GROUNDS, 3);
    const tells = /\b(?:notify you|let you know|tell you)\b[^.]{0,80}\breasons?\b/i.test(t)
      ? `; it says it will tell you why${/\bunless\b/i.test(t) ? ', unless that is not appropriate' : ''}`
      : '';
    if (grounds.length) return specific(`The service can remove or restrict your content ${listing(grounds, 'or')}${tells}.`, 'neutral');
    return tells
      ? specific(`If the service removes or restricts your content${tells.replace(/^;/, ',')}.`, 'neutral')
      : plain('The service can remove content you post if it decides it breaks the rules.', 'neutral');
  },
  contract_by_using: (t) => {
    // "By continuing to access or use the Services on or after the Effective Date of the revised Terms, you agree …" is about changes.
    if (
      !/\b(terms|agreements?|conditions|polic(y|ies))\b/i.test(t) ||
      /\bcontinu\w* to (?:access or )?use\b[^.]{0,80}\b(?:revised|amended|updated|changed|changes|effective date)\b/i.test(t)
    )
      return plain('Continuing to use the service after a change counts as accepting it.');
    const acts = namedIn(t, ACCEPTANCE_ACTS, 3);
    // For others too: "you agree, on behalf of yourself and all members of your household and others who use … your account".
    const forOthers = /\bon behalf of\b[^.]{0,40}\b(?:members of )?your household\b/i.test(t)
      ? ', for everyone in your household and anyone using your account too'
      : '';
    // Other terms accepted with these ("you agree to these Terms and the Instagram Terms").
    const alsoTerms = /\bthese Terms and (?:the )?((?:[A-Z][\w-]*\s){1,3}Terms(?: of (?:Use|Service))?)\b/.exec(t)?.[1];
    const accepting = `accepting these terms${alsoTerms ? ` and the ${alsoTerms}` : ''}${forOthers}`;
    return acts.length > 1
      ? specific(`Simply ${listing(acts, 'or')} the service counts as ${accepting}.`)
      : specific(`Simply using the service counts as ${accepting}.`);
  },
  indemnification: (t) => {
    const covers = namedIn(t, INDEMNITY_COVERS, 4);
    return covers.length
      ? specific(
          `You must cover the service’s costs of claims arising from ${listing(covers.filter((c) => c !== 'legal fees'))}${covers.includes('legal fees') ? ', legal fees included' : ''}.`,
        )
      : plain('You must cover the service’s costs if a claim about your use of it is brought against the service.');
  },
  content_license: (t) => {
    // A licence to other users ("by making a repository public you grant other Users …") is not one
    // to the service, nor is one the service grants you.
    if (/\bgrant\w* (to )?(other users|each user|users)\b/i.test(t) || !/\byou\b.{0,40}\b(grant|giv|provid)\w*\b/i.test(t))
      return undefined;
    const kinds = findTerms(t, ['worldwide', 'perpetual', 'irrevocable', 'royalty-free', 'sublicensable', 'transferable']);
    return kinds.length
      ? specific(`You grant the service a ${listing(kinds)} licence to use the content you post.`)
      : plain('You grant the service a broad licence to use the content you post.');
  },
  moral_rights_waiver: () => plain('You waive your moral rights in the content you post.'),
  reduced_claim_period: (t) => {
    // (A period in two parts is said whole: "one year and twenty-eight days".)
    const two = /\b((?:\d{1,4}|[a-z-]+)\s*(?:\(\d+\)\s*)?(?:years?|months?))\s+and\s+((?:\d{1,4}|[a-z-]+)\s*(?:\(\d+\)\s*)?days?)\b/i.exec(
      t,
    );
    const parts = two && [findPeriod(two[1]!), findPeriod(two[2]!)];
    const period = parts?.[0] && parts[1] ? `${parts[0]} and ${parts[1]}` : findPeriod(t);
    return period
      ? specific(`You must bring any claim against the service within ${period}, or lose it.`)
      : plain('You have less time than the law normally allows to bring a claim against the service.');
  },
  auto_renewal: (t) => {
    const days = renewalDeadline(t, true);
    return days
      ? specific(`Subscriptions renew automatically; cancel at least ${days} before renewal to avoid being charged.`)
      : plain('Subscriptions renew and charge you automatically until you cancel.');
  },
  // "Payments are non-refundable" only where the clause says it of payments in general; a clause about one kind of payment
  // ("funds added to the Steam Wallet", "refunds for cash and crypto payments") says less.
  no_refunds: (t) =>
    /\bmay (?:be )?non-?refundable\b|\bdepend/i.test(t)
      ? plain('Some payments may not be refundable, depending on the terms of the purchase.', 'neutral')
      : ALL_PAYMENTS_FINAL.test(t)
        ? plain('Payments are non-refundable.')
        : plain('Some payments are not refundable.', 'neutral'),
  refunds_offered: (t) => {
    // The window you have to cancel or withdraw, never the time the refund takes ("The refund is paid within 14 days of the
    // day you tell us you cancel").
    const window =
      /\b(?:cancel|withdraw)\w*\b(?:(?!refund|reimburs)[^.;]){0,60}?\bwithin\s+((?:\d{1,3}|[a-z-]+)\s*(?:\(\d+\)\s*)?(?:calendar |business )?days?)\b/i.exec(
        t,
      )?.[1] ??
      /\b((?:\d{1,3}|[a-z-]+)\s*(?:\(\d+\)\s*)?(?:calendar |business )?days?)\b[^.;]{0,30}\b(?:to (?:cancel|withdraw)|(?:withdrawal|cooling[- ]off|cancell?ation) (?:period|right))/i.exec(
        t,
      )?.[1];
    const days = window && findPeriod(window, 'days');
    // A right to withdraw is not a refund until the clause says so.
    const refund = /\brefund|\bmoney back\b|\breimburs/i.test(t);
    if (days)
      return specific(
        refund ? `You can cancel or withdraw within ${days} for a refund.` : `You can withdraw from the contract within ${days}.`,
      );
    return refund ? plain('You can get a refund in some cases.') : undefined;
  },
  age_limit: (t) => {
    const age = findAge(t);
    // "You must be at least 18 to view mature content" limits a feature, not the service.
    if (age && /\bto (view|see|access|buy|purchase|watch|play) (mature|adult|certain|some|age-restricted)\b/i.test(t))
      return plain(`Some features are limited to users at least ${age} years old.`);
    return age
      ? specific(`You must be at least ${age} years old to use the service.`)
      : plain('The service is only for users above a minimum age.');
  },
  // Said by the service ("we do not claim ownership", "you retain ownership"), not the user's own warranty of rights, nor
  // moral rights kept ("You retain all moral rights … However, you waive these rights").
  user_ownership: (t) =>
    /\b(?:do not|don['’]t|does not|doesn['’]t) claim ownership\b|\byou (?:retain|keep|own)\b|\bremains? (?:yours|your property)\b|\bbelongs? to you\b/i.test(
      t,
    ) &&
    !/\b(?:represent|warrant)\w*\b[^.]{0,30}\byou own\b|\byou (?:represent|warrant)/i.test(t) &&
    // Moral rights kept (and often waived in the next breath) are no ownership.
    !(/\bmoral rights\b/i.test(t) && !/\b(?:ownership|copyright|title|intellectual property|own)\b/i.test(t))
      ? plain('You keep ownership of the content you post.')
      : undefined,
  // The user's own right to leave, not the service's right to end the contract.
  // (A right on a condition of the service's failing, "If we cannot re-perform the Service, you may terminate", is not one
  // at any time; your own wish, "If you want to close your account", is.)
  leave_any_time: (t) =>
    /\byou\b[^.]{0,60}\b(?:may|can|are free to|have the right to)\b[^.]{0,40}\b(?:close|delete|end|terminate|cancel|stop using|leave|deactivate)/i.test(
      t,
    ) &&
    !(
      /^\W*(?:if|in the event|where|should|unless)\b(?!\s+you\s+(?:wish|want|choose|decide|would like|no longer))/i.test(t) &&
      !/\bat any time\b|\banytime\b/i.test(t)
    )
      ? /\b(?:close|delete|deactivate|terminate|end)\w*\b[^.]{0,30}\baccount\b|\baccount\b[^.]{0,30}\b(?:close|delet)/i.test(t)
        ? plain('You can close your account or stop using the service at any time.')
        : plain('You can stop using the service at any time.')
      : undefined,
  sale_of_data: () => plain('Your personal information may be sold or shared with others for advertising.'),
  no_sale_of_data: () => plain('The service says it does not sell your personal information.'),
  third_party_sharing: (t) => {
    // "Advertisers pay us to show ads" or "services provided by Twitch (with its affiliates)" shares nothing: the clause must hand data over.
    if (
      !/\b(?:shar|disclos|transfer|sell|sold)\w*|\bmak\w* (?:\w+ ){0,3}available\b|\b(?:provid|giv)\w* (?:\w+ ){0,3}(?:information|data)\b/i.test(
        t,
      )
    )
      return undefined;
    // "You may choose to share … with our partners" is the user's own sharing ("you may be required to provide Personal Data
    // directly to third parties" too); information that identifies no one ("Anonymous Information") is no personal data; and
    // what others give the service ("vendors … that collect or provide personal information to Netflix") is a source.
    if (
      /\byou (?:can|may)\b[^.]{0,30}\bshare\b|\byou\b[^.]{0,40}\b(?:provide|give|submit)\b[^.]{0,40}\bdirectly to\b/i.test(t) ||
      (NOT_PERSONAL_DATA.test(t) && !/(?<!non-)\bpersonal (?:information|data)\b/i.test(t)) ||
      (/\b(?:that|who|which)\b[^.]{0,20}\b(?:provide|give|send|disclose)\w*\b[^.]{0,40}\bto (?:us|[A-Z][\w.]*)\b/.test(t) &&
        !/\b(?:we|us)\b[^.]{0,60}\b(?:shar|disclos)\w*/i.test(t.replace(/\bon our behalf\b/gi, '')))
    )
      return undefined;
    // A buyer in a merger or sale of the business is another topic (business transfer), not the sharing of your data.
    if (
      /\b(?:merger|merge with|acquisition|(?:acquired|bought) by|sale of (?:all or (?:a portion|part) of )?(?:its|our|the company['’]s)? ?(?:assets|business)|bankruptcy|change (?:in|of) (?:ownership|control)|reorgani[sz]ation)\b/i.test(
        t,
      )
    )
      return undefined;
    // A limit, not an admission: "Your personal data will only be shared with third party suppliers who are performing services on our behalf".
    if (ONLY_FOR_US.test(t))
      return specific('Your personal data is shared only with suppliers that work on the service’s behalf.', 'neutral');
    const who = recipientKinds(t).slice(0, 3);
    const named = namedRecipients(t);
    // "… related to those transactions with that third party": the other party of a purchase you make.
    if (!who.length && /\btransactions?\b[^.]{0,60}\bwith (?:that|the) third part(?:y|ies)\b/i.test(t))
      return specific('Your personal data related to a transaction with a third party through the service is shared with that party.');
    if (!who.length) return plain('Your personal data is shared with third parties.');
    // What they do with it, where the clause says: "for hosting, order fulfilment and analytics".
    const tasks = namedIn(t, SHARING_PURPOSES, 3);
    const text = `Your personal data is shared with third parties, including ${listing(who)}${named.length ? ` (such as ${listing(named)})` : ''}${tasks.length ? `, for ${listing(tasks)}` : ''}.`;
    // Kinds of recipients ("service providers", "partners") are in almost every policy: a clause that names companies is preferred.
    return { ...specific(text), namesCompanies: named.some((n) => /^[A-Z]/.test(n)) };
  },
  targeted_advertising: () => plain('Your activity and profile are used to show you personalised ads.'),
  cross_site_tracking: (t) => {
    const how = findTerms(t, TRACKERS, 3);
    // Where, as the clause says it: other websites, other apps, or both.
    const sites = /\b(?:other|third[- ]party|partner)s?['’]? (?:web)?sites\b|\bacross (?:the )?(?:web|internet|sites)/i.test(t);
    const apps = /\b(?:other|third[- ]party|partner)s?['’]? (?:(?:web)?sites (?:and|or) )?(?:mobile )?(?:apps|applications)\b/i.test(t);
    const where = sites && apps ? 'other websites and apps' : sites ? 'other websites' : apps ? 'other apps' : '';
    // A list of storage technologies, even with "third-party providers", tracks nothing beyond the service's own pages.
    if (!where && !/\bacross\b|\boff[- ](?:site|platform)|\boutside (?:of )?(?:our|the) (?:services?|platform)/i.test(t)) return undefined;
    // Ads shown to you elsewhere ("Advertise our services to you on other sites", "allow advertisers to reach you on other
    // websites") are no collection of what you do there.
    // Something must be collected or linked: "we don't endorse third-party websites" tracks nothing.
    if (
      !/\b(?:collect|receiv|obtain|gather|track|learn|associat|combin|measur|recogni[sz])\w*|\b(?:cookies|pixels?|tags?)\b|\bactivit(?:y|ies)\b|\bactions you\b/i.test(
        t,
      )
    )
      return undefined;
    const own = t.replace(/^[^:.]{0,160}:\s+(?=[A-Z])/, '');
    if (
      /\b(?:advertis\w*|reach|show\w*|serv\w*|deliver\w*)\b[^.]{0,40}\bto you on other\b|\breach you on other\b|\bads? on other (?:web)?sites\b/i.test(
        own,
      ) &&
      !/\b(?:collect|receiv|obtain|gather|track|learn)\w*|\bactivit(?:y|ies)\b|\bactions you\b/i.test(own)
    )
      return undefined;
    const tools = namedTrackers(t);
    const by = tools.length ? tools : how;
    const onWhere = where || 'other websites and apps';
    // Partners who report what you do elsewhere ("Advertisers … share information with us about … your activities on other
    // websites and apps or in stores, including the products or services you purchased").
    if (/\b(?:partners|advertisers)\b[^.]{0,60}\bshare\w*\b[^.]{0,30}\bwith us\b/i.test(t))
      return specific(
        `Advertisers and other partners tell the service what you do on ${onWhere}${/\bin stores?\b/i.test(t) ? ' and in stores' : ''}${
          /\bpurchas\w*/i.test(t) ? ', including what you buy' : ''
        }.`,
      );
    // Its own content on others' pages: "content served by or on behalf of Amazon on other websites", "sites … that have embedded our Pixels, widgets, plug-ins".
    if (/\bserved by or on behalf of\b/i.test(t))
      return specific(
        `The service collects information${by.length ? ` with ${listing(by)}` : ''} when your browser loads its content on ${onWhere}.`,
      );
    // Named tools first ("the Lanternly Pixel"), in place of the kind.
    const embedded = [...tools, ...namedIn(t, EMBEDDED_TOOLS, 4).filter((kind) => kind !== 'pixels' || tools.length === 0)];
    if (/\bembedded\b/i.test(t) && embedded.length)
      return specific(`The service collects what you do on ${onWhere} that embed its ${listing(embedded, 'or')}.`);
    // A choice the clause gives ("Cookie settings to choose whether we can use cookies …", "Depending on your account settings").
    // Settings that decide only whether the activity is tied to you ("may be associated with your personal information").
    if (
      /\bdepending on your (?:\w+ )?settings\b/i.test(t) &&
      /\bassociated with your (?:personal )?(?:information|data|account)\b/i.test(t)
    )
      return specific(
        `The service receives your activity on ${where || 'other websites and apps'}; depending on your settings, it links it to you.`,
      );
    if (/\bchoose whether\b|\bdepending on your (?:\w+ )?settings\b/i.test(t))
      return specific(
        `Depending on your settings, the service can track your activity on ${where || 'other websites and apps'}${by.length ? ` with ${listing(by)}` : ''}.`,
      );
    // Others the service lets collect on its pages ("We may permit third party online advertising networks … to collect
    // information about your use of our websites … over time so that they may … display ads … on other websites"): they track, not it.
    if (LETS_OTHERS_COLLECT.test(t))
      return specific(
        `The service lets other companies${/\b(?:advertising|ad) networks?\b/i.test(t) ? ', such as advertising networks,' : ''} collect what you do on it${
          /\bover time\b/i.test(t) ? ' over time' : ''
        }${/\bads?\b|\badvertis/i.test(t) ? `, to show you ads on ${onWhere}` : `, also on ${onWhere}`}.`,
      );
    if (by.length) return specific(`The service tracks you with ${listing(by)}${where ? `, including on ${where}` : ''}.`);
    return where
      ? specific(`The service tracks what you do, including on ${where}.`)
      : plain('The service tracks what you do beyond its own pages.');
  },
  do_not_track_ignored: () => plain('The service ignores your browser’s “Do Not Track” signal.'),
  location: (t) => {
    const sources = namedIn(t, LOCATION_SOURCES, 3);
    if (/\bprecise|gps\b/i.test(t))
      return specific(`The service can collect your precise location${sources.length ? ` (from ${listing(sources)})` : ''}.`);
    return sources.length
      ? specific(`The service works out your location from your ${listing(sources)}.`)
      : plain('The service collects information about your location.');
  },
  biometrics: (t) => {
    const kinds = namedIn(t, BIOMETRIC_KINDS, 2);
    const data = kinds.length ? `biometric data (${listing(kinds)})` : 'biometric data';
    // A feature you choose ("face analysis … if you select it") and what it is for ("verifying your identity", "to estimate your age").
    // ("… elect to enable 'automatic smart name tags,' and you provide the requisite consent"; not consent "or another condition
    // permitted under applicable law", which is no choice of yours.)
    const chosen =
      /\bif you (?:select|choose|opt in|turn (?:it )?on|enable|agree|want|provide it)\b|\bwith your (?:explicit )?consent\b|\byou elect to (?:enable|use|turn on)\b|\bprovide the requisite consent\b/i.test(
        t,
      ) && !/\bconsent,? or (?:another|other|any other) (?:condition|legal basis|basis)\b/i.test(t);
    const purpose = /\bestimat\w* (?:your )?age\b|\bage (?:estimation|check|verification)\b/i.test(t)
      ? ' to check your age'
      : /\bverif\w* (?:your )?(?:identity|age|account)\b|\bidentity verification\b|\bconfirm it is you\b|\bID belongs to you\b/i.test(t)
        ? ' to verify your identity'
        : '';
    // Deleted at once ("deleted immediately after the Age Check", "delete it after estimating your age").
    const isDeleted =
      /\bdelete[ds]? (?:it )?(?:immediately |right )?after\b|\bdeleted immediately\b|\b(?:destroyed|deleted) upon (?:successful )?completion\b/i.test(
        t,
      );
    // … unless the clause keeps it until a deadline ("destroyed upon successful completion … and in no event after 2 years").
    const latest = /\b(?:in no event|no later than|at the latest|at most|in any case)\b[^.]{0,25}/i.exec(t);
    const keptUpTo = latest ? findPeriod(latest[0]) : undefined;
    const deletion = keptUpTo ? `after the check, within ${keptUpTo} at the latest` : 'right after';
    const deleted = isDeleted ? `; it is deleted ${deletion}` : '';
    // Seen only by a provider ("they receive … images from your video selfie"), not by the service itself.
    if (/(?:^|[:.]\s+)(?:To do this, )?they receive\b|\b(?:third[- ]party|external) (?:[\w-]+ ){0,2}(?:provider|vendor)s?\b/i.test(t))
      return specific(
        `A provider working for the service receives ${data}${purpose}${isDeleted ? ` and deletes it ${deletion}` : ''}.`,
        'neutral',
      );
    // (… and where an account's owner must turn it on too: "If your account owner or administrator and you elect to enable".)
    const byAdmin = /\b(?:account owner|administrator|admin)s?\b[^.]{0,30}\band you\b/i.test(t);
    if (chosen)
      return specific(
        `The service may use ${data}${purpose}, only if you ${byAdmin ? 'and your account’s administrator ' : ''}choose it${deleted}.`,
        'neutral',
      );
    return kinds.length
      ? specific(`The service may collect ${data}${purpose}${deleted}.`)
      : plain(`The service may collect ${data}${purpose}.`);
  },
  // Collecting or storing messages is not reading them: the clause must say they are read, scanned, reviewed or analysed.
  private_messages: (t) => {
    // Who reads them may be the account's owner, not the service ("account owners can see … the content of messages sent to
    // and from users on their account"): an employer or school that runs the account.
    if (
      /\b(?:account owners?|administrators?|admins?)\b[^.]{0,60}\b(?:can|may)\b[^.]{0,20}\b(?:see|access|view|read)\b[^.]{0,80}\bcontent\b/i.test(
        t,
      )
    )
      return specific(
        'The owner or administrator of your account (for example your employer) can see the content of your messages.',
        'bad',
      );
    if (
      !/\b(?:read|scan|analy[sz]|review|monitor|inspect|screen)\w*\b/i.test(t.replace(/\b(?:sent|received)(?:,)? (?:or|and) read\b/gi, ''))
    )
      return undefined;
    // What for, and where the law must allow it, as the clause says.
    const why = namedIn(t, MESSAGE_REVIEW_PURPOSES, 3);
    const where = /\bwhere permitted by law|\bif permitted under applicable law/i.test(t) ? ', where the law permits' : '';
    const text = `The service may read or scan the content of your messages${why.length ? ` ${listing(why)}` : ''}${where}.`;
    return why.length || where ? specific(text) : plain('The service may read or analyse the content of your messages.');
  },
  data_retention: (t) => {
    const period = findPeriod(t);
    if (period) return specific(`Some of your data is kept for ${period}.`, 'neutral');
    if (/\bas long as\b|\bindefinitely\b|\bno longer (necessary|needed)/i.test(t))
      return specific('Your data is kept for as long as the service considers it necessary, with no fixed limit.', 'bad');
    // "The policy describes how long your data is kept" tells the reader nothing: no item.
    return undefined;
  },
  children: (t) => {
    const age = findAge(t);
    // Each half of the sentence needs its own words in the clause ("does not knowingly sell data of users under 16" says neither).
    const notFor = NOT_FOR_CHILDREN.test(t);
    const deletes = DELETES.test(t);
    if (!age || !notFor) return undefined;
    // "…from children under 13 without the consent of a parent" admits children with consent.
    if (
      /\b(?:without|with)\b[^.]{0,40}\b(?:consent|permission|involvement)\b[^.]{0,30}\b(?:parent|guardian)|\bparent(?:al)? (?:consent|permission)/i.test(
        t,
      )
    )
      return specific(
        /\bknowingly\b/i.test(t)
          ? `The service says it does not knowingly collect data of children under ${age} without a parent's or guardian's consent.`
          : `The service collects data of children under ${age} only with a parent's or guardian's consent.`,
      );
    // Other ages where the clause names them ("the age of 16 in Australia", "the minimum age … in your jurisdiction … if older").
    const elsewhere = /\bthe age of (\d{1,2}) in ([A-Z][a-z]+(?: [A-Z][a-z]+)?)/.exec(t);
    const local = /\b(?:minimum age|age of (?:digital )?consent)\b[^.]{0,80}\b(?:your (?:jurisdiction|country)|where you live)\b/i.test(t);
    // The rule's own exception where the clause opens with it ("Unless your account belongs to a school's licence, …").
    const unless = /^\W*Unless ([^,]{5,100}),/i.exec(t)?.[1]?.trim();
    const other = [
      ...(elsewhere && elsewhere[1] !== String(age) ? [`${elsewhere[1]} in ${elsewhere[2]}`] : []),
      ...(local ? ['older where your local law requires'] : []),
    ];
    return specific(
      `The service is not meant for children under ${age}${other.length ? ` (${other.join('; ')})` : ''}${unless ? `, unless ${unless}` : ''}${deletes ? ' and says it deletes their data if it learns of it' : ''}.`,
    );
  },
  international_transfer: (t) => {
    const where = /\bUnited States\b/.test(t) ? ', including the United States' : '';
    const safeguards = namedIn(t, TRANSFER_SAFEGUARDS, 2);
    const under = safeguards.length ? `, relying on ${listing(safeguards)}` : '';
    return where || under
      ? specific(`Your data may be transferred to and processed in other countries${where}${under}.`)
      : plain('Your data may be transferred to and processed in other countries.');
  },
  security_breach: (t) => {
    const hours = findPeriod(t, 'hours');
    if (hours && /\bbreach/i.test(t)) return specific(`The service promises to report a data breach within ${hours}.`, 'good');
    if (/cannot guarantee|no (method|system)|not (completely|100%)/i.test(t))
      return specific('The service warns that it cannot guarantee your data is secure.', 'neutral');
    // A promise to tell you of a breach, with its condition ("where we are legally required to do so").
    if (/\bbreach/i.test(t) && /\b(?:notify|inform|tell|let you know)\b/i.test(t))
      return plain(
        `The service says it will tell you about a data breach${/\b(?:legally required|required by (?:applicable )?law|where the law requires)\b/i.test(t) ? ' where the law requires it' : ''}.`,
        'good',
      );
    return /\b(?:encrypt|safeguard|security measures|protect|secure)\w*/i.test(t)
      ? plain('The policy describes security measures that protect your data.', 'good')
      : undefined;
  },
  government_requests: (t) => {
    // A clause that hands data to authorities: a disclosure verb and an authority or legal demand
    // (not a domain administrator, not "we collect and process to meet legal obligations").
    if (
      !/\b(?:disclos|shar|provid|hand|giv|respond|access)\w*/i.test(t) ||
      // "may collect and process user information … to respond to a court order" hands nothing over.
      (/\bcollect\w* and process\w*/i.test(t) && !/\b(?:disclos|shar|hand|giv)\w*/i.test(t)) ||
      !/\blaw enforcement|\bgovernment|\bauthorit|\bcourts?\b|\bregulator|\blegal (?:process|requests?)|\bsubpoena|\bwarrant/i.test(t) ||
      /\bdomain administrator|\borganization administrator/i.test(t)
    )
      return undefined;
    const demands = namedIn(t, LEGAL_DEMANDS, 3);
    const grounds = namedIn(t, DISCLOSURE_GROUNDS, 2);
    const why = [demands.length ? `in response to ${listing(demands, 'or')}` : '', ...grounds].filter(Boolean);
    // An example ("For example, we may provide your IP address … in an emergency") is not the rule.
    // To whom, as the clause says it: a clause that names only the demand ("to comply with legal process (e.g. subpoenas)") names no recipient.
    const to = /\blaw enforcement|\bgovernment|\bauthorit|\bregulator|\bpolice\b/i.test(t)
      ? ' to law enforcement or other authorities'
      : '';
    // Other recipients the clause names beside authorities, and the test it sets itself ("if we believe in good faith …").
    const others = namedIn(t, OTHER_RECIPIENTS, 2);
    const test = /\bonly\b[^.]{0,40}\breasonably necessary\b/i.test(t)
      ? ', only when it believes that reasonably necessary'
      : /\bgood[- ]faith\b/i.test(t)
        ? ', when it believes in good faith that this is needed'
        : '';
    const recipients = to && others.length ? ` to ${listing(['law enforcement', 'other authorities', ...others], 'or')}` : to;
    return why.length && !/^\s*(?:for example|for instance|e\.g\.)/i.test(t)
      ? specific(`Your data may be disclosed${recipients} ${listing(why, 'or')}${test}.`)
      : plain('Your data may be disclosed to law enforcement or government authorities on request.');
  },
  business_transfer: (t) => {
    const events = namedIn(t, BUSINESS_EVENTS, 3);
    // What the clause promises or adds: notice first, the buyer bound by the policy, disclosure already while negotiating.
    const extra = [
      /\b(?:give|send|provide)\w* (?:affected )?(?:users |you )?(?:with )?(?:prior |advance )?notice\b|\bnotify (?:you|users)\b|\binform (?:you|users)\b|\btell you\b/i.test(
        t,
      )
        ? 'the service says it will tell you first'
        : '',
      /\b(?:bound by|subject to|honou?r|continue to (?:protect|respect))\b[^.]{0,40}\b(?:this|our|the) (?:privacy )?(?:policy|notice|statement)\b/i.test(
        t,
      )
        ? 'the new owner must keep to this policy'
        : '',
      /\bdue diligence\b|\bnegotiations?\b|\bcontemplated\b|\bproposed\b/i.test(t)
        ? 'data may be shared already while a deal is considered'
        : '',
    ].filter(Boolean);
    const more = extra.length ? `; ${extra.join('; ')}` : '';
    return events.length
      ? specific(`Your data can pass to a new owner in ${listing(events, 'or')}${more}.`)
      : plain('Your data can be handed to a buyer if the company is sold or merges.');
  },
  ai_training: (t) => {
    const what = namedIn(t, AI_TRAINING_DATA, 2);
    return what.length
      ? specific(`The service may use ${listing(what)} to train AI or machine-learning models.`)
      : plain('Your data or content may be used to train AI or machine-learning models.');
  },
  data_collection_breadth: (t) => {
    // Data you choose to upload about others ("if you choose to upload or import it … their name and phone number") is not yours collected.
    if (/\bif you choose to (?:upload|import|sync|share)\b/i.test(t)) return undefined;
    // "…contacts our servers" is a verb, not your contacts.
    const what = findTerms(t.replace(/\bcontacts (?:our|the|us|a|an|its)\b/gi, ''), COLLECTED, 4).map((kind) =>
      kind.replace(/^ip\b/, 'IP'),
    );
    // One or two kinds named say little: almost every service collects an IP address.
    return what.length >= 3
      ? specific(`The service collects many kinds of data, including your ${listing(what)}.`)
      : FROM_OTHER_SOURCES.test(t)
        ? plain('The service collects data about you from other companies and sources.')
        : plain('The service collects many kinds of data about you.');
  },
  rights_access_deletion: (t) => {
    // The rights as the clause names them.
    const rights = namedIn(t, DATA_RIGHTS, 4);
    const email = findEmail(t);
    if (rights.length === 0) return email ? specific(`You can make requests about your personal data by writing to ${email}.`) : undefined;
    const what = `You can ask to ${listing(rights, 'or')} your personal data`;
    // Without the how, the rights are those of almost every privacy policy.
    return email ? specific(`${what} by writing to ${email}.`) : plain(`${what}.`);
  },
  opt_out: (t) => {
    // An opt-out of something else is no choice about your data: arbitration, a trial or subscription, notifications.
    if (
      /\barbitrat|\bfree trial\b|\bsubscriptions?\b|\bnotifications?\b/i.test(t) &&
      !/\b(?:personal )?data\b|\binformation\b|\bads?\b|advertis|\bcookies?\b|\btracking\b/i.test(t)
    )
      return undefined;
    // Leaving a programme ("If you no longer wish to participate in the Rewards programme, follow … the opt out page") is no
    // choice about your data.
    if (/\b(?:no longer wish|no longer want|wish to stop) to (?:participate|take part|be a member)\b/i.test(t)) return undefined;
    // (A privacy policy, the service's or another company's, is no place to opt out: "see Google's policy at …/privacy".)
    const address = findWebAddress(t);
    const where = (address && !PRIVACY_POLICY_PAGE.test(address) ? address : undefined) ?? findEmail(t);
    // Messages are what the opt-out names when it names them ("opt-out of receiving text (SMS) messages … at …"); marketing
    // sent by SMS among other ways is marketing ("opt-out of marketing communications (for example, via email or SMS)").
    const messages = /\b(?:newsletters?|(?:marketing|commercial|promotional) (?:e-?mails?|messages|communications))\b/i.test(t)
      ? 'marketing messages'
      : /\b(?:SMS|text messages?)\b/i.test(t)
        ? 'text messages'
        : undefined;
    if (where && messages) return specific(`You can opt out of ${messages} at ${where}.`);
    // One company's ads, where the opt-out is that company's page ("switch off the Zedclick cookie for tailored ads on the
    // Zedclick settings page at zedclick.test/…"), named in the clause too: its ads, not your data's uses in general.
    const company = address && /\bad(?:s|vertis\w*)\b|\binterest-based\b/i.test(t) ? companyOfAddress(address) : undefined;
    if (address && where === address && company && new RegExp(`\\b${company}\\b`).test(t.replace(address, '')))
      return specific(`You can opt out of ${company}’s personalised ads at ${where}.`);
    return where
      ? specific(`You can opt out of some uses of your data at ${where}.`)
      : /\bmarketing|\bnewsletter|\bpromotional|\bunsubscribe\b/i.test(t)
        ? plain('You can opt out of some uses of your data, such as marketing messages.')
        : /\bad(?:s|vertis\w*)\b/i.test(t)
          ? plain('You can opt out of some uses of your data, such as personalised ads.')
          : plain('You can opt out of some uses of your data.');
  },
  cookies: (t) => {
    // A clause that names no cookie or tracker cannot say the service uses them.
    if (!/\bcookies?\b|\bpixels?\b|\bweb beacons?\b|\blocal storage\b|\bsimilar technolog/i.test(t)) return undefined;
    const kinds = namedIn(t, COOKIE_KINDS, 3);
    const tools = namedTrackers(t);
    const named = tools.length ? ` (such as ${listing(tools)})` : '';
    // One purpose alone ("advertising cookies"), or only the technologies ("pixels and local storage"), says little more than that cookies are used.
    const purposes = kinds.filter((k) => !/third-party|pixels|local storage/.test(k));
    // Its own pixels or plugins on other sites reporting the websites you visit are tracking across sites: a bad practice.
    if (
      tools.length &&
      /\bwebsites? you visit\b|\bother (?:websites|sites|apps)\b|\boff (?:of )?(?:our|the|its) (?:Products|Services?|sites?|apps?)\b/i.test(
        t,
      )
    )
      return specific(`The service's trackers on other websites${named} report your activity there to it.`, 'bad');
    return purposes.length >= 2
      ? specific(`Cookies or similar trackers are used, including ${listing(kinds)}${named}.`)
      : tools.length
        ? specific(`Cookies or similar trackers are used${kinds.length ? `, including ${kinds[0]}` : ''}${named}.`)
        : plain(kinds.length ? `Cookies or similar trackers are used, including ${kinds[0]}.` : 'The service uses cookies.');
  },
};

/** Payments in general said to be final: "payments are non-refundable", "all fees are final", "we do not provide refunds" (not "refunds for …"). */
/** The address of a privacy policy itself: "https://policies.example.com/privacy", "https://example.com/privacy-policy". */
const PRIVACY_POLICY_PAGE = /^(?:https?:\/\/)?[^/?#]+(?:\/[^?#]*)?\/(?:privacy(?:[-_]?policy)?|policies)\/?(?:[?#].*)?$/i;
const ALL_PAYMENTS_FINAL =
  /^(?:[^.]*?\b(?:all |any )?(?:payments?|fees?|charges|amounts?|purchases|sales)(?:\s+(?:already\s+)?(?:paid|payable|made|charged|due)\b[^.]{0,40}?)?\s+(?:(?:are|is|will be)\s+(?:not\s+refundable|final|non-?refundable)|(?:will|shall) not be refunded))|\bnon-?refundable (?:subscription |membership )?(?:fees|payments|charges)\b|\bno refunds?\b(?!\s+(?:for|on|of)\b)|\bwe do not (?:provide|offer|give|issue) (?:any )?refunds\b(?!\s+(?:for|on|of)\b)/i;

/** Describes a clause of the given category; unknown categories get a neutral sentence; undefined when the clause cannot back one. */
export function describeFinding(categoryId: string, clause: string): Description | undefined {
  const describe = DESCRIBERS[categoryId];
  return describe ? describe(clause) : plain('The documents contain a clause of this kind.');
}
