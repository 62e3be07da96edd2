import { MAX_PROVIDED_TEXT_BYTES, MESSAGES, UPLOAD_EXTENSIONS, type ProvidedDocumentType } from '@fineprint/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';

export type ProvidedInput =
  { kind: 'text'; text: string; type: ProvidedDocumentType } | { kind: 'file'; file: File; type: ProvidedDocumentType };

const ACCEPT = [...Object.keys(UPLOAD_EXTENSIONS), 'application/pdf', 'text/html', 'text/markdown', 'text/plain'].join(',');
const TYPES: Array<[ProvidedDocumentType, string]> = [
  ['terms', MESSAGES.documentTypeTerms],
  ['privacy', MESSAGES.documentTypePrivacy],
  ['both', MESSAGES.documentTypeBoth],
];

/** What is wrong with a chosen file before it is sent, if anything. */
export function fileProblem(file: File): string | undefined {
  const extension = /\.[a-z]+$/i.exec(file.name)?.[0].toLowerCase() ?? '';
  if (!(extension in UPLOAD_EXTENSIONS)) return MESSAGES.fileKindUnknown;
  if (file.size > MAX_PROVIDED_TEXT_BYTES) return MESSAGES.fileTooLarge;
  return undefined;
}

function TypeChoice({ name, value, onChange }: { name: string; value: ProvidedDocumentType; onChange: (v: ProvidedDocumentType) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <legend className="mb-1 font-medium">{MESSAGES.documentTypeLegend}</legend>
      {TYPES.map(([type, label]) => (
        <label key={type} className="inline-flex min-h-6 cursor-pointer items-center gap-1.5">
          <input type="radio" name={name} value={type} checked={value === type} onChange={() => onChange(type)} className="h-4 w-4" />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The other way in, beside the address field: "Paste the text" or "Upload a file" (PDF, HTML,
 * Markdown, plain text, up to 5 MB), with what the document is. The parent runs the analysis.
 */
export function ProvidedForm({
  isBusy,
  onSubmit,
  onInvalid,
  pasteRequest = 0,
}: {
  isBusy: boolean;
  onSubmit: (input: ProvidedInput) => void;
  onInvalid: (message: string) => void;
  /** Raised by the error box's "Paste the text instead": opens "Paste the text" and puts focus in it. */
  pasteRequest?: number;
}) {
  const [mode, setMode] = useState<'paste' | 'upload' | null>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (pasteRequest > 0) setMode('paste');
  }, [pasteRequest]);
  useEffect(() => {
    if (pasteRequest > 0 && mode === 'paste') textArea.current?.focus();
  }, [pasteRequest, mode]);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<ProvidedDocumentType>('terms');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'paste') {
      if (!text.trim()) return onInvalid(MESSAGES.emptyText);
      return onSubmit({ kind: 'text', text, type });
    }
    if (!file) return onInvalid(MESSAGES.noFile);
    const problem = fileProblem(file);
    if (problem) return onInvalid(problem);
    onSubmit({ kind: 'file', file, type });
  };

  const toggle = (next: 'paste' | 'upload') => setMode((current) => (current === next ? null : next));
  const tab = (which: 'paste' | 'upload', label: string) => (
    <button
      type="button"
      aria-expanded={mode === which}
      aria-controls="provided-panel"
      onClick={() => toggle(which)}
      className={`min-h-11 rounded-md px-3 py-2 text-sm font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-slate-900 ${mode === which ? 'bg-slate-200 text-slate-900' : 'text-slate-700'}`}
    >
      {label}
    </button>
  );

  return (
    <div>
      <div className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        <span>or</span>
        {tab('paste', MESSAGES.pasteText)}
        <span aria-hidden="true">·</span>
        {tab('upload', MESSAGES.uploadFile)}
      </div>
      {mode && (
        <form id="provided-panel" onSubmit={submit} noValidate className="mt-2 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          {mode === 'paste' ? (
            <div>
              <label htmlFor="provided-text" className="mb-1 block text-sm font-medium">
                {MESSAGES.pasteLabel}
              </label>
              <textarea
                ref={textArea}
                id="provided-text"
                rows={8}
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={MESSAGES.pastePlaceholder}
                className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-slate-900 focus:outline-none"
              />
            </div>
          ) : (
            <div>
              <label htmlFor="provided-file" className="mb-1 block text-sm font-medium">
                {MESSAGES.uploadLabel}
              </label>
              <input
                id="provided-file"
                type="file"
                accept={ACCEPT}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
              />
            </div>
          )}
          <TypeChoice name={`provided-type-${mode}`} value={type} onChange={setType} />
          <Button type="submit" disabled={isBusy} className="min-h-11">
            {mode === 'paste' ? MESSAGES.analyzeText : MESSAGES.analyzeFile}
          </Button>
        </form>
      )}
    </div>
  );
}
