import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { circularPageTreePdf, sharedStreamPdf, textPdf } from '../../../../tests/fakes/hostile-pdfs';
import { PdfError } from '../errors';
import { extractPdf } from './extract';
import { readPdfPages } from './pdf';

describe('the PDF reader process (issue 24)', () => {
  it('reads the same text as unpdf read in process, page by page', async () => {
    for (const pdf of [
      textPdf(['Privacy Policy', 'We keep your personal data for as long as your account exists.', 'Contact: privacy@acme.example']),
      sharedStreamPdf(3, ['These Terms are governed by the laws of the State of Delaware.', 'Second line (with brackets).']),
    ]) {
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
      expect(await readPdfPages(new Uint8Array(pdf))).toEqual(text);
    }
  });

  it('reads a PDF that is both documents once', async () => {
    const bytes = new Uint8Array(textPdf(['Terms and privacy in one file.']));
    const first = readPdfPages(bytes);
    expect(readPdfPages(bytes)).toBe(first);
    expect((await extractPdf(bytes, 'both.pdf')).text).toBe('Terms and privacy in one file.');
  });

  it('throws a PdfError with a sentence for a file pdf.js cannot read', async () => {
    const error = await readPdfPages(new Uint8Array(circularPageTreePdf())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfError);
    expect(error).toMatchObject({ code: 'PDF_UNREADABLE', message: expect.stringMatching(/paste it instead\.$/) });
  });
});
