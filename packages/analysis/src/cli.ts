/**
 * fineprint — command line for the analysis library.
 *   fineprint analyze <url> [--json] [--allow host:port]
 *   fineprint analyze --file <path> [--type terms|privacy] [--file ...] [--json]
 *   fineprint facts <url | --file <path> ...>   (the fact sheet as a table)
 *   fineprint diff <old file> <new file> [--type terms|privacy] [--json]   (what changed between two versions)
 *   fineprint eval <file.jsonl>
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { AnalysisResult, DocumentType } from '@fineprint/contracts';
import { analyzeDocuments, analyzeSite, type DocumentInput } from './analyze';
import {
  diffDocumentVersion,
  diffSiteVersions,
  markWords,
  readDocumentVersion,
  type DatedDocumentVersion,
  type DocumentVersion,
} from './diff';
import { extractDocument, extractPdf } from './extract/extract';
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
  fineprint analyze ... --since <earlier --json output>   (adds what changed since then)
  fineprint diff <old file> <new file> [--type terms|privacy] [--json]
  fineprint eval <file.jsonl>`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'analyze') return runAnalyze(rest);
  if (command === 'facts') return runAnalyze(rest, 'facts');
  if (command === 'eval') return runEval(rest);
  if (command === 'diff') return runDiff(rest);
  process.stderr.write(`${USAGE}\n`);
  return command ? 2 : 0;
}

async function runAnalyze(args: string[], output: 'summary' | 'facts' = 'summary'): Promise<number> {
  const isJson = args.includes('--json');
  const files: DocumentInput[] = [];
  const allowlist: string[] = [];
  let url: string | undefined;
  let since: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') continue;
    if (arg === '--allow') allowlist.push(args[++i] ?? '');
    else if (arg === '--since') since = args[++i];
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
  const earlier = since === undefined ? undefined : readEarlierVersions(since);
  let versions: DocumentVersion[] = [];
  const llm = {
    llm: llmSettingsFromEnv(process.env),
    onLlmDiagnostics: (d: object) => progress(`LLM engine: ${JSON.stringify(d)}`),
    onDocumentVersions: (v: DocumentVersion[]) => (versions = v),
  };
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
  // The documents as read now, kept in the --json output so that a later run can say what changed since.
  const readAt = new Date().toISOString();
  const dated: DatedDocumentVersion[] = versions.map((v) => ({ ...v, readAt }));
  if (earlier) {
    const changes = diffSiteVersions(earlier, dated);
    if (changes) result = { ...result, changes };
  }
  process.stdout.write(
    isJson
      ? `${JSON.stringify(output === 'facts' ? result.factSheet : { ...result, versions: dated }, null, 2)}\n`
      : output === 'facts'
        ? formatFacts(result)
        : formatSummary(result),
  );
  return 0;
}

/** The versions an earlier `fineprint analyze --json` kept; an output without them cannot say what changed. */
function readEarlierVersions(path: string): DatedDocumentVersion[] {
  const earlier = JSON.parse(readFileSync(path, 'utf8')) as { versions?: DatedDocumentVersion[] };
  if (!Array.isArray(earlier.versions)) throw new Error(`${path} has no "versions": make it with fineprint analyze --json`);
  return earlier.versions;
}

/** fineprint diff: the fact changes and the clause diff of two versions of one document. */
async function runDiff(args: string[]): Promise<number> {
  const isJson = args.includes('--json');
  const paths: string[] = [];
  let type: DocumentType | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') continue;
    if (arg === '--type') {
      const value = args[++i];
      if (value !== 'terms' && value !== 'privacy') throw new Error('--type must be terms or privacy');
      type = value;
    } else paths.push(arg);
  }
  if (paths.length !== 2) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const kind = type ?? (/privacy|datenschutz|confidential/i.test(paths[1]!) ? 'privacy' : 'terms');
  const [before, after] = await Promise.all(paths.map((path) => readVersion(readInput(path, kind))));
  const diff = diffDocumentVersion(before!, after!);
  const json = {
    facts: diff.facts.map((f) => ({ id: f.id, before: f.before, after: f.after })),
    clauses: diff.clauses.map((c) => ({
      change: c.change,
      ...(c.before ? { before: c.before.text } : {}),
      ...(c.after ? { after: c.after.text } : {}),
    })),
    onlyDates: diff.onlyDates,
  };
  if (isJson) {
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    return 0;
  }
  const lines: string[] = [];
  if (diff.onlyDates) lines.push('Only dates or numbering changed.');
  lines.push(`Fact changes (${diff.facts.length})`);
  for (const f of diff.facts) {
    lines.push(`  ${f.id}: ${String(f.before.value)} → ${String(f.after.value)}`);
    if (f.before.evidence[0]) lines.push(`      before: “${f.before.evidence[0].quote}”`);
    if (f.after.evidence[0]) lines.push(`      after:  “${f.after.evidence[0].quote}”`);
  }
  lines.push('', `Clause changes (${diff.clauses.length})`);
  for (const c of diff.clauses) {
    if (c.change === 'added') lines.push(`  + ${c.after!.text}`);
    else if (c.change === 'removed') lines.push(`  - ${c.before!.text}`);
    else
      lines.push(
        `  ~ ${markWords(c.before!.text, c.after!.text)
          .map((w) => (w.change === 'added' ? `{+${w.text}+}` : w.change === 'removed' ? `[-${w.text}-]` : w.text))
          .join('')}`,
      );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** Extracts one file and reads it as a kept version (blocks, hash, own fact sheet). */
async function readVersion(input: DocumentInput): Promise<DocumentVersion> {
  const doc =
    input.mediaType === 'pdf'
      ? await extractPdf(input.content as Uint8Array, input.url)
      : extractDocument(String(input.content), input.mediaType, input.url, { url: input.url, type: input.type });
  return readDocumentVersion({ type: input.type, url: input.url, blocks: doc.blocks });
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
