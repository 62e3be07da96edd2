import { createHash } from 'node:crypto';
import {
  AnalysisResultSchema,
  SCORED_FACT_IDS,
  MESSAGES,
  type AnalysisResult,
  type DocumentType,
  type Evidence,
  type FactAnswer,
  type FactId,
  type ScoredFactId,
  type FactSheet,
  type SummaryItem,
} from '@fineprint/contracts';
import { APICallError, generateObject, NoObjectGeneratedError, RetryError, type LanguageModel } from 'ai';
import { CATEGORIES } from '../classify/taxonomy';
import { isConsistentWithFacts } from '../facts/reconcile';
import { LIST_NAMES, LlmOutputSchema, type ListName, type LlmAnswer, type LlmItem, type LlmOutput } from './output-schema';
import { estimateTokens, hintsOf, newMark, splitIntoSections, systemPrompt, userPrompt, type LlmDocument, type Section } from './prompt';
import { meaningRefusal } from './meaning';
import { createModel, LlmTransportError } from './provider';
import { LLM_QUESTIONS } from './questions';
import { llmEngineId, type LlmSettings } from './settings';
import { createQuoteIndex, polarityOf, readPolarity, readQuotes, unsupportedClaim, unsupportedValue } from './verify';

/** What one analysis cost and what became of it; the server logs it, the visitor never sees it. */
export interface LlmDiagnostics {
  engine: string;
  /** Model calls made (0 when served from the cache). */
  calls: number;
  sections: number;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  /** Answers and items refused by verification. */
  dropped: number;
  /** Why items were refused, by reason (not_found, value, too_long, facts, and `MeaningRefusal`'s: verdict, instruction, absence, freedom, category, severity). */
  refusals: Record<string, number>;
  /** Answers whose polarity the model and the built-in reader disputed and the quote did not settle (now 'not_stated'). */
  disputed: number;
  cached: boolean;
  /** What the SDK said it ignored or changed in the requests (e.g. a setting the model does not support). */
  warnings: string[];
  /**
   * Why the built-in result was given instead: timeout, cancelled, rate_limited, http_<status>,
   * redirect, too_large, malformed, schema, refusal, error.
   */
  fallback?: string;
}

export interface LlmEngineInput {
  /** The built-in engine's result for the same documents: hints for the model, and the floor. */
  builtin: AnalysisResult;
  /** The extracted documents, whose text every quote must occur in. */
  documents: readonly LlmDocument[];
  /** Notices of the built-in engine that only concern its English-only reading; dropped when the model wrote the result. */
  languageNotices: readonly string[];
  maxItems?: number;
  /** The analysis's own cancel (the visitor left): it aborts the model calls at once. */
  signal?: AbortSignal;
}

/** Time after LLM_TIMEOUT_MS the engine waits for a call that ignores its abort signal before giving up on it. */
const HARD_STOP_GRACE_MS = 250;
/** Output budget of one call: 29 answers with quotes and three lists. */
const MAX_OUTPUT_TOKENS = 8_192;
/** Calls running at once when the documents are split. */
const CONCURRENT_CALLS = 2;
/** Finished analyses kept in memory per process, by document contents + engine + model. */
const CACHE_ENTRIES = 200;
/** Words a list item may have, as the built-in engine's (longer sentences are dropped, not cut: a cut can turn a meaning). */
const MAX_ITEM_WORDS = 40;
const SEVERITY_RANK = { blocker: 0, bad: 1, neutral: 2, good: 3 } as const;
const CATEGORY_IDS = new Set(CATEGORIES.map((c) => c.id));

const cache = new Map<string, AnalysisResult>();

