import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@fineprint/contracts';
import { useSyncExternalStore } from 'react';

export interface ToastItem {
  id: number;
  title: string;
  variant: 'default' | 'destructive';
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast; at most 20 are kept, the newest first. */
export function toast(title: string, variant: ToastItem['variant'] = 'default'): number {
  const id = nextId++;
  toasts = [{ id, title, variant, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** Dismisses a toast; it is removed 1 second later. */
export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}
