import {
  ACCOUNT_MESSAGES,
  DEAL_FREE_USED,
  DEAL_ONE_MONTH,
  dealRenews,
  EMAIL_PATTERN,
  FREE_ANALYSES,
  MESSAGES,
  PAYMENT_DESCRIPTION,
  PAYMENT_OPTIONS,
  PAYMENT_TITLE,
  RESULT_MESSAGES,
  type PaymentPlan,
} from '@fineprint/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorMessage, fetchPaymentPlan, getEmail, setEmail, startPayment, verifyPayment } from '../../lib/api';
import { getVisitorId } from '../../lib/identity';
import { loadPaymentScript, type CheckoutHandle } from '../../lib/payment-script';
import { markPendingReady } from '../../lib/pending-analysis';
import { useSubscription } from '../../lib/subscription-context';
import { supportEmail } from '../../lib/support-email';

const TRANSACTION_NUMBER = /^\d{1,19}$/;

/** "Restore subscription": the transaction number from the receipt, verified like the callback (same browser only). */
function RestoreForm({ isOpenAtStart, onRestored }: { isOpenAtStart: boolean; onRestored: () => void }) {
  const [transactionId, setTransactionId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const restore = async (event: FormEvent) => {
    event.preventDefault();
    const id = transactionId.trim();
    if (!TRANSACTION_NUMBER.test(id)) {
      setError(ACCOUNT_MESSAGES.restoreInvalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifyPayment(id);
      toast(ACCOUNT_MESSAGES.subscriptionRestored, 'default', 'payment');
      onRestored();
    } catch {
      setError(ACCOUNT_MESSAGES.restoreFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details open={isOpenAtStart} className="mt-5 border-t border-slate-200 pt-4">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium underline">
        {ACCOUNT_MESSAGES.restoreSubscription}
      </summary>
      <form onSubmit={(e) => void restore(e)} noValidate className="mt-2 space-y-2">
        <p className="text-sm text-slate-600">{ACCOUNT_MESSAGES.restoreHint}</p>
        <label htmlFor="restore-transaction" className="block text-sm font-medium">
          {ACCOUNT_MESSAGES.restoreLabel}
        </label>
        <div className="flex gap-2">
          <input
            id="restore-transaction"
            inputMode="numeric"
            autoComplete="off"
            value={transactionId}
            onChange={(e) => setTransactionId(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? 'restore-error' : undefined}
            className="min-h-11 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-slate-900 focus:outline-none"
          />
          <Button type="submit" variant="outline" disabled={isBusy} className="min-h-11">
            {ACCOUNT_MESSAGES.restoreButton}
          </Button>
        </div>
        {error && (
          <p id="restore-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}

/** "Buy me a coffee": collects the e-mail and runs the card checkout. */
export function SubscriptionDialog() {
  const { isDialogOpen, setDialogOpen, dialogSection, refresh, returnFocus, status } = useSubscription();
  const [plan, setPlan] = useState<PaymentPlan | null>(null);
  const [email, setEmailValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPaying, setPaying] = useState(false);
  const checkout = useRef<CheckoutHandle | undefined>(undefined);
  const subscribeButton = useRef<HTMLButtonElement>(null);
  const wasPaying = useRef(false);
  /** Set before the dialog turns non-modal for the frame, read by the unmounting modal content. */
  const isPayingNow = useRef(false);
  /** Whether the dialog is open now: a content that unmounts only because it turned (non-)modal keeps the focus. */
  const isOpenNow = useRef(isDialogOpen);
  /** Set when the frame closed without a payment, until the remounted modal content has put focus on "Subscribe". */
  const focusSubscribe = useRef(false);

  // When the payment frame closes without a payment, focus comes back to "Subscribe" (enabled again).
  useEffect(() => {
    if (wasPaying.current && !isPaying && isDialogOpen) {
      focusSubscribe.current = true;
      subscribeButton.current?.focus();
    }
    if (!isDialogOpen) focusSubscribe.current = false;
    wasPaying.current = isPaying;
  }, [isPaying, isDialogOpen]);
  // Kept in step during the commit, before any unmounted content's (deferred) close-focus event reads them.
  useLayoutEffect(() => {
    isPayingNow.current = isPaying;
    isOpenNow.current = isDialogOpen;
  }, [isPaying, isDialogOpen]);

  // The deal the dialog states: asked once, when it first opens.
  useEffect(() => {
    if (!isDialogOpen || plan) return;
    let isCurrent = true;
    void fetchPaymentPlan().then((next) => isCurrent && setPlan(next));
    return () => {
      isCurrent = false;
    };
  }, [isDialogOpen, plan]);

  useEffect(() => {
    if (!isDialogOpen) return;
    let isCurrent = true;
    void getVisitorId()
      .then(getEmail)
      .then((stored) => {
        if (isCurrent && stored) setEmailValue((current) => current || stored);
      });
    return () => {
      isCurrent = false;
    };
  }, [isDialogOpen]);

  const onOpenChange = (open: boolean) => {
    if (!open) {
      checkout.current?.close();
      setPaying(false);
      setError(null);
    }
    setDialogOpen(open);
  };

  // Escape closes the dialog even when a toast that appeared after it (the free-limit toast,
  // whose Radix layer then sits on top) would otherwise take the key for itself.
  useEffect(() => {
    if (!isDialogOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      checkout.current?.close();
      setPaying(false);
      setError(null);
      setDialogOpen(false);
      setTimeout(returnFocus, 0);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isDialogOpen, setDialogOpen, returnFocus]);

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError(MESSAGES.invalidEmail);
      return;
    }
    isPayingNow.current = true;
    setPaying(true);
    try {
      await setEmail(await getVisitorId(), address);
      const intent = await startPayment(address);
      try {
        await loadPaymentScript(intent.scriptUrl);
      } catch {
        setError(MESSAGES.paymentScriptFailed);
        toast(MESSAGES.paymentScriptFailed, 'destructive', 'payment');
        setPaying(false);
        return;
      }
      checkout.current = window.FlutterwaveCheckout?.({
        public_key: intent.publicKey,
        tx_ref: intent.txRef,
        amount: intent.amount,
        currency: intent.currency,
        payment_options: PAYMENT_OPTIONS,
        customer: { email: address, phone_number: '', name: '' },
        customizations: { title: PAYMENT_TITLE, description: PAYMENT_DESCRIPTION, logo: `${window.location.origin}/logo.svg` },
        redirect_url: `${window.location.origin}/subscription/callback`,
        ...(intent.paymentPlan === undefined ? {} : { payment_plan: intent.paymentPlan }),
        callback: (response) => {
          checkout.current?.close();
          setPaying(false);
          if (response.status === 'successful') {
            toast(MESSAGES.paymentSuccessful, 'default', 'payment');
            setDialogOpen(false);
            setTimeout(returnFocus, 0);
            void refresh();
          } else {
            setError(MESSAGES.paymentFailed);
            toast(MESSAGES.paymentFailed, 'destructive', 'payment');
          }
        },
        onclose: () => setPaying(false),
      });
    } catch (caught) {
      setPaying(false);
      setError(errorMessage(caught) ?? MESSAGES.paymentFailed);
    }
  };

  return (
    // While the payment frame is up the dialog stops trapping focus and clicks, so the frame is usable.
    <Dialog.Root open={isDialogOpen} onOpenChange={onOpenChange} modal={!isPaying}>
      <Dialog.Portal>
        {!isPaying && <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />}
        <Dialog.Content
          onInteractOutside={(e) => isPaying && e.preventDefault()}
          // The dialog remounts when it stops being modal for the payment frame: focus is then the frame's;
          // and again when the frame closes unpaid: focus is then on "Subscribe".
          onOpenAutoFocus={(e) => {
            if (isPaying) e.preventDefault();
            else if (dialogSection === 'restore' && !focusSubscribe.current) {
              // Opened from the footer's "Restore subscription": on the transaction number.
              e.preventDefault();
              document.getElementById('restore-transaction')?.focus();
            } else if (focusSubscribe.current && subscribeButton.current) {
              e.preventDefault();
              focusSubscribe.current = false;
              subscribeButton.current.focus();
            }
          }}
          // Focus returns to what opened the dialog (the address field or Analyze), not to a remounted inner
          // element, and only once the dialog is really closed (not when its content remounts around the frame).
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!isPayingNow.current && !isOpenNow.current) returnFocus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-semibold">{MESSAGES.dialogTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">{MESSAGES.dialogText}</Dialog.Description>
          {/* The deal in one line under the SPEC's text: free analyses used, what a subscription gives, renewal, cancelling. */}
          <p className="mt-2 text-sm text-slate-700" data-testid="deal">
            {!status.isSubscribed && status.searchCount >= FREE_ANALYSES ? `${DEAL_FREE_USED} ` : ''}
            {plan ? (plan.renewsMonthly ? dealRenews(supportEmail()) : DEAL_ONE_MONTH) : ''}
          </p>
          <form onSubmit={(e) => void subscribe(e)} noValidate className="mt-4 space-y-3">
            <label htmlFor="subscription-email" className="block text-sm font-medium">
              {MESSAGES.emailLabel}
            </label>
            <input
              id="subscription-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmailValue(e.target.value)}
              aria-invalid={error === MESSAGES.invalidEmail}
              aria-describedby={error ? 'subscription-error' : undefined}
              className="min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-slate-900 focus:outline-none"
            />
            {error && (
              <p id="subscription-error" role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <Button
              ref={subscribeButton}
              type="submit"
              disabled={isPaying}
              aria-describedby={isPaying ? 'payment-opening' : undefined}
              className="min-h-11 w-full"
            >
              {MESSAGES.subscribeButton}
            </Button>
            {/* The script and frame can take seconds on a slow network: the greyed button says why. */}
            <p id="payment-opening" role="status" className="min-h-5 text-sm text-slate-700">
              {isPaying ? RESULT_MESSAGES.paymentOpening : ''}
            </p>
          </form>
          <RestoreForm
            isOpenAtStart={dialogSection === 'restore'}
            onRestored={() => {
              setDialogOpen(false);
              setTimeout(returnFocus, 0);
              void refresh().then(markPendingReady);
            }}
          />
          <Dialog.Close
            aria-label={ACCOUNT_MESSAGES.closeDialog}
            className="absolute right-2 top-2 flex h-11 w-11 items-center justify-center rounded text-xl text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-slate-900"
          >
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
