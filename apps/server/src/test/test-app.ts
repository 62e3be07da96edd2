import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { analyzeSite } from '@fineprint/analysis';
import { FACT_IDS, type AnalysisResult } from '@fineprint/contracts';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DEVICE_COOKIE } from '../http-context';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** The databases every repository-backed test runs on; PostgreSQL is mandatory under CI=true. */
export function databaseLegs(): Array<'sqlite' | 'postgres'> {
  if (TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') throw new Error('TEST_DATABASE_URL is required in CI: the PostgreSQL leg is mandatory');
  return ['sqlite'];
}

export const FAKE_RESULT: AnalysisResult = {
  keyPoints: ['Disputes go to binding arbitration instead of a court, where appeals are very limited.'],
  privacyConcerns: ['Your personal data is shared with third parties.'],
  recommendations: ['Request a copy of your data or its deletion.'],
  details: { keyPoints: [], privacyConcerns: [], recommendations: [] },
  grade: 'C',
  gradeReason: 'Grade C: test result.',
  factSheet: Object.fromEntries(
    FACT_IDS.map((id) => [id, { value: 'not_stated', evidence: [] }]),
  ) as unknown as AnalysisResult['factSheet'],
  documents: [],
  notices: [],
  engine: 'test',
};

/** Builds the app on a fresh SQLite file or a fresh PostgreSQL schema, with a controllable clock. */
export async function createTestApp(
  leg: 'sqlite' | 'postgres',
  options: {
    /** The analyzer: a stand-in run in process (default: one that returns FAKE_RESULT), or 'worker-pool' for the real one. */
    analyze?: typeof analyzeSite | 'worker-pool';
    env?: Record<string, string>;
    /** Collects the app's log lines (at LOG_LEVEL info unless env says otherwise); default: no logging. */
    logStream?: { write(line: string): void };
  } = {},
) {
  const clock = { now: new Date('2026-01-01T00:00:00Z') };
  const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-test-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const { db } = await openDatabase({
    dataDir,
    databaseUrl: leg === 'postgres' ? TEST_DATABASE_URL : undefined,
    schema: leg === 'postgres' ? schema : undefined,
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    ANALYZE_RATE_LIMIT_PER_MINUTE: '1000',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db,
    clock: () => clock.now,
    analyze: options.analyze === 'worker-pool' ? undefined : (options.analyze ?? (async () => FAKE_RESULT)),
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    dataDir,
    schema: leg === 'postgres' ? schema : undefined,
    async close() {
      await app.close();
      await db.destroy();
      if (leg === 'postgres') {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        // The watch queue's pg-boss keeps its tables beside the test's schema (pg-boss-queue.ts).
        await client.query(`DROP SCHEMA IF EXISTS "${schema}_pgboss" CASCADE`);
        await client.end();
      }
    },
  };
}

/** The device key cookie value of a named browser (deterministic, well-formed: 43 base64url characters). */
export function deviceKeyOf(browser: string): string {
  return createHash('sha256').update(browser).digest('base64url');
}

/** The cookies a browser sends with any call: its visitor id and its device key (by default, one browser per visitor id). */
export function browserCookies(visitorId: string, browser = visitorId): { cookie: string } {
  return { cookie: `user_id=${visitorId}; ${DEVICE_COOKIE}=${deviceKeyOf(browser)}` };
}

/** Headers of a same-origin browser call: XSRF cookie echoed, visitor id, the browser's device key. */
export function browserHeaders(visitorId: string, extra: Record<string, string> = {}, browser = visitorId) {
  return {
    cookie: `XSRF-TOKEN=tok123; ${browserCookies(visitorId, browser).cookie}`,
    'x-xsrf-token': 'tok123',
    'x-user-id': visitorId,
    ...extra,
  };
}

/** A loopback port nobody listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
