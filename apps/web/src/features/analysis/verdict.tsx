import {
  GRADE_LEGEND,
  MESSAGES,
  RESULT_LISTS,
  RESULT_MESSAGES,
  resultHeading,
  type AnalysisResult,
  type AnalyzedDocument,
  type SummaryItem,
} from '@fineprint/contracts';
import { useEffect, useRef, useState } from 'react';
import { engineName, formatDay } from './provenance';
import { GRADE_COLOURS, SEVERITIES, SeverityBadge } from './severity';

const DOCUMENT_NAMES = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;
/** Concerns the verdict names: the worst few, so that the first card's heading still shows in the first screen. */
const TOP_CONCERNS = 3;
/** Room kept below the verdict for the first card's heading. */
const FIRST_CARD_HEADING_PX = 80;

/** The three to five worst items already in the result: serious before bad, key points before privacy, each once. */
export function topConcerns(result: AnalysisResult, max = TOP_CONCERNS): SummaryItem[] {
  const details = result.details ?? { keyPoints: [], privacyConcerns: [], recommendations: [] };
  const items = [...details.keyPoints, ...details.privacyConcerns];
  const seen = new Set<string>();
  return (['blocker', 'bad'] as const)
    .flatMap((severity) => items.filter((item) => item.severity === severity))
    .filter((item) => !seen.has(item.text) && seen.add(item.text))
    .slice(0, max);
}

/** The site the documents came from, as its host name without "www."; undefined when the visitor provided them all. */
export function siteName(documents: AnalyzedDocument[]): string | undefined {
  for (const document of documents) {
    if (document.source === 'provided') continue;
    try {
      return new URL(document.url).hostname.replace(/^www\./, '');
    } catch {
      // not an address: keep looking
    }
  }
  return undefined;
}

