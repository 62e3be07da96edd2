/**
 * The server side of `npm run bench:watch`, in its own process (the load generator and the
 * fixture sites do not share its event loop): the real app (SQLite in a temporary folder, the
 * real worker pool, settings from the environment) with its watch scheduler started, as
 * `server.ts` starts it. It seeds what a thousand earlier analyses would have left: one
 * subscription with a token per 50 sites, and a kept result per site of BENCH_WATCH_SITES (JSON list of
 * origins) naming its Terms and Privacy Policy. A bare server on 127.0.0.1 serves the app's
 * Prometheus metrics (GET /metrics). Prints one JSON line {appPort, barePort, tokens, resultIds}.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FACT_IDS, MAX_WATCHES_PER_SUBSCRIPTION, type AnalysisResult } from '@fineprint/contracts';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { hashToken } from '../apps/server/src/modules/subscriptions/subscriptions.service';

const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-bench-watch-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const { db } = await openDatabase({ dataDir, databaseUrl: config.DATABASE_URL });
const app = await buildApp({ config, db });

const origins = JSON.parse(process.env.BENCH_WATCH_SITES ?? '[]') as string[];
const now = new Date().toISOString();
// One subscription per MAX_WATCHES_PER_SUBSCRIPTION sites (a subscription watches at most that many).
const tokens: string[] = [];
for (let n = 0; n * MAX_WATCHES_PER_SUBSCRIPTION < origins.length; n++) {
  const { id } = await db
    .insertInto('subscriptions')
    .values({
      email: `bench-${n}@fineprint.example`,
      transaction_id: `bench-watch-${n}`,
      period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      provider: 'sandbox',
      provider_customer_id: null,
      provider_plan_id: null,
      cancelled_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  tokens.push(token);
  await db
    .insertInto('subscription_tokens')
    .values({ token_hash: hashToken(token), subscription_id: Number(id), created_at: now })
    .execute();
}
const resultIds: string[] = [];
for (const origin of origins) {
  const resultId = randomBytes(16).toString('base64url');
  resultIds.push(resultId);
  const result: AnalysisResult = {
    keyPoints: [],
    privacyConcerns: [],
    recommendations: [],
    details: { keyPoints: [], privacyConcerns: [], recommendations: [] },
    grade: 'C',
    gradeReason: 'Seeded by the bench.',
    factSheet: Object.fromEntries(
      FACT_IDS.map((fact) => [fact, { value: 'not_stated', evidence: [] }]),
    ) as unknown as AnalysisResult['factSheet'],
    documents: [
      { type: 'terms', url: `${origin}/legal/terms-of-service`, title: 'Terms', words: 500, language: 'en', source: 'fetched' },
      { type: 'privacy', url: `${origin}/legal/privacy`, title: 'Privacy', words: 500, language: 'en', source: 'fetched' },
    ],
    notices: [],
    engine: 'bench',
    resultId,
  };
  await db
    .insertInto('analysis_cache')
    .values({
      site: `${origin}/`,
      engine_version: 'bench',
      document_urls: JSON.stringify(result.documents.map((d) => d.url)),
      content_hash: 'bench',
      result_json: JSON.stringify(result),
      created_at: now,
      result_id: resultId,
    })
    .execute();
}

await app.listen({ port: 0, host: '127.0.0.1' });
app.watchScheduler.start();
const bare = Fastify({ logger: false });
bare.get('/metrics', async (_request, reply) => reply.type('text/plain').send(await app.metrics.registry.metrics()));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (server: typeof bare.server) => (server.address() as { port: number }).port;
console.log(JSON.stringify({ appPort: port(app.server), barePort: port(bare.server), tokens, resultIds }));

const stop = () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => db.destroy())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
