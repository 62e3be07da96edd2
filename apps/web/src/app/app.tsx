import { createBrowserRouter, RouterProvider } from 'react-router';
import { AnalysisPage } from '../features/analysis/analysis-page';
import { PrivacyPage } from '../features/legal/privacy-page';
import { TosPage } from '../features/legal/tos-page';
import { CallbackPage } from '../features/subscription/callback-page';
import { SubscriptionProvider } from '../lib/subscription-context';
import { Layout } from './layout';
import { RouteError } from './route-error';

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <AnalysisPage /> },
      { path: '/subscription/callback', element: <CallbackPage /> },
      { path: '/tos', element: <TosPage /> },
      { path: '/privacy-policy', element: <PrivacyPage /> },
    ],
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
