import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentType } from '@fineprint/contracts';
import { extractDocument } from '../extract/extract';
import { diffDocumentVersion, type DocumentDiff } from './changes';
import { scoreAgainstSentenceDiff, type SentenceScore } from './sentence-baseline';
import { readDocumentVersion, type DocumentVersion } from './versions';

/**
 * The real changes of the development corpus (issue 23, item 6): each document of
 * `../shared/corpus/ota-history/` (the version of 2025-08-01) beside its current one in
 * `../shared/corpus/ota/`. Used by `diff-corpus.test.ts` and `npm run eval:diff`; never copied here.
 */
export interface CorpusPair {
  service: string;
  file: string;
  type: DocumentType;
  before: DocumentVersion;
  after: DocumentVersion;
}

/** Every old/current pair under `corpus` (the `../shared/corpus` folder); empty when it is absent. */
export function listCorpusPairs(corpus: string): Array<{ service: string; file: string; oldPath: string; newPath: string }> {
  const history = join(corpus, 'ota-history');
  if (!existsSync(history)) return [];
  const pairs = [];
  for (const service of readdirSync(history, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort())
    for (const file of readdirSync(join(history, service))
      .filter((f) => f.endsWith('.md'))
      .sort())
      pairs.push({ service, file, oldPath: join(history, service, file), newPath: join(corpus, 'ota', service, file) });
  return pairs;
}

/** Reads one pair as two kept versions (extraction, segmentation and the document's own fact sheet). */
export function readCorpusPair(pair: { service: string; file: string; oldPath: string; newPath: string }): CorpusPair {
  const type: DocumentType = /privacy/i.test(pair.file) ? 'privacy' : 'terms';
  const read = (path: string) => {
    const url = `file://${pair.service}/${pair.file}`;
    const doc = extractDocument(readFileSync(path, 'utf8'), 'markdown', url, { url, type });
    return readDocumentVersion({ type, url, blocks: doc.blocks });
  };
  return { service: pair.service, file: pair.file, type, before: read(pair.oldPath), after: read(pair.newPath) };
}

/** A pair's diff and its score against the plain sentence diff. */
export function evaluatePair(pair: CorpusPair): { diff: DocumentDiff; score: SentenceScore } {
  const diff = diffDocumentVersion(pair.before, pair.after);
  return { diff, score: scoreAgainstSentenceDiff(pair.before.blocks, pair.after.blocks, diff.clauses) };
}
