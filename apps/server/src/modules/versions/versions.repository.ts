import { gunzipSync, gzipSync } from 'node:zlib';
import type { DatedDocumentVersion, DocumentVersion, VersionBlock } from '@fineprint/analysis';
import type { AnalysisResult, Changes, DocumentType, FactSheet } from '@fineprint/contracts';
import type { Db } from '../../db/database';

/** A site version's documents: which version of each document type it holds. */
export interface SiteVersionDocument {
  type: DocumentType;
  url: string;
  versionId: number;
}

/** One step of a site's history as stored. */
export interface SiteVersionRow {
  id: number;
  readAt: string;
  lastReadAt: string;
  documents: SiteVersionDocument[];
  /** What the step's summary counts (the service writes its sentence). Absent on the first step. */
  summary?: unknown;
}

const pack = (value: unknown) => gzipSync(Buffer.from(JSON.stringify(value)));
const unpack = <T>(bytes: Uint8Array): T => JSON.parse(gunzipSync(bytes).toString('utf8')) as T;

/** SQL for the version store (issue 23): document versions, site history steps, kept results. Texts and diffs are gzipped. */
export function createVersionsRepository(db: Db) {
  return {
    async latestSiteVersion(site: string): Promise<SiteVersionRow | undefined> {
      const row = await db
        .selectFrom('site_versions')
        .select(['id', 'read_at', 'last_read_at', 'documents_json', 'summary_json'])
        .where('site', '=', site)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toSiteVersion(row);
    },
    async findSiteVersion(site: string, id: number): Promise<(SiteVersionRow & { changes?: Changes }) | undefined> {
      const row = await db
        .selectFrom('site_versions')
        .select(['id', 'read_at', 'last_read_at', 'documents_json', 'summary_json', 'changes_gz'])
        .where('site', '=', site)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { ...toSiteVersion(row), ...(row.changes_gz ? { changes: unpack<Changes>(row.changes_gz) } : {}) };
    },
    /** A site's history steps, newest first. */
    async listSiteVersions(site: string, limit: number): Promise<SiteVersionRow[]> {
      const rows = await db
        .selectFrom('site_versions')
        .select(['id', 'read_at', 'last_read_at', 'documents_json', 'summary_json'])
        .where('site', '=', site)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toSiteVersion);
    },
    async countSiteVersions(site: string): Promise<{ count: number; first?: string }> {
      const row = await db
        .selectFrom('site_versions')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('read_at').as('first')])
        .where('site', '=', site)
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0), ...(row?.first ? { first: String(row.first) } : {}) };
    },
    async findDocumentVersions(ids: readonly number[]): Promise<DatedDocumentVersion[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('document_versions')
        .select(['id', 'doc_type', 'url', 'text_hash', 'blocks_gz', 'fact_sheet_json', 'read_at'])
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((row) => ({
        type: row.doc_type as DocumentType,
        url: row.url,
        textHash: row.text_hash,
        blocks: unpack<VersionBlock[]>(row.blocks_gz),
        factSheet: JSON.parse(row.fact_sheet_json) as FactSheet,
        readAt: row.read_at,
      }));
    },
    /**
     * Records one analysis's documents in one transaction: an unchanged document (same hash as the
     * latest step's) only has its `last_read_at` moved; a changed or new one gets a row; a new
     * step is written when any document changed, appeared or disappeared (`changes` is then stored).
     */
    async recordStep(input: {
      site: string;
      now: string;
      unchanged: ReadonlyArray<{ type: DocumentType; url: string; versionId: number }>;
      added: readonly DocumentVersion[];
      latestStepId?: number;
      isNewStep: boolean;
      changes?: Changes;
      summary?: unknown;
    }): Promise<{ stepId?: number }> {
      return db.transaction().execute(async (trx) => {
        const documents: SiteVersionDocument[] = [...input.unchanged];
        if (input.unchanged.length > 0)
          await trx
            .updateTable('document_versions')
            .set({ last_read_at: input.now })
            .where(
              'id',
              'in',
              input.unchanged.map((d) => d.versionId),
            )
            .execute();
        for (const doc of input.added) {
          const row = await trx
            .insertInto('document_versions')
            .values({
              site: input.site,
              doc_type: doc.type,
              url: doc.url,
              text_hash: doc.textHash,
              blocks_gz: pack(doc.blocks),
              fact_sheet_json: JSON.stringify(doc.factSheet),
              read_at: input.now,
              last_read_at: input.now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          documents.push({ type: doc.type, url: doc.url, versionId: Number(row.id) });
        }
        if (!input.isNewStep) {
          if (input.latestStepId !== undefined)
            await trx.updateTable('site_versions').set({ last_read_at: input.now }).where('id', '=', input.latestStepId).execute();
          return {};
        }
        const step = await trx
          .insertInto('site_versions')
          .values({
            site: input.site,
            read_at: input.now,
            last_read_at: input.now,
            documents_json: JSON.stringify(documents),
            changes_gz: input.changes ? pack(input.changes) : null,
            summary_json: input.summary === undefined ? null : JSON.stringify(input.summary),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { stepId: Number(step.id) };
      });
    },
    async keepResult(resultId: string, site: string, result: AnalysisResult, now: string): Promise<void> {
      await db
        .insertInto('kept_results')
        .values({ result_id: resultId, site, result_gz: pack(result), created_at: now })
        .onConflict((oc) => oc.column('result_id').doNothing())
        .execute();
    },
    async findKeptResult(resultId: string): Promise<AnalysisResult | undefined> {
      const row = await db.selectFrom('kept_results').select('result_gz').where('result_id', '=', resultId).executeTakeFirst();
      return row && unpack<AnalysisResult>(row.result_gz);
    },
    /** Deletes document versions and history steps not read since `cutoff`. */
    async purgeVersionsOlderThan(cutoff: string): Promise<number> {
      const [documents, steps] = await Promise.all([
        db.deleteFrom('document_versions').where('last_read_at', '<', cutoff).executeTakeFirst(),
        db.deleteFrom('site_versions').where('last_read_at', '<', cutoff).executeTakeFirst(),
      ]);
      return Number(documents.numDeletedRows) + Number(steps.numDeletedRows);
    },
    /** Deletes kept results made before `cutoff` (the legal pages' retention of analyses). */
    async purgeResultsOlderThan(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('kept_results').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type VersionsRepository = ReturnType<typeof createVersionsRepository>;

function toSiteVersion(row: {
  id: number;
  read_at: string;
  last_read_at: string;
  documents_json: string;
  summary_json: string | null;
}): SiteVersionRow {
  return {
    id: Number(row.id),
    readAt: row.read_at,
    lastReadAt: row.last_read_at,
    documents: JSON.parse(row.documents_json) as SiteVersionDocument[],
    ...(row.summary_json ? { summary: JSON.parse(row.summary_json) as unknown } : {}),
  };
}
