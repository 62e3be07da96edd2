import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Layout } from './app/layout';
import { AnalysisPage } from './features/analysis/analysis-page';
import { SubscriptionProvider } from './lib/subscription-context';

/** Markers around the pre-rendered screen: the server keeps it on `/` only (`web.routes.ts`). */
export const HOME_MARKERS = ['<!--fp-home-->', '<!--/fp-home-->'] as const;
/**
 * Markers around the footer: the server keeps it on `/` only, and not when `/?r=` opens a permalink,
 * where the result's skeleton (a screen high) comes first and the footer must not paint above it.
 */
export const FOOTER_MARKERS = ['<!--fp-footer-->', '<!--/fp-footer-->'] as const;
/** Markers around the whole pre-rendered frame: the server drops it for the error page, which has its own. */
export const SHELL_MARKERS = ['<!--fp-shell-->', '<!--/fp-shell-->'] as const;

/**
 * The first screen as the app renders it (header, address form, counter slot, footer), from the same
 * components, as static markup for index.html's root: it paints before any script has loaded,
 * and `createRoot` then replaces it with the same markup (issue 22 item 5), its controls enabled.
 * Run at build time by vite.config.ts.
 */
export function renderHomeShell(): string {
  const html = renderToStaticMarkup(
    <StrictMode>
      <SubscriptionProvider>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="/" element={<AnalysisPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SubscriptionProvider>
    </StrictMode>,
  );
  // Until the app takes over, its controls do nothing: they say so (buttons disabled, fields
  // read-only) instead of losing what is typed or submitting the form to a reload.
  const inert = html.replace(/<button /g, '<button disabled="" ').replace(/<(input|textarea) /g, '<$1 readonly="" ');
  const marked = inert
    .replace(/(<main[^>]*>)([\s\S]*)(<\/main>)/, `$1${HOME_MARKERS[0]}$2${HOME_MARKERS[1]}$3`)
    .replace(/<footer[\s\S]*<\/footer>/, (footer) => `${FOOTER_MARKERS[0]}${footer}${FOOTER_MARKERS[1]}`);
  if (!marked.includes(HOME_MARKERS[0]) || !marked.includes(FOOTER_MARKERS[0]))
    throw new Error('prerender: no <main> or <footer> in the first screen');
  return `${SHELL_MARKERS[0]}${marked}${SHELL_MARKERS[1]}`;
}
