// No zod here: the web app needs the ids, and a module with schemas would bring zod into its
// first-load bundle (schema construction is module-level code a bundler cannot drop).

/** The ids of the scored fact-sheet questions (../shared/factsheet/questions.json, version 1): every fact sheet answers them. */
export const SCORED_FACT_IDS = [
  'sells_data',
  'targeted_ads',
  'cross_site_tracking',
  'third_party_data',
  'ai_training',
  'precise_location',
  'biometrics',
  'message_content',
  'retention',
  'account_deletion',
  'data_export',
  'privacy_contact',
  'law_enforcement_notice',
  'breach_notice',
  'international_transfer',
  'min_age',
  'governing_law',
  'courts',
  'arbitration',
  'class_action_waiver',
  'content_licence',
  'moral_rights_waiver',
  'terms_change_notice',
  'termination_without_notice',
  'liability_cap',
  'indemnity',
  'claim_time_limit',
  'auto_renewal',
  'refunds',
] as const;
/**
 * The product's own questions beyond questions.json (issue 21): the other things the lists say, each
 * a read fact with its clause. Answered by the built-in reader only when the documents state them
 * (absent otherwise, and from fact sheets made before them).
 */
export const TOPIC_FACT_IDS = [
  'accepted_by_use',
  'warranty_disclaimer',
  'content_removal',
  'jury_waiver',
  'user_owns_content',
  'leave_any_time',
  'third_party_sharing',
  'business_transfer',
  'children_data',
  'data_collected',
  'cookies',
  'do_not_track',
  'privacy_choices',
  'authority_disclosure',
  'liability_limited',
  'account_suspension',
] as const;
export const FACT_IDS = [...SCORED_FACT_IDS, ...TOPIC_FACT_IDS] as const;
export type FactId = (typeof FACT_IDS)[number];
export type ScoredFactId = (typeof SCORED_FACT_IDS)[number];
export type TopicFactId = (typeof TOPIC_FACT_IDS)[number];
