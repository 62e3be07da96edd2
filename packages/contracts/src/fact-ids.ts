// No zod here: the web app needs the ids, and a module with schemas would bring zod into its
// first-load bundle (schema construction is module-level code a bundler cannot drop).

/** The ids of the fact-sheet questions (../shared/factsheet/questions.json, version 1). */
export const FACT_IDS = [
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
export type FactId = (typeof FACT_IDS)[number];
