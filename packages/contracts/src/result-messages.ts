import { FREE_ANALYSES } from './constants';
import type { FactId } from './fact-ids';

/**
 * Texts beyond the SPEC for the result page and its states (issue 22): the verdict, the grade's
 * legend, the evidence table, dates and provenance, the cancel notice, the errors' next steps and
 * the paywall's deal. The SPEC's own texts stay in MESSAGES, unchanged.
 */
export const RESULT_MESSAGES = {
  verdictHeading: 'Verdict',
  topConcerns: 'Top concerns',
  noTopConcerns: 'No bad practice was found in these documents.',
  gradeLegendButton: 'What the grades mean',
  gradeLegendHeading: 'Grades',
  gradeWord: 'Grade',
  evidenceHeading: 'At a glance',
  evidenceLead:
    'The answers to 29 fixed questions, and the other points the documents state, each from the clauses that state it. Notable answers first.',
  notStatedAnswer: 'Not stated',
  notStatedDetail: 'The documents we read do not say.',
  notStatedPlainly: 'Not stated plainly',
  relatedLead: 'Not stated plainly — read these clauses:',
  cappedAt: 'Capped at',
  noClauseDetail: 'No clause of the documents we read provides for it.',
  privacyRowsHidden: 'Privacy questions are hidden: no Privacy Policy was analysed, only Terms.',
  skipLinksLabel: 'Jump to',
  skipToVerdict: 'Verdict',
  analysedOn: 'Analysed on',
  engineLabel: 'Written by',
  engineBuiltIn: 'the built-in analyzer',
  engineLlm: 'the AI reader',
  documentDated: 'dated',
  recommendationAction: 'Action',
  cancelledTitle: 'Cancelled',
  tryAgain: 'Try again',
  pasteInstead: 'Paste the text instead',
  uploadInstead: 'Upload a file instead',
  networkError: 'Fineprint could not be reached. Check your connection, then try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  siteUnreachableNext: 'If the site works in your browser, paste the text of its Terms or Privacy Policy instead.',
  noDocumentsNext: 'You can paste the text of its Terms or Privacy Policy, or upload the file, instead.',
  paymentOpening: 'Opening secure payment…',
} as const;

/** The paywall's first words once the free analyses are spent. */
export const DEAL_FREE_USED = `Your ${FREE_ANALYSES} free analyses are used.`;
/** The paywall's deal when the provider charges monthly (Flutterwave with a payment plan). */
export const dealRenews = (supportEmail: string) =>
  `A subscription gives unlimited analyses in this browser for $5 a month. It renews monthly until you cancel; to cancel, write to ${supportEmail}.`;
/** The paywall's deal when one payment buys 30 days and nothing renews (the sandbox, or Flutterwave without a plan). */
export const DEAL_ONE_MONTH =
  'A subscription gives unlimited analyses in this browser for 30 days for $5. It does not renew, so there is nothing to cancel.';
/** "Grade D — Result for example.com": the grade leads the result's heading when there is one. */
export const resultHeading = (resultFor: string, grade: string | null) => (grade ? `Grade ${grade} — ${resultFor}` : resultFor);
/** An address typed without a scheme that failed on https: what was tried, and the offer. */
export const triedHttps = (host: string) => `We tried https://${host}. If the site only answers without encryption, try http instead.`;
/** The button that tries the plain-http address. */
export const tryHttp = (host: string) => `Try http://${host}`;
/** "1 day", "2 days": a count with its noun, singular or plural. */
export const plural = (count: number, singular: string, pluralForm = `${singular}s`) => `${count} ${count === 1 ? singular : pluralForm}`;
/** The button that shows every row of the evidence table. */
export const showAllRows = (count: number) => `Show all ${count}`;

/** What each grade means, one line each (after the grade rule in packages/analysis/src/facts/grade.ts). */
export const GRADE_LEGEND: Record<'A' | 'B' | 'C' | 'D' | 'E', string> = {
  A: 'Only boilerplate bad points; no tracking, data sale, targeted ads or AI training without your agreement, message reading or biometrics.',
  B: 'Some bad points, but no tracking, data sale, targeted ads or AI training without your agreement, message reading or biometrics; or good clearly outweighs bad.',
  C: 'Good and bad practices roughly balance.',
  D: 'Bad practices outweigh the good, or two or more of those serious practices.',
  E: 'Serious problems outweigh the good, or the bad far outweighs it.',
};

/** How an answer of the fact sheet reads for the person agreeing to it. */
export type FactTone = 'good' | 'neutral' | 'bad';

