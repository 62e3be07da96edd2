import { reportLabel, BROWSE_MESSAGES, type FeedbackTarget } from '@fineprint/contracts';
import { lazy, Suspense, useRef, useState } from 'react';

/** The dialog (Radix Dialog, already in the dialog chunk) loads with the first report. */
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })));

/**
 * "This is wrong" beside a list item or a fact row of a kept result: opens the report dialog.
 * Shared by the result's features through components/ (features never import each other).
 * Nothing is shown for a result without a permalink (pasted or uploaded documents are not kept).
 */
export function ReportButton({ resultId, target, what }: { resultId?: string; target: FeedbackTarget; what: string }) {
  const [isOpen, setOpen] = useState(false);
  const [isWanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!resultId) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-label={reportLabel(what)}
        data-report={target.kind === 'item' ? `${target.list}:${target.index}` : target.fact}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="fp-no-print inline-flex min-h-6 items-center gap-1 text-xs text-slate-600 underline decoration-dotted hover:text-slate-900"
      >
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
          <path d="M3 14V2.5M3 3h8.5l-1.8 3 1.8 3H3" strokeLinejoin="round" />
        </svg>
        {BROWSE_MESSAGES.reportItem}
      </button>
      {isWanted && (
        <Suspense fallback={null}>
          <ReportDialog
            open={isOpen}
            onOpenChange={setOpen}
            resultId={resultId}
            target={target}
            what={what}
            returnFocusTo={() => button.current}
          />
        </Suspense>
      )}
    </>
  );
}
