import type { AnalysisResult, FeedbackRecord, FeedbackTarget } from '@fineprint/contracts';
import type { Db } from '../../db/database';

/** A report as the service stores it. */
export interface NewFeedback {
  resultId: string;
  site: string;
  engine: string;
  target: FeedbackTarget;
  item: string;
  quote: string | null;
  reason: FeedbackRecord['reason'];
  note: string | null;
  createdAt: string;
}

/** The target as one column: `item:<list>:<index>` or `fact:<id>`. */
const targetKey = (target: FeedbackTarget) => (target.kind === 'item' ? `item:${target.list}:${target.index}` : `fact:${target.fact}`);
const targetOf = (key: string): FeedbackTarget => {
  const [kind, a, b] = key.split(':');
  return kind === 'item'
    ? { kind: 'item', list: a as 'keyPoints' | 'privacyConcerns' | 'recommendations', index: Number(b) }
    : ({ kind: 'fact', fact: a } as FeedbackTarget);
};

/** SQL for readers' reports (table `feedback`, migration 0006) and the kept result a report names. */
export function createFeedbackRepository(db: Db) {
  return {
    /** The kept result with this permalink id and the site it belongs to. */
    async findKeptResult(resultId: string): Promise<{ site: string; result: AnalysisResult } | undefined> {
      const row = await db
        .selectFrom('analysis_cache')
        .select(['site', 'result_json'])
        .where('result_id', '=', resultId)
        .executeTakeFirst();
      return row && { site: row.site, result: JSON.parse(row.result_json) as AnalysisResult };
    },
    async save(feedback: NewFeedback): Promise<void> {
      await db
        .insertInto('feedback')
        .values({
          result_id: feedback.resultId,
          site: feedback.site,
          engine_version: feedback.engine,
          target: targetKey(feedback.target),
          item_text: feedback.item,
          quote: feedback.quote,
          reason: feedback.reason,
          note: feedback.note,
          created_at: feedback.createdAt,
        })
        .execute();
    },
    /** Every report in the order they came, `batch` rows per query (the export streams them). */
    async *listAll(batch = 500): AsyncGenerator<FeedbackRecord> {
      let after = 0;
      for (;;) {
        const rows = await db.selectFrom('feedback').selectAll().where('id', '>', after).orderBy('id').limit(batch).execute();
        for (const row of rows)
          yield {
            id: row.id,
            resultId: row.result_id,
            site: row.site,
            engine: row.engine_version,
            target: targetOf(row.target),
            item: row.item_text,
            quote: row.quote,
            reason: row.reason as FeedbackRecord['reason'],
            note: row.note,
            createdAt: row.created_at,
          };
        if (rows.length < batch) return;
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