// The SDK's warnings go into the diagnostics (and so the server's structured log), not to the console.
(globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS ??= false;

/**
 * The LLM engine: the model proposes answers and lists with quotes, and only what survives
 * verification is shown (each quote found in the documents, each claimed value inside its
 * quote, polarity disputes with the built-in reader settled by the quote or made
 * 'not_stated'). Any failure — timeout, HTTP error, malformed or refused output — gives the
 * built-in result with a notice, within `timeoutMs` + 1 s. Never throws.
 */
export async function runLlmEngine(
  input: LlmEngineInput,
  settings: LlmSettings,
): Promise<{ result: AnalysisResult; diagnostics: LlmDiagnostics }> {
  const engine = llmEngineId(settings);
  const started = performance.now();
  const diagnostics: LlmDiagnostics = {
    engine,
    calls: 0,
    sections: 0,
    inputTokens: 0,
    outputTokens: 0,
    latencyMs: 0,
    dropped: 0,
    refusals: {},
    disputed: 0,
    cached: false,
    warnings: [],
  };
  const key = cacheKey(input, settings);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return { result: cached, diagnostics: { ...diagnostics, cached: true, dropped: cached.dropped ?? 0 } };
  }

  const controller = new AbortController();
  let hardStop: NodeJS.Timeout | undefined;
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort(new Error('LLM timeout'));
  }, settings.timeoutMs);
  // The visitor's cancel hangs up on the model server too: the calls are not left to run to the timeout.
  const cancel = () => controller.abort(new Error('LLM call cancelled'));
  if (input.signal?.aborted) cancel();
  else input.signal?.addEventListener('abort', cancel, { once: true });
  // Async from the first line, so that even a provider that refuses its settings ends in the fallback.
  const work = (async () => propose(input, settings, createModel(settings), controller.signal, diagnostics))();
  work.catch(() => undefined);
  try {
    const outputs = await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        hardStop = setTimeout(() => reject(new Error('LLM timeout')), settings.timeoutMs + HARD_STOP_GRACE_MS);
        // A cancel also ends a wait between retries at once.
        if (controller.signal.aborted) reject(controller.signal.reason as Error);
        else controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
      }),
    ]);
    const result = AnalysisResultSchema.parse(verifyAndMerge(input, outputs, engine, diagnostics));
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, result);
    return { result, diagnostics: { ...diagnostics, latencyMs: Math.round(performance.now() - started) } };
  } catch (error) {
    controller.abort(error);
    return {
      result: { ...input.builtin, notices: [...input.builtin.notices, MESSAGES.llmFallback] },
      diagnostics: {
        ...diagnostics,
        fallback: input.signal?.aborted ? 'cancelled' : isTimedOut ? 'timeout' : reasonOf(error),
        latencyMs: Math.round(performance.now() - started),
      },
    };
  } finally {
    clearTimeout(timer);
    clearTimeout(hardStop);
    input.signal?.removeEventListener('abort', cancel);
  }
}

/** Forgets every cached LLM analysis (tests). */
export function clearLlmCache(): void {
  cache.clear();
}

function cacheKey(input: LlmEngineInput, settings: LlmSettings): string {
  const hash = createHash('sha256').update(
    `${llmEngineId(settings)}\0${input.builtin.engine}\0${input.maxItems ?? 10}\0${settings.maxInputTokens}\0`,
  );
  for (const doc of input.documents) hash.update(`${doc.type}\0${doc.url}\0${doc.language}\0${doc.text}\0`);
  return hash.digest('hex');
}

/** Asks the model, one call per section (all documents in one when they fit), each within the budget. */
async function propose(
  input: LlmEngineInput,
  settings: LlmSettings,
  model: LanguageModel,
  signal: AbortSignal,
  diagnostics: LlmDiagnostics,
): Promise<LlmOutput[]> {
  const mark = newMark();
  const system = systemPrompt(mark);
  const hints = hintsOf(input.builtin);
  const overhead = estimateTokens(system) + estimateTokens(hints) + 200;
  const maxChars = (settings.maxInputTokens - overhead) * 3;
  if (maxChars < 2_000) throw new Error('LLM_MAX_INPUT_TOKENS leaves no room for the documents');
  const sections = splitIntoSections(input.documents, maxChars);
  diagnostics.sections = sections.length;
  const deadline = Date.now() + settings.timeoutMs;
  const outputs: LlmOutput[] = new Array<LlmOutput>(sections.length);
  let next = 0;
  const worker = async () => {
    while (next < sections.length) {
      const index = next++;
      outputs[index] = await callWithOneRetry(
        model,
        system,
        sections[index]!,
        hints,
        mark,
        { index, count: sections.length },
        signal,
        deadline,
        diagnostics,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_CALLS, sections.length) }, worker));
  return outputs;
}

