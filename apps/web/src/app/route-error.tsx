import { MESSAGES, PAGE_TITLES } from '@fineprint/contracts';
import { usePageTitle } from '../lib/page-title';

/** The generic failure page: an unknown route (`isNotFound`, the server answers it with 404) or a screen that failed to render (`error`). */
export function RouteError({ isNotFound = false, error }: { isNotFound?: boolean; error?: unknown }) {
  usePageTitle(isNotFound ? PAGE_TITLES.notFound : `${MESSAGES.unexpectedError} — ${MESSAGES.productName}`);
  const detail = isNotFound ? MESSAGES.notFoundDetail : error instanceof Error ? error.message : String(error);
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">{MESSAGES.unexpectedError}</h1>
      <h2 className="mt-2 italic text-slate-600">{detail}</h2>
      <p className="mt-6">
        <a className="underline" href="/">
          Back to Fineprint
        </a>
      </p>
    </main>
  );
}
