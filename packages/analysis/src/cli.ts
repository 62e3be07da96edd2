/**
 * fineprint — command line for the analysis library.
 *   fineprint analyze <url> [--json] [--allow host:port]
 *   fineprint analyze --file <path> [--type terms|privacy] [--file ...] [--json]
 *   fineprint facts <url | --file <path> ...>   (the fact sheet as a table)
 *   fineprint eval <file.jsonl>
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { AnalysisResult, DocumentType } from '@fineprint/contracts';
import { analyzeDocuments, analyzeSite, type DocumentInput } from './analyze';
import { classifySentence } from './classify/classify';
import { leadInsInDocuments } from './classify/features';
import { AnalysisError } from './errors';
import { computeMetrics, computeTosdrRecall } from './evaluate';
import type { MediaType } from './fetch/guarded-fetch';
import { llmSettingsFromEnv } from './llm';

const USAGE = `Usage:
  fineprint analyze <url> [--json] [--allow host:port]
  fineprint analyze --file <path> [--type terms|privacy] [--file <path> ...] [--json]
  fineprint facts <url> | --file <path> [--type terms|privacy] [--file <path> ...]   (the fact sheet as a table)
  fineprint eval <file.jsonl>`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'analyze') return runAnalyze(rest);
  if (command === 'facts') return runAnalyze(rest, 'facts');
  if (command === 'eval') return runEval(rest);
  process.stderr.write(`${USAGE}\n`);
  return command ? 2 : 0;
}

async function runAnalyze(args: string[], output: 'summary' | 'facts' = 'summary'): Promise<number> {
  const isJson = args.includes('--json');
  const files: DocumentInput[] = [];
  const allowlist: string[] = [];
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') continue;
    if (arg === '--allow') allowlist.push(args[++i] ?? '');
    else if (arg === '--file') {
      const path = args[++i];
      if (!path) throw new Error('--file needs a path');
      let type: DocumentType = /privacy|datenschutz|confidential/i.test(path) ? 'privacy' : 'terms';
      if (args[i + 1] === '--type') {
        const value = args[i + 2];
        if (value !== 'terms' && value !== 'privacy') throw new Error('--type must be terms or privacy');
        type = value;
        i += 2;
      }
      files.push(readInput(path, type));
    } else url = arg;
  }
  const progress = (message: string) => process.stderr.write(`${message}\n`);
  // The optional LLM engine: the same LLM_* variables as the server (unset LLM_PROVIDER = built-in only).
  const llm = { llm: llmSettingsFromEnv(process.env), onLlmDiagnostics: (d: object) => progress(`LLM engine: ${JSON.stringify(d)}`) };
  let result: AnalysisResult;
  if (files.length > 0) {
    progress(`Analysing ${files.length} file(s)`);
    result = await analyzeDocuments(files, llm);
  } else if (url) {
    // The browser path: the same BROWSER (on|off) and BROWSER_PATH as the server; on when Chromium exists.
    const browserPath = process.env.BROWSER_PATH || '/usr/bin/chromium';
    if (process.env.BROWSER === 'on' && !existsSync(browserPath)) throw new Error(`BROWSER=on but no Chromium at ${browserPath}`);
    const browser = process.env.BROWSER !== 'off' && existsSync(browserPath) ? { executablePath: browserPath } : undefined;
    result = await analyzeSite(url, { allowlist, onProgress: progress, browser, ...llm });
  } else {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  process.stdout.write(
    isJson
      ? `${JSON.stringify(output === 'facts' ? result.factSheet : result, null, 2)}\n`
      : output === 'facts'
        ? formatFacts(result)
        : formatSummary(result),
  );
  return 0;
}

function readInput(path: string, type: DocumentType): DocumentInput {
  const ext = extname(path).toLowerCase();
  const mediaType: MediaType =
    ext === '.pdf' ? 'pdf' : ext === '.html' || ext === '.htm' ? 'html' : ext === '.md' || ext === '.markdown' ? 'markdown' : 'text';
  const content = mediaType === 'pdf' ? new Uint8Array(readFileSync(path)) : readFileSync(path, 'utf8');
  return { type, url: `file://${path}`, mediaType, content };
}

function formatSummary(result: AnalysisResult): string {
  const lines: string[] = [];
  for (const doc of result.documents)
    lines.push(`Read ${doc.type === 'terms' ? 'Terms of Service' : 'Privacy Policy'}: ${doc.url} (${doc.words} words)`);
  if (result.grade) lines.push(`Grade: ${result.grade}`);
  for (const notice of result.notices) lines.push(`Note: ${notice}`);
  const sections = [
    ['Key Points', result.details.keyPoints],
    ['Privacy Concerns', result.details.privacyConcerns],
    ['Recommendations', result.details.recommendations],
  ] as const;
  for (const [title, items] of sections) {
    lines.push('', title);
    if (items.length === 0) lines.push('  (nothing notable found)');
    for (const item of items) {
      lines.push(`  • ${item.text}`);
      const quote = item.evidence[0]?.quote;
      if (quote) lines.push(`      “${quote.length > 220 ? `${quote.slice(0, 217)}…` : quote}”`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The fact sheet as a table: question, answer, detail fields, and the start of the first quote. */
function formatFacts(result: AnalysisResult): string {
  const rows = Object.entries(result.factSheet).map(([id, answer]) => {
    const { value, scope, evidence, ...fields } = answer;
    const detail = Object.entries(fields)
      .map(([key, v]) => `${key}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(' ');
    const quote = evidence[0]
      ? `${evidence[0].document}: “${evidence[0].quote.slice(0, 90)}${evidence[0].quote.length > 90 ? '…' : ''}”`
      : '';
    return [id, `${String(value)}${scope ? ` (${scope})` : ''}`, detail, quote];
  });
  const widths = [0, 1, 2].map((i) => Math.min(40, Math.max(...rows.map((r) => r[i]!.length))));
  const cell = (text: string, i: number) => (text.length > widths[i]! ? `${text.slice(0, widths[i]! - 1)}…` : text.padEnd(widths[i]!));
  return `${rows.map((r) => `${cell(r[0]!, 0)}  ${cell(r[1]!, 1)}  ${cell(r[2]!, 2)}  ${r[3]}`.trimEnd()).join('\n')}\n`;
}

interface EvalRecord {
  sentence: string;
  labels: string[];
  cases?: string[];
  /** CLAUDETTE records carry their document and sentence index: a list item is then read with its lead-in. */
  doc?: string;
  sid?: number;
}

/** Predictions for CLAUDETTE records, each read in its document's order when doc and sid are given. */
function predictInContext(records: readonly EvalRecord[]) {
  const leadIns = leadInsInDocuments(records);
  return records.map((r, i) => ({ gold: r.labels, predicted: classifySentence(r.sentence, leadIns[i]) }));
}

function runEval(args: string[]): number {
  const path = args[0];
  if (!path) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const records = readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as EvalRecord);
  const claudette = records.filter((r) => !r.cases);
  const output: Record<string, unknown> = {};
  if (claudette.length > 0) Object.assign(output, computeMetrics(predictInContext(claudette)));
  const tosdr = records.filter((r) => r.cases);
  if (tosdr.length > 0) output.tosdr = computeTosdrRecall(tosdr.map((r) => ({ sentence: r.sentence, labels: r.labels })));
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `fineprint: ${error instanceof AnalysisError ? error.message : error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
