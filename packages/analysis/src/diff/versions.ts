import type { DocumentType, FactSheet } from '@fineprint/contracts';
import type { TextBlock } from '../extract/extract';
import { readFacts, type FactDocument } from '../facts/read-facts';
import { segmentClauses, type Clause } from '../segment/segment';
import { hashDocumentText } from './normalize';

/** A block of a kept version: its kind, text and heading level (offsets are rebuilt from the order). */
export interface VersionBlock {
  kind: TextBlock['kind'];
  text: string;
  level?: number;
}

/**
 * One document as read by one analysis, in the form the version store keeps: its extracted
 * blocks (the text, with the structure the segmenter and fact readers need), the hash of its
 * normalised text, and the fact sheet read from this document alone.
 */
export interface DocumentVersion {
  type: DocumentType;
  url: string;
  textHash: string;
  blocks: VersionBlock[];
  factSheet: FactSheet;
}

/** A kept version with the time it was read (ISO 8601). */
export interface DatedDocumentVersion extends DocumentVersion {
  readAt: string;
}

/** The blocks of a version with their offsets in the text they join into (blank lines between, as extraction does). */
export function textBlocksOf(blocks: readonly VersionBlock[]): TextBlock[] {
  const out: TextBlock[] = [];
  let offset = 0;
  for (const block of blocks) {
    out.push({ kind: block.kind, text: block.text, start: offset, ...(block.level !== undefined ? { level: block.level } : {}) });
    offset += block.text.length + 2;
  }
  return out;
}

/** The text of a version: its blocks joined by blank lines (clause and evidence offsets point into it). */
export function versionText(blocks: readonly VersionBlock[]): string {
  return blocks.map((b) => b.text).join('\n\n');
}

/** The clauses of a version, by the analyzer's own segmenter. */
export function versionClauses(blocks: readonly VersionBlock[]): Clause[] {
  return segmentClauses(textBlocksOf(blocks));
}

/**
 * Makes the kept form of one extracted document: blocks, text hash and its own fact sheet.
 * `segmented` may be passed when the caller has segmented the same blocks already (and reads the
 * site's fact sheet from that same object: the fact readers then look through its clauses once).
 */
export function readDocumentVersion(
  document: { type: DocumentType; url: string; blocks: readonly TextBlock[] },
  segmented?: FactDocument,
): DocumentVersion {
  const blocks: VersionBlock[] = document.blocks.map((b) => ({
    kind: b.kind,
    text: b.text,
    ...(b.level !== undefined ? { level: b.level } : {}),
  }));
  // The fact sheet of this document alone, read from the same clauses the stored blocks give back.
  const own =
    segmented && sameOffsets(document.blocks) ? segmented : { type: document.type, url: document.url, clauses: versionClauses(blocks) };
  return {
    type: document.type,
    url: document.url,
    textHash: hashDocumentText(blocks),
    blocks,
    // (Its answers are compared with the next version's; the clauses shown for a "not stated" answer are not.)
    factSheet: readFacts([own], { learnedRelated: false }),
  };
}

/** True when the blocks' offsets are those `textBlocksOf` rebuilds (extraction joins with blank lines too). */
function sameOffsets(blocks: readonly TextBlock[]): boolean {
  let offset = 0;
  for (const block of blocks) {
    if (block.start !== offset) return false;
    offset += block.text.length + 2;
  }
  return true;
}
