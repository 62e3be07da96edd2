import { randomBytes } from 'node:crypto';
import type { AnalysisResult } from '@fineprint/contracts';
import { Counter } from 'prom-client';
import type { Config } from '../../config';
import { dialectOf, type Db } from '../../db/database';
import { createPgBossQueue } from './pg-boss-queue';
import { createTableQueue } from './watch-queue';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { createWatchMailer, type WatchMailer } from './watch-mailer';
import { createWatchScheduler, type CheckOutcome } from './watch-scheduler';
import { createWatchRepository, type FactChange } from './watch.repository';
import { createWatchService } from './watch.service';

/** How the watch module logs (the app's logger). */
interface Log {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Watching sites, composed: the repository, the rules (routes use them), the scheduler (the
 * server starts it) with its metrics, and the mailer when SMTP_URL is set.
 */
export function createWatching(deps: {
  config: Config;
  db: Db;
  clock: () => Date;
  subscriptions: SubscriptionsService;
  /** A fresh analysis of a changed site, in the worker pool's background class. */
  reanalyze: (site: string) => Promise<AnalysisResult>;
  fetchScope: { allowlist: string[]; blockedHosts: string[] };
  registry: import('prom-client').Registry;
  log: Log;
  /** Replaces the mailer (tests); default nodemailer to SMTP_URL when set. */
  mailer?: WatchMailer;
}) {
  const { config } = deps;
  const intervalMs = config.WATCH_INTERVAL_HOURS * 3_600_000;
  const watches = createWatchRepository(deps.db);
  const registers = [deps.registry];
  const checks = new Counter({
    name: 'fineprint_watch_checks_total',
    help: 'Re-reads of watched sites by outcome (not_modified: every document answered 304; unchanged; changed; failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const notModified = new Counter({
    name: 'fineprint_watch_not_modified_total',
    help: 'Conditional requests of watched documents answered 304 Not Modified (no body, no analysis)',
    registers,
  });
  const reanalyses = new Counter({
    name: 'fineprint_watch_reanalyses_total',
    help: 'Watched sites analysed again because a document changed',
    registers,
  });
  const mails = new Counter({
    name: 'fineprint_watch_emails_total',
    help: 'Watch e-mails by result (sent, failed)',
    labelNames: ['result'] as const,
    registers,
  });
  const mailer =
    deps.mailer ??
    (config.SMTP_URL ? createWatchMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM ?? config.SUPPORT_EMAIL }) : undefined);

  const notify = async (site: string, change: { facts: FactChange[]; documents: string[] }) => {
    if (!mailer) return;
    for (const to of await watches.alertRecipients(site, deps.clock().toISOString()))
      await mailer.sendChange({ to, site, change }).then(
        () => mails.inc({ result: 'sent' }),
        (err: unknown) => {
          mails.inc({ result: 'failed' });
          deps.log.warn({ err, site: new URL(site).host }, 'watch e-mail failed');
        },
      );
  };
  // A job outlives a re-read (documents, a queued and finished analysis) by a wide margin: only a dead instance lets one lapse.
  const leaseMs =
    config.WATCH_LEASE_SECONDS !== undefined
      ? config.WATCH_LEASE_SECONDS * 1000
      : 2 * config.ANALYSIS_TIMEOUT_MS + (config.LLM_PROVIDER ? config.LLM_TIMEOUT_MS : 0) + 300_000;
  // SQLite serves one instance by design: its queue is the site table; PostgreSQL's is pg-boss (decision 0017).
  const queue =
    dialectOf(deps.db) === 'postgres'
      ? createPgBossQueue({
          watches,
          leaseMs,
          intervalMs,
          maintenanceSeconds: Math.max(1, Math.min(120, Math.round(leaseMs / 2000))),
          onError: (err) => deps.log.warn({ err }, 'watch queue (pg-boss) error'),
        })
      : createTableQueue({ watches, owner: `${process.pid}-${randomBytes(6).toString('hex')}`, leaseMs });
  const scheduler = createWatchScheduler({
    queue,
    clock: deps.clock,
    intervalMs,
    fetchesPerSecond: config.WATCH_FETCHES_PER_SECOND,
    fetchOptions: deps.fetchScope,
    fetchTimeoutMs: Math.min(config.ANALYSIS_TIMEOUT_MS, 10_000),
    reanalyze: deps.reanalyze,
    pollMs: config.WATCH_POLL_SECONDS * 1000,
    onChange: notify,
    onNotModified: () => notModified.inc(),
    onReanalysis: () => reanalyses.inc(),
    onOutcome: (outcome: CheckOutcome, site: string, error?: unknown) => {
      checks.inc({ outcome });
      if (outcome === 'failed') deps.log.info({ err: error, site: site && new URL(site).host }, 'watch re-read failed');
    },
  });
  const service = createWatchService({ watches, subscriptions: deps.subscriptions, clock: deps.clock, intervalMs });
  return {
    service,
    scheduler,
    repository: watches,
    async close() {
      await scheduler.stop();
      mailer?.close();
    },
  };
}
