import * as ToastPrimitive from '@radix-ui/react-toast';
import { dismissToast, useToasts } from './toast-store';

/** Renders the toast queue with Radix Toast (announced to screen readers, swipe to dismiss). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={5000}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 shadow-lg ${t.variant === 'destructive' ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900'}`}
        >
          <ToastPrimitive.Title className="text-sm font-medium">{t.title}</ToastPrimitive.Title>
          <ToastPrimitive.Close aria-label="Dismiss" className="text-slate-500 hover:text-slate-900">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-4 right-4 z-[2147483001] flex w-[min(380px,calc(100vw-2rem))] flex-col gap-2 outline-none" />
    </ToastPrimitive.Provider>
  );
}
