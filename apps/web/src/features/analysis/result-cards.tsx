import {
  MESSAGES,
  RESULT_LISTS,
  showAll,
  type AnalysisResult,
  type AnalyzedDocument,
  type Severity,
  type SummaryItem,
} from '@fineprint/contracts';
import { useState, type ReactElement } from 'react';
import { ReportButton } from '../../components/report/report-button';
import { AtAGlance } from './at-a-glance';
import { QuotedLinks } from './quoted-links';
import { quoteLink } from './text-fragment';

const DOCUMENT_NAMES = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;
/** Items a card shows before "Show all". */
const VISIBLE_ITEMS = 10;

const icon = (path: ReactElement) => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
    {path}
  </svg>
);

/** Severity as colour, icon and word together (never colour alone). */
const SEVERITIES: Record<Severity, { label: string; icon: ReactElement; badge: string; edge: string }> = {
  blocker: {
    label: MESSAGES.severityBlocker,
    icon: icon(
      <>
        <circle cx="8" cy="8" r="6.5" />
        <path d="M3.5 12.5l9-9" />
      </>,
    ),
    badge: 'bg-red-100 text-red-800',
    edge: 'border-red-500',
  },
  bad: {
    label: MESSAGES.severityBad,
    icon: icon(
      <>
        <path d="M8 1.8L15 14H1z" strokeLinejoin="round" />
        <path d="M8 6.5v3.5M8 12v.01" strokeLinecap="round" />
      </>,
    ),
    badge: 'bg-orange-100 text-orange-900',
    edge: 'border-orange-400',
  },
  neutral: {
    label: MESSAGES.severityNeutral,
    icon: icon(
      <>
        <circle cx="8" cy="8" r="6.5" />
        <path d="M8 7.5v4M8 4.8v.01" strokeLinecap="round" />
      </>,
    ),
    badge: 'bg-slate-100 text-slate-700',
    edge: 'border-slate-300',
  },
  good: {
    label: MESSAGES.severityGood,
    icon: icon(<path d="M2.5 8.5l3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />),
    badge: 'bg-emerald-100 text-emerald-800',
    edge: 'border-emerald-500',
  },
};

const GRADE_COLOURS: Record<string, string> = {
  A: 'bg-emerald-600',
  B: 'bg-lime-700',
  C: 'bg-amber-600',
  D: 'bg-orange-700',
  E: 'bg-red-700',
};

function SeverityBadge({ severity }: { severity: Severity }) {
  const look = SEVERITIES[severity];
  return (
    <span className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-semibold ${look.badge}`}>
      {look.icon}
      {look.label}
    </span>
  );
}

function ItemEvidence({ item, documents }: { item: SummaryItem; documents: AnalyzedDocument[] }) {
  const evidence = item.evidence[0];
  if (!evidence) return null;
  const isProvided = documents.some((d) => d.url === evidence.url && d.source === 'provided');
  const href = isProvided ? undefined : quoteLink(evidence.url, evidence.quote);
  return (
    <div className="mt-1 flex flex-wrap items-baseline gap-x-3 text-xs text-slate-600">
      <details className="min-w-0 max-w-full">
        <summary className="inline-flex min-h-6 cursor-pointer items-center select-none">
          {item.evidence.length > 1 ? 'Quotes' : 'Quote'} from the{' '}
          {[...new Set(item.evidence.map((quoted) => DOCUMENT_NAMES[quoted.document]))].join(' and the ')}
        </summary>
        {item.evidence.map((quoted) => (
          <blockquote key={`${quoted.start}-${quoted.end}`} className="mt-1 border-l-2 border-slate-300 pl-2 italic">
            “{quoted.quote}”
            <QuotedLinks evidence={quoted} />
          </blockquote>
        ))}
      </details>
      {href && (
        <a
          className="inline-flex min-h-6 items-center font-medium underline"
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow"
        >
          {MESSAGES.readInSource}
          <span className="sr-only"> ({DOCUMENT_NAMES[evidence.document]})</span>
        </a>
      )}
    </div>
  );
}

function Card({
  title,
  empty,
  texts,
  items,
  documents,
  list,
  resultId,
}: {
  list: (typeof RESULT_LISTS)[number]['key'];
  resultId?: string;
  title: string;
  empty: string;
  texts: string[];
  items: SummaryItem[];
  documents: AnalyzedDocument[];
}) {
  const [isExpanded, setExpanded] = useState(false);
  const shown = isExpanded ? texts : texts.slice(0, VISIBLE_ITEMS);
  const id = `card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {texts.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-3 text-sm leading-relaxed">
          {shown.map((text, i) => {
            const item = items[i];
            return (
              <li key={`${i}-${text}`} className={`border-l-4 pl-3 ${item ? SEVERITIES[item.severity].edge : 'border-slate-200'}`}>
                {item && <SeverityBadge severity={item.severity} />}
                {/* Plain text only: nothing from a fetched page is ever rendered as markup. */}
                <p className="mt-0.5">{text}</p>
                {item && <ItemEvidence item={item} documents={documents} />}
                <ReportButton resultId={resultId} target={{ kind: 'item', list, index: i }} what={text} />
              </li>
            );
          })}
        </ul>
      )}
      {texts.length > VISIBLE_ITEMS && (
        <button
          type="button"
          aria-expanded={isExpanded}
          onClick={() => setExpanded((v) => !v)}
          className="mt-3 min-h-11 rounded-md px-2 text-sm font-medium underline"
        >
          {isExpanded ? MESSAGES.showFewer : showAll(texts.length)}
        </button>
      )}
    </section>
  );
}

