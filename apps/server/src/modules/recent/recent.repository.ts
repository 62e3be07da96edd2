import type { AnalysisResult, RecentResult } from '@fineprint/contracts';
import type { Db } from '../../db/database';

/** The site's host without "www.", as the result page names it; the stored address when it is not one. */
function hostOf(site: string): string {
  try {
    const url = new URL(site);
    return `${url.hostname.replace(/^www\./, '')}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return site;
  }
}

/** SQL for "Recently analysed": the newest kept site results (each public through its permalink). */
export function createRecentRepository(db: Db) {
  return {
    async listNewest(limit: number): Promise<RecentResult[]> {
      const rows = await db
        .selectFrom('analysis_cache')
        .select(['result_id', 'site', 'result_json', 'created_at'])
        .where('result_id', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        resultId: row.result_id!,
        site: hostOf(row.site),
        grade: (JSON.parse(row.result_json) as AnalysisResult).grade ?? null,
        analysedAt: row.created_at,
      }));
    },
  };
}
export type RecentRepository = ReturnType<typeof createRecentRepository>;
