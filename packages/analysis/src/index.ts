/**
 * @fineprint/analysis — finds, reads and judges a website's Terms of Service and Privacy
 * Policy. Options in, typed results or typed errors out; no HTTP framework, database or
 * environment variable is read here.
 */
export {
  analyzeSite,
  analyzeDocuments,
  ENGINE_VERSION,
  ANALYSIS_DEADLINE_MS,
  type AnalyzeSiteOptions,
  type DocumentInput,
} from './analyze';
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
  type MediaType,
} from './fetch/guarded-fetch';
export { isPublicAddress } from './fetch/address-guard';
export { discoverLegalDocuments, type DiscoverOptions, type DiscoveredDocument } from './discover/discover';
export { extractDocument, extractPdf, type ExtractedDocument } from './extract/extract';
export { segmentClauses, splitSentences, type Clause } from './segment/segment';
export { classifyClauses, classifySentence, type Finding } from './classify/classify';
export { CATEGORIES, CLAUDETTE_LABELS, type Category } from './classify/taxonomy';
export { summarizeFindings, gradeOf, type SummaryOptions } from './summarize/summarize';
export { computeMetrics, type ClaudetteMetrics } from './evaluate';
