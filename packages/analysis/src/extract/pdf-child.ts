/**
 * The PDF reader's own process (started by `pdf.ts`, never imported): reads one PDF from stdin
 * with pdf.js (unpdf) and writes one JSON answer to stdout, `PdfChildAnswer`. It runs apart from
 * the server because pdf.js decodes whole streams into ArrayBuffers, which no heap flag of the
 * server's threads bounds: a 1 MB file inflating to 1 GiB must kill this process, not the server.
 * Limits it can check itself (pages, text) arrive as argv[2]; memory and time are watched from
 * outside, since a synchronous inflate loop would never give a timer of its own a turn.
 */
import { getDocumentProxy } from 'unpdf';

/** The limits the parent passes as JSON in argv[2]. */
export interface PdfChildLimits {
  maxPages: number;
  maxTextChars: number;
}

/** The one line the child writes: the text of each page, or why it stopped. */
export type PdfChildAnswer = { ok: true; pages: string[] } | { ok: false; reason: 'pages' | 'text' | 'unreadable'; detail: string };

async function main(): Promise<PdfChildAnswer> {
  const limits = JSON.parse(process.argv[2] ?? '{}') as PdfChildLimits;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)), {
      // No code generated from the file (CVE-2024-4367), no fonts looked up on this machine, errors only.
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    });
  } catch (error) {
    return { ok: false, reason: 'unreadable', detail: describe(error) };
  }
  // /Count is what the file claims; a lie only shortens the loop below, which reads that many pages at most.
  if (!(pdf.numPages <= limits.maxPages)) return { ok: false, reason: 'pages', detail: `${pdf.numPages} pages` };
  const pages: string[] = [];
  let chars = 0;
  try {
    // One page at a time (unpdf's extractText asks for every page at once: 28,000 pages took 4 GB).
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      // The same text unpdf's extractText gives: item strings, a line break where an item ends a line.
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      chars += text.length;
      if (chars > limits.maxTextChars) return { ok: false, reason: 'text', detail: `over ${limits.maxTextChars} characters by page ${n}` };
      pages.push(text);
      page.cleanup();
    }
  } catch (error) {
    return { ok: false, reason: 'unreadable', detail: describe(error) };
  }
  return { ok: true, pages };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown error';
}

// pdf.js reports through console.log; stdout carries only the answer.
console.log = console.info = console.warn = console.error = () => {};
void main().then(
  (answer) => process.stdout.write(JSON.stringify(answer), () => process.exit(0)),
  (error: unknown) =>
    process.stdout.write(JSON.stringify({ ok: false, reason: 'unreadable', detail: describe(error) }), () => process.exit(0)),
);
