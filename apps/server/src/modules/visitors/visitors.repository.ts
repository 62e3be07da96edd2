import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { compileOnce } from '../../db/compiled-query';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

export interface Visitor {
  id: string;
  /** Analyses counted: kept ones and those in flight within their lease. */
  analysesUsed: number;
  email: string | null;
  /** Hash of the device key of the browser that stored the e-mail. */
  emailDeviceHash: string | null;
}

/**
 * SQL for visitor rows: the free-analysis counter, the reservations in flight, and the optional
 * e-mail. A reservation is a unit in `analyses_used` plus a row with a lease: kept, the row goes
 * and the unit stays; given back, both go; a row whose lease ended (its process died mid-analysis)
 * no longer counts, and its unit is taken off the counter at the visitor's next reservation.
 * Each row is deleted by one statement only, so a unit is given back once.
 */
export function createVisitorsRepository(db: Db) {
  const ensure = async (trx: Transaction<Database>, id: string, now: string) => {
    await trx
      .insertInto('visitors')
      .values({ id, analyses_used: 0, email: null, email_device_hash: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  };
  // Every status call reads its visitor: compiled once. Leases that ended are subtracted here, so
  // the count is exact before anything deletes them (one index probe: most visitors have no rows).
  const selectVisitor = compileOnce(db, (now: string, id: string) =>
    db
      .selectFrom('visitors as v')
      .select(['v.id', 'v.analyses_used', 'v.email', 'v.email_device_hash'])
      .select((eb) =>
        eb
          .selectFrom('analysis_reservations as r')
          .select((r) => r.fn.countAll<number>().as('n'))
          .whereRef('r.visitor_id', '=', 'v.id')
          .where('r.lease_until', '<=', now)
          .as('lapsed'),
      )
      .where('v.id', '=', id),
  );
  return {
    async find(id: string, now: string): Promise<Visitor | undefined> {
      const [row] = await selectVisitor(now, id);
      return (
        row && {
          id: row.id,
          analysesUsed: Math.max(0, Number(row.analyses_used) - Number(row.lapsed ?? 0)),
          email: row.email,
          emailDeviceHash: row.email_device_hash,
        }
      );
    },
    /**
     * Atomically takes one analysis if fewer than `limit` are used (limit null: no cap), after
     * giving back the visitor's reservations whose lease ended, all in one transaction. Returns
     * the reservation's id, or undefined at the limit.
     */
    async reserveAnalysis(id: string, limit: number | null, now: string, leaseUntil: string): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        await ensure(trx, id, now);
        const lapsed = await trx
          .deleteFrom('analysis_reservations')
          .where('visitor_id', '=', id)
          .where('lease_until', '<=', now)
          .executeTakeFirst();
        const lapsedCount = Number(lapsed.numDeletedRows);
        if (lapsedCount > 0)
          await trx
            .updateTable('visitors')
            .set((eb) => ({ analyses_used: eb('analyses_used', '-', lapsedCount) }))
            .where('id', '=', id)
            .where('analyses_used', '>=', lapsedCount)
            .execute();
        let query = trx
          .updateTable('visitors')
          .set((eb) => ({ analyses_used: eb('analyses_used', '+', 1), updated_at: now }))
          .where('id', '=', id);
        if (limit !== null) query = query.where('analyses_used', '<', limit);
        const result = await query.executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return undefined;
        const reservationId = randomBytes(16).toString('hex');
        await trx
          .insertInto('analysis_reservations')
          .values({ id: reservationId, visitor_id: id, lease_until: leaseUntil, created_at: now })
          .execute();
        return reservationId;
      });
    },
    /** The analysis produced its result: its unit stays counted. */
    async keepReservation(reservationId: string): Promise<void> {
      await db.deleteFrom('analysis_reservations').where('id', '=', reservationId).execute();
    },
    /** Gives back an analysis that failed before producing a result (once, however often called; not after its lease ended). */
    async refundReservation(reservationId: string, visitorId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('analysis_reservations').where('id', '=', reservationId).executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return;
        await trx
          .updateTable('visitors')
          .set((eb) => ({ analyses_used: eb('analyses_used', '-', 1) }))
          .where('id', '=', visitorId)
          .where('analyses_used', '>', 0)
          .execute();
      });
    },
    /**
     * Stores the e-mail, bound to the browser's device key, unless another browser stored one
     * (the same rule as reading it, `isEmailOwner`): in one statement, so two browsers racing
     * cannot both win. False when refused.
     */
    async setEmail(id: string, email: string, deviceHash: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await ensure(trx, id, now);
        const result = await trx
          .updateTable('visitors')
          .set({ email, email_device_hash: deviceHash, updated_at: now })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('email', 'is', null), eb('email_device_hash', '=', deviceHash)]))
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      });
    },
    /** Removes the e-mail; the counter stays so deletion never resets the free quota. */
    async clearEmail(id: string, now: string): Promise<void> {
      await db.updateTable('visitors').set({ email: null, email_device_hash: null, updated_at: now }).where('id', '=', id).execute();
    },
    async purgeOlderThan(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('visitors').where('updated_at', '<', cutoff).executeTakeFirst();
      // Reservations of a process that died and whose visitor never came back: nothing to give back any more.
      await db.deleteFrom('analysis_reservations').where('lease_until', '<', cutoff).execute();
      return Number(result.numDeletedRows);
    },
  };
}
export type VisitorsRepository = ReturnType<typeof createVisitorsRepository>;
