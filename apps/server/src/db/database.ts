import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { createMigrations, type Dialect } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, SQLite in dataDir. */
  databaseUrl?: string;
  /** Folder of the SQLite file (created if missing). */
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves this way). Default public. */
  schema?: string;
}

/** Opens the database (SQLite file or PostgreSQL pool) and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<{ db: Db; dialect: Dialect }> {
  let db: Db;
  let dialect: Dialect;
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A client whose server went away (a restart, a failover) is dropped by the pool; without these
    // listeners the error would end the process. The next query opens a new connection.
    pool.on('error', () => undefined);
    // The same for a client in use between two queries: its error must not end the process either;
    // the pool discards it when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '')}"`);
      } finally {
        client.release();
      }
    }
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    mkdirSync(options.dataDir, { recursive: true });
    const sqlite = new SQLite(join(options.dataDir, 'fineprint.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  await migrate(db, dialect, options.schema);
  return { db, dialect };
}

async function migrate(db: Db, dialect: Dialect, schema: string | undefined): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => createMigrations(dialect) };
  // With a schema of its own, the migrator must look for its tables there: by name alone it would
  // find another schema's migration tables (tests running at the same time) and skip creating its own.
  const { error, results } = await new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
}

/** Prepared statements kept per SQL text; the app's queries are parameterised, so a few dozen texts. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * better-sqlite3 with its prepared statements reused: Kysely prepares every query anew, and
 * preparing was the largest cost of a status call (12% of the server's CPU under load). A
 * statement is safe to reuse: calls are synchronous, so no two runs of one overlap.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