async function callWithOneRetry(
  model: LanguageModel,
  system: string,
  section: Section,
  hints: string,
  mark: string,
  of: { index: number; count: number },
  signal: AbortSignal,
  deadline: number,
  diagnostics: LlmDiagnostics,
): Promise<LlmOutput> {
  const call = async () => {
    diagnostics.calls++;
    const { object, usage, warnings } = await generateObject({
      model,
      schema: LlmOutputSchema,
      schemaName: 'fineprint_analysis',
      system,
      prompt: userPrompt(section, hints, mark, of),
      temperature: 0,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxRetries: 0,
      abortSignal: signal,
    });
    diagnostics.inputTokens += usage.inputTokens ?? 0;
    diagnostics.outputTokens += usage.outputTokens ?? 0;
    for (const w of warnings ?? []) {
      const text = w.type === 'other' ? w.message : `${w.feature}: ${w.details ?? 'unsupported'}`;
      if (!diagnostics.warnings.includes(text)) diagnostics.warnings.push(text);
    }
    return object;
  };
  try {
    return await call();
  } catch (error) {
    const api = apiErrorOf(error);
    if (api?.statusCode !== 429) throw error;
    // One retry on 429, when the wait the server asks for still leaves a second for the answer.
    const wait = retryAfterMs(api.responseHeaders) ?? 1_000;
    if (Date.now() + wait + 1_000 > deadline) throw error;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (signal.aborted) throw error;
    return call();
  }
}

function apiErrorOf(error: unknown): APICallError | undefined {
  if (APICallError.isInstance(error)) return error;
  if (RetryError.isInstance(error) && APICallError.isInstance(error.lastError)) return error.lastError;
  return undefined;
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const ms = headers?.['retry-after-ms'];
  if (ms && /^\d+(?:\.\d+)?$/.test(ms)) return Number(ms);
  const seconds = headers?.['retry-after'];
  if (seconds && /^\d+(?:\.\d+)?$/.test(seconds)) return Number(seconds) * 1_000;
  return undefined;
}

function reasonOf(error: unknown): string {
  // The SDK wraps what our fetch threw ("Failed to process successful response"): look through the causes.
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++)
    if (cause instanceof LlmTransportError) return cause.reason;
  const api = apiErrorOf(error);
  if (api?.statusCode === 429) return 'rate_limited';
  if (api?.statusCode) return `http_${api.statusCode}`;
  if (NoObjectGeneratedError.isInstance(error)) {
    if (error.finishReason === 'content-filter' || /refus/i.test(error.text ?? '')) return 'refusal';
    if (!error.text) return 'refusal';
    return /validation|type/i.test(String(error.cause)) ? 'schema' : 'malformed';
  }
  if ((error as Error)?.name === 'AbortError') return 'timeout';
  return 'error';
}

interface Candidate {
  id: ScoredFactId;
  value: string | number;
  evidence: Evidence[];
}

/** Checks every answer and item the model proposed, and builds the result the visitor sees. */
function verifyAndMerge(input: LlmEngineInput, outputs: readonly LlmOutput[], engine: string, diagnostics: LlmDiagnostics): AnalysisResult {
  const index = createQuoteIndex(input.documents);
  const locate = (quotes: LlmAnswer['quotes']): Evidence[] | undefined => {
    const evidence: Evidence[] = [];
    for (const quote of quotes) {
      const found = index.locate(quote);
      if (!found.ok) return undefined;
      if (!evidence.some((e) => e.start === found.evidence.start && e.document === found.evidence.document)) evidence.push(found.evidence);
    }
    return evidence.length > 0 ? evidence : undefined;
  };

  const candidates = new Map<FactId, Candidate[]>();
  for (const answer of outputs.flatMap((o) => o.facts)) {
    const candidate = verifyAnswer(answer, locate);
    if (candidate === 'silent') continue;
    if (!candidate) {
      diagnostics.dropped++;
      continue;
    }
    candidates.set(answer.id, [...(candidates.get(answer.id) ?? []), candidate]);
  }
  // The model answers the scored questions; the topics stay the built-in reading's.
  const factSheet: FactSheet = { ...input.builtin.factSheet };
  for (const id of SCORED_FACT_IDS) factSheet[id] = chooseAnswer(input.builtin.factSheet[id], candidates.get(id) ?? [], diagnostics);

  const maxItems = input.maxItems ?? 10;
  // The built-in reading reads English only: a quote in another language is not read for its meaning.
  const isReadable = (type: DocumentType) => input.documents.find((d) => d.type === type)?.language === 'en';
  const lists = {} as Record<ListName, SummaryItem[]>;
  for (const list of LIST_NAMES) {
    const items: SummaryItem[] = [];
    for (const item of outputs.flatMap((o) => o[list])) {
      const verified = verifyItem(item, list, locate, factSheet, isReadable);
      if (typeof verified === 'string') {
        diagnostics.dropped++;
        diagnostics.refusals[verified] = (diagnostics.refusals[verified] ?? 0) + 1;
        continue;
      }
      const text = verified.text.toLowerCase();
      const isRepeat = items.some((i) => i.text.toLowerCase() === text || (i.category !== 'other' && i.category === verified.category));
      if (!isRepeat) items.push(verified);
    }
    if (list !== 'recommendations') items.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
    // Per list, the built-in items when none of the model's survived (under the same veto of the final fact sheet).
    lists[list] =
      items.length > 0 ? items.slice(0, maxItems) : input.builtin.details[list].filter((i) => isConsistentWithFacts(i.category, factSheet));
  }

  return {
    ...input.builtin,
    keyPoints: lists.keyPoints.map((i) => i.text),
    privacyConcerns: lists.privacyConcerns.map((i) => i.text),
    recommendations: lists.recommendations.map((i) => i.text),
    details: lists,
    factSheet,
    notices: input.builtin.notices.filter((n) => !input.languageNotices.includes(n)),
    engine,
    dropped: diagnostics.dropped,
  };
}

