import type { AnalysisResult, FactAnswer, FactId, FactSheet, Severity, SummaryItem } from '@fineprint/contracts';
import { durationsIn } from './reader';
import { isBackedByQuote } from './reconcile';

type Lists = AnalysisResult['details'];
type ListName = keyof Lists;

/**
 * A summary sentence written from a fact-sheet answer: the list and category it belongs to,
 * and, per answer, the sentence and its severity (null: nothing to say). Where a question has a
 * writer, the fact sheet's answer — which has weighed denials, scope and who is bound — says
 * what the summary says, with the fact's own clause as evidence.
 */
interface FactSentence {
  fact: FactId;
  list: ListName;
  category: string;
  /** The sentence; null when there is nothing to say, undefined when the finding's own sentence is better. */
  write(answer: FactAnswer, facts: FactSheet): { text: string; severity: Severity } | null | undefined;
}

const isConsumerLocal = (value: FactAnswer['value']) => /\byour\b|residen|where you live|you live/i.test(String(value));
const stripStateOf = (place: string) => place.replace(/^(?:the\s+)?State of\s+/i, '');
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

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
              text: `These terms are governed by the law of ${stripStateOf(String(a.value))}${a.scope ? ` (for ${a.scope})` : ''}.`,
              severity: 'neutral',
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
      const place = stripStateOf(String(a.value));
      return {
        text: arbitrated
          ? `Claims that are not sent to arbitration go to the courts of ${place}.`
          : `Lawsuits go to the courts of ${place}.`,
        severity: 'neutral',
      };
    },
  },
  {
    fact: 'min_age',
    list: 'keyPoints',
    category: 'age_limit',
    write: (a) =>
      typeof a.value !== 'number'
        ? null
        : {
            text: a.evidence.some((e) => /\b(?:parent|guardian)/i.test(e.quote))
              ? `The terms set an age of ${a.value} to use the service, with a parent's or guardian's involvement for younger users where they allow it.`
              : `The terms set a minimum age of ${a.value} to use the service.`,
            severity: 'neutral',
          },
  },
  {
    fact: 'terms_change_notice',
    list: 'keyPoints',
    category: 'unilateral_change',
    write: (a) => {
      const isHedged = a.evidence.some((e) =>
        /\breasonable efforts\b|\btry to\b|\bwhere (?:reasonably )?practicable\b|\bmay (?:also )?notify\b/i.test(e.quote),
      );
      if (a.value === 'advance_notice' && isHedged)
        return { text: 'The terms say the service will try to tell you before changes to them take effect.', severity: 'neutral' };
      if (a.value === 'advance_notice')
        return {
          text: a.days
            ? `The terms promise at least ${days(a.days)}' notice before changes to them take effect.`
            : 'The terms promise notice before changes to them take effect.',
          severity: 'good',
        };
      if (a.value === 'notice')
        return { text: 'The service tells you when it changes these terms, but not necessarily in advance.', severity: 'neutral' };
      if (a.value === 'no_notice')
        return {
          text: 'The service can change these terms without telling you first; continuing to use it means you accept them.',
          severity: 'bad',
        };
      return null;
    },
  },
  {
    fact: 'moral_rights_waiver',
    list: 'keyPoints',
    category: 'moral_rights_waiver',
    write: (a) => {
      if (a.value !== 'yes') return null;
      // "…you waive these rights against us to enable the licence above, but not otherwise" is a bounded waiver.
      const isBounded = a.evidence.some((e) => /\bbut not otherwise\b|\bto enable\b|\bas (?:necessary|needed) (?:to|for)\b/i.test(e.quote));
      return isBounded
        ? {
            text: 'You agree not to assert your moral rights against the service, as far as the licence you grant it needs.',
            severity: 'bad',
          }
        : { text: 'You waive your moral rights in the content you post.', severity: 'blocker' };
    },
  },
  {
    fact: 'arbitration',
    list: 'keyPoints',
    category: 'arbitration',
    write: (a) => {
      const scope = a.scope ? ` for ${a.scope}` : '';
      if (a.value === 'mandatory') return { text: `Disputes go to binding arbitration instead of court${scope}.`, severity: 'bad' };
      if (a.value === 'mandatory_with_opt_out')
        return {
          text: `Disputes go to binding arbitration instead of court${scope}${a.opt_out_days ? `; the terms describe an opt-out within ${days(a.opt_out_days)}` : '; the terms describe an opt-out'}${a.opt_out_contact ? ` (${a.opt_out_contact})` : ''}.`,
          severity: 'bad',
        };
      return null;
    },
  },
  {
    fact: 'liability_cap',
    list: 'keyPoints',
    category: 'limitation_of_liability',
    write: (a) => {
      if (/foreseeable/i.test(String(a.value)))
        return {
          text: a.evidence.some((e) => /slight negligence/i.test(e.quote))
            ? 'For slight negligence, the service limits its liability to damage that is typical and foreseeable.'
            : 'The service limits its liability to damage that is typical and foreseeable.',
          severity: 'bad',
        };
      if (a.usd)
        return {
          text: `The service caps its total liability to you; the amount named is US$${a.usd}, or what you paid where the terms say so.`,
          severity: 'bad',
        };
      return undefined;
    },
  },
  {
    fact: 'ai_training',
    list: 'privacyConcerns',
    category: 'ai_training',
    write: (a) => {
      if (a.value === 'yes')
        return {
          text: 'Your data or content is used to train AI or machine-learning models.',
          severity: 'bad',
        };
      if (a.value === 'yes_opt_out')
        return {
          text: 'Your data or content is used to train AI or machine-learning models; the policy says you can object or opt out.',
          severity: 'bad',
        };
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
      if (a.value === 'yes') return { text: 'Your data is used to show you personalised ads.', severity: 'bad' };
      if (a.value === 'yes_opt_out')
        return { text: 'Your data is used to show you personalised ads; you can turn them off.', severity: 'bad' };
      if (a.value === 'yes_opt_in') return { text: 'You see personalised ads only if you agree to them.', severity: 'neutral' };
      if (a.value === 'no') return { text: 'The service says it does not show personalised ads.', severity: 'good' };
      return null;
    },
  },
  {
    fact: 'precise_location',
    list: 'privacyConcerns',
    category: 'location',
    write: (a) => {
      if (a.value === 'yes') return { text: 'The service collects your precise location.', severity: 'bad' };
      if (a.value === 'yes_with_permission')
        return { text: 'The service collects your precise location if you allow it on your device.', severity: 'bad' };
      if (a.value === 'no')
        return { text: 'The service says it uses only your approximate location, not your precise location.', severity: 'good' };
      return null;
    },
  },
  {
    fact: 'content_licence',
    list: 'keyPoints',
    category: 'content_license',
    write: (a) => {
      const quote = a.evidence
        .map((e) => e.quote)
        .join(' ')
        .replace(/\bnon-?(?:transferable|sub-?licen\w*|exclusive)/gi, '');
      const kinds = [
        /\bworldwide\b/i.test(quote) ? 'worldwide' : '',
        a.perpetual ? 'perpetual' : '',
        a.irrevocable ? 'irrevocable' : '',
        /\btransferable\b/i.test(quote) ? 'transferable' : '',
        a.sublicensable ? 'sublicensable' : '',
      ].filter(Boolean);
      if (a.value === 'broad')
        return {
          text: `You grant the service a broad${kinds.length ? ` (${kinds.join(', ')})` : ''} licence to the content you post.`,
          severity: 'bad',
        };
      if (a.value === 'limited')
        return { text: 'You grant the service a licence to your content limited to running the service.', severity: 'neutral' };
      return undefined;
    },
  },
  {
    fact: 'termination_without_notice',
    list: 'keyPoints',
    category: 'unilateral_termination',
    write: (a) => {
      if (a.value === 'yes')
        return { text: 'The terms let the service suspend or close your account without warning you first.', severity: 'bad' };
      if (a.value === 'no')
        return { text: 'The terms promise a warning or notice before the service closes your account.', severity: 'good' };
      return undefined;
    },
  },
  {
    fact: 'indemnity',
    list: 'keyPoints',
    category: 'indemnification',
    write: (a) =>
      a.value === 'yes'
        ? { text: 'You must cover the service’s costs for the kinds of claims the terms list (an indemnity).', severity: 'bad' }
        : null,
  },
  {
    fact: 'international_transfer',
    list: 'privacyConcerns',
    category: 'international_transfer',
    write: (a) =>
      a.value === 'yes'
        ? {
            text: a.where?.length
              ? `Your data may be transferred to and processed in other countries, including ${a.where
                  .slice(0, 3)
                  .map((place) => (/^(?:United|European)\b/.test(place) ? `the ${place}` : place))
                  .join(', ')}.`
              : 'Your data may be transferred to and processed in other countries.',
            severity: 'neutral',
          }
        : null,
  },
  {
    fact: 'retention',
    list: 'privacyConcerns',
    category: 'data_retention',
    write: (a) => {
      if (a.value === 'as_long_as_needed')
        return { text: 'Your data is kept for as long as the service considers it needed.', severity: 'bad' };
      if (a.value !== 'fixed_periods') return null;
      // The periods as the documents write them ("12 months", not 360 days).
      const byDays = new Map<number, string>();
      for (const d of a.evidence.flatMap((e) => durationsIn(e.quote))) if (!byDays.has(d.days)) byDays.set(d.days, d.words.toLowerCase());
      const periods = [...byDays.values()].slice(0, 3);
      return periods.length > 0
        ? { text: `Some of your data is kept for stated periods (${periods.join(', ')}), as the documents describe.`, severity: 'neutral' }
        : null;
    },
  },
];

