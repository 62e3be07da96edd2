import type { AnalysisResult, AnalyzedDocument, DocumentType, FactSheet } from '@fineprint/contracts';
import { classifyClauses, type Finding } from './classify/classify';
import { discoverLegalDocuments, type DiscoverOptions } from './discover/discover';
import { hashEngineSources } from './engine-version';
import { DiscoveryError } from './errors';
import { extractDocument, extractPdf, type ExtractedDocument } from './extract/extract';
import type { MediaType } from './fetch/guarded-fetch';
import { normalizeSiteUrl } from './fetch/normalize-url';
import { segmentClauses } from './segment/segment';
import { gradeSummary } from './facts/grade';
import { writeLists, type ListOptions } from './facts/sentences';
import { readTopics, topicAnswers } from './facts/topics';
import { readFacts, type FactDocument } from './facts/read-facts';
import { readDocumentVersion, type DocumentVersion } from './diff/versions';
import { runLlmEngine, type LlmDiagnostics, type LlmSettings } from './llm';
import { readStatedDate } from './extract/stated-date';

/** Version of the built-in engine, derived from its code and knowledge; part of every result and of cache keys. */
export const ENGINE_VERSION = `builtin-${hashEngineSources()}`;

/** A legal document already in hand: its text (or PDF bytes) and what kind it is. */
export interface DocumentInput {
  type: DocumentType;
  url: string;
  mediaType: MediaType;
  content: string | Uint8Array;
}

/** Time one site's analysis may spend reading the site, every fetch included. */
export const ANALYSIS_DEADLINE_MS = 30_000;

/** The optional LLM engine (issue 14): unset means the built-in engine only. */
/** Asks for the documents in the form the version store keeps (issue 23): called once per analysis, before the LLM engine. */
export interface VersionOptions {
  onDocumentVersions?: (versions: DocumentVersion[]) => void;
}

export interface LlmOptions {
  llm?: LlmSettings;
  /** Called once per analysis with the LLM engine's calls, tokens, latency and outcome (for the logs). */
  onLlmDiagnostics?: (diagnostics: LlmDiagnostics) => void;
}

export interface AnalyzeSiteOptions extends DiscoverOptions, ListOptions, LlmOptions, VersionOptions {
  /** Overall deadline for discovery and every fetch of one analysis. Default ANALYSIS_DEADLINE_MS. */
  deadlineMs?: number;
}

const DOCUMENT_NAMES = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;
const LANGUAGE_NAMES: Record<string, string> = { fr: 'French', de: 'German', es: 'Spanish', pt: 'Portuguese', it: 'Italian' };

/**
 * Analyses a website: normalises the typed address, finds its Terms of Service and Privacy
 * Policy through the guarded fetcher, and summarises them; discovery stops at the deadline
 * with what it found (FetchError TIMEOUT when that is nothing). Throws UrlError, FetchError
 * or DiscoveryError (each with a stable code and a sentence fit for the visitor).
 */
