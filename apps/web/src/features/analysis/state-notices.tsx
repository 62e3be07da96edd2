import { MESSAGES, RESULT_MESSAGES, SHARE_MESSAGES, tryHttp } from '@fineprint/contracts';
import { Button } from '../../components/ui/button';
import type { Failure } from './failure';

/** A cancelled analysis: the visitor's own choice, said in a neutral box (not the red error box). */
export function CancelledNotice() {
  return (
    <div role="status" className="rounded-lg border border-slate-300 bg-white p-4 text-slate-800" data-testid="cancelled">
      <h2 className="font-semibold">{RESULT_MESSAGES.cancelledTitle}</h2>
      <p className="mt-1 text-sm">{SHARE_MESSAGES.analysisCancelled}</p>
    </div>
  );
}

/** The SPEC's error box ("Error", then the sentence), with what to do next inside it. */
export function ErrorBox({
  failure,
  onRetry,
  onPaste,
  onHttp,
}: {
  failure: Failure;
  onRetry?: () => void;
  onPaste: () => void;
  onHttp: (address: string) => void;
}) {
  const steps = failure.nextSteps.filter((step) => step !== 'retry' || onRetry);
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <h2 className="font-semibold">{MESSAGES.errorTitle}</h2>
      <p className="mt-1 text-sm">{failure.message}</p>
      {failure.hint && <p className="mt-1 text-sm">{failure.hint}</p>}
      {steps.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {steps.map((step) =>
            step === 'http' && failure.httpAddress ? (
              <Button key={step} type="button" onClick={() => onHttp(failure.httpAddress!)}>
                {tryHttp(failure.httpAddress.replace(/^http:\/\//, ''))}
              </Button>
            ) : step === 'retry' ? (
              <Button key={step} type="button" variant={steps[0] === 'retry' ? 'primary' : 'outline'} onClick={onRetry}>
                {RESULT_MESSAGES.tryAgain}
              </Button>
            ) : step === 'paste' ? (
              <Button key={step} type="button" variant={steps[0] === 'paste' ? 'primary' : 'outline'} onClick={onPaste}>
                {RESULT_MESSAGES.pasteInstead}
              </Button>
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}
