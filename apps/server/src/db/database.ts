import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
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
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  await migrate(db, dialect);
  return { db, dialect };
}

async function migrate(db: Db, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => createMigrations(dialect) };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
}
