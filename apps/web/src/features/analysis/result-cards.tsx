import { MESSAGES, type AnalysisResult, type SummaryItem } from '@fineprint/contracts';
import { AtAGlance } from './at-a-glance';

const DOCUMENT_NAMES = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;

function ItemEvidence({ item }: { item: SummaryItem }) {
  const evidence = item.evidence[0];
  if (!evidence) return null;
  return (
    <details className="mt-1 text-xs text-slate-500">
      <summary className="cursor-pointer select-none">Source: {DOCUMENT_NAMES[evidence.document]}</summary>
      <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 italic">“{evidence.quote}”</blockquote>
    </details>
  );
}

function Card({ title, texts, items }: { title: string; texts: string[]; items: SummaryItem[] }) {
  return (
    <section aria-labelledby={`card-${title}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`card-${title}`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {texts.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing notable found.</p>
      ) : (
        <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed">
          {texts.map((text, i) => (
            <li key={`${i}-${text}`}>
              {/* Plain text only: nothing from a fetched page is ever rendered as markup. */}
              {text}
              {items[i] && <ItemEvidence item={items[i]} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The three result cards: Key Points, Privacy Concerns, Recommendations. */
export function ResultCards({ result }: { result: AnalysisResult }) {
  const details = result.details ?? { keyPoints: [], privacyConcerns: [], recommendations: [] };
  return (
    <div className="space-y-4">
      {(result.notices ?? []).map((notice) => (
        <p key={notice} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ))}
      {result.documents && result.documents.length > 0 && (
        <p className="text-xs text-slate-500">
          Read:{' '}
          {result.documents.map((d, i) => (
            <span key={d.url}>
              {i > 0 && ' · '}
              <a className="underline" href={d.url} target="_blank" rel="noopener noreferrer nofollow">
                {DOCUMENT_NAMES[d.type]}
              </a>
            </span>
          ))}
          {result.grade && <span> · Grade {result.grade}</span>}
        </p>
      )}
      {result.grade && result.gradeReason && <p className="text-sm text-slate-700">{result.gradeReason}</p>}
      {result.factSheet && <AtAGlance factSheet={result.factSheet} />}
      <div className="grid gap-4 md:grid-cols-3">
        <Card title={MESSAGES.keyPoints} texts={result.keyPoints} items={details.keyPoints} />
        <Card title={MESSAGES.privacyConcerns} texts={result.privacyConcerns} items={details.privacyConcerns} />
        <Card title={MESSAGES.recommendations} texts={result.recommendations} items={details.recommendations} />
      </div>
    </div>
  );
}
