import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * One set of migrations for SQLite and PostgreSQL; only portable column types are used, and
 * the one difference (how an integer key counts up) is chosen per dialect.
 */
export function createMigrations(dialect: Dialect): Record<string, Migration> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    '0001_initial': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('visitors')
          .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
          .addColumn('analyses_used', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('email', 'varchar(254)')
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('visitors_updated_at').on('visitors').column('updated_at').execute();
        await db.schema
          .createTable('subscriptions')
          .addColumn('id', 'integer', serial)
          .addColumn('email', 'varchar(254)', (c) => c.notNull())
          .addColumn('transaction_id', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('period_end', 'varchar(32)', (c) => c.notNull())
          .addColumn('provider', 'varchar(32)', (c) => c.notNull())
          .addColumn('provider_customer_id', 'varchar(128)')
          .addColumn('provider_plan_id', 'varchar(128)')
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('subscriptions_email').on('subscriptions').column('email').execute();
        await db.schema
          .createTable('subscription_tokens')
          .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('payments')
          .addColumn('transaction_id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('tx_ref', 'varchar(400)', (c) => c.notNull())
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('currency', 'varchar(8)', (c) => c.notNull())
          .addColumn('status', 'varchar(32)', (c) => c.notNull())
          .addColumn('email', 'varchar(254)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('payment_intents')
          .addColumn('tx_ref', 'varchar(400)', (c) => c.primaryKey())
          .addColumn('email', 'varchar(254)', (c) => c.notNull())
          .addColumn('visitor_id', 'varchar(128)')
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('analysis_cache')
          .addColumn('site', 'varchar(2048)', (c) => c.primaryKey())
          .addColumn('engine_version', 'varchar(32)', (c) => c.notNull())
          .addColumn('document_urls', 'text', (c) => c.notNull())
          .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('result_json', 'text', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('sandbox_transactions')
          .addColumn('id', 'integer', serial)
          .addColumn('tx_ref', 'varchar(400)', (c) => c.notNull())
          .addColumn('amount_cents', 'integer', (c) => c.notNull())
          .addColumn('currency', 'varchar(8)', (c) => c.notNull())
          .addColumn('status', 'varchar(32)', (c) => c.notNull())
          .addColumn('email', 'varchar(254)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
      },
    },
    '0002_subscription_cancellation': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('subscriptions').addColumn('cancelled_at', 'varchar(32)').execute();
      },
    },
    // E-mails and checkouts bound to the browser (device key) that made them: visitor ids collide.
    '0003_device_binding': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('visitors').addColumn('email_device_hash', 'varchar(64)').execute();
        await db.schema.alterTable('payment_intents').addColumn('device_hash', 'varchar(64)').execute();
      },
    },
    // Permalinks: each cached result's random id (issue 12 item 2).
    '0004_result_permalinks': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('analysis_cache').addColumn('result_id', 'varchar(32)').execute();
        await db.schema.createIndex('analysis_cache_result_id').on('analysis_cache').column('result_id').unique().execute();
      },
    },
    // Issue 24 item 5: a reservation held by a process that died is given back when its lease ends
    // (the counter alone lost it for good); and the table the readiness probe writes to.
    '0005_reservation_leases': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('analysis_reservations')
          .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
          .addColumn('visitor_id', 'varchar(128)', (c) => c.notNull())
          .addColumn('lease_until', 'varchar(32)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('analysis_reservations_visitor')
          .on('analysis_reservations')
          .columns(['visitor_id', 'lease_until'])
          .execute();
        await db.schema
          .createTable('readiness_probe')
          .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
          .addColumn('payload', 'text', (c) => c.notNull())
          .execute();
      },
    },
    // Issue 22 item 8: readers' "This is wrong" reports on a kept result (nothing about the reader),
    // and the index "Recently analysed" reads the newest kept results by.
    '0006_feedback': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('feedback')
          .addColumn('id', 'integer', serial)
          .addColumn('result_id', 'varchar(32)', (c) => c.notNull())
          .addColumn('site', 'varchar(2048)', (c) => c.notNull())
          .addColumn('engine_version', 'varchar(64)', (c) => c.notNull())
          .addColumn('target', 'varchar(64)', (c) => c.notNull())
          .addColumn('item_text', 'text', (c) => c.notNull())
          .addColumn('quote', 'text')
          .addColumn('reason', 'varchar(32)', (c) => c.notNull())
          .addColumn('note', 'varchar(2000)')
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('feedback_created_at').on('feedback').column('created_at').execute();
        await db.schema.createIndex('analysis_cache_created_at').on('analysis_cache').column('created_at').execute();
      },
    },
  };
}
