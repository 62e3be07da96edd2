/**
 * The address a visitor wanted analysed when the paywall stopped them, kept in sessionStorage
 * across the checkout and its redirect, and analysed by itself once the payment (or a restore)
 * is verified.
 */
const URL_KEY = 'fineprint.pendingUrl';
const READY_KEY = 'fineprint.pendingReady';
const READY_EVENT = 'fineprint:pending-ready';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Remembers the address the paywall stopped (before the checkout starts). */
export function rememberPendingUrl(url: string): void {
  const store = storage();
  store?.setItem(URL_KEY, url);
  store?.removeItem(READY_KEY);
}

/** Called once a subscription is verified: the remembered address may now run. */
export function markPendingReady(): void {
  const store = storage();
  if (!store?.getItem(URL_KEY)) return;
  store.setItem(READY_KEY, '1');
  window.dispatchEvent(new Event(READY_EVENT));
}

/** The remembered address if a subscription was verified since; it is forgotten once taken. */
export function takeReadyPendingUrl(): string | null {
  const store = storage();
  if (!store || store.getItem(READY_KEY) !== '1') return null;
  const url = store.getItem(URL_KEY);
  store.removeItem(URL_KEY);
  store.removeItem(READY_KEY);
  return url;
}

/** Forgets any remembered address (a new analysis was asked for). */
export function forgetPendingUrl(): void {
  storage()?.removeItem(URL_KEY);
  storage()?.removeItem(READY_KEY);
}

/** Calls back when a verification made the remembered address ready while the page is open. */
export function onPendingReady(callback: () => void): () => void {
  window.addEventListener(READY_EVENT, callback);
  return () => window.removeEventListener(READY_EVENT, callback);
}
