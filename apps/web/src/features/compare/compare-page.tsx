import { BROWSE_MESSAGES, FACT_QUESTIONS, FACT_VALUE_WORDS, type AnalysisResult, type FactAnswer, type FactId } from '@fineprint/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchResultById } from '../../lib/browse-api';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'gone' } | { state: 'ready'; a: AnalysisResult; b: AnalysisResult };

const ID = /^[A-Za-z0-9_-]{22}$/;

/** The site a result is about, as its host (with a port, if any) without "www."; the permalink id when it names none. */
function siteOf(result: AnalysisResult, fallback: string): string {
  for (const document of result.documents) {
    try {
      if (document.source !== 'provided') return new URL(document.url).host.replace(/^www\./, '');
    } catch {
      // not an address: keep looking
    }
  }
  return fallback;
}

/** An answer in words: its value read as a phrase, then its scope. */
function answerWords(id: FactId, answer: FactAnswer | undefined): string {
  if (!answer) return FACT_VALUE_WORDS.not_stated!;
  const value =
    typeof answer.value === 'number'
      ? id === 'claim_time_limit'
        ? `${answer.value} days`
        : String(answer.value)
      : (FACT_VALUE_WORDS[answer.value] ?? answer.value);
  return answer.scope ? `${value} (${answer.scope})` : value;
}

/**
 * `/compare?a=<resultId>&b=<resultId>` (issue 22 item 9): two kept results side by side, fact by
 * fact, each row whose answers differ marked in words and with an icon (never colour alone).
 */
export function ComparePage() {
  const [params] = useSearchParams();
  const idA = params.get('a') ?? '';
  const idB = params.get('b') ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (!ID.test(idA) || !ID.test(idB)) {
      setLoaded({ state: 'missing' });
      return;
    }
    let isCurrent = true;
    setLoaded({ state: 'loading' });
    Promise.all([fetchResultById(idA), fetchResultById(idB)])
      .then(([a, b]) => isCurrent && setLoaded({ state: 'ready', a, b }))
      .catch(() => isCurrent && setLoaded({ state: 'gone' }));
    return () => {
      isCurrent = false;
    };
  }, [idA, idB]);

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">{BROWSE_MESSAGES.compareHeading}</h2>
      {loaded.state === 'loading' && (
        <p role="status" className="min-h-screen text-sm text-slate-600">
          {BROWSE_MESSAGES.compareLoading}
        </p>
      )}
      {loaded.state === 'missing' && <p className="text-sm text-slate-700">{BROWSE_MESSAGES.compareMissing}</p>}
      {loaded.state === 'gone' && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          {BROWSE_MESSAGES.compareGone}
        </p>
      )}
      {loaded.state === 'ready' && <Comparison a={loaded.a} b={loaded.b} idA={idA} idB={idB} />}
    </div>
  );
}

function Comparison({ a, b, idA, idB }: { a: AnalysisResult; b: AnalysisResult; idA: string; idB: string }) {
  const siteA = siteOf(a, idA);
  const siteB = siteOf(b, idB);
  const rows = (Object.keys(FACT_QUESTIONS) as FactId[])
    .filter((id) => a.factSheet[id] || b.factSheet[id])
    .map((id) => {
      const left = answerWords(id, a.factSheet[id]);
      const right = answerWords(id, b.factSheet[id]);
      return { id, left, right, isDifferent: left !== right };
    });
  const different = rows.filter((row) => row.isDifferent).length;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {[
          { result: a, site: siteA, id: idA },
          { result: b, site: siteB, id: idB },
        ].map(({ result, site, id }, side) => (
          <section
            key={`${side}-${id}`}
            aria-label={BROWSE_MESSAGES.compareSide(side, site)}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h3 className="text-lg font-semibold break-words">{site}</h3>
            <p className="text-sm font-semibold">{BROWSE_MESSAGES.gradeWord(result.grade)}</p>
            {result.gradeReason && <p className="mt-1 text-sm text-slate-700">{result.gradeReason}</p>}
            <a href={`/?r=${encodeURIComponent(id)}`} className="mt-2 inline-flex min-h-6 items-center text-sm underline">
              {BROWSE_MESSAGES.compareOpen}
              <span className="sr-only">: {site}</span>
            </a>
          </section>
        ))}
      </div>
      <p className="text-sm text-slate-700" data-testid="compare-summary">
        {BROWSE_MESSAGES.compareSummary(different, rows.length)}
      </p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{BROWSE_MESSAGES.compareHeading}</caption>
          <thead className="bg-slate-50 text-xs text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                {BROWSE_MESSAGES.compareQuestion}
              </th>
              <th scope="col" className="px-3 py-2">
                {siteA}
              </th>
              <th scope="col" className="px-3 py-2">
                {siteB}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{BROWSE_MESSAGES.compareDifferent}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id} data-different={row.isDifferent} className={row.isDifferent ? 'bg-amber-50' : undefined}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                  {FACT_QUESTIONS[row.id]}
                </th>
                <td className="px-3 py-2">{row.left}</td>
                <td className="px-3 py-2">{row.right}</td>
                <td className="px-3 py-2 text-xs font-semibold whitespace-nowrap">
                  {row.isDifferent ? (
                    <span className="inline-flex items-center gap-1 text-amber-900">
                      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                        <path d="M2 5h12M10 2l3 3-3 3M14 11H2M6 8l-3 3 3 3" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                      {BROWSE_MESSAGES.compareDifferent}
                    </span>
                  ) : (
                    <span className="text-slate-600">{BROWSE_MESSAGES.compareSame}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
