import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyzeDocuments, diffReading, type analyzeSite, type DocumentVersion } from '@fineprint/analysis';
import type { AnalysisResult, Changes, SiteHistory } from '@fineprint/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVersionsRepository } from './modules/versions/versions.repository';
import { createVersionsService } from './modules/versions/versions.service';
import { browserHeaders, createTestApp, databaseLegs } from './test/test-app';

// Diffs run in this (the server's main) thread, counted: with the worker pool there must be none (the worker threads load their own, unmocked copy).
const mainThreadDiffs = vi.hoisted(() => ({ count: 0 }));
vi.mock('@fineprint/analysis', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@fineprint/analysis')>();
  const counted =
    <A extends unknown[], R>(diff: (...args: A) => R) =>
    (...args: A): R => {
      mainThreadDiffs.count++;
      return diff(...args);
    };
  return { ...actual, diffSiteVersions: counted(actual.diffSiteVersions), diffReading: counted(actual.diffReading) };
});

// Written for this test (never corpus text): a site whose Terms the test edits between analyses.
const TERMS = `# Terms of Service

Last updated: March 1, 2025.

These Terms govern your use of the Acme service.

## Disputes

Any dispute between you and Acme will be resolved by binding individual arbitration, and you waive your right to a class action.

## Changes

We will notify you at least 30 days before changes to these Terms take effect.
`;
const OPT_OUT =
  'You may opt out of this arbitration agreement by emailing optout@acme.example within 30 days of first accepting these Terms.';
const PRIVACY = '# Privacy Policy\n\nWe collect your e-mail address to run your account.\n';

