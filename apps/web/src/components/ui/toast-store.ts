import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@fineprint/contracts';
import { useSyncExternalStore } from 'react';

export interface ToastItem {
  id: number;
  title: string;
  variant: 'default' | 'destructive';
  open: boolean;
  /** Toasts of one group replace each other. */
  group?: string;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Shows a toast; at most 20 are kept, the newest first. A toast already open with the same
 * title is not repeated (it moves to the front), and a toast of a `group` (one outcome, such
 * as a payment's) replaces the open toast of that group, so "failed" and "successful" never
 * stand side by side.
 */
export function toast(title: string, variant: ToastItem['variant'] = 'default', group?: string): number {
  const same = toasts.find((t) => t.open && t.title === title && t.variant === variant);
  const replaced = group === undefined ? [] : toasts.filter((t) => t.open && t.group === group && t !== same);
  for (const old of replaced) dismissToast(old.id);
  if (same) {
    toasts = [same, ...toasts.filter((t) => t !== same)];
    emit();
    return same.id;
  }
  const id = nextId++;
  toasts = [{ id, title, variant, open: true, ...(group === undefined ? {} : { group }) }, ...toasts].slice(0, TOAST_LIMIT);
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

const NO_TOASTS: ToastItem[] = [];

/** The toasts on screen; none in the markup the build pre-renders (`prerender.tsx`). */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => NO_TOASTS,
  );
}
