import { MESSAGES, RESULT_LISTS, showAll, type AnalysisResult, type AnalyzedDocument, type SummaryItem } from '@fineprint/contracts';
import { useState } from 'react';
import { ReportButton } from '../../components/report/report-button';
import { AtAGlance, hasFactRows } from './at-a-glance';
import { QuotedLinks } from './quoted-links';
import { ActionBadge, ACTION_LOOK, SEVERITIES, SeverityBadge } from './severity';
import { quoteLink } from './text-fragment';
import { cardId, DocumentsRead, Verdict } from './verdict';

const DOCUMENT_NAMES = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;
/** Items a card shows before "Show all". */
const VISIBLE_ITEMS = 10;

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
  isAction,
  list,
  resultId,
}: {
  list: keyof AnalysisResult['details'];
  /** The kept result's permalink id: each item can be reported ("This is wrong"). */
  resultId?: string;
  title: string;
  empty: string;
  texts: string[];
  items: SummaryItem[];
  documents: AnalyzedDocument[];
  /** Recommendations: actions to take, marked as such rather than good or neutral. */
  isAction: boolean;
}) {
  const [isExpanded, setExpanded] = useState(false);
  const shown = isExpanded ? texts : texts.slice(0, VISIBLE_ITEMS);
  const id = cardId(title);
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none"
    >
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {texts.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-3 text-sm leading-relaxed">
          {shown.map((text, i) => {
            const item = items[i];
            return (
              <li
                key={`${i}-${text}`}
                className={`border-l-4 pl-3 ${isAction ? ACTION_LOOK.edge : item ? SEVERITIES[item.severity].edge : 'border-slate-200'}`}
              >
                {isAction ? <ActionBadge /> : item && <SeverityBadge severity={item.severity} />}
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

/** The result: the verdict first, then the three cards (Key Points, Privacy Concerns, Recommendations), then "At a glance" as the evidence. */
export function ResultCards({ result }: { result: AnalysisResult }) {
  const details = result.details ?? { keyPoints: [], privacyConcerns: [], recommendations: [] };
  const documents = result.documents ?? [];
  const hasEvidence = Boolean(result.factSheet && hasFactRows(result.factSheet));
  return (
    <div className="space-y-4">
      <Verdict result={result} hasEvidence={hasEvidence} />
      {/* Each card as tall as its own list: no half-empty boxes beside a long one. */}
      <div className="grid items-start gap-4 md:grid-cols-3">
        {RESULT_LISTS.map(({ key, title, empty }) => (
          <Card
            key={key}
            title={title}
            empty={empty}
            texts={result[key]}
            items={details[key]}
            documents={documents}
            isAction={key === 'recommendations'}
            list={key}
            resultId={result.resultId}
          />
        ))}
      </div>
      <DocumentsRead documents={documents} />
      {result.factSheet && <AtAGlance factSheet={result.factSheet} documents={documents} resultId={result.resultId} />}
    </div>
  );
}