describe.each(databaseLegs())('document versions, changes and history on %s', (leg) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  afterEach(async () => t.close());

  /** An app whose analyzer reads the site's current texts in process (the real extraction, segmentation and fact readers). */
  async function siteApp(site: { terms?: string; privacy?: string }, env: Record<string, string> = {}) {
    const analyze: typeof analyzeSite = (_url, options) =>
      analyzeDocuments(
        [
          ...(site.terms
            ? [{ type: 'terms' as const, url: 'https://acme.example/terms', mediaType: 'markdown' as const, content: site.terms }]
            : []),
          ...(site.privacy
            ? [{ type: 'privacy' as const, url: 'https://acme.example/privacy', mediaType: 'markdown' as const, content: site.privacy }]
            : []),
        ],
        options,
      );
    t = await createTestApp(leg, { analyze, env });
  }
  const analyze = async (visitor = 'visitor-1') => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/analyze',
      headers: browserHeaders(visitor),
      payload: { url: 'acme.example' },
    });
    expect(reply.statusCode).toBe(200);
    return reply.json<AnalysisResult>();
  };
  const nextDay = (days = 1) => (t.clock.now = new Date(t.clock.now.getTime() + days * 86_400_000 + 3_600_000));
  const count = async (table: 'document_versions' | 'site_versions' | 'kept_results') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores a new version only when the text changed, and the result opens with what changed since the earlier reading', async () => {
    const site = { terms: TERMS, privacy: PRIVACY };
    await siteApp(site);
    const first = await analyze();
    expect(first.changes).toBeUndefined();
    expect(first.history).toEqual({ site: 'https://acme.example/', versions: 1, since: '2026-01-01T00:00:00.000Z' });
    expect(await count('document_versions')).toBe(2);

    // A day later (the cache has expired), the same texts with other whitespace and quotes: no new version.
    nextDay();
    site.terms = TERMS.replace('These Terms govern', 'These  Terms\ngovern');
    const same = await analyze();
    expect(same.changes).toBeUndefined();
    expect(await count('document_versions')).toBe(2);
    expect(await count('site_versions')).toBe(1);

    // Then an arbitration opt-out is introduced.
    nextDay();
    site.terms = TERMS.replace('class action.', `class action. ${OPT_OUT}`);
    const changed = await analyze();
    expect(await count('document_versions')).toBe(3);
    const changes = changed.changes!;
    expect(changes.since).toBe('2026-01-02T01:00:00.000Z');
    expect(changes.until).toBe('2026-01-03T02:00:00.000Z');
    expect(changes.documents).toEqual([{ type: 'terms', change: 'changed', url: 'https://acme.example/terms' }]);
    expect(changes.facts).toContainEqual(
      expect.objectContaining({
        id: 'arbitration',
        document: 'terms',
        before: expect.objectContaining({ value: 'mandatory' }),
        after: expect.objectContaining({ value: 'mandatory_with_opt_out', opt_out_days: 30 }),
        beforeDate: '2026-01-01T00:00:00.000Z',
        afterDate: '2026-01-03T02:00:00.000Z',
      }),
    );
    expect(changes.clauses).toEqual([{ document: 'terms', change: 'added', after: OPT_OUT }]);
    expect(changes.onlyDates).toBe(false);
    expect(changed.history).toMatchObject({ versions: 2, since: '2026-01-01T00:00:00.000Z' });
    // The cached result (a second visitor the same day) carries the same changes.
    expect((await analyze('visitor-2')).changes).toEqual(changes);
  });

  it('lists the history newest first with one-line summaries, each step opening its diff; a date change says so', async () => {
    const site: { terms?: string; privacy?: string } = { terms: TERMS };
    await siteApp(site);
    await analyze();
    nextDay();
    site.terms = TERMS.replace('at least 30 days', 'at least 15 days');
    site.privacy = PRIVACY;
    await analyze();
    nextDay();
    site.terms = site.terms.replace('March 1, 2025', 'July 4, 2026');
    await analyze();

    const reply = await t.app.inject({ method: 'GET', url: `/api/sites/${encodeURIComponent('acme.example')}/history` });
    expect(reply.statusCode).toBe(200);
    const history = reply.json<SiteHistory>();
    expect(history.site).toBe('https://acme.example/');
    expect(history.versions.map((v) => v.summary)).toEqual([
      'Only dates or numbering changed.',
      '1 answer changed; 1 clause changed (1 reworded); the Privacy Policy appeared.',
      'First read: Terms of Service.',
    ]);
    expect(history.versions.map((v) => v.hasChanges)).toEqual([true, true, false]);
    expect(history.versions[2]!.date).toBe('2026-01-01T00:00:00.000Z');

    const step = await t.app.inject({ method: 'GET', url: `/api/sites/acme.example/history/${history.versions[1]!.id}` });
    expect(step.statusCode).toBe(200);
    const changes = step.json<Changes>();
    expect(changes.facts.map((f) => [f.id, f.before.days, f.after.days])).toEqual([['terms_change_notice', 30, 15]]);
    expect(changes.clauses[0]!.words!.filter((w) => w.change !== 'same')).toEqual([
      { text: '30', change: 'removed' },
      { text: '15', change: 'added' },
    ]);
    const dates = (
      await t.app.inject({ method: 'GET', url: `/api/sites/acme.example/history/${history.versions[0]!.id}` })
    ).json<Changes>();
    expect(dates.onlyDates).toBe(true);

    // The first step has no diff; unknown ids and sites are 404, garbage addresses 400.
    expect((await t.app.inject({ method: 'GET', url: `/api/sites/acme.example/history/${history.versions[2]!.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sites/acme.example/history/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sites/other.example/history' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/sites/${encodeURIComponent('ftp://x')}/history` })).statusCode).toBe(400);
  });

  it('keeps the permalink of a result the cache replaced, until the legal 30 days; versions until DOCUMENT_HISTORY_DAYS', async () => {
    const site = { terms: TERMS };
    await siteApp(site, { DOCUMENT_HISTORY_DAYS: '60' });
    const first = await analyze();
    nextDay();
    site.terms = TERMS.replace('at least 30 days', 'at least 15 days');
    const second = await analyze();
    expect(second.resultId).not.toBe(first.resultId);
    const old = await t.app.inject({ method: 'GET', url: `/api/results/${first.resultId}` });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual(first);

    // 31 days on: results older than 30 days are purged, versions (kept 60 days here) are not.
    nextDay(31);
    await t.app.retention.purgeExpired();
    expect((await t.app.inject({ method: 'GET', url: `/api/results/${first.resultId}` })).statusCode).toBe(404);
    expect(await count('document_versions')).toBe(2);
    // 61 days after their last reading, versions and history go too.
    nextDay(30);
    await t.app.retention.purgeExpired();
    expect(await count('document_versions')).toBe(0);
    expect(await count('site_versions')).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/sites/acme.example/history' })).statusCode).toBe(404);
  });

  it('diffs a reading again (through diffVersions, the pool in the app) when another reading of the site was recorded after the worker diffed', async () => {
    const site = { terms: TERMS, privacy: PRIVACY };
    await siteApp(site);
    await analyze();
    const diffs: string[] = [];
    const versions = createVersionsService({
      versions: createVersionsRepository(t.db),
      clock: () => t.clock.now,
      historyDays: 730,
      diffVersions: async (task) => {
        diffs.push(task.readAt);
        return diffReading(task.previous, task.documents, task.readAt);
      },
    });
    // A reading starts: its worker gets the first step's versions …
    const stale = await versions.previousVersions('https://acme.example/');
    expect(stale?.documents.map((d) => d.type).sort()).toEqual(['privacy', 'terms']);
    // … meanwhile another reading records the Terms with the opt-out clause.
    nextDay();
    site.terms = TERMS.replace('class action.', `class action. ${OPT_OUT}`);
    expect((await analyze()).changes?.clauses).toEqual([expect.objectContaining({ change: 'added', after: OPT_OUT })]);
    // The first reading, without the opt-out, was diffed by its worker against the first step: nothing changed there.
    let documents: DocumentVersion[] = [];
    await analyzeDocuments(
      [
        { type: 'terms', url: 'https://acme.example/terms', mediaType: 'markdown', content: TERMS },
        { type: 'privacy', url: 'https://acme.example/privacy', mediaType: 'markdown', content: PRIVACY },
      ],
      {
        onDocumentVersions: (v) => (documents = v),
      },
    );
    const readAt = t.clock.now.toISOString();
    const workerDiff = diffReading(stale!.documents, documents, readAt);
    expect(workerDiff).toBeUndefined();
    const recorded = await versions.recordSiteDocuments('https://acme.example/', documents, {
      readAt,
      diffed: { previous: stale!, changes: workerDiff },
    });
    // Recorded against the latest step instead: the opt-out clause was removed since.
    expect(diffs).toEqual([readAt]);
    expect(recorded.changes?.clauses).toEqual([expect.objectContaining({ change: 'removed', before: OPT_OUT })]);
  });

  it('names a document that disappeared', async () => {
    const site: { terms?: string; privacy?: string } = { terms: TERMS, privacy: PRIVACY };
    await siteApp(site);
    await analyze();
    nextDay();
    delete site.privacy;
    const result = await analyze();
    expect(result.changes?.documents).toEqual([{ type: 'privacy', change: 'disappeared', url: 'https://acme.example/privacy' }]);
    expect(result.changes?.onlyDates).toBe(false);
  });
});