/** The grade badge, and what the grades mean behind it: a disclosure button that keyboards and screen readers open. */
function GradeBadge({ grade }: { grade: NonNullable<AnalysisResult['grade']> }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="relative shrink-0">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls="grade-legend"
        onClick={() => setOpen((open) => !open)}
        className={`flex h-14 w-14 flex-col items-center justify-center rounded-lg text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${GRADE_COLOURS[grade] ?? 'bg-slate-700'}`}
      >
        <span className="text-[10px] leading-none font-medium uppercase" aria-hidden="true">
          {RESULT_MESSAGES.gradeWord}
        </span>
        <span className="text-2xl leading-tight font-bold" aria-hidden="true">
          {grade}
        </span>
        <span className="sr-only">{RESULT_MESSAGES.gradeLegendButton}</span>
      </button>
      {isOpen && (
        <div
          id="grade-legend"
          className="absolute top-16 left-0 z-10 w-[min(22rem,calc(100vw-3rem))] rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg"
        >
          {/* Not a heading: the legend sits before the result's h2 in reading order. */}
          <p className="mb-1 font-semibold">{RESULT_MESSAGES.gradeLegendHeading}</p>
          <dl className="space-y-1">
            {Object.entries(GRADE_LEGEND).map(([letter, meaning]) => (
              <div key={letter} className={`flex gap-2 ${letter === grade ? 'font-semibold' : ''}`}>
                <dt className="w-4 shrink-0">{letter}</dt>
                <dd className="text-slate-700">{meaning}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
}

/** Moves focus to a section of the result (a skip link's target) and scrolls it into view. */
function jumpTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'start' });
}

/** Skip links: to the verdict and to each card and the evidence table, shown when a keyboard reaches them. */
function SkipLinks({ hasEvidence }: { hasEvidence: boolean }) {
  const targets: Array<[string, string]> = [
    ['verdict', RESULT_MESSAGES.skipToVerdict],
    ...RESULT_LISTS.map(({ title }): [string, string] => [cardId(title), title]),
    ...(hasEvidence ? [['at-a-glance-section', RESULT_MESSAGES.evidenceHeading] as [string, string]] : []),
  ];
  return (
    <nav aria-label={RESULT_MESSAGES.skipLinksLabel} className="fp-no-print sr-only focus-within:not-sr-only">
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {targets.map(([id, label]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(event) => {
                event.preventDefault();
                jumpTo(id);
              }}
              className="inline-flex min-h-6 items-center underline"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The id of a card's section (its skip link's target). */
export const cardId = (title: string) => `card-${title.replace(/\W+/g, '-').toLowerCase()}`;

/** The documents read, each with its own stated date: below the cards, beside the evidence. */
export function DocumentsRead({ documents }: { documents: AnalyzedDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-read" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="documents-read" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {MESSAGES.documentsRead}
      </h2>
      <ul className="mt-1 space-y-1 text-sm">
        {documents.map((d) => (
          <li key={`${d.type}-${d.url}`} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">{DOCUMENT_NAMES[d.type]}</span>
            {d.source === 'provided' ? (
              <span className="text-slate-700">
                {d.title && d.title !== d.url ? `${d.title} — ` : ''}
                {DOCUMENT_NAMES[d.type]} ({MESSAGES.providedByYou}: {d.url})
              </span>
            ) : (
              <a className="break-all text-slate-700 underline" href={d.url} target="_blank" rel="noopener noreferrer nofollow">
                {d.title && d.title !== DOCUMENT_NAMES[d.type] ? d.title : d.url.replace(/^https?:\/\/(www\.)?/, '')}
              </a>
            )}
            <span className="text-xs text-slate-600">
              {d.words.toLocaleString('en-US')} words
              {d.statedDate && formatDay(d.statedDate) ? ` · ${RESULT_MESSAGES.documentDated} ${formatDay(d.statedDate)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The verdict, first under the address field: the grade (its legend behind the badge) in the
 * result's heading, the one-sentence reason, the worst concerns, then what was read, when and by what.
 * The heading takes focus when the result arrives, so a screen reader announces it and Tab continues from it.
 */
export function Verdict({ result, hasEvidence }: { result: AnalysisResult; hasEvidence: boolean }) {
  const documents = result.documents ?? [];
  const site = siteName(documents);
  const concerns = topConcerns(result);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    // Where the header and the form leave too little room (a phone), the verdict and the first card's heading fill the screen.
    const box = section.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom + FIRST_CARD_HEADING_PX > window.innerHeight))
      section.current?.scrollIntoView({ block: 'start' });
  }, [result]);
  const analysedOn = result.analyzedAt ? formatDay(result.analyzedAt) : undefined;
  return (
    <section
      id="verdict"
      ref={section}
      tabIndex={-1}
      aria-labelledby="result-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus:outline-none sm:p-5"
    >
      <div className="flex items-start gap-3 sm:gap-4">
        {result.grade && <GradeBadge grade={result.grade} />}
        <div className="min-w-0 flex-1 self-center">
          <h2 id="result-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold break-words focus:outline-none sm:text-xl">
            {resultHeading(`${MESSAGES.resultFor} ${site ?? MESSAGES.yourDocuments}`, result.grade)}
          </h2>
        </div>
      </div>
      {result.gradeReason && <p className="text-sm text-slate-700">{result.gradeReason}</p>}
      <SkipLinks hasEvidence={hasEvidence} />
      <div>
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{RESULT_MESSAGES.topConcerns}</h3>
        {concerns.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{RESULT_MESSAGES.noTopConcerns}</p>
        ) : (
          <ul className="mt-1 space-y-1.5 text-sm" data-testid="top-concerns">
            {concerns.map((item) => (
              <li key={item.text} className={`flex items-start gap-2 border-l-4 pl-2 ${SEVERITIES[item.severity].edge}`}>
                <SeverityBadge severity={item.severity} />
                <span className="min-w-0">{item.text}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="text-xs text-slate-600" data-testid="provenance">
        {analysedOn ? `${RESULT_MESSAGES.analysedOn} ${analysedOn} · ` : ''}
        {RESULT_MESSAGES.engineLabel} {engineName(result.engine)}
      </p>
      {(result.notices ?? []).map((notice) => (
        <p key={notice} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ))}
    </section>
  );
}