export async function analyzeSite(input: string, options: AnalyzeSiteOptions = {}): Promise<AnalysisResult> {
  const start = normalizeSiteUrl(input);
  const deadline = AbortSignal.timeout(options.deadlineMs ?? ANALYSIS_DEADLINE_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const documents = await discoverLegalDocuments(start, { ...options, signal });
  for (const d of documents) options.onProgress?.(`Found the ${DOCUMENT_NAMES[d.type]} at ${d.url}`);
  return analyzeDocuments(
    documents.map((d) => ({
      type: d.type,
      url: d.url,
      mediaType: d.fetched.mediaType,
      content: d.fetched.mediaType === 'pdf' ? d.fetched.body : d.fetched.text,
    })),
    options,
  );
}

/**
 * Analyses documents already in hand (no network): extract → segment → classify → summarize.
 * Throws DiscoveryError (EMPTY_DOCUMENT) when no readable text is left.
 */
export async function analyzeDocuments(
  inputs: readonly DocumentInput[],
  options: ListOptions & LlmOptions & VersionOptions & { onProgress?: (message: string) => void; signal?: AbortSignal } = {},
): Promise<AnalysisResult> {
  const extracted: Array<{ input: DocumentInput; doc: ExtractedDocument }> = [];
  for (const input of inputs) {
    const doc =
      input.mediaType === 'pdf'
        ? await extractPdf(typeof input.content === 'string' ? new TextEncoder().encode(input.content) : input.content, input.url)
        : extractDocument(
            typeof input.content === 'string' ? input.content : new TextDecoder().decode(input.content),
            input.mediaType,
            input.url,
            { url: input.url, type: input.type },
          );
    if (doc.text.length > 0) extracted.push({ input, doc });
    options.onProgress?.(`Read the ${DOCUMENT_NAMES[input.type]}: ${(doc.text.match(/\S+/g) ?? []).length} words`);
  }
  if (extracted.length === 0) throw new DiscoveryError('EMPTY_DOCUMENT', 'The legal documents were found but contain no readable text.');

  const notices: string[] = [];
  const languageNotices: string[] = [];
  const findings: Finding[] = [];
  const documents: AnalyzedDocument[] = [];
  const factDocuments: FactDocument[] = [];
  const versions: DocumentVersion[] = [];
  for (const { input, doc } of extracted) {
    documents.push({
      type: input.type,
      url: input.url,
      title: doc.title,
      words: (doc.text.match(/\S+/g) ?? []).length,
      language: doc.language,
      statedDate: readStatedDate(doc.text),
    });
    if (doc.language !== 'en') {
      languageNotices.push(
        `The ${DOCUMENT_NAMES[input.type]} appears to be in ${LANGUAGE_NAMES[doc.language] ?? doc.language}; the built-in analyzer reads English only, so this summary may miss its points.`,
      );
    }
    const factDocument: FactDocument = { type: input.type, url: input.url, clauses: segmentClauses(doc.blocks) };
    factDocuments.push(factDocument);
    // The same document object for both readings: its own fact sheet's findings serve the site's sheet (read once).
    if (options.onDocumentVersions) versions.push(readDocumentVersion({ ...factDocument, blocks: doc.blocks }, factDocument));
    const { clauses } = factDocument;
    findings.push(...classifyClauses(clauses, input.type, input.url));
  }
  notices.push(...languageNotices);
  for (const type of ['terms', 'privacy'] as const) {
    if (!extracted.some((e) => e.input.type === type)) {
      notices.push(`No ${DOCUMENT_NAMES[type]} was found, so this summary covers only the other document.`);
    }
  }
  options.onProgress?.('Checking the questions');
  // One reading: the questions' answers and the topics the classifier's clauses state; every sentence below is a view of it.
  const clausesByType = Object.fromEntries(factDocuments.map((d) => [d.type, d.clauses]));
  const topics = readTopics(findings, clausesByType);
  const factSheet: FactSheet = { ...readFacts(factDocuments), ...topicAnswers(topics) };
  const { details, unlisted } = writeLists(factSheet, topics, options);
  const result: AnalysisResult = {
    keyPoints: details.keyPoints.map((i) => i.text),
    privacyConcerns: details.privacyConcerns.map((i) => i.text),
    recommendations: details.recommendations.map((i) => i.text),
    details,
    // Everything stated counts for the grade, listed or not (too generic, or beyond the lists' length).
    ...gradeSummary([...details.keyPoints, ...details.privacyConcerns, ...unlisted], factSheet, {
      privacyRead: extracted.some((e) => e.input.type === 'privacy'),
      oneDocument: new Set(extracted.map((e) => e.input.type)).size < 2,
    }),
    factSheet,
    documents,
    notices,
    engine: ENGINE_VERSION,
  };
  options.onDocumentVersions?.(versions);
  if (!options.llm) return result;
  // The model proposes, its answers are checked against these texts, and this result is the floor.
  const llm = await runLlmEngine(
    {
      builtin: result,
      documents: extracted.map(({ input, doc }) => ({ type: input.type, url: input.url, text: doc.text, language: doc.language })),
      languageNotices,
      maxItems: options.maxItems,
      // The caller's cancel (not the discovery deadline: the model has its own budget).
      signal: options.signal,
    },
    options.llm,
  );
  options.onLlmDiagnostics?.(llm.diagnostics);
  return llm.result;
}
