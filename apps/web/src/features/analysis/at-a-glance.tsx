import {
  FACT_LEGEND,
  FACT_QUESTIONS,
  FACT_VALUE_WORDS,
  factTone,
  liabilityCapText,
  MESSAGES,
  plural,
  RESULT_MESSAGES,
  showAllRows,
  type AnalysisResult,
  type AnalyzedDocument,
  type Evidence,
  type FactAnswer,
  type FactId,
  type FactTone,
} from '@fineprint/contracts';
import { useState } from 'react';
import { ReportButton } from '../../components/report/report-button';
import { QuotedLinks } from './quoted-links';
import { SeverityBadge } from './severity';
import { quoteLink } from './text-fragment';

/** The question each row answers, in the reader's words (one record, shared with the comparison). */
export const QUESTIONS = FACT_QUESTIONS;

const VALUES = FACT_VALUE_WORDS;

/** The answer in words: enum values read as phrases, numbers with their unit. */
export function answerText(id: FactId, answer: FactAnswer): string {
  if (typeof answer.value === 'number') return id === 'claim_time_limit' ? plural(answer.value, 'day') : String(answer.value);
  // A "not stated" answer with clauses on its topic: they are shown for the reader to judge.
  if (answer.value === 'not_stated' && answer.related?.length) return RESULT_MESSAGES.notStatedPlainly;
  // A liability cap from its structured fields, never the clause's words.
  const cap = id === 'liability_cap' ? liabilityCapText(answer) : undefined;
  if (cap) return `${RESULT_MESSAGES.cappedAt} ${cap}`;
  if (VALUES[answer.value]) return VALUES[answer.value]!;
  // Free text quoted from the terms (a liability cap) in shouted capitals reads as a sentence; addresses stay as written.
  if (answer.value !== answer.value.toUpperCase()) return answer.value;
  const text = answer.value.toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The detail fields of an answer, as one short line. */
export function detailText(answer: FactAnswer): string {
  const parts: string[] = [];
  if (answer.periods?.length)
    parts.push(
      answer.periods.map((p) => (p.days > 0 && p.days % 365 === 0 ? plural(p.days / 365, 'year') : plural(p.days, 'day'))).join(', '),
    );
  if (answer.how) parts.push(answer.how);
  if (answer.hours) parts.push(`within ${plural(answer.hours, 'hour')}`);
  if (answer.where?.length) parts.push(answer.where.join(', '));
  if (answer.opt_out_days) parts.push(`opt out within ${plural(answer.opt_out_days, 'day')}`);
  if (answer.opt_out_contact) parts.push(answer.opt_out_contact);
  if (answer.days) parts.push(`${plural(answer.days, 'day')}' notice`.replace(/^1 day' /, "1 day's "));
  if (answer.usd && !answer.cap) parts.push(`US$${answer.usd}`);
  // Other users' rule where it differs ("users outside the US: Singapore").
  if (answer.variants?.length) parts.push(answer.variants.map((v) => `${v.scope}: ${String(v.value)}`).join('; '));
  const flags = (['perpetual', 'irrevocable', 'sublicensable'] as const).filter((flag) => answer[flag]);
  if (flags.length) parts.push(flags.join(', '));
  return parts.join(' · ');
}

const DOCUMENT_NAMES = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;

/** The clauses of a row, each with a link to its passage in the source. */
function Quotes({ evidence }: { evidence: readonly Evidence[] }) {
  return evidence.map((e) => {
    const href = quoteLink(e.url, e.quote);
    return (
      <blockquote key={`${e.start}-${e.end}`} className="mt-1 border-l-2 border-slate-300 pl-2 text-xs text-slate-600 italic">
        “{e.quote}”
        <QuotedLinks evidence={e} />{' '}
        {href ? (
          <a className="not-italic underline" href={href} target="_blank" rel="noopener noreferrer nofollow">
            {DOCUMENT_NAMES[e.document]}
          </a>
        ) : (
          <span className="not-italic">{DOCUMENT_NAMES[e.document]}</span>
        )}
      </blockquote>
    );
  });
}

/** Rows shown before "Show all" when no answer is notable. */
const MIN_VISIBLE_ROWS = 5;
const TONE_ORDER: Record<FactTone, number> = { bad: 0, good: 1, neutral: 2 };

/** How a row reads: by its question's legend when a clause states it, else neutral (nothing found is no signal). */
function rowTone(id: FactId, answer: FactAnswer): FactTone {
  return answer.evidence.length > 0 ? factTone(id, answer.value) : 'neutral';
}

/**
 * The rows to show: each question the sheet answers, except privacy questions nothing states
 * when no Privacy Policy was analysed (they cannot apply); bad answers first, then good, then the rest.
 */
export function factRows(factSheet: AnalysisResult['factSheet'], documents: AnalyzedDocument[] = []) {
  const hasPrivacy = documents.length === 0 || documents.some((d) => d.type === 'privacy');
  const answered = (Object.keys(QUESTIONS) as FactId[]).flatMap((id) => {
    const answer = factSheet[id];
    return answer ? [{ id, answer }] : [];
  });
  const applies = ({ id, answer }: { id: FactId; answer: FactAnswer }) =>
    hasPrivacy || FACT_LEGEND[id].group !== 'privacy' || answer.evidence.length > 0;
  const rows = answered
    .filter(applies)
    .map(({ id, answer }) => ({ id, answer, tone: rowTone(id, answer) }))
    .sort((a, b) => TONE_ORDER[a.tone] - TONE_ORDER[b.tone]);
  return { rows, hiddenPrivacy: answered.length - rows.length };
}

/** Whether the sheet has any row to show (the skip link to it exists only then). */
export const hasFactRows = (factSheet: AnalysisResult['factSheet']) => Object.keys(factSheet).length > 0;

/**
 * "At a glance", the evidence below the cards: the fact sheet as a table whose answers carry the
 * cards' severity (word, icon, colour) by each question's legend, notable rows first and the rest
 * behind "Show all"; each row opens to the clause that states it.
 */
export function AtAGlance({
  factSheet,
  documents = [],
  resultId,
}: {
  factSheet: AnalysisResult['factSheet'];
  documents?: AnalyzedDocument[];
  resultId?: string;
}) {
  const [isExpanded, setExpanded] = useState(false);
  const { rows, hiddenPrivacy } = factRows(factSheet, documents);
  if (rows.length === 0 && hiddenPrivacy === 0) return null;
  const notable = rows.filter((row) => row.tone !== 'neutral').length;
  const visibleCount = isExpanded ? rows.length : Math.min(rows.length, Math.max(notable, MIN_VISIBLE_ROWS));
  return (
    <section
      id="at-a-glance-section"
      tabIndex={-1}
      aria-labelledby="at-a-glance"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none"
    >
      <h2 id="at-a-glance" className="text-lg font-semibold">
        {RESULT_MESSAGES.evidenceHeading}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{RESULT_MESSAGES.evidenceLead}</p>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.slice(0, visibleCount).map(({ id, answer, tone }) => {
          const isStated = answer.evidence.length > 0;
          const detail = detailText(answer);
          return (
            <li key={id} className="py-1.5" data-tone={tone}>
              <details>
                {/* Question, severity, answer in three aligned columns from 640 px; wrapped below. */}
                <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 select-none sm:grid sm:grid-cols-[17rem_5.5rem_1fr]">
                  <span className="font-medium text-slate-800">{QUESTIONS[id]}</span>
                  <span>
                    <SeverityBadge severity={tone} />
                  </span>
                  <span>
                    <span className={isStated ? 'text-slate-900' : 'text-slate-600'}>{answerText(id, answer)}</span>
                    {detail && <span className="ml-3 text-slate-600">{detail}</span>}
                    {answer.scope && <span className="ml-3 text-xs text-slate-600">({answer.scope})</span>}
                  </span>
                </summary>
                {isStated ? (
                  <Quotes evidence={answer.evidence} />
                ) : answer.related?.length ? (
                  <>
                    <p className="mt-1 text-xs text-slate-600">{RESULT_MESSAGES.relatedLead}</p>
                    <Quotes evidence={answer.related} />
                  </>
                ) : (
                  <p className="mt-1 text-xs text-slate-600">
                    {answer.value === 'not_stated' || answer.value === 'none_stated'
                      ? RESULT_MESSAGES.notStatedDetail
                      : RESULT_MESSAGES.noClauseDetail}
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
      {rows.length > visibleCount || isExpanded ? (
        <button
          type="button"
          aria-expanded={isExpanded}
          onClick={() => setExpanded((v) => !v)}
          className="mt-3 min-h-11 rounded-md px-2 text-sm font-medium underline"
        >
          {isExpanded ? MESSAGES.showFewer : showAllRows(rows.length)}
        </button>
      ) : null}
      {hiddenPrivacy > 0 && (
        <p className="mt-2 text-sm text-slate-600" data-testid="privacy-rows-hidden">
          {RESULT_MESSAGES.privacyRowsHidden}
        </p>
      )}
    </section>
  );
}