describe('document versions through the real worker pool', () => {
  it('records the versions a worker thread read, and the next reading of changed Terms carries the changes, diffed in the worker', async () => {
    const page = (name: string) => readFileSync(new URL(`../../../e2e/fixtures/site/${name}`, import.meta.url), 'utf8');
    const routes: Record<string, string> = {
      '/': page('index.html'),
      '/legal/terms-of-service': page('terms.html'),
      '/legal/privacy': page('privacy.html'),
    };
    const server = createServer((req, res) => {
      const body = routes[(req.url ?? '/').split('?')[0]!];
      if (body) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    const t = await createTestApp('sqlite', { analyze: 'worker-pool', env: { FETCH_ALLOWLIST: hostPort, BROWSER: 'off' } });
    try {
      const analyze = async () => {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/analyze',
          headers: browserHeaders('visitor-pool'),
          payload: { url: `http://${hostPort}` },
        });
        expect(reply.statusCode).toBe(200);
        return reply.json<AnalysisResult>();
      };
      const first = await analyze();
      expect(first.history?.versions).toBe(1);
      expect(first).not.toHaveProperty('documentVersions');
      routes['/legal/terms-of-service'] = routes['/legal/terms-of-service']!.replace('at least 16 years old', 'at least 13 years old');
      t.clock.now = new Date(t.clock.now.getTime() + 25 * 3_600_000);
      mainThreadDiffs.count = 0;
      const second = await analyze();
      expect(second.changes?.facts.map((f) => [f.id, f.before.value, f.after.value])).toEqual([['min_age', 16, 13]]);
      expect(second.changes?.clauses).toEqual([expect.objectContaining({ change: 'reworded', document: 'terms' })]);
      expect(second).not.toHaveProperty('versionChanges');
      // The diff was computed in the analysis's worker thread: the server's event loop ran none.
      expect(mainThreadDiffs.count).toBe(0);
    } finally {
      await t.close();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);
});
