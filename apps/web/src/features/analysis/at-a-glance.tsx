import type { AnalysisResult, FactAnswer, FactId } from '@fineprint/contracts';
import { ReportButton } from '../../components/report/report-button';
import { QuotedLinks } from './quoted-links';
import { quoteLink } from './text-fragment';

/** The question each row answers, in the reader's words; the compiler requires every fact id. */
const QUESTIONS: Record<FactId, string> = {
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
};

const VALUES: Record<string, string> = {
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

/** The answer in words: enum values read as phrases, numbers with their unit. */
function answerText(id: FactId, answer: FactAnswer): string {
  if (typeof answer.value === 'number') return id === 'claim_time_limit' ? `${answer.value} days` : String(answer.value);
  if (VALUES[answer.value]) return VALUES[answer.value]!;
  // Free text quoted from the terms (a liability cap) in shouted capitals reads as a sentence; addresses stay as written.
  if (answer.value !== answer.value.toUpperCase()) return answer.value;
  const text = answer.value.toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The detail fields of an answer, as one short line. */
function detailText(answer: FactAnswer): string {
  const parts: string[] = [];
  if (answer.periods?.length)
    parts.push(
      answer.periods
        .map((p) => (p.days > 0 && p.days % 365 === 0 ? `${p.days / 365} year${p.days === 365 ? '' : 's'}` : `${p.days} days`))
        .join(', '),
    );
  if (answer.how) parts.push(answer.how);
  if (answer.hours) parts.push(`within ${answer.hours} hours`);
  if (answer.where?.length) parts.push(answer.where.join(', '));
  if (answer.opt_out_days) parts.push(`opt out within ${answer.opt_out_days} days`);
  if (answer.opt_out_contact) parts.push(answer.opt_out_contact);
  if (answer.days) parts.push(`${answer.days} days' notice`);
  if (answer.usd) parts.push(`US$${answer.usd}`);
  // Other users' rule where it differs ("users outside the US: Singapore").
  if (answer.variants?.length) parts.push(answer.variants.map((v) => `${v.scope}: ${String(v.value)}`).join('; '));
  const flags = (['perpetual', 'irrevocable', 'sublicensable'] as const).filter((flag) => answer[flag]);
  if (flags.length) parts.push(flags.join(', '));
  return parts.join(' · ');
}

const DOCUMENT_NAMES = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;

/** "At a glance": the fact sheet as a compact table, each row opening to the clause that states it. */
export function AtAGlance({ factSheet, resultId }: { factSheet: AnalysisResult['factSheet']; resultId?: string }) {
  const rows = (Object.keys(QUESTIONS) as FactId[]).filter((id) => factSheet[id]);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="at-a-glance" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="at-a-glance" className="mb-3 text-lg font-semibold">
        At a glance
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.map((id) => {
          const answer = factSheet[id];
          const isStated = answer.evidence.length > 0;
          const detail = detailText(answer);
          return (
            <li key={id} className="py-1.5">
              <details>
                <summary className="flex cursor-pointer flex-wrap gap-x-3 gap-y-1 select-none">
                  <span className="min-w-[14rem] font-medium text-slate-800">{QUESTIONS[id]}</span>
                  <span className={isStated ? 'text-slate-900' : 'text-slate-500'}>{answerText(id, answer)}</span>
                  {detail && <span className="text-slate-600">{detail}</span>}
                  {answer.scope && <span className="text-xs text-slate-500">({answer.scope})</span>}
                </summary>
                {isStated ? (
                  answer.evidence.map((evidence) => {
                    const href = quoteLink(evidence.url, evidence.quote);
                    return (
                      <blockquote
                        key={`${evidence.start}-${evidence.end}`}
                        className="mt-1 border-l-2 border-slate-300 pl-2 text-xs text-slate-600 italic"
                      >
                        “{evidence.quote}”
                        <QuotedLinks evidence={evidence} />{' '}
                        {href ? (
                          <a className="not-italic underline" href={href} target="_blank" rel="noopener noreferrer nofollow">
                            {DOCUMENT_NAMES[evidence.document]}
                          </a>
                        ) : (
                          <span className="not-italic">{DOCUMENT_NAMES[evidence.document]}</span>
                        )}
                      </blockquote>
                    );
                  })
                ) : (
                  <p className="mt-1 text-xs text-slate-500">
                    {answer.value === 'not_stated' || answer.value === 'none_stated'
                      ? 'The documents we read do not say.'
                      : 'No clause of the documents we read provides for it.'}
                  </p>
                )}
                <ReportButton
                  resultId={resultId}
                  target={{ kind: 'fact', fact: id }}
                  what={`${QUESTIONS[id]}: ${answerText(id, answer)}`}
                />
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
