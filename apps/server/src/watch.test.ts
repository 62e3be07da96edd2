import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FACT_IDS, type AnalysisResult, type WatchList } from '@fineprint/contracts';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { hashToken } from './modules/subscriptions/subscriptions.service';
import { createPgBossQueue } from './modules/watch/pg-boss-queue';
import { createTableQueue } from './modules/watch/watch-queue';
import { createWatchRepository } from './modules/watch/watch.repository';
import { browserHeaders, createTestApp, databaseLegs, FAKE_RESULT } from './test/test-app';

/**
 * Issue 23 item 4, watching sites, through the API on SQLite and PostgreSQL: a loopback site
 * whose Terms answer conditional requests, a stand-in analyzer that counts its runs, and a
 * real SMTP server on loopback receiving the e-mails.
 */
const DAY = 86_400_000;
let site: Server;
let siteUrl: string;
let allowlist: string;
const requests: Array<{ url: string; ifNoneMatch: string | undefined }> = [];
const page = { version: 1, status: 200 };

let smtp: SMTPServer;
let smtpPort: number;
const mails: string[] = [];

beforeAll(async () => {
  site = createServer((req, res) => {
    requests.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    if (page.status !== 200) return void res.writeHead(page.status).end();
    const etag = `"v${page.version}"`;
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
    // Markup-only noise (a nonce) changes on every answer: not a change of the text.
    const body = `<html><body><script>var nonce=${Math.random()}</script><h1>Terms</h1><p>Terms version ${page.version}.</p></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html', etag: page.version === 3 ? `"other-${Math.random()}"` : etag }).end(body);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}/`;
  allowlist = `127.0.0.1:${port}`;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => site.close(() => r()));
  await new Promise<void>((r) => smtp.close(() => r()));
});

/** The analyzer's answer: the Terms document of the loopback site, and one fact that depends on the version served. */
const resultFor = (version: number): AnalysisResult => ({
  ...FAKE_RESULT,
  documents: [{ type: 'terms', url: `${siteUrl}terms`, title: 'Terms', words: 5, language: 'en', source: 'fetched' }],
  factSheet: {
    ...FAKE_RESULT.factSheet,
    [FACT_IDS[0]]: { value: version >= 2 ? 'yes' : 'not_stated', evidence: [] },
  },
});

/** What the version store says of a change in dates or numbering only. */
const NO_CHANGES = {
  since: '2026-01-01T00:00:00.000Z',
  until: '2026-01-02T00:00:00.000Z',
  facts: [],
  clauses: [],
  moreClauses: 0,
  documents: [],
};

describe.each(databaseLegs())('watching sites on %s', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let runs = 0;
  let onlyDates = false;
  let env: Record<string, string>;
  beforeEach(async () => {
    runs = 0;
    onlyDates = false;
    page.version = 1;
    page.status = 200;
    requests.length = 0;
    mails.length = 0;
    env = { FETCH_ALLOWLIST: allowlist, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'watch@fineprint.example' };
    t = await createTestApp(leg, {
      env,
      analyze: async () => {
        runs++;
        const result = resultFor(onlyDates ? 1 : page.version);
        return onlyDates ? { ...result, changes: { ...NO_CHANGES, onlyDates: true } } : result;
      },
    });
  });
  afterEach(async () => t.close());

  /** A running subscription with a bearer token (the payment flow has its own tests). */
  const subscriber = async (email: string, periodEnd = new Date(t.clock.now.getTime() + 30 * DAY)) => {
    const { id } = await t.db
      .insertInto('subscriptions')
      .values({
        email,
        transaction_id: `tx-${email}`,
        period_end: periodEnd.toISOString(),
        provider: 'sandbox',
        provider_customer_id: null,
        provider_plan_id: null,
        cancelled_at: null,
        created_at: t.clock.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = `token-of-${email}`;
    await t.db
      .insertInto('subscription_tokens')
      .values({ token_hash: hashToken(token), subscription_id: Number(id), created_at: t.clock.now.toISOString() })
      .execute();
    return token;
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: browserHeaders('visitor-watch', token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { payload } : {}),
    });
  const analyzeSite = (token: string) => call('POST', '/api/analyze', token, { url: siteUrl });
  const watch = (token: string, emailAlerts = false) => call('POST', '/api/watches', token, { url: siteUrl, emailAlerts });
  const list = async (token: string) => (await call('GET', '/api/watches', token)).json<WatchList>();
  /** Moves the clock past the next re-read (an interval plus its jitter) and runs the scheduler once. */
  const nextInterval = async () => {
    t.clock.now = new Date(t.clock.now.getTime() + 1.11 * DAY);
    return t.app.watchScheduler.tick();
  };
  const metric = async (name: string) =>
    (await t.app.metrics.registry.getSingleMetricAsString(name)).split('\n').filter((l) => !l.startsWith('#'));

  it('lets only subscribers watch, and only a site with a result', async () => {
    expect((await call('POST', '/api/watches', undefined, { url: siteUrl })).statusCode).toBe(402);
    expect((await call('GET', '/api/watches')).statusCode).toBe(402);
    const token = await subscriber('a@example.com');
    expect((await watch(token)).statusCode).toBe(404);
    expect((await call('POST', '/api/watches', token, { url: 'not a site at all' })).statusCode).toBe(400);
    expect((await analyzeSite(token)).statusCode).toBe(200);
    const watched = await watch(token);
    expect(watched.statusCode).toBe(200);
    const body = watched.json<WatchList>();
    expect(body.watches).toHaveLength(1);
    expect(body.watches[0]).toMatchObject({ site: siteUrl, changed: false, lastCheckedAt: null });
    expect(body.watches[0]!.feedUrl).toMatch(/^\/api\/watches\/feed\/[A-Za-z0-9_-]{22}$/);
    expect(body.current).toBe(body.watches[0]!.id);
  });

  it("watches the site of a result by its permalink id, and says whether a result's site is watched", async () => {
    const token = await subscriber('a@example.com');
    const { resultId } = (await analyzeSite(token)).json<AnalysisResult>();
    expect(resultId).toBeDefined();
    expect((await call('GET', `/api/watches?resultId=${resultId}`, token)).json<WatchList>().current).toBeNull();
    expect((await call('POST', '/api/watches', token, { resultId: 'unknown-result-id-000000' })).statusCode).toBe(404);
    expect((await call('POST', '/api/watches', token, { resultId, url: siteUrl })).statusCode).toBe(400);
    const watched = (await call('POST', '/api/watches', token, { resultId, emailAlerts: true })).json<WatchList>();
    expect(watched.watches[0]).toMatchObject({ site: siteUrl, emailAlerts: true });
    expect((await call('GET', `/api/watches?resultId=${resultId}`, token)).json<WatchList>().current).toBe(watched.watches[0]!.id);
  });

  it('re-reads a site once per interval however many watch it, with conditional requests: an unchanged site costs one 304 and no analysis', async () => {
    const a = await subscriber('a@example.com');
    const b = await subscriber('b@example.com');
    await analyzeSite(a);
    runs = 0;
    await watch(a);
    await watch(b);
    expect(await t.db.selectFrom('watched_sites').select('site').execute()).toHaveLength(1);
    // Not due yet: nothing fetched.
    expect(await t.app.watchScheduler.tick()).toEqual({ not_modified: 0, unchanged: 0, changed: 0, failed: 0 });
    expect(requests).toHaveLength(0);
    // The first re-read holds no validators: a full read, the baseline.
    expect(await nextInterval()).toMatchObject({ unchanged: 1 });
    expect(requests).toEqual([{ url: '/terms', ifNoneMatch: undefined }]);
    // A second tick within the interval reads nothing.
    await t.app.watchScheduler.tick();
    expect(requests).toHaveLength(1);
    // The next interval: If-None-Match, answered 304; no analysis.
    expect(await nextInterval()).toMatchObject({ not_modified: 1 });
    expect(requests[1]).toEqual({ url: '/terms', ifNoneMatch: '"v1"' });
    expect(runs).toBe(0);
    expect(await metric('fineprint_watch_not_modified_total')).toContain('fineprint_watch_not_modified_total 1');
    expect(await metric('fineprint_watch_checks_total')).toContain('fineprint_watch_checks_total{outcome="not_modified"} 1');
    expect((await list(a)).watches[0]!.lastCheckedAt).toBe(t.clock.now.toISOString());
  });

  it('never re-reads a site twice when two instances share the database', async () => {
    const a = await subscriber('a@example.com');
    await analyzeSite(a);
    await watch(a);
    const second = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ...env }),
      db: t.db,
      clock: () => t.clock.now,
      analyze: async () => resultFor(page.version),
      logger: false,
    });
    try {
      t.clock.now = new Date(t.clock.now.getTime() + 1.11 * DAY);
      const [one, two] = await Promise.all([t.app.watchScheduler.tick(), second.watchScheduler.tick()]);
      expect(one.unchanged + two.unchanged).toBe(1);
      expect(requests).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('takes over a site whose instance died mid re-read once its claim lapses, never before', async () => {
    const a = await subscriber('a@example.com');
    await analyzeSite(a);
    await watch(a);
    t.clock.now = new Date(t.clock.now.getTime() + 1.11 * DAY);
    // An instance takes the site and dies (kill -9): its claim (SQLite) or its active pg-boss job (PostgreSQL) stays in the database.
    const lease = 10 * 60_000;
    const deadQueue =
      leg === 'postgres'
        ? createPgBossQueue({
            watches: createWatchRepository(t.db),
            leaseMs: lease,
            intervalMs: DAY,
            maintenanceSeconds: 3600,
            onError: () => {},
          })
        : createTableQueue({ watches: createWatchRepository(t.db), owner: 'dead-instance', leaseMs: lease });
    await deadQueue.prepare(t.clock.now);
    const held = await deadQueue.take({ now: t.clock.now, limit: 10 });
    expect(held).toHaveLength(1);
    expect(await t.app.watchScheduler.tick()).toEqual({ not_modified: 0, unchanged: 0, changed: 0, failed: 0 });
    t.clock.now = new Date(t.clock.now.getTime() + 11 * 60_000);
    if (leg === 'postgres') {
      // pg-boss reads PostgreSQL's clock, which a test cannot move: the job's own times are moved back
      // instead: held 11 minutes (past its lease), and the retry's backoff after its expiry over.
      const job = sql.table(`${t.schema}_pgboss.job`);
      await sql`update ${job} set started_on = started_on - interval '11 minutes'`.execute(t.db);
      await deadQueue.prepare(t.clock.now);
      await sql`update ${job} set start_after = start_after - interval '1 hour' where state = 'retry'`.execute(t.db);
    }
    expect(await t.app.watchScheduler.tick()).toMatchObject({ unchanged: 1 });
    expect(requests).toHaveLength(1);
    // The "dead" instance comes back and writes its outcome late: nothing is recorded twice.
    const [before] = await t.db.selectFrom('watched_sites').select(['next_check_at', 'last_error']).execute();
    const late = { now: t.clock.now.toISOString(), nextCheckAt: t.clock.now.toISOString(), failures: 1, error: 'LATE' };
    expect(await deadQueue.finish(held[0]!, late)).toBe(false);
    expect(await t.db.selectFrom('watched_sites').select(['next_check_at', 'last_error']).execute()).toEqual([before]);
    await deadQueue.stop();
  });

  it('analyses a changed site again (markup noise is no change), shows it on the next visit, in the feed and by e-mail to the consenting subscriber', async () => {
    const a = await subscriber('a@example.com');
    const b = await subscriber('b@example.com');
    await analyzeSite(a);
    runs = 0;
    await watch(a, true);
    await watch(b, false);
    await nextInterval();
    page.version = 2;
    const changed = await nextInterval();
    expect(changed).toMatchObject({ changed: 1 });
    expect(runs).toBe(1);
    const listed = await list(a);
    expect(listed.changedCount).toBe(1);
    expect(listed.watches[0]).toMatchObject({ changed: true, lastChangedAt: t.clock.now.toISOString() });
    // Seen: no longer counted.
    expect((await call('POST', '/api/watches/seen', a)).statusCode).toBe(200);
    expect((await list(a)).changedCount).toBe(0);
    expect((await list(b)).changedCount).toBe(1);
    // The feed: private address, no token needed, one entry with the fact that changed.
    const feed = await t.app.inject({ method: 'GET', url: listed.watches[0]!.feedUrl });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    expect(feed.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(feed.body.match(/<entry>/g)).toHaveLength(1);
    expect(feed.body).toContain(`${FACT_IDS[0]}: not_stated → yes`);
    expect((await t.app.inject({ method: 'GET', url: '/api/watches/feed/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    // One e-mail, to the subscriber who agreed to it.
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: a@example.com');
    expect(mails[0]).toMatch(/Subject: Fineprint: .*changed/);
    expect(mails[0]).toContain(`${FACT_IDS[0]}: not_stated`);
    // The next interval: the new version's ETag answered 304, no new analysis.
    expect(await nextInterval()).toMatchObject({ not_modified: 1 });
    expect(runs).toBe(1);
  });

  it('sends no e-mail when the version store says only dates or numbering changed', async () => {
    const a = await subscriber('a@example.com');
    await analyzeSite(a);
    await watch(a, true);
    await nextInterval();
    onlyDates = true;
    page.version = 3;
    expect(await nextInterval()).toMatchObject({ changed: 1 });
    expect(mails).toHaveLength(0);
    expect((await list(a)).changedCount).toBe(1);
  });

  it('treats the same text with new markup and a new ETag as unchanged', async () => {
    const a = await subscriber('a@example.com');
    await analyzeSite(a);
    runs = 0;
    await watch(a);
    await nextInterval();
    // Version 3 sends a new ETag each time and the text "Terms version 3": a change once, then none.
    page.version = 3;
    expect(await nextInterval()).toMatchObject({ changed: 1 });
    expect(await nextInterval()).toMatchObject({ unchanged: 1 });
    expect(runs).toBe(1);
  });

  it('backs off after failures and keeps the change to find once the site answers again', async () => {
    const a = await subscriber('a@example.com');
    await analyzeSite(a);
    await watch(a);
    await nextInterval();
    page.status = 503;
    expect(await nextInterval()).toMatchObject({ failed: 1 });
    const [row] = await t.db.selectFrom('watched_sites').select(['failures', 'next_check_at', 'last_error']).execute();
    expect(row!.failures).toBe(1);
    expect(row!.last_error).toBe('HTTP_STATUS');
    expect(new Date(row!.next_check_at).getTime() - t.clock.now.getTime()).toBe(30 * 60_000);
    t.clock.now = new Date(t.clock.now.getTime() + 31 * 60_000);
    expect(await t.app.watchScheduler.tick()).toMatchObject({ failed: 1 });
    const [second] = await t.db.selectFrom('watched_sites').select(['failures', 'next_check_at']).execute();
    expect(new Date(second!.next_check_at).getTime() - t.clock.now.getTime()).toBe(60 * 60_000);
    page.status = 200;
    page.version = 2;
    t.clock.now = new Date(t.clock.now.getTime() + 61 * 60_000);
    expect(await t.app.watchScheduler.tick()).toMatchObject({ changed: 1 });
    const [healed] = await t.db.selectFrom('watched_sites').select('failures').execute();
    expect(healed!.failures).toBe(0);
  });

  it('stops the job when the last watcher unwatches, clears their data, or their subscription ends; the watch list is purged a month later', async () => {
    const a = await subscriber('a@example.com');
    const b = await subscriber('b@example.com', new Date(t.clock.now.getTime() + 2 * DAY));
    await analyzeSite(a);
    const { watches } = (await watch(a)).json<WatchList>();
    await watch(b);
    // Someone else's watch id: not found.
    expect((await call('DELETE', `/api/watches/${watches[0]!.id}`, b)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/watches/${watches[0]!.id}`, a)).statusCode).toBe(200);
    expect(await t.db.selectFrom('watched_sites').select('site').execute()).toHaveLength(1);
    // b's subscription ends: the site is no longer re-read.
    t.clock.now = new Date(t.clock.now.getTime() + 3 * DAY);
    expect(await nextInterval()).toEqual({ not_modified: 0, unchanged: 0, changed: 0, failed: 0 });
    expect(requests).toHaveLength(0);
    // A month after the end, the watch (personal data) and the unwatched site's job are gone.
    t.clock.now = new Date(t.clock.now.getTime() + 31 * DAY);
    await t.app.retention.purgeExpired();
    expect(await t.db.selectFrom('watches').select('id').execute()).toHaveLength(0);
    expect(await t.db.selectFrom('watched_sites').select('site').execute()).toHaveLength(0);
    // "Clear my data" with a running subscription's token deletes its watches at once.
    const c = await subscriber('c@example.com');
    await analyzeSite(c);
    await watch(c);
    expect((await call('DELETE', '/api/clear-user-data/visitor-watch', c)).statusCode).toBe(200);
    expect(await t.db.selectFrom('watches').select('id').execute()).toHaveLength(0);
    expect(await t.db.selectFrom('watched_sites').select('site').execute()).toHaveLength(0);
  });
});
