import type { FactId } from './fact-ids';

/**
 * Issue 22 items 8 and 9: "This is wrong" reports on a kept result, the "Recently analysed"
 * list and the side-by-side comparison: constants and texts (no zod here, so the web app's
 * first screen does not pull the schemas in; those are in browse-schemas.ts).
 */

/** What is wrong with a reported item, as the report dialog offers it. */
export const FEEDBACK_REASONS = ['not_in_text', 'wrong_detail', 'wrong_region', 'other'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];
/** The longest note a report may carry, in characters. */
export const MAX_FEEDBACK_NOTE = 500;
/** The most items a list of a result can hold that a report may name (its index is below this). */
export const MAX_FEEDBACK_INDEX = 500;
/** How many sites "Recently analysed" lists at most. */
export const RECENT_RESULTS_LIMIT = 8;

/** The texts of reports, "Recently analysed" and the comparison page. */
export const BROWSE_MESSAGES = {
  reportItem: 'This is wrong',
  reportTitle: 'Report a wrong reading',
  reportIntro: 'Tell us what is wrong with this reading. Your report is stored with the result, without anything about you.',
  reportReasonLegend: 'What is wrong?',
  reportNote: 'Note (optional)',
  reportSend: 'Send report',
  reportCancel: 'Cancel',
  reportClose: 'Close',
  reportThanks: 'Thank you: your report was sent. The item stays on the page until someone has checked it.',
  reportFailed: 'The report could not be sent. Please try again in a minute.',
  reportNotKept: 'This result is no longer kept, so it can no longer be reported.',
  recentHeading: 'Recently analysed',
  recentIntro: 'Open one of these results without using a free analysis.',
  recentCompare: 'Compare the two chosen results',
  recentPick: 'Compare',
  recentPickTwo: 'Tick two sites to compare them fact by fact.',
  gradeWord: (grade: string | null) => (grade ? `Grade ${grade}` : 'No grade'),
  compareHeading: 'Compare two results',
  compareMissing: 'Open two kept results to compare them: /compare?a=<result>&b=<result>.',
  compareGone: 'One of these results is no longer kept. Please analyse the site again.',
  compareLoading: 'Opening both results...',
  compareQuestion: 'Question',
  compareDifferent: 'Different',
  compareSame: 'Same',
  compareSummary: (different: number, total: number) => `${different} of ${total} answers differ.`,
  compareOpen: 'Open this result',
  compareSide: (side: number, site: string) => `${side === 0 ? 'First' : 'Second'} result: ${site}`,
} as const;

/** The words of each reason in the report dialog. */
export const FEEDBACK_REASON_LABELS: Record<FeedbackReason, string> = {
  not_in_text: 'It is not in the text',
  wrong_detail: 'A detail is wrong (a number, a period, a name)',
  wrong_region: 'It applies to another region or country',
  other: 'Something else',
};

/** "Reports about <item>" for the report button's accessible name. */
export const reportLabel = (what: string) => `${BROWSE_MESSAGES.reportItem}: ${what}`;

/** The fact-sheet questions of the comparison, in the reader's words. */
export const FACT_QUESTIONS: Record<FactId, string> = {
  sells_data: 'Sells or shares your data for advertising',
  targeted_ads: 'Personalised ads',
  cross_site_tracking: 'Tracks you on other sites and apps',
  third_party_data: 'Gets data about you from others',
  ai_training: 'Trains AI on your data',
  precise_location: 'Precise location',
  biometrics: 'Biometric data (face, voice)',
  message_content: 'Reads or scans your messages',
  retention: 'How long data is kept',
  account_deletion: 'Deleting your account',
  data_export: 'Getting a copy of your data',
  privacy_contact: 'Privacy contact',
  law_enforcement_notice: 'Tells you about police requests',
  breach_notice: 'Tells you about data breaches',
  international_transfer: 'Moves data to other countries',
  min_age: 'Minimum age',
  governing_law: 'Governing law',
  courts: 'Courts for disputes',
  arbitration: 'Arbitration instead of court',
  class_action_waiver: 'You give up class actions',
  content_licence: 'Licence to your content',
  moral_rights_waiver: 'You waive moral rights',
  terms_change_notice: 'Notice before the terms change',
  termination_without_notice: 'Can close your account without notice',
  liability_cap: 'Limit on their liability',
  indemnity: 'You cover their legal costs',
  claim_time_limit: 'Time limit to bring a claim',
  auto_renewal: 'Renews automatically',
  refunds: 'Refunds',
  accepted_by_use: 'Using the service means accepting the terms',
  warranty_disclaimer: 'Provided “as is”, without warranties',
  content_removal: 'Can remove your content',
  jury_waiver: 'You give up a jury trial',
  user_owns_content: 'You keep ownership of your content',
  leave_any_time: 'You can leave at any time',
  third_party_sharing: 'Shares your data with other companies',
  business_transfer: 'Your data goes with a sale of the business',
  children_data: 'Says how children’s data is handled',
  data_collected: 'Names the kinds of data it collects',
  cookies: 'Uses cookies and similar trackers',
  do_not_track: 'Ignores “Do Not Track”',
  privacy_choices: 'Offers choices about your data',
  authority_disclosure: 'Gives your data to authorities on request',
  liability_limited: 'Limits its liability to you',
  account_suspension: 'Can suspend or close your account',
};

/** Answer values in words, for the comparison (numbers and free text are shown as they are). */
export const FACT_VALUE_WORDS: Record<string, string> = {
  not_stated: 'Not stated',
  none_stated: 'Not stated',
  yes: 'Yes',
  no: 'No',
  yes_opt_out: 'Yes, you can opt out',
  yes_opt_in: 'Only if you agree',
  yes_with_permission: 'Yes, with your permission',
  yes_with_consent: 'Yes, with your consent',
  fixed_periods: 'Fixed periods',
  as_long_as_needed: 'As long as they need it',
  self_service: 'Yourself, in the app or settings',
  by_request: 'On request',
  none: 'No',
  mandatory: 'Yes, binding',
  mandatory_with_opt_out: 'Yes, unless you opt out',
  limited: 'Limited to running the service',
  broad: 'Broad',
  advance_notice: 'Yes, in advance',
  notice: 'Yes, when it changes',
  no_notice: 'No',
  partial: 'Some',
};
