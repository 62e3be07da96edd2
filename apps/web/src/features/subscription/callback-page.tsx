import { MESSAGES, receiptFor } from '@fineprint/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast-store';
import { verifyPayment } from '../../lib/api';
import { markPendingReady } from '../../lib/pending-analysis';
import { supportEmail } from '../../lib/support-email';
import { useSubscription } from '../../lib/subscription-context';

/** Long enough to note the receipt's transaction number (it restores the subscription after "Clear my data"). */
const RECEIPT_REDIRECT_DELAY_MS = 4000;
/** A failure stays longer: the visitor may want to note the support address. */
const FAILURE_REDIRECT_DELAY_MS = 6000;

/** /subscription/callback: verifies the transaction, stores the token, then returns to /. */
export function CallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSubscription();
  const [outcome, setOutcome] = useState<'pending' | 'success' | 'failure'>('pending');
  const hasStarted = useRef(false);
  const transactionId = params.get('transaction_id');

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const verification = transactionId ? verifyPayment(transactionId) : Promise.reject(new Error(MESSAGES.noTransactionId));
    void verification
      .then(async () => {
        setOutcome('success');
        toast(MESSAGES.subscriptionActivated, 'default', 'payment');
        // The address the paywall stopped is analysed on / once the subscription is verified.
        markPendingReady();
        await refresh();
        return RECEIPT_REDIRECT_DELAY_MS;
      })
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        setOutcome('failure');
        toast(MESSAGES.paymentVerificationFailedToast, 'destructive', 'payment');
        return FAILURE_REDIRECT_DELAY_MS;
      })
      .then((delay) => setTimeout(() => void navigate('/'), delay));
  }, [transactionId, navigate, refresh]);

  return (
    <section className="mx-auto max-w-xl rounded-xl bg-white p-8 text-center shadow-sm" aria-live="polite">
      {outcome === 'pending' && (
        <>
          <h2 className="text-xl font-semibold">{MESSAGES.verifyingPayment}</h2>
          <p className="mt-2 text-slate-600">{MESSAGES.verifyingPaymentDetail}</p>
        </>
      )}
      {outcome === 'success' && (
        <>
          <h2 className="text-xl font-semibold text-emerald-700">{MESSAGES.subscriptionActivated}</h2>
          {transactionId && <p className="mt-2 text-slate-700">{receiptFor(transactionId)}</p>}
        </>
      )}
      {outcome === 'failure' && (
        <>
          <h2 className="text-xl font-semibold text-red-700">{MESSAGES.paymentVerificationFailedToast}</h2>
          <p className="mt-2 text-slate-700">
            {MESSAGES.supportAddressLead}{' '}
            <a className="font-medium underline" href={`mailto:${supportEmail()}`}>
              {supportEmail()}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
