/**
 * The fact readers on sentences of services they were never written from: each ToS;DR quote
 * (../shared/corpus/tosdr_points.jsonl, 301 services) whose case states a question's answer is
 * read on its own as a one-clause document, and the answer is compared with what the case says.
 * An answer the case rules out is a false assertion on unseen phrasing; an answer it names is a
 * hit; "not stated" is neither (a lone quote often lacks what the reader needs, such as the
 * object of a denial or the audience). Quotes of the 34 dev services are reported apart.
 *   tsx packages/analysis/scripts/tosdr-eval.ts [--json] [--show]
 * `--show` prints every quote read against its case (the false ones first).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentType } from '@fineprint/contracts';
import { analyzeDocuments } from '../src/analyze';
import { PRIVACY_QUESTIONS, SHARED, isDevService, namesPlace } from './eval-support';

const args = process.argv.slice(2);

/** What a ToS;DR case says about one question: the answers it names, and the ones it rules out. */
interface CaseReading {
  /** Case label (slug of the case title) or its first characters (labels are cut at 80). */
  readonly label: string;
  readonly question: string;
  readonly agrees: readonly string[];
  readonly contradicts: readonly string[];
  /** A number the answer states must be written in the quote (ages). */
  readonly numberInQuote?: boolean;
  /** A place the answer states must be named in the quote (a word of it, or its adjective: "English law"). */
  readonly placeInQuote?: boolean;
}

