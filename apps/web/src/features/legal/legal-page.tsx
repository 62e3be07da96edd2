import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LEGAL_FACTS } from '@fineprint/contracts';

/** Frame shared by the two static legal pages. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl space-y-4 rounded-xl bg-white p-6 text-sm leading-relaxed shadow-sm sm:p-8 [&_h2]:mt-6 [&_h2]:text-base [&_h2]:font-semibold">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-500">Last updated: {LEGAL_FACTS.lastUpdated}</p>
      {children}
      <p className="pt-4">
        <Link to="/" className="underline">
          Back to Fineprint
        </Link>
      </p>
    </article>
  );
}
