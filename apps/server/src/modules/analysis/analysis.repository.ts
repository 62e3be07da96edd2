import type { AnalysisResult } from '@fineprint/contracts';
import type { Db } from '../../db/database';

/** A kept result, dated by its row when it was stored before results carried their own date. */
function withAnalyzedAt(row: { result_json: string; created_at: string }): AnalysisResult {
  const result = JSON.parse(row.result_json) as AnalysisResult;
  return { ...result, analyzedAt: result.analyzedAt ?? new Date(row.created_at).toISOString() };
}

/** SQL for the analysis cache, keyed by normalised site address. */
export function createAnalysisRepository(db: Db) {
  return {
    async findCached(site: string, engineVersion: string, notBefore: string): Promise<AnalysisResult | undefined> {
      const row = await db
        .selectFrom('analysis_cache')
        .select(['result_json', 'created_at'])
        .where('site', '=', site)
        .where('engine_version', '=', engineVersion)
        .where('created_at', '>=', notBefore)
        .executeTakeFirst();
      return row && withAnalyzedAt(row);
    },
    /** The stored result whose permalink id this is, while it is still kept (a re-analysis of its site replaces it). */
    async findByResultId(resultId: string): Promise<AnalysisResult | undefined> {
      const row = await db
        .selectFrom('analysis_cache')
        .select(['result_json', 'created_at'])
        .where('result_id', '=', resultId)
        .executeTakeFirst();
      return row && withAnalyzedAt(row);
    },
    async saveCached(
      entry: { site: string; engineVersion: string; documentUrls: string[]; contentHash: string; result: AnalysisResult },
      now: string,
    ): Promise<void> {
      const values = {
        result_id: entry.result.resultId ?? null,
        engine_version: entry.engineVersion,
        document_urls: JSON.stringify(entry.documentUrls),
        content_hash: entry.contentHash,
        result_json: JSON.stringify(entry.result),
        created_at: now,
      };
      await db
        .insertInto('analysis_cache')
        .values({ site: entry.site, ...values })
        .onConflict((oc) => oc.column('site').doUpdateSet(values))
        .execute();
    },
    async purgeOlderThan(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('analysis_cache').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
