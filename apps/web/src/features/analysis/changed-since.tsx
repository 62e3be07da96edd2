import { CHANGE_MESSAGES, dayMonthYear, type Changes, type ClauseChange, type FactChange } from '@fineprint/contracts';
import { answerText, detailText, QUESTIONS } from './at-a-glance';

const DOCUMENT_NAMES = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;
const CHANGE_STYLES: Record<ClauseChange['change'], string> = {
  added: 'bg-emerald-100 text-emerald-900',
  removed: 'bg-rose-100 text-rose-900',
  reworded: 'bg-amber-100 text-amber-900',
};

/** One side of a fact change: the answer in words, its detail, the clause that states it and that version's date. */
function FactSide({ label, change, side }: { label: string; change: FactChange; side: 'before' | 'after' }) {
  const answer = change[side];
  const detail = detailText(answer);
  const quote = answer.evidence[0]?.quote;
  return (
    <div className="min-w-0 flex-1">
      <p className="text-xs font-medium text-slate-500 uppercase">
        {label} · {dayMonthYear(side === 'before' ? change.beforeDate : change.afterDate)}
      </p>
      <p className="text-sm text-slate-900">
        {answerText(change.id, answer)}
        {detail && <span className="text-slate-600"> · {detail}</span>}
      </p>
      {quote && <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 text-xs text-slate-600 italic">“{quote}”</blockquote>}
    </div>
  );
}

/** A clause change: its kind, and its words with the removed ones struck and the added ones marked. */
function ClauseRow({ change }: { change: ClauseChange }) {
  const label = CHANGE_MESSAGES[change.change];
  return (
    <li className="py-2 text-sm">
      <span className={`mr-2 rounded px-1.5 py-0.5 text-xs font-medium ${CHANGE_STYLES[change.change]}`}>{label}</span>
      <span className="text-xs text-slate-500">{CHANGE_MESSAGES.inDocument(change.document)}</span>
      <p className="mt-1 text-slate-800">
        {change.words ? (
          change.words.map((w, i) =>
            w.change === 'added' ? (
              <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
                {w.text}
              </ins>
            ) : w.change === 'removed' ? (
              <del key={i} className="bg-rose-100 text-rose-900">
                {w.text}
              </del>
            ) : (
              <span key={i}>{w.text}</span>
            ),
          )
        ) : change.change === 'removed' ? (
          <del className="text-slate-600">{change.before}</del>
        ) : (
          <ins className="no-underline">{change.after}</ins>
        )}
      </p>
    </li>
  );
}

/**
 * "Changed since <date>" (issue 23): what changed in the site's documents since they were last
 * read with other text: the answers that changed first (before → after, each with its clause and
 * date), then the clauses added, removed or reworded with the changed words marked, and the
 * documents that appeared or disappeared. A change of dates or numbering only says so in one line.
 */
export function ChangedSince({ changes, headingLevel = 2 }: { changes: Changes; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `changed-since-${changes.until}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-amber-300 bg-amber-50/40 p-5 shadow-sm">
      <Heading id={headingId} className="text-lg font-semibold">
        {CHANGE_MESSAGES.changedSince(changes.since)}
      </Heading>
      {changes.onlyDates && <p className="text-sm text-slate-700">{CHANGE_MESSAGES.onlyDates}</p>}
      {changes.documents
        .filter((d) => d.change !== 'changed')
        .map((d) => (
          <p key={`${d.type}-${d.change}`} className="text-sm text-slate-800">
            {d.change === 'appeared' ? CHANGE_MESSAGES.documentAppeared(d.type) : CHANGE_MESSAGES.documentDisappeared(d.type)}{' '}
            <a className="underline" href={d.url} target="_blank" rel="noopener noreferrer nofollow">
              {DOCUMENT_NAMES[d.type]}
            </a>
          </p>
        ))}
      {changes.facts.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-800">{CHANGE_MESSAGES.factsHeading}</h3>
          <ul className="divide-y divide-amber-200">
            {changes.facts.map((change) => (
              <li key={`${change.document}-${change.id}`} className="py-2">
                <p className="text-sm font-medium text-slate-900">
                  {QUESTIONS[change.id]}{' '}
                  <span className="text-xs font-normal text-slate-500">{CHANGE_MESSAGES.inDocument(change.document)}</span>
                </p>
                <div className="mt-1 flex flex-col gap-3 sm:flex-row">
                  <FactSide label={CHANGE_MESSAGES.before} change={change} side="before" />
                  <FactSide label={CHANGE_MESSAGES.after} change={change} side="after" />
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      {changes.clauses.length > 0 && !changes.onlyDates && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-800">{CHANGE_MESSAGES.clausesHeading}</h3>
          <ul className="divide-y divide-amber-200">
            {changes.clauses.map((change, i) => (
              <ClauseRow key={i} change={change} />
            ))}
          </ul>
          {changes.moreClauses > 0 && <p className="mt-1 text-xs text-slate-600">{CHANGE_MESSAGES.moreClauses(changes.moreClauses)}</p>}
        </div>
      )}
    </section>
  );
}
