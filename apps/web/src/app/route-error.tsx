import { MESSAGES, PAGE_TITLES } from '@fineprint/contracts';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/page-title';

/** The generic router failure page (unknown routes and render errors). */
export function RouteError() {
  const error = useRouteError();
  usePageTitle(
    isRouteErrorResponse(error) && error.status === 404 ? PAGE_TITLES.notFound : `${MESSAGES.unexpectedError} — ${MESSAGES.productName}`,
  );
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
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
