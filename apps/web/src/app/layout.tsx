import { MESSAGES } from '@fineprint/contracts';
import { Link, Outlet } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { SubscriptionDialog } from '../features/subscription/subscription-dialog';
import { clearUserData } from '../lib/api';
import { getVisitorId } from '../lib/identity';
import { useSubscription } from '../lib/subscription-context';
import { toast } from '../components/ui/toast-store';

function Header() {
  const { status } = useSubscription();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-start justify-between gap-3 px-4 py-5">
        <div>
          <h1 className="text-2xl font-bold">
            <Link to="/">{MESSAGES.productName}</Link>
            <span className="ml-2 text-base font-normal text-slate-600">{MESSAGES.descriptor}</span>
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{MESSAGES.tagline}</p>
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

function Footer() {
  const { refresh } = useSubscription();
  const clear = async () => {
    await clearUserData(await getVisitorId());
    toast('Your e-mail and cookies were removed from this device.');
    await refresh();
  };
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-5xl space-y-2 px-4 py-6 text-xs text-slate-600">
        <p>This summary is generated automatically and is not legal advice. Always read the full terms before you accept them.</p>
        <nav aria-label="Legal" className="flex flex-wrap gap-4">
          <Link to="/tos" className="underline">
            Terms of Service
          </Link>
          <Link to="/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          <button type="button" onClick={() => void clear()} className="underline">
            Clear my data
          </button>
        </nav>
      </div>
    </footer>
  );
}

/** Page frame: header with the subscribed badge, the routed screen, footer, dialog and toasts. */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <Footer />
      <SubscriptionDialog />
      <Toaster />
    </div>
  );
}
