import type { DocumentInput } from '@fineprint/analysis';
import { MAX_PROVIDED_TEXT_BYTES, UPLOAD_EXTENSIONS, type DocumentType, type ProvidedDocumentType } from '@fineprint/contracts';
import { ServiceError } from '../../errors';

type MediaType = DocumentInput['mediaType'];

const TOO_LARGE = 'That text or file is larger than 5 MB.';
const UNKNOWN_KIND = 'Please upload a PDF, HTML, Markdown or plain text file (.pdf, .html, .htm, .md, .markdown, .txt).';
const NOT_TEXT = 'This file does not contain text: please upload a PDF, HTML, Markdown or plain text file.';
const EMPTY = 'There is no text to analyze in what you sent.';

/** The name under which a pasted text is shown and quoted. */
export const PASTED_TEXT_NAME = 'Pasted text';

/** The documents for a pasted text: its kind guessed from its look (HTML source, Markdown or plain). */
export function pastedDocuments(text: string, type: ProvidedDocumentType): DocumentInput[] {
  if (Buffer.byteLength(text, 'utf8') > MAX_PROVIDED_TEXT_BYTES) throw new ServiceError('PAYLOAD_TOO_LARGE', TOO_LARGE);
  if (!/\S/.test(text)) throw new ServiceError('BAD_REQUEST', EMPTY);
  return documentsOf(type, PASTED_TEXT_NAME, guessTextKind(text), text);
}

/**
 * The documents for an uploaded file: known extensions only; a PDF must be one, other kinds
 * must be text (UTF-8, else Windows-1252), never binary.
 */
export function uploadedDocuments(file: { filename: string; bytes: Uint8Array }, type: ProvidedDocumentType): DocumentInput[] {
  if (file.bytes.byteLength > MAX_PROVIDED_TEXT_BYTES) throw new ServiceError('PAYLOAD_TOO_LARGE', TOO_LARGE);
  const name = displayName(file.filename);
  const extension = /\.[a-z]+$/i.exec(name)?.[0].toLowerCase() ?? '';
  const mediaType: MediaType | undefined = UPLOAD_EXTENSIONS[extension as keyof typeof UPLOAD_EXTENSIONS];
  if (!mediaType) throw new ServiceError('BAD_REQUEST', UNKNOWN_KIND);
  if (file.bytes.byteLength === 0) throw new ServiceError('BAD_REQUEST', EMPTY);
  if (mediaType === 'pdf') {
    if (Buffer.from(file.bytes.subarray(0, 1024)).indexOf('%PDF-') < 0)
      throw new ServiceError('BAD_REQUEST', 'This file is named .pdf but is not a PDF.');
    return documentsOf(type, name, 'pdf', file.bytes);
  }
  if (file.bytes.includes(0)) throw new ServiceError('BAD_REQUEST', NOT_TEXT);
  const text = decodeText(file.bytes);
  if (!/\S/.test(text)) throw new ServiceError('BAD_REQUEST', EMPTY);
  return documentsOf(type, name, mediaType, text);
}

/** The message for a multipart upload over one of its limits. */
export const UPLOAD_TOO_LARGE = TOO_LARGE;
export const UPLOAD_ONE_FILE = 'Please upload one file at a time.';

function documentsOf(type: ProvidedDocumentType, name: string, mediaType: MediaType, content: string | Uint8Array): DocumentInput[] {
  const types: DocumentType[] = type === 'both' ? ['terms', 'privacy'] : [type];
  return types.map((t) => ({ type: t, url: name, mediaType, content }));
}

/** A file name safe to show: its last path segment, printable, at most 100 characters. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (printable.length > 100 ? printable.slice(-100) : printable) || 'Uploaded file';
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function guessTextKind(text: string): MediaType {
  const head = text.trimStart().slice(0, 2000);
  if (/^<(!doctype html|html|head|body|main|article|div|section|h[1-6]|p)\b/i.test(head) && /<\/[a-z0-9]+>/i.test(text)) return 'html';
  if (/^#{1,6} \S/m.test(head) || /^\s*[-*] \S[\s\S]*\n\s*[-*] \S/m.test(head)) return 'markdown';
  return 'text';
}
