import { afterEach, describe, expect, it } from 'vitest';
import { compileOnce } from './db/compiled-query';
import { createTestApp, databaseLegs } from './test/test-app';

describe.each(databaseLegs())('queries compiled once on %s', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
  afterEach(async () => t?.close());

  it('run with each call’s values, in the order declared', async () => {
    t = await createTestApp(leg);
    const now = '2026-01-01T00:00:00.000Z';
    await t.db
      .insertInto('visitors')
      .values(
        ['a', 'b'].map((id, i) => ({ id, analyses_used: i + 1, email: null, email_device_hash: null, created_at: now, updated_at: now })),
      )
      .execute();
    const used = compileOnce(t.db, (id: string, notEmail: string) =>
      t!.db.selectFrom('visitors').select(['id', 'analyses_used']).where('id', '=', id).where('created_at', '!=', notEmail),
    );
    expect(await used('b', 'x')).toEqual([{ id: 'b', analyses_used: 2 }]);
    expect(await used('a', 'x')).toEqual([{ id: 'a', analyses_used: 1 }]);
    expect(await used('a', now)).toEqual([]);
    expect(await used('c', 'x')).toEqual([]);
  });

  it('refuse a query that binds other values than its parameters', async () => {
    t = await createTestApp(leg);
    // limit(1) binds a value of its own: the markers no longer match the bound parameters.
    expect(() => compileOnce(t!.db, (id: string) => t!.db.selectFrom('visitors').select('id').where('id', '=', id).limit(1))).toThrow(
      /must bind its 1 parameter/,
    );
    expect(() =>
      compileOnce(t!.db, (id: string) => t!.db.selectFrom('visitors').select('id').where('id', '=', id).where('email', '=', 'x')),
    ).toThrow(/must bind its 1 parameter/);
  });
});
