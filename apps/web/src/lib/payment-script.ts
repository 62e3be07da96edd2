import { PAYMENT_SCRIPT_ATTEMPTS, PAYMENT_SCRIPT_RETRY_MS } from '@fineprint/contracts';

/** The card provider's inline checkout API. */
export interface CheckoutConfig {
  public_key: string;
  tx_ref: string;
  amount: number;
  currency: string;
  payment_options: string;
  customer: { email: string; phone_number: string; name: string };
  customizations: { title: string; description: string; logo: string };
  redirect_url: string;
  payment_plan?: number;
  callback: (response: { status: string; transaction_id?: number | string; tx_ref?: string }) => void;
  onclose?: () => void;
}
export interface CheckoutHandle {
  close(): void;
}
declare global {
  interface Window {
    FlutterwaveCheckout?: (config: CheckoutConfig) => CheckoutHandle | undefined;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.FlutterwaveCheckout ? resolve() : reject(new Error('checkout API missing')));
    script.onerror = () => {
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.body.appendChild(script);
  });
}

/** Loads the payment script, trying 3 times 1 second apart; rejects after the last failure. */
export async function loadPaymentScript(src: string): Promise<void> {
  if (window.FlutterwaveCheckout) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await injectScript(src);
      return;
    } catch (error) {
      if (attempt >= PAYMENT_SCRIPT_ATTEMPTS) throw error;
      await wait(PAYMENT_SCRIPT_RETRY_MS);
    }
  }
}