/** The site the documents came from, as its host name without "www."; undefined when the visitor provided them all. */
function siteName(documents: AnalyzedDocument[]): string | undefined {
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

function DocumentsRead({ documents }: { documents: AnalyzedDocument[] }) {
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{MESSAGES.documentsRead}</h3>
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
            <span className="text-xs text-slate-500">{d.words.toLocaleString('en-US')} words</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The result: what was read, the grade, "At a glance", then the three cards (Key Points, Privacy Concerns, Recommendations). */
export function ResultCards({ result }: { result: AnalysisResult }) {
  const details = result.details ?? { keyPoints: [], privacyConcerns: [], recommendations: [] };
  const documents = result.documents ?? [];
  const site = siteName(documents);
  return (
    <div className="space-y-4">
      <section aria-labelledby="result-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start gap-4">
          {result.grade && (
            <div
              className={`flex h-14 w-14 shrink-0 flex-col items-center justify-center rounded-lg text-white ${GRADE_COLOURS[result.grade] ?? 'bg-slate-700'}`}
            >
              <span className="text-[10px] leading-none font-medium uppercase">Grade</span>
              <span className="text-2xl leading-tight font-bold">{result.grade}</span>
            </div>
          )}
          <div className="min-w-0 flex-1 self-center">
            <h2 id="result-heading" className="text-xl font-semibold break-words">
              {MESSAGES.resultFor} {site ?? MESSAGES.yourDocuments}
            </h2>
          </div>
        </div>
        {result.grade && result.gradeReason && <p className="text-sm text-slate-700">{result.gradeReason}</p>}
        {documents.length > 0 && <DocumentsRead documents={documents} />}
        {(result.notices ?? []).map((notice) => (
          <p key={notice} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {notice}
          </p>
        ))}
      </section>
      {result.factSheet && <AtAGlance factSheet={result.factSheet} resultId={result.resultId} />}
      <div className="grid gap-4 md:grid-cols-3">
        {RESULT_LISTS.map(({ key, title, empty }) => (
          <Card
            key={key}
            list={key}
            resultId={result.resultId}
            title={title}
            empty={empty}
            texts={result[key]}
            items={details[key]}
            documents={documents}
          />
        ))}
      </div>
    </div>
  );
}
