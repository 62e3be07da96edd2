import type { DocumentType, Severity } from '@fineprint/contracts';

/** The eight CLAUDETTE unfair-clause categories (plus privacy_included, measured but not summarised). */
export const CLAUDETTE_LABELS = [
  'arbitration',
  'unilateral_change',
  'content_removal',
  'jurisdiction',
  'choice_of_law',
  'limitation_of_liability',
  'unilateral_termination',
  'contract_by_using',
] as const;
export type ClaudetteLabel = (typeof CLAUDETTE_LABELS)[number];

/** Which of the three lists a finding of this category feeds. */
export type SummaryList = 'keyPoints' | 'privacyConcerns';

export interface Category {
  id: string;
  severity: Severity;
  list: SummaryList;
  /** ToS;DR case slugs (tosdr_case_labels.tsv) this category corresponds to. */
  tosdrCases: readonly string[];
  /**
   * Lower-case fragments of which every pattern needs at least one: the patterns run only on a
   * sentence containing one, which spares most regular-expression scans (a test checks the
   * gate never changes a result on the corpus).
   */
  keywords: readonly string[];
  /** A clause belongs to the category when one pattern matches and no exclusion does. */
  patterns: readonly RegExp[];
  exclude?: readonly RegExp[];
  /** Document types where the category is looked for; default both. */
  documents?: readonly DocumentType[];
  /**
   * Listed only when its sentence names something concrete (trackers, kinds of data, an
   * address): the generic sentence ("The service uses cookies") is true of almost every service
   * and tells the reader nothing. The grade still counts the finding.
   */
  listOnlyWhenSpecific?: true;
  /**
   * The boilerplate of nearly every contract ("as is", acceptance by use, a buyer in a merger, disclosure on legal
   * demand): never listed, however it is worded — reviewers of all 34 dev services judged 83 of 88 such items stock
   * lines that could be pasted onto any service. The grade still counts it and "At a glance" still shows it.
   */
  boilerplate?: true;
  /**
   * Its clause often leaves the detail to the next sentences of its section ("… provided “as is”." /
   * "We disclaim any warranty of merchantability …"): a sentence naming nothing concrete reads
   * them too, and quotes the one that gives the detail.
   */
  detailMayFollow?: true;
}

const c = (category: Category) => category;

/** Kinds of personal data whose collection is worth naming, as the summary names them. */
export const DATA_KINDS = [
  'contacts',
  'address book',
  'device identifiers',
  'ip address',
  'browsing history',
  'purchase history',
  'phone number',
  'payment information',
  'camera',
  'microphone',
];
/**
 * "Provided “as is”", "on an as-is basis", "as is and as available" — not "as is in our
 * opinion appropriate".
 */
