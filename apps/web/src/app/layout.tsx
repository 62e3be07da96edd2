import { ACCOUNT_MESSAGES, MESSAGES } from '@fineprint/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { pageTitleOf, usePageTitle } from '../lib/page-title';
import { useSubscription } from '../lib/subscription-context';
import { useToasts } from '../components/ui/toast-store';

function Header() {
  const { status } = useSubscription();
  // Compact on a phone (one line of title, the tagline small); the h1's two parts are separated for screen readers.
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-start justify-between gap-x-3 gap-y-1 px-4 py-2 sm:py-5">
        <div>
          <h1 className="text-xl font-bold sm:text-2xl">
            <Link to="/">{MESSAGES.productName}</Link>
            <span className="sr-only">— </span>
            <span className="ml-2 text-sm font-normal text-slate-600 sm:text-base">{MESSAGES.descriptor}</span>
          </h1>
          <p className="max-w-2xl text-xs text-slate-600 sm:mt-1 sm:text-sm">{MESSAGES.tagline}</p>
        </div>
        {status.isSubscribed && (
          <div className="flex items-center gap-2 text-sm">
            <span className="rounded-full bg-emerald-100 px-3 py-1 font-medium text-emerald-800">{MESSAGES.subscribedBadge}</span>
            {status.email && <span className="text-slate-600">{status.email}</span>}
          </div>
        )}
      </div>
    </header>
  );
}

/** "Clear my data?" loads with its first use (Radix Dialog is in the dialog chunk already). */
const ClearDataDialog = lazy(() =>
  import('../features/subscription/clear-data-dialog').then((module) => ({ default: module.ClearDataDialog })),
);

/** Footer links and buttons: at least 24 px high, in a row that wraps at 360 px. */
const FOOTER_ACTION = 'inline-flex min-h-6 items-center underline';

function Footer() {
  const { status, setDialogOpen } = useSubscription();
  const [isClearOpen, setClearOpen] = useState(false);
  const [isClearWanted, setClearWanted] = useState(false);
  const clearButton = useRef<HTMLButtonElement>(null);
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-5xl space-y-2 px-4 py-6 text-sm text-slate-700">
        <p>This summary is generated automatically and is not legal advice. Always read the full terms before you accept them.</p>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/tos" className={FOOTER_ACTION}>
            Terms of Service
          </Link>
          <Link to="/privacy-policy" className={FOOTER_ACTION}>
            Privacy Policy
          </Link>
          {!status.isSubscribed && (
            <button type="button" aria-haspopup="dialog" onClick={() => setDialogOpen(true, 'restore')} className={FOOTER_ACTION}>
              {ACCOUNT_MESSAGES.restoreSubscription}
            </button>
          )}
          <button
            ref={clearButton}
            type="button"
            aria-haspopup="dialog"
            onClick={() => {
              setClearWanted(true);
              setClearOpen(true);
            }}
            className={FOOTER_ACTION}
          >
            {ACCOUNT_MESSAGES.clearMyData}
          </button>
        </nav>
      </div>
      {isClearWanted && (
        <Suspense fallback={null}>
          <ClearDataDialog open={isClearOpen} onOpenChange={setClearOpen} returnFocusTo={() => clearButton.current} />
        </Suspense>
      )}
    </footer>
  );
}

/** The dialog, its payment code and Radix Dialog load only when the dialog first opens. */
const SubscriptionDialog = lazy(() =>
  import('../features/subscription/subscription-dialog').then((module) => ({ default: module.SubscriptionDialog })),
);

/** Mounts the dialog once it has been asked for, and keeps it mounted (its own open state drives it). */
function LazySubscriptionDialog() {
  const { isDialogOpen } = useSubscription();
  const [isWanted, setWanted] = useState(isDialogOpen);
  useEffect(() => {
    if (isDialogOpen) setWanted(true);
  }, [isDialogOpen]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionDialog />
    </Suspense>
  );
}

/** Radix Toast loads with the first toast. */
const Toaster = lazy(() => import('../components/ui/toaster').then((module) => ({ default: module.Toaster })));

function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [isWanted, setWanted] = useState(hasToasts);
  useEffect(() => {
    if (hasToasts) setWanted(true);
  }, [hasToasts]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * Page frame: header with the subscribed badge, the routed screen, footer, dialog and toasts.
 * The build pre-renders it into index.html (`prerender.tsx`): the dialog and toasts render
 * nothing until they are asked for, so the markup is the header, the screen and the footer.
 */
export function Layout() {
  usePageTitle(pageTitleOf(useLocation().pathname));
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 sm:py-8">
        <Outlet />
      </main>
      <Footer />
      <LazySubscriptionDialog />
      <LazyToaster />
    </div>
  );
}
