import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PdfError } from '../errors';
import type { PdfChildAnswer, PdfChildLimits } from './pdf-child';

/**
 * Limits of reading one PDF. The pages and text bounds are far above any real policy (the
 * longest PDF policies of the corpus have tens of pages); memory and time bound what a hostile
 * file can make pdf.js decode (a 1 MB file can inflate to gigabytes).
 */
export const PDF_LIMITS = {
  /** Pages a PDF may claim. */
  maxPages: 500,
  /** Characters of text, all pages together (the HTML reader cuts at 3 MB). */
  maxTextChars: 2_000_000,
  /** Wall-clock time of the reader process, start-up included. */
  timeoutMs: 10_000,
  /** Resident memory of the reader process (ArrayBuffers included), checked every `rssPollMs`. */
  maxRssBytes: 512 * 1024 * 1024,
  rssPollMs: 25,
  /** V8 heap of the reader process (MB); decoded streams are ArrayBuffers outside it, hence the RSS check. */
  heapMb: 256,
  /** Bytes of answer read from the reader (pages of text as JSON). */
  maxAnswerBytes: 16 * 1024 * 1024,
} as const;

/** Told when a PDF is over a limit: the visitor can still paste its text. */
export const PDF_TOO_COMPLEX_MESSAGE = 'This PDF is too large or too complex to read safely. Please copy its text and paste it instead.';
/** Told when pdf.js cannot read the file at all. */
export const PDF_UNREADABLE_MESSAGE =
  'This PDF could not be read: it seems damaged or is not a real PDF. Please copy its text and paste it instead.';

// The reader beside this file: its TypeScript source under tsx/vitest (and the CLI), the compiled file in production.
const CHILD_URL = new URL(import.meta.url.endsWith('.ts') ? './pdf-child.ts' : './pdf-child.js', import.meta.url);
/** The package directory (above src/ or dist/): the reader runs there, so `--import tsx` resolves from the workspace. */
const PACKAGE_DIR = fileURLToPath(new URL('../../', CHILD_URL));
/** setpriv (util-linux) ties the reader's life to the thread that started it (a terminated analysis worker runs no cleanup). */
const SETPRIV = process.platform === 'linux' ? ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path)) : undefined;

/** One PDF read once per analysis even when it is both documents (the same bytes, the same object). */
const reading = new WeakMap<Uint8Array, Promise<string[]>>();

/**
 * The text of each page of a PDF, read by pdf.js in a process of its own that is killed when it
 * goes over `PDF_LIMITS` (pages, text, resident memory, time). Throws PdfError PDF_UNREADABLE for
 * a file pdf.js cannot read (garbage, truncated, circular page tree, nesting past its stack) and
 * PDF_TOO_COMPLEX for one over a limit; the server's own memory grows by the file and its text only.
 */
export function readPdfPages(bytes: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<string[]> {
  let pages = reading.get(bytes);
  if (!pages) {
    pages = runReader(bytes, options.signal);
    reading.set(bytes, pages);
  }
  return pages;
}

function runReader(bytes: Uint8Array, signal: AbortSignal | undefined): Promise<string[]> {
  const limits: PdfChildLimits = { maxPages: PDF_LIMITS.maxPages, maxTextChars: PDF_LIMITS.maxTextChars };
  const isSource = CHILD_URL.pathname.endsWith('.ts');
  const nodeArgs = [
    ...(isSource ? ['--import', 'tsx'] : []),
    `--max-old-space-size=${PDF_LIMITS.heapMb}`,
    fileURLToPath(CHILD_URL),
    JSON.stringify(limits),
  ];
  const [command, ...args] = SETPRIV
    ? [SETPRIV, '--pdeathsig', 'KILL', '--', process.execPath, ...nodeArgs]
    : [process.execPath, ...nodeArgs];
  return new Promise<string[]>((resolve, reject) => {
    // Only what node and tsx need: the reader handles hostile bytes and is given no secrets.
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    const child = spawn(command!, args, { cwd: PACKAGE_DIR, env, stdio: ['pipe', 'pipe', 'ignore'] });
    const answer: Buffer[] = [];
    let answerBytes = 0;
    let settled = false;
    const finish = (error: PdfError | Error | undefined, pages?: string[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(pages!);
    };
    const tooComplex = (why: string) => finish(new PdfError('PDF_TOO_COMPLEX', PDF_TOO_COMPLEX_MESSAGE, { cause: new Error(why) }));
    const onAbort = () => tooComplex('the analysis was stopped');
    const timer = setTimeout(() => tooComplex(`over ${PDF_LIMITS.timeoutMs} ms`), PDF_LIMITS.timeoutMs);
    const poll = setInterval(() => {
      const rss = residentBytes(child.pid);
      if (rss !== undefined && rss > PDF_LIMITS.maxRssBytes) tooComplex(`resident memory ${Math.round(rss / 2 ** 20)} MB`);
    }, PDF_LIMITS.rssPollMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();

    child.on('error', (error) => finish(error));
    child.stdin.on('error', () => {}); // a reader that died early closes its stdin; its exit says why
    child.stdout.on('data', (chunk: Buffer) => {
      answerBytes += chunk.length;
      if (answerBytes > PDF_LIMITS.maxAnswerBytes) tooComplex('answer too long');
      else answer.push(chunk);
    });
    child.on('close', (code, killedBy) => {
      if (settled) return;
      let parsed: PdfChildAnswer | undefined;
      try {
        parsed = JSON.parse(Buffer.concat(answer).toString('utf8')) as PdfChildAnswer;
      } catch {
        parsed = undefined;
      }
      // No answer: the reader died (V8 out of heap, a native crash), which only a file over the limits causes.
      if (!parsed) return tooComplex(`reader exited without an answer (code ${code}, signal ${killedBy})`);
      if (parsed.ok) return finish(undefined, parsed.pages);
      if (parsed.reason === 'unreadable')
        return finish(new PdfError('PDF_UNREADABLE', PDF_UNREADABLE_MESSAGE, { cause: new Error(parsed.detail) }));
      return tooComplex(parsed.detail);
    });
    child.stdin.end(bytes);
  });
}

/** Resident memory of a process from /proc (Linux), undefined elsewhere or once it has gone. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
