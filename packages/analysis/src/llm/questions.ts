/**
 * The fact-sheet questions as the model reads them: a copy of ../shared/factsheet/questions.json
 * (version 1) so the engine needs no file at run time; `questions.test.ts` fails when the two differ.
 */
export interface LlmQuestion {
  id: string;
  group: string;
  question: string;
  values: readonly string[];
  fields?: Readonly<Record<string, string>>;
  notes?: string;
}

export const QUESTIONS_VERSION = 1;

export const LLM_QUESTIONS: readonly LlmQuestion[] = [
  {
    id: 'sells_data',
    group: 'privacy',
    question:
      'Does the service sell personal data, or share it for cross-context behavioural advertising (what US state laws call a sale or share)?',
    values: ['no', 'yes', 'yes_opt_out', 'not_stated'],
    notes:
      "'no' needs an explicit denial. 'yes_opt_out' when the text admits it and offers an opt-out (e.g. 'Do Not Sell or Share' link, privacy choices).",
  },
  {
    id: 'targeted_ads',
    group: 'privacy',
    question: 'Is personal data used to show the user targeted or personalised advertising?',
    values: ['no', 'yes_opt_in', 'yes_opt_out', 'yes', 'not_stated'],
    notes:
      "'yes_opt_in' only when personalised ads need prior consent; 'yes_opt_out' when a setting or request turns them off; 'yes' when no choice is described.",
  },
  {
    id: 'cross_site_tracking',
    group: 'privacy',
    question:
      "Does the service (or its ad/analytics partners through it) track the user on other websites or apps: third-party cookies, pixels, SDKs, data from advertisers' sites?",
    values: ['yes', 'no', 'not_stated'],
  },
  {
    id: 'third_party_data',
    group: 'privacy',
    question:
      "Does the service receive personal data about the user from third parties (partners, advertisers, data brokers, other users' contact lists)?",
    values: ['yes', 'no', 'not_stated'],
  },
  {
    id: 'ai_training',
    group: 'privacy',
    question: "Are user content or personal data used to train AI or machine-learning models (the service's own or others')?",
    values: ['no', 'yes_opt_in', 'yes_opt_out', 'yes', 'not_stated'],
    notes: "Training of models, not mere automated processing. 'yes_opt_out' when a setting or objection stops it.",
  },
  {
    id: 'precise_location',
    group: 'privacy',
    question: 'Does the service collect precise location (GPS or device location, not only IP-based approximate location)?',
    values: ['yes', 'yes_with_permission', 'no', 'not_stated'],
    notes:
      "'yes_with_permission' when it depends on a device permission or consent; 'no' when the text says only approximate or IP-based location.",
  },
  {
    id: 'biometrics',
    group: 'privacy',
    question: 'Does the service itself collect or process biometric data (face geometry, voiceprints, fingerprints) of the user?',
    values: ['yes', 'yes_with_consent', 'no', 'not_stated'],
    notes: "'no' when the text says it does not, or that only a vendor sees the data and the service never receives it.",
  },
  {
    id: 'message_content',
    group: 'privacy',
    question: "Does the service read, scan or analyse the content of the user's private messages (automated scanning included)?",
    values: ['yes', 'no', 'not_stated'],
  },
  {
    id: 'retention',
    group: 'privacy',
    question: 'How long is personal data kept?',
    values: ['fixed_periods', 'as_long_as_needed', 'not_stated'],
    fields: {
      periods: 'list of {"what": short text, "days": integer} for every concrete period stated (e.g. logs 365, backups 90)',
    },
    notes:
      "'fixed_periods' when at least one concrete period (days, months, years) is stated for personal data; months = 30 days, years = 365.",
  },
  {
    id: 'account_deletion',
    group: 'privacy',
    question: 'Can the user delete their account and personal data, and how?',
    values: ['self_service', 'by_request', 'no', 'not_stated'],
    fields: {
      how: 'the setting path, page or address given',
    },
    notes:
      "'self_service' when a setting or in-app tool deletes the account; 'by_request' when one must write or fill in a form; 'no' when the text says accounts or data cannot be deleted.",
  },
  {
    id: 'data_export',
    group: 'privacy',
    question: 'Can the user get a copy of their personal data?',
    values: ['self_service', 'by_request', 'no', 'not_stated'],
    fields: {
      how: 'the tool, setting or address given',
    },
  },
  {
    id: 'privacy_contact',
    group: 'privacy',
    question:
      'Which e-mail address (or, if none, web form URL) does the policy give for privacy questions or data-rights requests, for users in general?',
    values: ['<email or URL>', 'not_stated'],
    notes: 'The general address, not one only for a single country, unless that is the only one.',
  },
  {
    id: 'law_enforcement_notice',
    group: 'privacy',
    question: 'Does the service promise to notify users before disclosing their data to governments or law enforcement (where allowed)?',
    values: ['yes', 'no', 'not_stated'],
    notes: "'no' only when the text says it may disclose without telling you.",
  },
  {
    id: 'breach_notice',
    group: 'privacy',
    question: 'Does the service promise to notify users of a data breach?',
    values: ['yes', 'not_stated'],
    fields: {
      hours: 'integer, when a deadline is given',
    },
  },
  {
    id: 'international_transfer',
    group: 'privacy',
    question: "Is personal data transferred to or processed in other countries than the user's?",
    values: ['yes', 'no', 'not_stated'],
    fields: {
      where: "countries or regions named, e.g. 'United States'",
    },
  },
  {
    id: 'min_age',
    group: 'terms',
    question: 'What is the minimum age to use the service (general rule)?',
    values: ['<integer>', 'not_stated'],
    fields: {
      variants: 'list of {"scope", "age"} for other ages stated for some countries',
    },
  },
  {
    id: 'governing_law',
    group: 'terms',
    question: 'Which law governs the terms (for users in general, or for US users when the terms differ by region)?',
    values: ['<place>', 'not_stated'],
    fields: {
      variants: 'list of {"scope", "place"}',
    },
    notes: "A place: a US state, a country. 'Consumer's local law' counts as a place only when it is the general rule.",
  },
  {
    id: 'courts',
    group: 'terms',
    question: 'Which courts hear disputes (for users in general, or for US users when the terms differ by region)?',
    values: ['<place>', 'not_stated'],
    fields: {
      variants: 'list of {"scope", "place"}',
    },
    notes: "The county/city and state or country, e.g. 'Santa Clara County, California'.",
  },
  {
    id: 'arbitration',
    group: 'terms',
    question: 'Must disputes go to binding arbitration instead of court?',
    values: ['none', 'mandatory', 'mandatory_with_opt_out'],
    fields: {
      scope: "who it applies to, e.g. 'US users'",
      opt_out_days: 'integer',
      opt_out_contact: 'e-mail or postal address for the opt-out',
    },
  },
  {
    id: 'class_action_waiver',
    group: 'terms',
    question: 'Does the user waive class or collective actions?',
    values: ['yes', 'no'],
  },
  {
    id: 'content_licence',
    group: 'terms',
    question: 'What licence does the user grant over the content they post or upload?',
    values: ['none_stated', 'limited', 'broad'],
    fields: {
      perpetual: 'true when perpetual or surviving deletion of the content/account',
      irrevocable: 'bool',
      sublicensable: 'bool',
    },
    notes:
      "'broad' when worldwide and transferable or sublicensable or for any purpose; 'limited' when restricted to operating the service and ending with deletion. The licence for feedback/suggestions is NOT this licence.",
  },
  {
    id: 'moral_rights_waiver',
    group: 'terms',
    question: 'Must the user waive moral rights in their content?',
    values: ['yes', 'no'],
  },
  {
    id: 'terms_change_notice',
    group: 'terms',
    question: 'When the service changes these terms, does it notify the user in advance?',
    values: ['advance_notice', 'notice', 'no_notice'],
    fields: {
      days: 'integer days of advance notice when stated',
    },
    notes:
      "'advance_notice' when the text promises to tell the user before a change takes effect ('reasonable advance notice' counts; give `days` when a period is stated); 'notice' when the user is told but a change may take effect at once; 'no_notice' when changes take effect on posting and the user must check.",
  },
  {
    id: 'termination_without_notice',
    group: 'terms',
    question: "Can the service suspend or terminate the user's account without prior notice?",
    values: ['yes', 'no', 'not_stated'],
  },
  {
    id: 'liability_cap',
    group: 'terms',
    question: 'What is the maximum the service will pay the user for damages?',
    values: ['<text>', 'not_stated'],
    fields: {
      usd: 'the fixed amount in USD when one is stated (e.g. 100)',
    },
  },
  {
    id: 'indemnity',
    group: 'terms',
    question: 'Must the user indemnify (cover the costs of) the service for claims arising from their use or content?',
    values: ['yes', 'no'],
  },
  {
    id: 'claim_time_limit',
    group: 'terms',
    question: 'Is the time to bring a claim shortened, and to how long?',
    values: ['<integer days>', 'not_stated'],
    notes: 'One year = 365.',
  },
  {
    id: 'auto_renewal',
    group: 'terms',
    question: 'Do paid subscriptions renew automatically until cancelled?',
    values: ['yes', 'no', 'not_stated'],
  },
  {
    id: 'refunds',
    group: 'terms',
    question: 'Are payments refundable?',
    values: ['no', 'partial', 'yes', 'not_stated'],
    notes: "'partial' when some refunds or a withdrawal period are offered.",
  },
];