/**
 * Per question: the documents it is asked of, which answers are good or bad for the reader (any
 * other is neutral), and how a free-form answer (an e-mail, a place, a number, a clause) reads.
 * "Not stated" is always neutral. E.g. "yes" is bad for cross-site tracking and good for breach notices.
 */
export const FACT_LEGEND: Record<
  FactId,
  { group: 'privacy' | 'terms'; good?: readonly string[]; bad?: readonly string[]; stated?: FactTone }
> = {
  sells_data: { group: 'privacy', good: ['no'], bad: ['yes', 'yes_opt_out'] },
  targeted_ads: { group: 'privacy', good: ['no', 'yes_opt_in'], bad: ['yes'] },
  cross_site_tracking: { group: 'privacy', good: ['no'], bad: ['yes'] },
  third_party_data: { group: 'privacy', good: ['no'], bad: ['yes'] },
  ai_training: { group: 'privacy', good: ['no', 'yes_opt_in'], bad: ['yes'] },
  precise_location: { group: 'privacy', good: ['no'], bad: ['yes'] },
  biometrics: { group: 'privacy', good: ['no'], bad: ['yes'] },
  message_content: { group: 'privacy', good: ['no'], bad: ['yes'] },
  retention: { group: 'privacy', good: ['fixed_periods'] },
  account_deletion: { group: 'privacy', good: ['self_service'], bad: ['no'] },
  data_export: { group: 'privacy', good: ['self_service', 'by_request'], bad: ['no'] },
  privacy_contact: { group: 'privacy', stated: 'good' },
  law_enforcement_notice: { group: 'privacy', good: ['yes'], bad: ['no'] },
  breach_notice: { group: 'privacy', good: ['yes'] },
  international_transfer: { group: 'privacy', good: ['no'] },
  min_age: { group: 'terms', stated: 'neutral' },
  governing_law: { group: 'terms', stated: 'neutral' },
  courts: { group: 'terms', stated: 'neutral' },
  arbitration: { group: 'terms', good: ['none'], bad: ['mandatory'] },
  class_action_waiver: { group: 'terms', good: ['no'], bad: ['yes'] },
  content_licence: { group: 'terms', good: ['limited'], bad: ['broad'] },
  moral_rights_waiver: { group: 'terms', good: ['no'], bad: ['yes'] },
  terms_change_notice: { group: 'terms', good: ['advance_notice'], bad: ['no_notice'] },
  termination_without_notice: { group: 'terms', good: ['no'], bad: ['yes'] },
  liability_cap: { group: 'terms', stated: 'bad' },
  indemnity: { group: 'terms', good: ['no'], bad: ['yes'] },
  claim_time_limit: { group: 'terms', stated: 'bad' },
  auto_renewal: { group: 'terms', good: ['no'], bad: ['yes'] },
  refunds: { group: 'terms', good: ['yes'], bad: ['no'] },
  accepted_by_use: { group: 'terms', stated: 'neutral' },
  warranty_disclaimer: { group: 'terms', bad: ['yes'] },
  content_removal: { group: 'terms', bad: ['yes'] },
  jury_waiver: { group: 'terms', bad: ['yes'] },
  user_owns_content: { group: 'terms', good: ['yes'] },
  leave_any_time: { group: 'terms', good: ['yes'] },
  third_party_sharing: { group: 'privacy', stated: 'neutral' },
  business_transfer: { group: 'privacy', stated: 'neutral' },
  children_data: { group: 'privacy', stated: 'neutral' },
  data_collected: { group: 'privacy', stated: 'neutral' },
  cookies: { group: 'privacy', stated: 'neutral' },
  do_not_track: { group: 'privacy', bad: ['yes'] },
  privacy_choices: { group: 'privacy', good: ['yes'] },
  authority_disclosure: { group: 'privacy', stated: 'neutral' },
  liability_limited: { group: 'terms', bad: ['yes'] },
  account_suspension: { group: 'terms', bad: ['yes'] },
};

/** The values that mean the documents do not say. */
const UNSTATED = new Set(['not_stated', 'none_stated']);

/** How one answer reads for the reader, by its question's legend: good, neutral or bad. */
export function factTone(id: FactId, value: string | number): FactTone {
  const legend = FACT_LEGEND[id];
  const text = String(value);
  if (UNSTATED.has(text)) return 'neutral';
  if (legend.good?.includes(text)) return 'good';
  if (legend.bad?.includes(text)) return 'bad';
  const isEnumerated = /^[a-z]+(_[a-z]+)*$/.test(text) && (legend.good !== undefined || legend.bad !== undefined);
  return isEnumerated ? 'neutral' : (legend.stated ?? 'neutral');
}
