import { compileOnce } from '../../db/compiled-query';
import type { Db } from '../../db/database';

export interface Visitor {
  id: string;
  analysesUsed: number;
  email: string | null;
  /** Hash of the device key of the browser that stored the e-mail. */
  emailDeviceHash: string | null;
}

/** SQL for visitor rows: the free-analysis counter and the optional e-mail. */
export function createVisitorsRepository(db: Db) {
  const ensure = async (id: string, now: string) => {
    await db
      .insertInto('visitors')
      .values({ id, analyses_used: 0, email: null, email_device_hash: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  };
  // Every status call reads its visitor: compiled once.
  const selectVisitor = compileOnce(db, (id: string) =>
    db.selectFrom('visitors').select(['id', 'analyses_used', 'email', 'email_device_hash']).where('id', '=', id),
  );
  return {
    async find(id: string): Promise<Visitor | undefined> {
      const [row] = await selectVisitor(id);
      return row && { id: row.id, analysesUsed: Number(row.analyses_used), email: row.email, emailDeviceHash: row.email_device_hash };
    },
    /** Atomically takes one analysis if fewer than `limit` are used (limit null: no cap). */
    async reserveAnalysis(id: string, limit: number | null, now: string): Promise<boolean> {
      await ensure(id, now);
      let query = db
        .updateTable('visitors')
        .set((eb) => ({ analyses_used: eb('analyses_used', '+', 1), updated_at: now }))
        .where('id', '=', id);
      if (limit !== null) query = query.where('analyses_used', '<', limit);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Gives back an analysis that failed before producing a result. */
    async refundAnalysis(id: string): Promise<void> {
      await db
        .updateTable('visitors')
        .set((eb) => ({ analyses_used: eb('analyses_used', '-', 1) }))
        .where('id', '=', id)
        .where('analyses_used', '>', 0)
        .execute();
    },
    async setEmail(id: string, email: string, deviceHash: string, now: string): Promise<void> {
      await ensure(id, now);
      await db.updateTable('visitors').set({ email, email_device_hash: deviceHash, updated_at: now }).where('id', '=', id).execute();
    },
    /** Removes the e-mail; the counter stays so deletion never resets the free quota. */
    async clearEmail(id: string, now: string): Promise<void> {
      await db.updateTable('visitors').set({ email: null, email_device_hash: null, updated_at: now }).where('id', '=', id).execute();
    },
    async purgeOlderThan(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('visitors').where('updated_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type VisitorsRepository = ReturnType<typeof createVisitorsRepository>;
