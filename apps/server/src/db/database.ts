import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type MigrationProvider,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
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
    const file = join(options.dataDir, 'fineprint.sqlite');
    const sqlite = new SQLite(file);
    try {
      checkIntegrity(sqlite, file);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('busy_timeout = 5000');
      sqlite.pragma('foreign_keys = ON');
    } catch (error) {
      sqlite.close();
      throw error;
    }
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  await migrate(db, dialect, options.schema);
  return { db, dialect };
}

/** Which database a Kysely instance (or one of its transactions) runs on. */
export function dialectOf(db: Db | Transaction<Database>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Runs raw SQL with `$n` parameters: how a library that brings its own SQL (pg-boss) uses the app's pool, or one of its transactions. */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The SQL runner over `db` or a transaction of it (PostgreSQL): every call takes a pooled
 * connection, or the transaction's. A text may hold its own `BEGIN … COMMIT` (pg-boss's locked
 * commands): when one of its statements fails, the rest (the COMMIT too) never run, so the
 * connection is rolled back before it goes back to the pool, or the next query on it would fail.
 */
export function sqlRunnerOf(db: Db | Transaction<Database>): SqlRunner {
  if (db.isTransaction)
    return {
      async executeSql(text, values = []) {
        return { rows: [...(await db.executeQuery(CompiledQuery.raw(text, values))).rows] };
      },
    };
  return {
    executeSql: (text, values = []) =>
      db.connection().execute(async (connection) => {
        try {
          return { rows: [...(await connection.executeQuery(CompiledQuery.raw(text, values))).rows] };
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
          throw error;
        }
      }),
  };
}

/**
 * Refuses a damaged SQLite file before anything runs on it. A file with some pages overwritten
 * opened, passed its migrations and answered `select 1` (ready), while the rows on the damaged
 * pages answered errors or nothing (new visitors told to subscribe). `quick_check` reads every
 * page once (the structural checks of `integrity_check` without matching indexes to rows): well
 * under a second for the few megabytes this database holds, paid once per start. PostgreSQL keeps
 * its own checksums and reports damaged pages as errors (XX001), answered 503.
 */
function checkIntegrity(sqlite: SQLite.Database, file: string): void {
  let problems: string[];
  try {
    problems = (sqlite.pragma('quick_check(20)') as Array<{ quick_check: string }>).map((row) => row.quick_check);
  } catch (cause) {
    problems = [String((cause as Error).message)];
  }
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw new Error(
    `The database file ${file} is damaged and the server will not start on it: SQLite's integrity check says ${problems.slice(0, 3).join('; ')}. ` +
      'Restore it from a backup (or move it away to start empty).',
  );
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
  const rollback = sqlite.prepare('rollback');
  const rollbackIfOpen = {
    reader: false,
    run: () => (sqlite.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
  } as unknown as SQLite.Statement;
  return {
    close: () => void sqlite.close(),
    prepare(sql: string) {
      // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR…);
      // Kysely's ROLLBACK then failed with "no transaction is active", and that error replaced
      // the one that said the disk was full (a 500 instead of a 503).
      if (sql === 'rollback') return rollbackIfOpen;
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
