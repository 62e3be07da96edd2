import { EMAIL_PATTERN, MESSAGES, PAYMENT_DESCRIPTION, PAYMENT_OPTIONS, PAYMENT_TITLE } from '@fineprint/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorMessage, getEmail, setEmail, startPayment } from '../../lib/api';
import { getVisitorId } from '../../lib/identity';
import { loadPaymentScript, type CheckoutHandle } from '../../lib/payment-script';
import { useSubscription } from '../../lib/subscription-context';

/** "Buy me a coffee": collects the e-mail and runs the card checkout. */
export function SubscriptionDialog() {
  const { isDialogOpen, setDialogOpen, refresh } = useSubscription();
  const [email, setEmailValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPaying, setPaying] = useState(false);
  const checkout = useRef<CheckoutHandle | undefined>(undefined);

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

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError(MESSAGES.invalidEmail);
      return;
    }
    setPaying(true);
    try {
      await setEmail(await getVisitorId(), address);
      const intent = await startPayment(address);
      try {
        await loadPaymentScript(intent.scriptUrl);
      } catch {
        setError(MESSAGES.paymentScriptFailed);
        toast(MESSAGES.paymentScriptFailed, 'destructive');
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
            toast(MESSAGES.paymentSuccessful);
            setDialogOpen(false);
            void refresh();
          } else {
            setError(MESSAGES.paymentFailed);
            toast(MESSAGES.paymentFailed, 'destructive');
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
          className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-semibold">{MESSAGES.dialogTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">{MESSAGES.dialogText}</Dialog.Description>
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
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-slate-900 focus:outline-none"
            />
            {error && (
              <p id="subscription-error" role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <Button type="submit" disabled={isPaying} className="w-full">
              {MESSAGES.subscribeButton}
            </Button>
          </form>
          <Dialog.Close aria-label="Close" className="absolute right-3 top-3 rounded p-1 text-slate-500 hover:text-slate-900">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
