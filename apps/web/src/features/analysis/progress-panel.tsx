import { SHARE_MESSAGES } from '@fineprint/contracts';
import { Button } from '../../components/ui/button';

/** The analysis's stages as the server reports them, newest last, with a Cancel that stops the server's work. */
export function ProgressPanel({ stages, onCancel }: { stages: string[]; onCancel: () => void }) {
  return (
    <section aria-labelledby="progress-heading" className="fp-no-print rounded-lg border border-slate-200 p-3" data-testid="progress">
      <div className="flex items-center justify-between gap-2">
        <h2 id="progress-heading" className="text-sm font-semibold">
          {SHARE_MESSAGES.progressHeading}
        </h2>
        <Button type="button" variant="outline" onClick={onCancel}>
          {SHARE_MESSAGES.cancelAnalysis}
        </Button>
      </div>
      <ol className="mt-2 list-inside list-decimal space-y-1 text-sm text-slate-700" aria-live="polite">
        {stages.map((stage, i) => (
          <li key={i} className="break-all">
            {stage}
          </li>
        ))}
      </ol>
    </section>
  );
}
