import {
  BROWSE_MESSAGES,
  FEEDBACK_REASON_LABELS,
  FEEDBACK_REASONS,
  MAX_FEEDBACK_NOTE,
  type FeedbackReason,
  type FeedbackTarget,
} from '@fineprint/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { sendFeedback } from '../../lib/browse-api';
import { HttpError } from '../../lib/http';
import { Button } from '../ui/button';

type Sent = 'idle' | 'sending' | 'sent' | 'failed' | 'gone';

/** The report dialog: what is wrong (four reasons), an optional note, Send; the answer is said in the dialog. */
export function ReportDialog({
  open,
  onOpenChange,
  resultId,
  target,
  what,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  resultId: string;
  target: FeedbackTarget;
  what: string;
  returnFocusTo: () => HTMLElement | null;
}) {
  const [reason, setReason] = useState<FeedbackReason>('not_in_text');
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<Sent>('idle');
  const noteId = useId();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSent('sending');
    try {
      await sendFeedback({ resultId, target, reason, ...(note.trim() ? { note: note.trim() } : {}) });
      setSent('sent');
    } catch (error) {
      setSent(error instanceof HttpError && error.status === 404 ? 'gone' : 'failed');
    }
  };
  const change = (next: boolean) => {
    if (!next && sent !== 'sending') {
      // A new report of the same item starts afresh.
      setSent('idle');
      setNote('');
    }
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo()?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 text-slate-900 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-semibold">{BROWSE_MESSAGES.reportTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{BROWSE_MESSAGES.reportIntro}</Dialog.Description>
          <blockquote className="mt-3 border-l-2 border-slate-300 pl-2 text-sm text-slate-800">{what}</blockquote>
          {sent === 'sent' ? (
            <div className="mt-4 space-y-4">
              <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
                {BROWSE_MESSAGES.reportThanks}
              </p>
              <div className="flex justify-end">
                <Dialog.Close asChild>
                  <Button type="button">{BROWSE_MESSAGES.reportClose}</Button>
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form onSubmit={(event) => void send(event)} className="mt-4 space-y-4">
              <fieldset>
                <legend className="text-sm font-semibold">{BROWSE_MESSAGES.reportReasonLegend}</legend>
                <div className="mt-2 space-y-1">
                  {FEEDBACK_REASONS.map((value) => (
                    <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="reason"
                        value={value}
                        checked={reason === value}
                        onChange={() => setReason(value)}
                        className="h-4 w-4"
                      />
                      {FEEDBACK_REASON_LABELS[value]}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div>
                <label htmlFor={noteId} className="text-sm font-semibold">
                  {BROWSE_MESSAGES.reportNote}
                </label>
                <textarea
                  id={noteId}
                  value={note}
                  maxLength={MAX_FEEDBACK_NOTE}
                  rows={3}
                  onChange={(event) => setNote(event.target.value)}
                  className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-slate-900 focus:outline-none"
                />
              </div>
              {(sent === 'failed' || sent === 'gone') && (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
                  {sent === 'gone' ? BROWSE_MESSAGES.reportNotKept : BROWSE_MESSAGES.reportFailed}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <Button type="button" variant="outline">
                    {BROWSE_MESSAGES.reportCancel}
                  </Button>
                </Dialog.Close>
                <Button type="submit" disabled={sent === 'sending'}>
                  {BROWSE_MESSAGES.reportSend}
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
