import { ACCOUNT_MESSAGES } from '@fineprint/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { clearUserData } from '../../lib/api';
import { getVisitorId } from '../../lib/identity';
import { useSubscription } from '../../lib/subscription-context';

/** "Clear my data?": says what goes (e-mail, visitor id, subscription token on this device) and asks before removing it. */
export function ClearDataDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const { refresh } = useSubscription();
  const [isBusy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await clearUserData(await getVisitorId());
      toast(ACCOUNT_MESSAGES.clearDataDone);
      onOpenChange(false);
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo()?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-semibold">{ACCOUNT_MESSAGES.clearDataTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{ACCOUNT_MESSAGES.clearDataText}</Dialog.Description>
          <p className="mt-2 text-sm text-slate-700">{ACCOUNT_MESSAGES.clearDataKeepsPayment}</p>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button type="button" variant="outline">
                {ACCOUNT_MESSAGES.cancel}
              </Button>
            </Dialog.Close>
            <Button type="button" disabled={isBusy} onClick={() => void confirm()}>
              {ACCOUNT_MESSAGES.clearDataConfirm}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
