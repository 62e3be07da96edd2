import { COOKIE_NAMES, type SubscriptionStatus } from '@fineprint/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchSubscriptionStatus } from './api';
import { readCookie } from './cookies';

interface SubscriptionState {
  status: SubscriptionStatus;
  /** False until the status is read (or known to be the fresh browser's): the pre-rendered screen shows no count. */
  isStatusKnown: boolean;
  refresh: () => Promise<SubscriptionStatus>;
  isDialogOpen: boolean;
  /** Opens (or closes) the dialog; "restore" opens it on its "Restore subscription" section. */
  setDialogOpen: (open: boolean, section?: DialogSection) => void;
  /** The section the dialog was last opened on. */
  dialogSection: DialogSection;
  /** Puts focus back on the element that was focused when the dialog was opened (else the page's first submit button). */
  returnFocus: () => void;
}

const NOTHING_YET: SubscriptionStatus = { isSubscribed: false, searchCount: 0 };
const hasIdentity = () => Boolean(readCookie(COOKIE_NAMES.userId) || readCookie(COOKIE_NAMES.authToken));

export type DialogSection = 'subscribe' | 'restore';

const Context = createContext<SubscriptionState | null>(null);

/** Holds the subscription status (for the header badge) and the dialog's open state. */
export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SubscriptionStatus>(NOTHING_YET);
  const [isStatusKnown, setStatusKnown] = useState(false);
  const [isDialogOpen, setDialogOpenState] = useState(false);
  const [dialogSection, setDialogSection] = useState<DialogSection>('subscribe');
  const opener = useRef<HTMLElement | null>(null);
  const setDialogOpen = useCallback((open: boolean, section: DialogSection = 'subscribe') => {
    if (open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      setDialogSection(section);
    }
    setDialogOpenState(open);
  }, []);
  const returnFocus = useCallback(() => {
    const target = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('main [type="submit"]');
    target?.focus();
  }, []);
  const refresh = useCallback(async () => {
    // Without a visitor id or a token (a fresh browser, or just after "Clear my data") there is nothing
    // to ask: asking would fingerprint the browser and set the user_id cookie again.
    const next = hasIdentity() ? await fetchSubscriptionStatus() : NOTHING_YET;
    setStatus(next);
    setStatusKnown(true);
    return next;
  }, []);
  useEffect(() => {
    // A browser with neither a visitor id nor a token has nothing to show yet (0 used, no badge):
    // it is fingerprinted when it first asks for an analysis, not while the first screen loads.
    if (!hasIdentity()) {
      setStatusKnown(true);
      return;
    }
    void refresh();
  }, [refresh]);
  const value = useMemo(
    () => ({ status, isStatusKnown, refresh, isDialogOpen, setDialogOpen, dialogSection, returnFocus }),
    [status, isStatusKnown, refresh, isDialogOpen, setDialogOpen, dialogSection, returnFocus],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSubscription(): SubscriptionState {
  const value = useContext(Context);
  if (!value) throw new Error('useSubscription outside SubscriptionProvider');
  return value;
}
