import { WEB_ROUTES, type WebRoute } from '@fineprint/contracts';
import { lazy, Suspense, type ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
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

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: WEB_ROUTES.map((path) => ({ path, element: <Suspense fallback={null}>{SCREENS[path]}</Suspense> })),
  },
]);

/** The app: subscription state around the four routes of the spec. */
export function App() {
  return (
    <SubscriptionProvider>
      <RouterProvider router={router} />
    </SubscriptionProvider>
  );
}
