// @vitest-environment happy-dom
import { PAYMENT_SCRIPT_RETRY_MS } from '@fineprint/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPaymentScript } from './payment-script';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete window.FlutterwaveCheckout;
});

// Script tags never reach the network here: appendChild is intercepted and answers at once.
function interceptScripts(outcome: (attempt: number) => 'load' | 'error') {
  let attempts = 0;
  vi.spyOn(document.body, 'appendChild').mockImplementation((node) => {
    const script = node as HTMLScriptElement;
    attempts++;
    const result = outcome(attempts);
    queueMicrotask(() => {
      if (result === 'load') {
        window.FlutterwaveCheckout = () => ({ close() {} });
        script.onload?.(new Event('load'));
      } else script.onerror?.(new Event('error'));
    });
    return node;
  });
  return () => attempts;
}

describe('loadPaymentScript', () => {
  it('tries 3 times, 1 second apart, then fails', async () => {
    vi.useFakeTimers();
    const attempts = interceptScripts(() => 'error');
    const promise = loadPaymentScript('/sandbox/checkout.js');
    const outcome = promise.then(
      () => 'loaded',
      () => 'failed',
    );
    await vi.advanceTimersByTimeAsync(PAYMENT_SCRIPT_RETRY_MS - 1);
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(PAYMENT_SCRIPT_RETRY_MS);
    expect(await outcome).toBe('failed');
    expect(attempts()).toBe(3);
  });

  it('succeeds on a later attempt', async () => {
    vi.useFakeTimers();
    const attempts = interceptScripts((n) => (n < 2 ? 'error' : 'load'));
    const promise = loadPaymentScript('/sandbox/checkout.js');
    await vi.advanceTimersByTimeAsync(PAYMENT_SCRIPT_RETRY_MS);
    await promise;
    expect(attempts()).toBe(2);
    expect(window.FlutterwaveCheckout).toBeTypeOf('function');
  });
});