const CASES: readonly CaseReading[] = [
  { label: 'this_service_does_not_sell_your_personal_data', question: 'sells_data', agrees: ['no'], contradicts: ['yes', 'yes_opt_out'] },
  { label: 'the_service_may_sell_your_data_unless_you_opt_out', question: 'sells_data', agrees: ['yes_opt_out'], contradicts: ['no'] },
  {
    label: 'the_service_does_not_share_user_information_with_third_parties',
    question: 'sells_data',
    agrees: ['no'],
    contradicts: ['yes', 'yes_opt_out'],
  },
  {
    label: 'the_service_uses_your_personal_data_to_employ_targeted_third_party',
    question: 'targeted_ads',
    agrees: ['yes', 'yes_opt_in', 'yes_opt_out'],
    contradicts: ['no'],
  },
  { label: 'you_can_opt_out_of_targeted_advertising', question: 'targeted_ads', agrees: ['yes_opt_out'], contradicts: ['no'] },
  { label: 'the_service_uses_your_personal_data_for_advertising', question: 'targeted_ads', agrees: [], contradicts: ['no'] },
  { label: 'this_service_tracks_you_on_other_websites', question: 'cross_site_tracking', agrees: ['yes'], contradicts: ['no'] },
  { label: 'tracking_via_third_party_cookies_for_other_purposes', question: 'cross_site_tracking', agrees: ['yes'], contradicts: ['no'] },
  { label: 'this_service_does_not_track_you', question: 'cross_site_tracking', agrees: ['no'], contradicts: ['yes'] },
  {
    label: 'this_service_gathers_information_about_you_through_third_parties',
    question: 'third_party_data',
    agrees: ['yes'],
    contradicts: ['no'],
  },
  {
    label: 'this_service_receives_your_location_through_gps_coordinates',
    question: 'precise_location',
    agrees: ['yes', 'yes_with_permission'],
    contradicts: ['no'],
  },
  {
    label: 'this_service_does_not_collect_use_or_share_location_data',
    question: 'precise_location',
    agrees: ['no'],
    contradicts: ['yes', 'yes_with_permission'],
  },
  {
    label: 'this_service_collects_your_ip_address_for_location_use',
    question: 'precise_location',
    agrees: [],
    contradicts: ['yes', 'yes_with_permission'],
  },
  { label: 'your_biometric_data_is_collected', question: 'biometrics', agrees: ['yes', 'yes_with_consent'], contradicts: ['no'] },
  { label: 'the_service_can_read_your_private_messages', question: 'message_content', agrees: ['yes'], contradicts: ['no'] },
  { label: 'user_logs_are_deleted_after_a_finite_period_of_time', question: 'retention', agrees: ['fixed_periods'], contradicts: [] },
  {
    label: 'you_can_request_access_and_deletion_of_personal_data',
    question: 'account_deletion',
    agrees: ['self_service', 'by_request'],
    contradicts: ['no'],
  },
  {
    label: 'this_service_allows_you_to_retrieve_an_archive_of_your_data',
    question: 'data_export',
    agrees: ['self_service', 'by_request'],
    contradicts: ['no'],
  },
  {
    label: 'this_service_provides_a_way_for_you_to_export_your_data',
    question: 'data_export',
    agrees: ['self_service', 'by_request'],
    contradicts: ['no'],
  },
  {
    label: 'the_service_promises_to_inform_and_or_notify_users_regarding_government',
    question: 'law_enforcement_notice',
    agrees: ['yes'],
    contradicts: ['no'],
  },
  {
    label: 'this_service_reserves_the_right_to_disclose_your_personal_information_without',
    question: 'law_enforcement_notice',
    agrees: ['no'],
    contradicts: ['yes'],
  },
  {
    label: 'the_services_will_notify_users_if_personal_data_has_been_affected_by_data',
    question: 'breach_notice',
    agrees: ['yes'],
    contradicts: [],
  },
  {
    label: 'your_data_may_be_processed_and_stored_anywhere_in_the_world',
    question: 'international_transfer',
    agrees: ['yes'],
    contradicts: ['no'],
  },
  {
    label: 'this_service_is_only_available_to_users_over_a_certain_age',
    question: 'min_age',
    agrees: [],
    contradicts: [],
    numberInQuote: true,
  },
  {
    label: 'this_service_forces_users_into_binding_arbitration_in_the_case_of_disputes',
    question: 'arbitration',
    agrees: ['mandatory', 'mandatory_with_opt_out'],
    contradicts: [],
  },
  {
    label: 'this_service_does_not_force_users_into_binding_arbitration',
    question: 'arbitration',
    agrees: ['none'],
    contradicts: ['mandatory', 'mandatory_with_opt_out'],
  },
  { label: 'you_waive_your_right_to_a_class_action', question: 'class_action_waiver', agrees: ['yes'], contradicts: [] },
  { label: 'you_waive_your_moral_rights', question: 'moral_rights_waiver', agrees: ['yes'], contradicts: [] },
  { label: 'this_service_can_license_user_content_to_third_parties', question: 'content_licence', agrees: ['broad'], contradicts: [] },
  {
    label: 'the_service_can_distribute_your_content_through_any_media_known_now_or_in',
    question: 'content_licence',
    agrees: ['broad'],
    contradicts: [],
  },
  {
    label: 'terms_may_be_changed_any_time_at_their_discretion_without_notice_to_the_user',
    question: 'terms_change_notice',
    agrees: ['no_notice'],
    contradicts: ['advance_notice'],
  },
  {
    label: 'when_the_service_wants_to_make_a_material_change_to_its_terms_users_are',
    question: 'terms_change_notice',
    agrees: ['advance_notice'],
    contradicts: ['no_notice'],
  },
  {
    label: 'when_the_service_wants_to_change_its_terms_users_are_notified_a_week_or_more_in',
    question: 'terms_change_notice',
    agrees: ['advance_notice'],
    contradicts: ['no_notice'],
  },
  {
    label: 'the_service_can_delete_your_account_without_prior_notice_and_without_a_reason',
    question: 'termination_without_notice',
    agrees: ['yes'],
    contradicts: ['no'],
  },
  {
    label: 'any_liability_on_behalf_of_the_service_is_only_limited_to_the_fees_you_paid_as',
    question: 'liability_cap',
    agrees: [],
    contradicts: [],
  },
  {
    label: 'you_agree_to_defend_indemnify_and_hold_the_service_harmless_in_case_of_a_claim',
    question: 'indemnity',
    agrees: ['yes'],
    contradicts: [],
  },
  {
    label: 'you_are_solely_responsible_for_claims_made_against_the_service_and_agree_to',
    question: 'indemnity',
    agrees: ['yes'],
    contradicts: [],
  },
  {
    label: 'users_have_a_reduced_time_period_to_take_legal_action_against_the_service',
    question: 'claim_time_limit',
    agrees: [],
    contradicts: [],
  },
  {
    label: 'you_authorise_the_service_to_charge_a_credit_card_supplied_on_re_occurring_basis',
    question: 'auto_renewal',
    agrees: ['yes'],
    contradicts: ['no'],
  },
  { label: 'the_service_has_a_no_refund_policy', question: 'refunds', agrees: ['no'], contradicts: ['yes', 'partial'] },
  {
    label: 'this_service_has_a_no_refund_policy_with_some_exceptions',
    question: 'refunds',
    agrees: ['no', 'partial'],
    contradicts: ['yes'],
  },
  {
    label: 'users_are_entitled_to_a_refund_if_certain_thresholds_or_standards_are_not_met',
    question: 'refunds',
    agrees: ['partial', 'yes'],
    contradicts: ['no'],
  },
  { label: 'the_court_of_law_governing_the_terms_is_in_location_x', question: 'courts', agrees: [], contradicts: [], placeInQuote: true },
  {
    label: 'the_court_of_law_governing_the_terms_is_in_location_x',
    question: 'governing_law',
    agrees: [],
    contradicts: [],
    placeInQuote: true,
  },
];
/** The answers of a closed question that also stand for "nothing says otherwise". */
const DEFAULTS = new Set(['not_stated', 'none', 'none_stated']);
const WORD_NUMBERS: Record<string, number> = {
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  eighteenth: 18,
  twenty: 20,
  'twenty-one': 21,
};

