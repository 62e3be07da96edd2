import { MESSAGES } from '@fineprint/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast-store';
import { verifyPayment } from '../../lib/api';
import { useSubscription } from '../../lib/subscription-context';

const REDIRECT_DELAY_MS = 2000;

/** /subscription/callback: verifies the transaction, stores the token, then returns to /. */
export function CallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSubscription();
  const [outcome, setOutcome] = useState<'pending' | 'success' | 'failure'>('pending');
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const transactionId = params.get('transaction_id');
    const verification = transactionId ? verifyPayment(transactionId) : Promise.reject(new Error(MESSAGES.noTransactionId));
    verification
      .then(async () => {
        setOutcome('success');
        toast(MESSAGES.subscriptionActivated);
        await refresh();
      })
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        setOutcome('failure');
        toast(MESSAGES.paymentVerificationFailedToast, 'destructive');
      })
      .finally(() => setTimeout(() => void navigate('/'), REDIRECT_DELAY_MS));
  }, [params, navigate, refresh]);

  return (
    <section className="mx-auto max-w-xl rounded-xl bg-white p-8 text-center shadow-sm" aria-live="polite">
      {outcome === 'pending' && (
        <>
          <h2 className="text-xl font-semibold">{MESSAGES.verifyingPayment}</h2>
          <p className="mt-2 text-slate-600">{MESSAGES.verifyingPaymentDetail}</p>
        </>
      )}
      {outcome === 'success' && <h2 className="text-xl font-semibold text-emerald-700">{MESSAGES.subscriptionActivated}</h2>}
      {outcome === 'failure' && <h2 className="text-xl font-semibold text-red-700">{MESSAGES.paymentVerificationFailedToast}</h2>}
    </section>
  );
}