/**
 * A recommendation names an action the documents offer, and stands only where the fact sheet
 * found that offer. General advice the documents do not offer (re-read the terms, keep copies,
 * block cookies in your browser) is not a recommendation of this service's documents.
 */
const RECOMMENDATION_NEEDS: Record<string, { fact: FactId; values: readonly FactAnswer['value'][] }> = {
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
function rightsRecommendation(facts: FactSheet): SummaryItem | undefined {
  const deletion = facts.account_deletion;
  const exportData = facts.data_export;
  const contact = String(facts.privacy_contact.value);
  const hasContact = contact.includes('@') || /^https?:/.test(contact);
  const tools = [
    deletion.value === 'self_service' ? 'delete your account yourself, as the documents describe' : '',
    exportData.value === 'self_service' ? 'download a copy of your data with the tool they name' : '',
  ].filter(Boolean);
  const evidence = [deletion, exportData].filter((a) => a.value === 'self_service').flatMap((a) => a.evidence.slice(0, 1));
  if (tools.length > 0) {
    const also = hasContact ? `; for other requests, write to ${contact}` : '';
    return { text: `You can ${tools.join(' and ')}${also}.`, category: 'rights_access_deletion', severity: 'good', evidence };
  }
  if (hasContact)
    return {
      text: `Ask for a copy of your data or its deletion by writing to ${contact}.`,
      category: 'rights_access_deletion',
      severity: 'good',
      evidence: facts.privacy_contact.evidence.slice(0, 1),
    };
  return undefined;
}

/** The first quote of an answer, with the clause after it when the first is a lead-in ending in ':'. */
function firstClause(evidence: FactAnswer['evidence']): FactAnswer['evidence'] {
  return /:\s*$/.test(evidence[0]?.quote ?? '') ? evidence.slice(0, 2) : evidence.slice(0, 1);
}

/**
 * The lists with the sentences the fact sheet writes: a finding of a category with a writer
 * takes the fact's sentence and clause (or is dropped when the fact says nothing), and a stated
 * fact no finding covered is added. At most `maxItems` per list, worst first.
 */
export function writeFromFacts(details: Lists, facts: FactSheet, maxItems = 10): Lists {
  const lists: Lists = {
    keyPoints: details.keyPoints.filter(isBackedByQuote),
    privacyConcerns: details.privacyConcerns.filter(isBackedByQuote),
    recommendations: details.recommendations.filter(isBackedByQuote).filter((item) => {
      const rule = RECOMMENDATION_NEEDS[item.category];
      return rule !== undefined && rule.values.includes(facts[rule.fact].value);
    }),
  };
  for (const writer of SENTENCES) {
    const answer = facts[writer.fact];
    // A question the reader found no clause for leaves the finding's own sentence alone.
    if (answer.evidence.length === 0) continue;
    const sentence = writer.write(answer, facts);
    if (sentence === undefined) continue;
    const list = lists[writer.list];
    const at = list.findIndex((item) => item.category === writer.category);
    const item: SummaryItem | null = sentence && { ...sentence, category: writer.category, evidence: firstClause(answer.evidence) };
    if (at >= 0) {
      if (item) list[at] = item;
      else list.splice(at, 1);
    } else if (item) list.push(item);
  }
  const rights = rightsRecommendation(facts);
  if (rights) {
    const at = lists.recommendations.findIndex((item) => item.category === 'rights_access_deletion');
    if (at >= 0) lists.recommendations[at] = rights;
    else lists.recommendations.unshift(rights);
  }
  const rank: Record<Severity, number> = { blocker: 0, bad: 1, neutral: 2, good: 3 };
  const order = (items: SummaryItem[]) =>
    items
      .map((item, i) => ({ item, i }))
      .sort((x, y) => rank[x.item.severity] - rank[y.item.severity] || x.i - y.i)
      .map((x) => x.item)
      .slice(0, maxItems);
  return {
    keyPoints: order(lists.keyPoints),
    privacyConcerns: order(lists.privacyConcerns),
    recommendations: lists.recommendations.slice(0, maxItems),
  };
}