interface Point {
  doc: string;
  sentence: string;
  labels: string[];
  ratings: string[];
  document?: string;
}
const points = readFileSync(join(SHARED, 'corpus/tosdr_points.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Point);

type Outcome = 'agrees' | 'contradicts' | 'other' | 'not_stated';
interface Reading {
  case: CaseReading;
  doc: string;
  dev: boolean;
  sentence: string;
  value: string;
  outcome: Outcome;
}

function outcomeOf(reading: CaseReading, value: string, sentence: string): Outcome {
  if (reading.numberInQuote && !DEFAULTS.has(value)) {
    const numbers = [...sentence.matchAll(/\d+/g)].map((m) => Number(m[0]));
    for (const [word, n] of Object.entries(WORD_NUMBERS)) if (new RegExp(`\\b${word}\\b`, 'i').test(sentence)) numbers.push(n);
    return numbers.includes(Number(value)) ? 'agrees' : 'contradicts';
  }
  if (reading.placeInQuote && !DEFAULTS.has(value)) return namesPlace(value, [sentence]) ? 'agrees' : 'contradicts';
  if (reading.contradicts.includes(value)) return 'contradicts';
  if (reading.agrees.includes(value)) return 'agrees';
  if (DEFAULTS.has(value)) return 'not_stated';
  return reading.agrees.length === 0 ? 'agrees' : 'other';
}

const readings: Reading[] = [];
for (const point of points) {
  for (const reading of CASES.filter((c) => point.labels.some((label) => label.startsWith(c.label)))) {
    const type: DocumentType = PRIVACY_QUESTIONS.has(reading.question) ? 'privacy' : 'terms';
    const result = await analyzeDocuments([{ type, url: `file://tosdr/${point.doc}`, mediaType: 'markdown', content: point.sentence }]);
    const value = String((result.factSheet as Record<string, { value: unknown }> | undefined)?.[reading.question]?.value ?? 'not_stated');
    readings.push({
      case: reading,
      doc: point.doc,
      dev: isDevService(point.doc),
      sentence: point.sentence,
      value,
      outcome: outcomeOf(reading, value, point.sentence),
    });
  }
}

/**
 * The lists on the same quotes: a quote ToS;DR rates good (a denial, a right, a limit) that yields a bad item is a practice
 * read where the text promises the opposite, or the user's right read as the service's power.
 */
interface Inverted {
  doc: string;
  dev: boolean;
  sentence: string;
  case: string;
  items: string[];
}
const inverted: Inverted[] = [];
let goodQuotes = 0;
for (const point of points) {
  const good = point.ratings.indexOf('good');
  if (good < 0) continue;
  goodQuotes++;
  const type: DocumentType = /privacy|data|cookie/i.test(point.document ?? '') ? 'privacy' : 'terms';
  const result = await analyzeDocuments([{ type, url: `file://tosdr/${point.doc}`, mediaType: 'markdown', content: point.sentence }]);
  const items = [...result.details.keyPoints, ...result.details.privacyConcerns]
    .filter((item) => item.severity === 'bad' || item.severity === 'blocker')
    .map((item) => `${item.severity}: ${item.text}`);
  if (items.length > 0)
    inverted.push({ doc: point.doc, dev: isDevService(point.doc), sentence: point.sentence, case: point.labels[good]!, items });
}

function tally(list: readonly Reading[]) {
  const count = (o: Outcome) => list.filter((r) => r.outcome === o).length;
  const stated = list.length - count('not_stated');
  return { quotes: list.length, stated, agrees: count('agrees'), other: count('other'), contradicts: count('contradicts') };
}
const byQuestion = new Map<string, Reading[]>();
for (const r of readings) byQuestion.set(r.case.question, [...(byQuestion.get(r.case.question) ?? []), r]);
const unseen = readings.filter((r) => !r.dev);
const summary = {
  unseenServices: new Set(unseen.map((r) => r.doc)).size,
  unseen: tally(unseen),
  dev: tally(readings.filter((r) => r.dev)),
  perQuestion: Object.fromEntries([...byQuestion].map(([q, list]) => [q, tally(list.filter((r) => !r.dev))])),
  goodQuotes,
  goodQuotesWithBadItems: inverted.length,
};
if (args.includes('--json')) {
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} else {
  const line = (name: string, t: ReturnType<typeof tally>) =>
    `${name.padEnd(28)}${String(t.quotes).padStart(7)}${String(t.stated).padStart(8)}${String(t.agrees).padStart(8)}${String(t.other).padStart(7)}${String(t.contradicts).padStart(7)}  ${t.stated ? ((100 * t.contradicts) / t.stated).toFixed(1) : '-'}%\n`;
  let table = `ToS;DR quotes read alone (${summary.unseenServices} services outside the 34 dev services)\n`;
  table += `${''.padEnd(28)}${'quotes'.padStart(7)}${'stated'.padStart(8)}${'agrees'.padStart(8)}${'other'.padStart(7)}${'false'.padStart(7)}  false/stated\n`;
  table += line('unseen services', summary.unseen) + line('dev services', summary.dev);
  for (const [q, t] of Object.entries(summary.perQuestion)) table += line(`  ${q}`, t);
  table += `\nquotes rated good that gave a bad item: ${inverted.length} of ${goodQuotes} (all services)\n`;
  process.stdout.write(table);
}
if (args.includes('--show')) {
  for (const r of inverted)
    process.stdout.write(`\n[good → bad] ${r.doc} (${r.case})\n  ${r.sentence.slice(0, 400)}\n  → ${r.items.join('\n  → ')}\n`);
  const order: Outcome[] = ['contradicts', 'other', 'agrees', 'not_stated'];
  for (const outcome of order) {
    for (const r of readings.filter((x) => x.outcome === outcome && !x.dev)) {
      process.stdout.write(`\n[${outcome}] ${r.case.question}=${r.value} (${r.doc}; ${r.case.label})\n  ${r.sentence.slice(0, 600)}\n`);
    }
  }
}
