import { WEB_ROUTES, type WebRoute } from '@fineprint/contracts';
import { Component, lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { AnalysisPage } from '../features/analysis/analysis-page';
import { SubscriptionProvider } from '../lib/subscription-context';
import { Layout } from './layout';
import { RouteError } from './route-error';

// Screens other than the first load on demand.
const TosPage = lazy(() => import('../features/legal/tos-page').then((m) => ({ default: m.TosPage })));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const ComparePage = lazy(() => import('../features/compare/compare-page').then((m) => ({ default: m.ComparePage })));
const CallbackPage = lazy(() => import('../features/subscription/callback-page').then((m) => ({ default: m.CallbackPage })));

/** One screen per route of WEB_ROUTES (the server answers 404 for any other path): the compiler requires each. */
const SCREENS: Record<WebRoute, ReactElement> = {
  '/': <AnalysisPage />,
  '/subscription/callback': <CallbackPage />,
  '/tos': <TosPage />,
  '/privacy-policy': <PrivacyPage />,
  '/compare': <ComparePage />,
};

/** A screen that throws while rendering (a chunk that failed to load included) shows the error page instead of a blank one. */
class RenderErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error(String(error)) };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** The routes; the error boundary starts afresh on every navigation, as a router's error element does. */
function Screens() {
  const { pathname } = useLocation();
  return (
    <RenderErrorBoundary key={pathname}>
      <Routes>
        <Route element={<Layout />}>
          {WEB_ROUTES.map((path) => (
            <Route key={path} path={path} element={<Suspense fallback={null}>{SCREENS[path]}</Suspense>} />
          ))}
        </Route>
        <Route path="*" element={<RouteError isNotFound />} />
      </Routes>
    </RenderErrorBoundary>
  );
}

/**
 * The app: subscription state around the routes of the spec. A declarative router: no route
 * loads data, and the data router would add ~54 kB of script to the first load (decision 0018).
 */
export function App() {
  return (
    <SubscriptionProvider>
      <BrowserRouter>
        <Screens />
      </BrowserRouter>
    </SubscriptionProvider>
  );
}
