/**
 * @fineprint/analysis — finds, reads and judges a website's Terms of Service and Privacy
 * Policy. Options in, typed results or typed errors out; no HTTP framework, database or
 * environment variable is read here.
 */
export {
  analyzeSite,
  analyzeDocuments,
  ENGINE_VERSION,
  type AnalyzeSiteOptions,
  type DocumentInput,
  type LlmOptions,
  type VersionOptions,
} from './analyze';
/** Document versions and what changed between them (issue 23). */
export * from './diff';
export { llmEngineId, llmSettingsFromEnv, type LlmDiagnostics, type LlmProvider, type LlmSettings } from './llm';
export { AnalysisError, UrlError, FetchError, DiscoveryError, type AnalysisErrorCode } from './errors';
export { normalizeSiteUrl, parseHttpUrl, MAX_URL_LENGTH } from './fetch/normalize-url';
export {
  fetchDocument,
  resolveGuardedTarget,
  DEFAULT_USER_AGENT,
  type FetchOptions,
  type GuardOptions,
  type Resolver,
  type ResolvedAddress,
  type FetchedDocument,
  type FetchedResource,
  type MediaType,
} from './fetch/guarded-fetch';
export { isPublicAddress } from './fetch/address-guard';
export { type RenderBudget, type RenderOptions, type RenderedPage } from './render/render';
export { CHROMIUM_FLAGS, closeSharedBrowser, createPageSlots, type BrowserSettings, type PageSlots } from './render/browser';
/** Loopback fixture sites of the browser path (tests and benches only). */
export { MEMORY_HOG_HTML, SCRIPT_SITES, serveSite, type FixtureSite } from './render/fixtures';
/** The memory of a process tree as the browser's memory watch reads it (tests and benches). */
export { measureProcesses, processTree, type MemorySample } from './render/memory';
export { discoverLegalDocuments, type DiscoverOptions, type DiscoveredDocument } from './discover/discover';
export { extractDocument, extractPdf, type ExtractedDocument } from './extract/extract';
export { readStatedDate } from './extract/stated-date';
export { segmentClauses, splitSentences, type Clause } from './segment/segment';
export { classifyClauses, classifySentence, type Finding } from './classify/classify';
export { CATEGORIES, CLAUDETTE_LABELS, type Category } from './classify/taxonomy';
export { computeMetrics, type ClaudetteMetrics } from './evaluate';
