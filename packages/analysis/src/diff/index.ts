/**
 * What changed between two versions of a site's documents (issue 23): versions as the store
 * keeps them, a clause-level diff over the analyzer's own segmentation, fact-sheet differences,
 * and the dates-only verdict. Decision: docs/decisions/0016-document-versions-and-diff.md.
 */
export { normalizeForCompare, hashDocumentText, withoutDatesAndNumbers } from './normalize';
export {
  readDocumentVersion,
  versionClauses,
  versionText,
  textBlocksOf,
  type DocumentVersion,
  type DatedDocumentVersion,
  type VersionBlock,
} from './versions';
export { diffClauses, markWords, type ClauseDiffEntry } from './clause-diff';
export {
  diffFactSheets,
  diffDocumentVersion,
  diffSiteVersions,
  dateReading,
  diffReading,
  countChanges,
  MAX_LISTED_CLAUSE_CHANGES,
  type FactDifference,
  type DocumentDiff,
  type ChangeCounts,
} from './changes';
