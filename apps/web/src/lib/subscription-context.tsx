import type { SubscriptionStatus } from '@fineprint/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchSubscriptionStatus } from './api';

interface SubscriptionState {
  status: SubscriptionStatus;
  refresh: () => Promise<SubscriptionStatus>;
  isDialogOpen: boolean;
  setDialogOpen: (open: boolean) => void;
}

const Context = createContext<SubscriptionState | null>(null);

/** Holds the subscription status (for the header badge) and the dialog's open state. */
export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SubscriptionStatus>({ isSubscribed: false, searchCount: 0 });
  const [isDialogOpen, setDialogOpen] = useState(false);
  const refresh = useCallback(async () => {
    const next = await fetchSubscriptionStatus();
    setStatus(next);
    return next;
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const value = useMemo(() => ({ status, refresh, isDialogOpen, setDialogOpen }), [status, refresh, isDialogOpen]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSubscription(): SubscriptionState {
  const value = useContext(Context);
  if (!value) throw new Error('useSubscription outside SubscriptionProvider');
  return value;
}