/** A checked answer; undefined when it must be dropped; 'silent' when the model stated nothing. */
function verifyAnswer(answer: LlmAnswer, locate: (q: LlmAnswer['quotes']) => Evidence[] | undefined): Candidate | undefined | 'silent' {
  const question = LLM_QUESTIONS.find((q) => q.id === answer.id)!;
  const raw = answer.value.trim();
  if (raw === 'not_stated' || raw === '') return 'silent';
  const kind = question.values.find((v) => v.startsWith('<'));
  const isNumeric = kind === '<integer>' || kind === '<integer days>';
  let value: string | number = raw;
  if (question.values.includes(raw)) value = raw;
  else if (isNumeric && /^\d{1,5}$/.test(raw)) value = Number(raw);
  else if (!kind || isNumeric) return undefined;
  const evidence = locate(answer.quotes);
  if (!evidence) return undefined;
  const quotes = evidence.map((e) => e.quote);
  if (kind && !question.values.includes(raw) && unsupportedValue(value, kind, quotes) !== undefined) return undefined;
  // The quote itself says the opposite of the answer ("we do not sell" cited for 'yes').
  if (polarityOf(value) !== 0 && readPolarity(readQuotes(answer.id, evidence)) === -polarityOf(value)) return undefined;
  return { id: answer.id, value, evidence };
}

function chooseAnswer(builtin: FactAnswer, candidates: readonly Candidate[], diagnostics: LlmDiagnostics): FactAnswer {
  if (candidates.length === 0) return builtin;
  // Agreement keeps the built-in answer, with its detail fields.
  if (candidates.some((c) => c.value === builtin.value)) return builtin;
  const builtinPolarity = readPolarity(builtin);
  const opposes = (c: Candidate) => polarityOf(c.value) !== 0 && polarityOf(c.value) === -builtinPolarity;
  const chosen = candidates.find((c) => !opposes(c)) ?? candidates[0]!;
  if (opposes(chosen)) {
    // The built-in reader read the opposite from its own clauses. The model's quote settles it
    // only if the reader, given both its clauses and the model's, comes to the model's side.
    const together = readQuotes(chosen.id, [...chosen.evidence, ...builtin.evidence]);
    if (polarityOf(together.value) !== polarityOf(chosen.value)) {
      diagnostics.disputed++;
      return { value: 'not_stated', evidence: [] };
    }
  }
  return { value: chosen.value, evidence: chosen.evidence };
}

/**
 * A checked item, or why it was refused: its quotes located, every value it claims inside them,
 * the fact sheet not contradicting its category, and its quotes carrying what it says
 * (`meaning.ts`: the category and severity the built-in classifier reads in them, denials,
 * freedoms, no verdicts or calls to act).
 */
function verifyItem(
  item: LlmItem,
  list: ListName,
  locate: (q: LlmItem['quotes']) => Evidence[] | undefined,
  facts: FactSheet,
  isReadable: (type: DocumentType) => boolean,
): SummaryItem | string {
  const text = item.text.trim().replace(/\s+/g, ' ');
  if (!text || text.split(' ').length > MAX_ITEM_WORDS) return 'too_long';
  const evidence = locate(item.quotes);
  if (!evidence) return 'not_found';
  if (
    unsupportedClaim(
      text,
      evidence.map((e) => e.quote),
    ) !== undefined
  )
    return 'value';
  const category = CATEGORY_IDS.has(item.category) ? item.category : 'other';
  // The fact sheet vetoes a practice it finds denied or absent, as it does for the built-in items.
  if (category !== 'other' && !isConsistentWithFacts(category, facts)) return 'facts';
  const checked = { text, category, severity: item.severity, evidence };
  return meaningRefusal(checked, list, isReadable) ?? checked;
}
