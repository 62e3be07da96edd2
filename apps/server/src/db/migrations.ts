import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * One set of migrations for SQLite and PostgreSQL; only portable column types are used, and
 * the one difference (how an integer key counts up) is chosen per dialect.
 */
export function createMigrations(dialect: Dialect): Record<string, Migration> {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
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
    // Issue 23: every version of every site's documents (site data, kept DOCUMENT_HISTORY_DAYS), each
    // step of a site's history with what changed, and every kept result's permalink beyond the cache's day.
    '0007_document_versions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('document_versions')
          .addColumn('id', 'integer', serial)
          .addColumn('site', 'varchar(2048)', (c) => c.notNull())
          .addColumn('doc_type', 'varchar(16)', (c) => c.notNull())
          .addColumn('url', 'varchar(2048)', (c) => c.notNull())
          .addColumn('text_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('blocks_gz', bytes, (c) => c.notNull())
          .addColumn('fact_sheet_json', 'text', (c) => c.notNull())
          .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('last_read_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('document_versions_site').on('document_versions').columns(['site', 'doc_type', 'id']).execute();
        await db.schema.createIndex('document_versions_last_read').on('document_versions').column('last_read_at').execute();
        await db.schema
          .createTable('site_versions')
          .addColumn('id', 'integer', serial)
          .addColumn('site', 'varchar(2048)', (c) => c.notNull())
          .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('last_read_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('documents_json', 'text', (c) => c.notNull())
          .addColumn('changes_gz', bytes)
          .addColumn('summary_json', 'text')
          .execute();
        await db.schema.createIndex('site_versions_site').on('site_versions').columns(['site', 'id']).execute();
        await db.schema.createIndex('site_versions_last_read').on('site_versions').column('last_read_at').execute();
        await db.schema
          .createTable('kept_results')
          .addColumn('result_id', 'varchar(32)', (c) => c.primaryKey())
          .addColumn('site', 'varchar(2048)', (c) => c.notNull())
          .addColumn('result_gz', bytes, (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('kept_results_created_at').on('kept_results').column('created_at').execute();
      },
    },
    // Issue 23 item 4: watched sites (one row per site: the job its re-reads share), the
    // subscribers' watches (personal data: deleted with "Clear my data", purged a month after the
    // subscription ends) and the changes found (feeds, e-mails).
    '0008_watched_sites': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('watched_sites')
          .addColumn('site', 'varchar(2048)', (c) => c.primaryKey())
          .addColumn('next_check_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('lease_owner', 'varchar(64)')
          .addColumn('lease_until', 'varchar(32)')
          .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_checked_at', 'varchar(32)')
          .addColumn('last_changed_at', 'varchar(32)')
          .addColumn('last_error', 'varchar(64)')
          .addColumn('documents_json', 'text', (c) => c.notNull())
          .addColumn('facts_json', 'text', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('watched_sites_next_check').on('watched_sites').column('next_check_at').execute();
        await db.schema
          .createTable('watches')
          .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
          .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
          .addColumn('site', 'varchar(2048)', (c) => c.notNull())
          .addColumn('feed_token', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('email_alerts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addUniqueConstraint('watches_subscription_site', ['subscription_id', 'site'])
          .execute();
        await db.schema.createIndex('watches_site').on('watches').column('site').execute();
        await db.schema
          .createTable('watch_changes')
          .addColumn('id', 'integer', serial)
          .addColumn('site', 'varchar(2048)', (c) => c.notNull())
          .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('facts_json', 'text', (c) => c.notNull())
          .addColumn('documents_json', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('watch_changes_site').on('watch_changes').columns(['site', 'changed_at']).execute();
      },
    },
  };
}