export const AS_IS = /\bas[- ]is\b(?=["”'’]?\s*(?:[,.;:)]|and\b|or\b|basis\b|without\b|with all faults\b|$))|\bas[- ]available\b/i;

/** Data coming "from third parties", "through partners", "from other sources". */
export const FROM_OTHER_SOURCES = /\b(from|through) (third[- ]part(y|ies)|partners|data brokers|other sources)\b/i;

/** Ages services set as a minimum, in digits or words. */
const AGE = '(?:1[3-8]|21|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen)';

/** "device identifiers" → "device identifier"; "ip address" stays, and "contacts" too ("contact us" is no data). */
const singular = (kind: string) => (kind === 'contacts' ? kind : kind.replace(/([^s])s$/, '$1'));

/** "we don't sell your personal information", "we are not in the business of selling …". */
const NO_SALE =
  /\b(?:do|does|will|shall) not ["“']?(?:sell|rent)\b|\b(?:don|doesn|won)[’']t ["“']?(?:sell|rent)\b|\bnever ["“']?(?:sell|rent)\b|\bnot in the business of (?:selling|renting)\b/i;

/**
 * The taxonomy. Patterns are written for recall on real policy language; the learned model
 * (classify/model.ts) adds recall for the CLAUDETTE categories. Severity follows ToS;DR's
 * rating of the corresponding cases.
 */
export const CATEGORIES = [
  // --- Terms: the CLAUDETTE unfair-clause categories --------------------------------------------
  c({
    id: 'arbitration',
    keywords: ['arbitra', 'aaa', 'jams'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: ['this_service_forces_users_into_binding_arbitration_in_the_case_of_disputes'],
    patterns: [/\barbitrat(ion|or|e|ed)\b/i, /\bAAA\b|\bJAMS\b/],
    exclude: [/\b(does not|do not|will not|won't) (require|apply).{0,30}arbitration/i],
  }),
  c({
    id: 'class_action_waiver',
    keywords: ['class', 'representative', 'individual basis'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: ['you_waive_your_right_to_a_class_action'],
    patterns: [/\bclass[- ](action|wide|arbitration)|representative (action|proceeding)|individual basis\b/i],
  }),
  c({
    id: 'jury_waiver',
    keywords: ['jury'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: [],
    patterns: [/\b(waive|waiving|waiver of)\b.{0,60}\bjury\b|\bjury trial\b/i],
  }),
  c({
    id: 'jurisdiction',
    keywords: ['jurisdiction', 'court', 'tribunal', 'venue'],
    severity: 'neutral',
    list: 'keyPoints',
    tosdrCases: [
      'the_court_of_law_governing_the_terms_is_in_location_x',
      'the_court_of_law_governing_the_terms_is_in_a_jurisdiction_that_is_less_friendly',
    ],
    patterns: [
      /\b(exclusive|personal|non-exclusive)\s+jurisdiction\b/i,
      /\b(courts?|tribunals?)\s+(located\s+)?(in|of|at|within)\s+(the\s+)?([A-Z][a-z]+|county|state|england|ireland)/i,
      /\bvenue\b.{0,80}\b(court|county|state)\b/i,
      /\bsubmit(s)? to the\b.{0,40}\bjurisdiction\b/i,
      /\bcompetent courts?\b/i,
    ],
    documents: ['terms'],
  }),
  c({
    id: 'choice_of_law',
    keywords: ['law'],
    severity: 'neutral',
    list: 'keyPoints',
    // ToS;DR files governing-law clauses under "the court of law governing the terms is in location X" as often as court clauses.
    tosdrCases: ['users_agree_to_comply_with_the_law_of_the_services_country', 'the_court_of_law_governing_the_terms_is_in_location_x'],
    patterns: [
      /\bgoverned by\b.{0,80}\blaws?\b/i,
      /\blaws? of\b.{0,60}\b(govern|shall apply|applies|will apply|apply to)\b/i,
      /\b(governing|applicable) law\b.{0,40}\b(is|shall be|will be)\b/i,
      /\bconflicts? of laws?\b/i,
      /\bsubject to\b.{0,30}\blaws? of\b/i,
    ],
    documents: ['terms'],
  }),
  c({
    id: 'limitation_of_liability',
    keywords: ['liab', 'responsib', 'damage', 'as is', 'as-is', 'as available', 'as-available', 'risk', 'warrant'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: [
      'this_service_assumes_no_liability_for_any_losses_or_damages_resulting_from_any',
      'any_liability_on_behalf_of_the_service_is_only_limited_to_the_fees_you_paid_as',
    ],
    patterns: [
      /\b(not|never|no|nor)\b.{0,40}\b(be )?(liable|responsible)\b/i,
      /\b(limitation|exclusion|disclaimer)s? of (liability|warrant)/i,
      /\bliab(le|ility)\b.{0,80}\b(limited to|shall not exceed|will not exceed|exceed the (greater|lesser|amount))/i,
      /\b(indirect|incidental|consequential|special|punitive|exemplary)\b.{0,40}\bdamages?\b/i,
      AS_IS,
      /\b(disclaim|disclaims)\b.{0,60}\b(liabilit|warrant|responsib)/i,
      /\bat (your|their) (own|sole) risk\b/i,
      /\bno (responsibility|liability)\b/i,
    ],
    detailMayFollow: true,
  }),
  c({
    id: 'warranty_disclaimer',
    boilerplate: true,
    keywords: ['as is', 'as-is', 'as available', 'as-available', 'warrant', 'risk', 'guarantee', 'uninterrupted', 'error', 'no promise'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: [
      'the_service_is_provided_as_is_and_to_be_used_at_the_users_sole_risk',
      'the_service_provider_makes_no_warranty_regarding_uninterrupted_timely_secure_or',
      'the_service_does_not_guarantee_accuracy_or_reliability_of_the_information',
    ],
    patterns: [
      AS_IS,
      /\bwithout (any )?warrant(y|ies)\b|\bat (your|their) (own|sole) risk\b|\bdisclaim\w*\b.{0,40}\bwarrant/i,
      /\b(do(es)? not|cannot|can't) (guarantee|warrant)\b.{0,60}\b(services?|platform|site|website|apps?|content|information|accura\w*|availab\w*|uninterrupt\w*|errors?|error-free|secur\w*|reliab\w*|complete\w*|results?|timely|operat\w*|work\w*|function\w*|always)\b/i,
      /\buninterrupted\b|\berror[- ]free\b|\bmakes? no (warranty|warranties|guarantee|promise)/i,
    ],
    documents: ['terms'],
    detailMayFollow: true,
  }),
  c({
    id: 'unilateral_termination',
    keywords: ['terminat', 'suspen', 'disable', 'deactivate', 'close', 'discontinue', 'cancel', 'at any time', 'inactivity'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: [
      'the_service_can_delete_your_account_without_prior_notice_and_without_a_reason',
      'they_may_stop_providing_the_service_at_any_time',
      'the_service_can_suspend_your_account_for_several_reasons',
    ],
    patterns: [
      /\b(may|can|will|reserves? the right to|right to)\b.{0,60}\b(terminate|suspend|disable|deactivate|close|discontinue|cancel)\b/i,
      /\b(terminat|suspen)\w*\b.{0,80}\b(your (account|access|use)|these terms|the agreements?)\b/i,
      /\bat any time\b.{0,40}\b(without notice|for any reason|with or without)\b/i,
      /\bperiods? of inactivity\b/i,
    ],
    exclude: [/\byou (may|can) (terminate|cancel|close|delete)\b|\b(wish|want|choose|decide) to (terminate|cancel|close|delete)\b/i],
    documents: ['terms'],
  }),
  c({
    id: 'unilateral_change',
    keywords: ['chang', 'modif', 'amend', 'revis', 'updat', 'alter', 'review', 'check'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: [
      'terms_may_be_changed_any_time_at_their_discretion_without_notice_to_the_user',
      'the_service_may_change_its_terms_at_any_time_but_the_user_will_receive',
      'users_should_revisit_the_terms_periodically_although_in_case_of_material',
    ],
    patterns: [
      /\b(chang(e|es|ing)|modif(y|ies|ications?)|amend(s|ments?)?|revis(e|es|ions?)|updat(e|es)|alter)\b.{0,40}\b(these|this|the|our)\b.{0,20}\b(terms|agreements?|conditions|policy|policies|fees|prices?|features?)\b/i,
      /\b(terms|agreement|policy)\b.{0,40}\b(may|will|can) (be )?(changed|modified|amended|revised|updated)\b/i,
      /\breserves? the right to\b.{0,40}\b(change|modify|amend|revise|update|alter)\b/i,
      /\b(review|check|revisit) (these terms|this page|this policy|the terms)\b.{0,30}\b(periodically|regularly|from time to time)\b/i,
    ],
    detailMayFollow: true,
  }),
  c({
    id: 'content_removal',
    keywords: ['remov', 'delet', 'block', 'disable', 'take down', 'taken down', 'refuse'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: [
      'the_service_can_delete_specific_content_without_reason_and_may_do_it_without',
      'this_service_can_delete_your_content_if_you_violate_the_terms',
    ],
    patterns: [
      /\b(remove|delete|block|disable access to|take down|refuse to (post|display))\b.{0,80}\b(content|posting|posts?|material|information|uploads?|submissions?|videos?|comments?)\b/i,
      /\b(content|posting|material)\b.{0,60}\b(removed|deleted|taken down|blocked)\b/i,
    ],
    // The user removing their own content ("these licences end when you remove Your Content").
    exclude: [/\byou( (may|can|could|choose to|are (free|able) to))? (remove|delete)\b/i],
    documents: ['terms'],
  }),
  c({
    id: 'contract_by_using',
    boilerplate: true,
    keywords: ['by ', 'continu', 'further', 'of the ', 'of our ', 'not agree'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: [],
    patterns: [
      /\bby (accessing|using|visiting|browsing|downloading|installing|registering|continuing|clicking)\b/i,
      /\b(continued|continuing|further) (use|access)\b.{0,100}\b(accept|agree|consent|constitut|deemed|indicat|bound)/i,
      /\b(use|access) of (the|our) (site|service|services|website|platform|app)\b.{0,60}\b(constitutes|signifies|indicates)\b/i,
      /\bif you do not agree\b.{0,80}\b(not use|stop using|do not (access|use))/i,
    ],
  }),
  c({
    id: 'indemnification',
    keywords: ['indemnif', 'harmless'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: ['you_agree_to_defend_indemnify_and_hold_the_service_harmless_in_case_of_a_claim'],
    patterns: [/\bindemnif(y|ies|ication)\b|\bhold (us |them )?harmless\b/i],
    documents: ['terms'],
  }),
  c({
    id: 'content_license',
    keywords: ['licen'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: [
      'this_service_can_use_your_content_for_all_their_existing_and_future_services',
      'the_service_can_distribute_your_content_through_any_media_known_now_or_in_the',
      'this_service_can_license_user_content_to_third_parties',
    ],
    patterns: [
      /\b(worldwide|perpetual|irrevocable|royalty[- ]free|sub-?licensable|transferable)\b.{0,120}\blicen[cs]e\b/i,
      /\blicen[cs]e\b.{0,60}\b(worldwide|perpetual|irrevocable|royalty[- ]free|sub-?licensable)\b/i,
    ],
    documents: ['terms'],
  }),
  c({
    id: 'moral_rights_waiver',
    keywords: ['moral rights', 'these rights', 'such rights', 'those rights'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: ['you_waive_your_moral_rights'],
    // A waiver, not a mention: "you retain all moral rights" and "taking into account the moral rights" are not one.
    patterns: [
      /\b(waive|waiving|waiver of|not (to )?(assert|enforce))\b.{0,80}\bmoral rights\b|\bmoral rights\b.{0,80}\b(waive[sd]?|waiver)\b/i,
      /\b(waive|not (to )?assert)\b.{0,20}\b(these|such|those) rights\b/i,
    ],
    documents: ['terms'],
  }),
  c({
    id: 'reduced_claim_period',
    keywords: ['claim', 'action'],
    severity: 'bad',
    list: 'keyPoints',
    tosdrCases: ['users_have_a_reduced_time_period_to_take_legal_action_against_the_service'],
    patterns: [
      /\b(within|no later than)\b.{0,30}\b(one|1|two|2|six|6)\s*(\(\d+\)\s*)?(year|month)s?\b.{0,80}\b(claim|cause of action|action)\b.{0,60}\b(barred|forever|must be|filed|commenced)\b/i,
      /\bcause of action\b.{0,120}\b(must (be )?commence|barred)/i,
    ],
    documents: ['terms'],
  }),
  c({
    id: 'auto_renewal',
    keywords: ['renew', 'recurring', 'cancel'],
    severity: 'neutral',
    list: 'keyPoints',
    tosdrCases: [],
    patterns: [/\b(automatically|auto-?)\s?renew/i, /\brecurring (billing|charges?|payments?)\b/i, /\buntil (you )?cancel/i],
    documents: ['terms'],
  }),
  c({
    id: 'no_refunds',
    keywords: ['refund'],
    severity: 'neutral',
    list: 'keyPoints',
    tosdrCases: ['the_service_has_a_no_refund_policy'],
    patterns: [
      /\b(non-?refundable|no refunds?|not (be )?(eligible for|entitled to) (a )?refunds?|do(es)? not (provide|offer|give) refunds?)\b/i,
    ],
    documents: ['terms'],
  }),
  c({
    id: 'refunds_offered',
    keywords: ['refund', 'withdraw', 'cancel'],
    severity: 'good',
    list: 'keyPoints',
    tosdrCases: [],
    patterns: [
      /\b(full|pro-?rated|partial)? ?refund\b.{0,60}\bwithin \d+ days\b|\bright (of|to) withdraw(al)?\b.{0,60}\b\d+ days\b|\b(cancel|withdraw)\b.{0,40}\bwithin (14|fourteen|30|thirty) days\b/i,
    ],
    exclude: [/\bno refunds?\b|\bnon-?refundable\b/i],
    documents: ['terms'],
  }),
  c({
    id: 'age_limit',
    keywords: ['13', '14', '15', '16', '18', '21', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'eighteen'],
    severity: 'neutral',
    list: 'keyPoints',
    tosdrCases: ['this_service_is_only_available_to_users_over_a_certain_age'],
    // Who may use the service, not any sentence naming an age ("… for users under the age of 18").
    patterns: [
      new RegExp(String.raw`\b(must|need to|have to) be\b.{0,40}\b${AGE}\b`, 'i'),
      new RegExp(String.raw`\b(at least|over|above|minimum age( of)?|older than|more than)\s*(the age of\s*)?\(?${AGE}\b`, 'i'),
      new RegExp(String.raw`\b${AGE}\)?\s*(years old |years of age |years )?(or|and) (older|over|above)\b`, 'i'),
      new RegExp(String.raw`\bif you are (a child |a minor )?(under|below|younger than) (the age of )?${AGE}\b`, 'i'),
      new RegExp(
        String.raw`\bnot (intended|directed|designed|available|offered|meant|allowed)\b.{0,40}\b(under|below|younger than) (the age of )?${AGE}\b`,
        'i',
      ),
      new RegExp(
        String.raw`\b(you are|users?|anyone|persons?|people|individuals?|child(ren)?) (under|below|younger than) (the age of )?${AGE}\b.{0,80}\b(may not|must not|cannot|can't|shall not|should not|(are|is) not (allowed|permitted|eligible)|(strictly )?prohibited)\b`,
        'i',
      ),
    ],
  }),
  c({
    id: 'user_ownership',
    keywords: ['retain', 'keep', 'maintain', 'own', 'yours'],
    severity: 'good',
    list: 'keyPoints',
    tosdrCases: ['you_maintain_ownership_of_your_data'],
    patterns: [
      /\byou (retain|keep|maintain|own)\b.{0,40}\b(ownership|rights?|title)\b.{0,60}\b(content|data|material|information)\b/i,
      /\byour content (remains|is) yours\b|\byou own (all|your)\b.{0,30}\bcontent\b/i,
    ],
    exclude: [/\bdo not own\b/i],
  }),
  c({
    id: 'leave_any_time',
    keywords: ['terminat', 'cancel', 'close', 'delet', 'stop using', 'deactivat', 'disable', 'end', 'discontinu'],
    severity: 'good',
    list: 'keyPoints',
    tosdrCases: ['you_have_the_right_to_leave_this_service_at_any_time', 'you_can_delete_your_content_from_this_service'],
    patterns: [
      // Not "you can appeal our decision to terminate your account", nor "you can cancel (a booking) anytime".
      /\byou (may|can)( (also|always|easily|simply|choose to|at any time))? (terminate|cancel|close|delete|deactivate|disable|end|stop using|discontinue)\b.{0,30}\b(account|subscription|membership|plan|these terms|this agreement|the agreement|legal agreement|services?|platform)\b/i,
      /\b(if|should|when) you (wish|want|choose|decide) to (delete|close|terminate|cancel|deactivate) your account\b|\b(free|right) to (stop using|close|delete|terminate|discontinue)\b/i,
    ],
    documents: ['terms'],
  }),
  // --- Privacy practices ---------------------------------------------------------------------------
  c({
    id: 'sale_of_data',
    keywords: ['sell', 'sale', 'sold', 'cross-context'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: [
      'your_personal_data_is_given_to_third_parties',
      'the_service_can_sell_or_otherwise_transfer_your_personal_data_as_part_of_a',
    ],
    patterns: [
      /\b(sell|sale of|sold|selling)\b.{0,60}\b(personal (data|information)|your (data|information))\b/i,
      /\bshar(e|ing)\b.{0,40}\bfor cross-context behavio(u)?ral advertising\b/i,
    ],
    // Not a ban on users selling data ("you may not use the API … for selling users' personal information").
    exclude: [NO_SALE, /\bnot sell\b|\bno sale\b|\byou (may|must|shall|will) not\b|\bprohibit/i],
  }),
  c({
    id: 'no_sale_of_data',
    keywords: ['sell', 'rent'],
    severity: 'good',
    list: 'privacyConcerns',
    tosdrCases: ['this_service_does_not_sell_your_personal_data', 'the_service_does_not_share_user_information_with_third_parties'],
    patterns: [NO_SALE],
  }),
  c({
    id: 'third_party_sharing',
    keywords: ['third', 'partner', 'advertiser', 'affiliate', 'service provider', 'vendor'],
    severity: 'bad',
    // ("Your personal data is shared with third parties" is true of nearly every service: listed where it names with whom.)
    listOnlyWhenSpecific: true,
    list: 'privacyConcerns',
    tosdrCases: [
      'your_personal_data_is_given_to_third_parties',
      'third_parties_may_be_involved_in_operating_the_service',
      'many_third_parties_are_involved_in_operating_the_service',
    ],
    patterns: [
      // "(partners) provide us with …" is data coming in, not going out.
      /\b(share|disclose|provide|transfer)\w*\b(?! (with )?us\b).{0,80}\b(with|to)\b.{0,40}\b(third[- ]part(y|ies)|partners|advertisers|affiliates|service providers|vendors)\b/i,
    ],
    exclude: [/\b(do|does|will) not (share|disclose)\b/i],
    documents: ['privacy'],
  }),
  c({
    id: 'targeted_advertising',
    keywords: ['ads', 'advertis', 'marketing'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: [
      'the_service_uses_your_personal_data_to_employ_targeted_third_party_advertising',
      'this_service_may_use_your_personal_information_for_marketing_purposes',
    ],
    patterns: [
      /\b(targeted|personali[sz]ed|interest-based|behavio(u)?ral|relevant)\s+(ads|advertising|advertisements|marketing)\b/i,
      /\b(show|serve|deliver)\w*\b.{0,30}\b(ads|advertising)\b.{0,60}\b(based on|interests?|activity)\b/i,
    ],
  }),
  c({
    id: 'cross_site_tracking',
    keywords: ['pixel', 'beacon', 'tracking technolog', 'fingerprint', 'sdk', 'sites', 'apps', 'services', 'devices'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: [
      'this_service_tracks_you_on_other_websites',
      'the_service_may_use_tracking_pixels_web_beacons_browser_fingerprinting_and_or',
      'the_service_uses_social_media_cookies_pixels',
      'tracking_via_third_party_cookies_for_other_purposes_without_your_consent',
    ],
    patterns: [
      /\b(pixels?|web beacons?|tracking technolog|fingerprint|SDKs?)\b/i,
      /\b(other|third[- ]party) (websites|sites|apps)\b.{0,80}\b(track|collect|information|activity|cookies)/i,
      /\b(across|on) (other|different) (websites|sites|apps|services|devices)\b/i,
    ],
  }),
  c({
    id: 'do_not_track_ignored',
    keywords: ['do not track'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: ['this_service_ignores_the_do_not_track_dnt_header_and_tracks_users_anyway_even'],
    patterns: [
      /\bdo not track\b.{0,120}\b(not (respond|honou?r)|do not (respond|currently))|\b(not (respond|honou?r)|do not (respond|currently))\b.{0,80}\bdo not track\b/i,
    ],
  }),
  c({
    id: 'location',
    keywords: ['location', 'gps'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: ['this_service_may_collect_use_and_share_location_data', 'this_service_collects_your_ip_address_for_location_use'],
    patterns: [/\b(precise|approximate|device|gps|geo-?)?\s?location (data|information|services)\b|\bgeolocation\b|\bgps\b/i],
    documents: ['privacy'],
  }),
  c({
    id: 'biometrics',
    keywords: ['biometric', 'face', 'facial', 'voice', 'fingerprint'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: [],
    patterns: [/\bbiometric\b|\bface ?print|\bfacial (recognition|geometry)|\bvoice ?print|\bfingerprints? (scan|data)\b/i],
  }),
  c({
    id: 'private_messages',
    keywords: ['messages', 'communications', 'emails'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: ['the_service_can_read_your_private_messages'],
    patterns: [/\b(content of|contents of|read|scan|analy[sz]e)\b.{0,40}\b(your )?(private )?(messages|communications|emails)\b/i],
    exclude: [
      /\bend-to-end encrypt/i,
      /\b(e-?mails?|messages|communications) (to|with) us\b/i,
      /\bnot (the )?contents? of (such |your |these )?(messages|communications|emails)\b/i,
    ],
    documents: ['privacy'],
  }),
  c({
    id: 'data_retention',
    keywords: ['retain', 'keep', 'store', 'retention'],
    severity: 'neutral',
    list: 'privacyConcerns',
    tosdrCases: [
      'this_service_keeps_user_logs_for_an_undefined_period_of_time',
      'the_services_data_retention_period_is_kept_to_the_minimum_necessary_for',
      'user_logs_are_deleted_after_a_finite_period_of_time',
      'this_service_may_keep_personal_data_after_a_request_for_erasure_for_business',
    ],
    patterns: [
      /\b(retain|keep|store|retention)\b.{0,100}\b(as long as|for (up to )?\d+|for (a period|the period)|until|no longer than|years?|months?|days)\b/i,
      /\bretention (period|policy|policies)\b/i,
    ],
    documents: ['privacy'],
  }),
  c({
    id: 'children',
    keywords: ['child', 'minor', 'coppa', 'under'],
    severity: 'neutral',
    list: 'privacyConcerns',
    tosdrCases: [],
    patterns: [/\bchildren\b|\bminors?\b|\bCOPPA\b|\bunder (the age of )?(13|16)\b/i],
    // A report to the National Center for Missing & Exploited Children is not a rule about children's data.
    exclude: [/\bMissing (and|&) Exploited Children\b/i],
    documents: ['privacy'],
  }),
  c({
    id: 'international_transfer',
    keywords: [
      'outside',
      'other countries',
      'other jurisdictions',
      'countries other',
      'international',
      'around the world',
      'united states',
      'standard contractual',
      'adequacy',
    ],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: ['your_data_may_be_processed_and_stored_anywhere_in_the_world'],
    patterns: [
      // "outside" only of a place: "outside the EEA", "outside your country", not "outside of our control".
      /\b(transfer|process|store)\w*\b.{0,80}\b(outside (of )?(the |your |our )?(countr|jurisdiction|region|eea\b|e\.?u\b|european|u\.?k\b|united|switzerland|where you)|other (countries|jurisdictions)|countries other than|international|around the world|in the United States)/i,
      /\bstandard contractual clauses\b|\badequacy decision/i,
    ],
    documents: ['privacy'],
  }),
  c({
    id: 'security_breach',
    keywords: ['breach', 'no method', 'no system', 'no security', 'cannot guarantee', 'encrypt'],
    severity: 'neutral',
    list: 'privacyConcerns',
    tosdrCases: [
      'the_user_is_informed_about_security_practices',
      'this_service_assumes_no_liability_for_unauthorized_access_to_your_personal',
    ],
    patterns: [
      /\b(data )?breach\b|\bno (method|system|security measures?)\b.{0,60}\b(100%|completely|perfectly|secure)\b|\bcannot guarantee\b.{0,40}\bsecurity\b|\bencrypt(ed|ion)\b/i,
    ],
    documents: ['privacy'],
  }),
  c({
    id: 'government_requests',
    boilerplate: true,
    keywords: ['law enforcement', 'government', 'legal process', 'subpoena', 'court order'],
    severity: 'neutral',
    list: 'privacyConcerns',
    tosdrCases: [
      'this_service_reserves_the_right_to_disclose_your_personal_information_without',
      'the_service_is_transparent_regarding_government_requests_or_inquiries_that_may',
    ],
    patterns: [/\b(law enforcement|government (requests?|authorities|agencies)|legal process|subpoena|court order)\b/i],
    documents: ['privacy'],
  }),
  c({
    id: 'business_transfer',
    boilerplate: true,
    keywords: ['merger', 'acquisition', 'bankruptcy', 'reorgani', 'sale of'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: ['the_service_can_sell_or_otherwise_transfer_your_personal_data_as_part_of_a'],
    patterns: [
      /\b(merger|acquisition|bankruptcy|reorgani[sz]ation|sale of (all or )?(some|part|a portion|substantially all) of (our|its) (assets|business))\b/i,
    ],
    documents: ['privacy'],
  }),
  c({
    id: 'ai_training',
    keywords: ['artificial intelligence', 'ai', 'machine learning', 'model', 'generative'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: [],
    patterns: [
      /\b(train|training|improve|develop)\w*\b.{0,60}\b(artificial intelligence|AI|machine learning|models?|generative)\b/i,
      /\b(artificial intelligence|AI|machine learning|generative AI)\b.{0,60}\b(train|training)\b/i,
    ],
    // A rule for the user ("you will not use AI-generated content to develop models") is no use of their data.
    exclude: [/\byou (will|shall|may|must) not\b/i],
  }),
  c({
    id: 'data_collection_breadth',
    listOnlyWhenSpecific: true,
    keywords: [...DATA_KINDS.map(singular), 'third', 'partner', 'data broker', 'other sources'],
    severity: 'bad',
    list: 'privacyConcerns',
    tosdrCases: [
      'the_service_collects_many_different_types_of_personal_data',
      'this_service_gathers_information_about_you_through_third_parties',
    ],
    patterns: [
      new RegExp(String.raw`\b(we )?collect\w*\b.{0,80}\b(${DATA_KINDS.map((kind) => `${singular(kind)}s?`).join('|')})\b`, 'i'),
      new RegExp(`${FROM_OTHER_SOURCES.source}.{0,40}\\b(information|data)\\b`, 'i'),
    ],
    documents: ['privacy'],
  }),
  c({
    id: 'rights_access_deletion',
    listOnlyWhenSpecific: true,
    keywords: ['personal data', 'personal information', 'your data', 'your information', 'you can', 'you may', 'right', 'request', 'ask'],
    severity: 'good',
    list: 'privacyConcerns',
    tosdrCases: ['you_can_request_access_and_deletion_of_personal_data', 'this_service_allows_you_to_retrieve_an_archive_of_your_data'],
    patterns: [
      /\b(right|request|ask)\w*\b.{0,60}\b(access|delet(e|ion)|eras(e|ure)|correct|rectif|portab|copy of)\w*\b.{0,60}\b(personal (data|information)|your (data|information))\b/i,
      /\bdownload (a copy of )?your (data|information)\b/i,
      // The verb must be what you may do: "you can also request to delete", not "you can protect access to your data".
      /\byou (can|may|have the right to):?( (also|always|easily|directly|then|usually|at any time|request( to)?|ask( us)? to|choose to|learn how to))* (access|delete|erase|correct|rectify|edit|export|download|remove)\b/i,
      /\bright (of|to) (access|erasure|rectification|deletion|data portability|be forgotten|correct|delete|erase)\b/i,
      /\b(request|ask)\w*\b.{0,40}\b(delet|eras|correct|rectif|remov|access to)\w*/i,
    ],
    documents: ['privacy'],
  }),
  c({
    id: 'opt_out',
    listOnlyWhenSpecific: true,
    keywords: ['opt', 'unsubscribe', 'withdraw', 'turn off', 'switch off', 'ad settings', 'ad preferences'],
    severity: 'good',
    list: 'privacyConcerns',
    tosdrCases: [
      'you_can_opt_out_of_promotional_communications',
      'you_can_opt_out_of_targeted_advertising',
      'this_service_employs_third_party_cookies_but_with_opt_out_instructions',
    ],
    patterns: [/\bopt[- ]?out\b|\bunsubscribe\b|\bwithdraw (your )?consent\b|\b(turn|switch) off\b|\bad (settings|preferences)\b/i],
    exclude: [/\barbitrat/i],
  }),
  c({
    id: 'cookies',
    listOnlyWhenSpecific: true,
    keywords: ['cookie'],
    severity: 'neutral',
    list: 'privacyConcerns',
    tosdrCases: [
      'this_service_uses_third_party_cookies_for_statistics',
      'blocking_first_party_cookies_may_limit_your_ability_to_use_the_service',
      'this_service_requires_first_party_cookies',
    ],
    patterns: [/\bcookies?\b/i],
  }),
] as const satisfies readonly Category[];
