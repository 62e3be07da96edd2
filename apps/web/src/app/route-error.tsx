import { MESSAGES } from '@fineprint/contracts';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The generic router failure page (unknown routes and render errors). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-xl p-8">
      <h2 className="text-2xl font-bold">{MESSAGES.unexpectedError}</h2>
      <h3 className="mt-2 italic text-slate-600">{detail}</h3>
      <p className="mt-6">
        <a className="underline" href="/">
          Back to Fineprint
        </a>
      </p>
    </main>
  );
}
