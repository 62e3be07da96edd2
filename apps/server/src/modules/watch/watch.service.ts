import { randomBytes } from 'node:crypto';
import { normalizeSiteUrl, UrlError } from '@fineprint/analysis';
import { MAX_WATCHES_PER_SUBSCRIPTION, WATCH_MESSAGES, type Watch, type WatchList, type WatchRequest } from '@fineprint/contracts';
import { ServiceError } from '../../errors';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { factValuesOf } from './watch-scheduler';
import type { ChangeRow, WatchRepository } from './watch.repository';

/** Where a watch's private feed is served (the token completes it). */
export const FEED_PATH = '/api/watches/feed/';
/** Entries a feed shows. */
const FEED_ENTRIES = 50;

const randomId = () => randomBytes(16).toString('base64url');

/**
 * The watch rules: only a running subscription watches (the bearer token's), a site must have
 * a result to be watched, one job per site whatever the number of watchers, the first re-read
 * spread at random over one interval; "Clear my data" deletes the subscription's watches.
 */
export function createWatchService(deps: {
  watches: WatchRepository;
  subscriptions: SubscriptionsService;
  clock: () => Date;
  intervalMs: number;
  random?: () => number;
}) {
  const random = deps.random ?? Math.random;
  const requireSubscription = async (token: string | undefined) => {
    const subscription = await deps.subscriptions.findEntitlement(token);
    if (!subscription) throw new ServiceError('SUBSCRIPTION_REQUIRED', WATCH_MESSAGES.subscribersOnly);
    return subscription;
  };
  const siteOf = (url: string) => {
    try {
      return normalizeSiteUrl(url).href;
    } catch (error) {
      if (error instanceof UrlError) throw new ServiceError('BAD_REQUEST', error.message);
      throw error;
    }
  };
  /** The site a request names: its address normalised, or the site of the result whose permalink id it gives. */
  const siteOfRequest = async (request: { url?: string | undefined; resultId?: string | undefined }) => {
    if (request.url) return siteOf(request.url);
    const site = request.resultId ? await deps.watches.findSiteByResultId(request.resultId) : undefined;
    if (!site) throw new ServiceError('NOT_FOUND', WATCH_MESSAGES.notWatchable);
    return site;
  };
  const list = async (subscriptionId: number, currentSite?: string): Promise<WatchList> => {
    const rows = await deps.watches.listWatches(subscriptionId);
    const watches: Watch[] = rows.map((row) => ({
      id: row.id,
      site: row.site,
      createdAt: row.createdAt,
      emailAlerts: row.emailAlerts,
      lastCheckedAt: row.lastCheckedAt,
      lastChangedAt: row.lastChangedAt,
      changed: row.lastChangedAt !== null && row.lastChangedAt > row.seenAt,
      feedUrl: FEED_PATH + row.feedToken,
    }));
    const current = currentSite === undefined ? undefined : (rows.find((row) => row.site === currentSite)?.id ?? null);
    return { watches, changedCount: watches.filter((w) => w.changed).length, ...(current === undefined ? {} : { current }) };
  };
  return {
    async watch(token: string | undefined, request: WatchRequest): Promise<WatchList> {
      const subscription = await requireSubscription(token);
      const site = await siteOfRequest(request);
      const result = await deps.watches.findSiteResult(site);
      if (!result) throw new ServiceError('NOT_FOUND', WATCH_MESSAGES.notWatchable);
      const existing = (await deps.watches.listWatches(subscription.id)).some((w) => w.site === site);
      if (!existing && (await deps.watches.countWatches(subscription.id)) >= MAX_WATCHES_PER_SUBSCRIPTION)
        throw new ServiceError('TOO_MANY_REQUESTS', WATCH_MESSAGES.tooManyWatches);
      const now = deps.clock();
      await deps.watches.addWatch({
        id: randomId(),
        subscriptionId: subscription.id,
        site,
        feedToken: randomId(),
        emailAlerts: request.emailAlerts,
        documents: result.documents.filter((d) => d.source !== 'provided').map((d) => ({ url: d.url })),
        facts: factValuesOf(result),
        // Spread at random over one interval: a thousand sites watched at once are not re-read at once.
        firstCheckAt: new Date(now.getTime() + Math.floor(random() * deps.intervalMs)).toISOString(),
        now: now.toISOString(),
      });
      return list(subscription.id, site);
    },
    /** The subscriber's watches; with a result's permalink id, also whether its site is watched (`current`). */
    async list(token: string | undefined, resultId?: string): Promise<WatchList> {
      const subscription = await requireSubscription(token);
      if (!resultId) return list(subscription.id);
      return list(subscription.id, (await deps.watches.findSiteByResultId(resultId)) ?? '');
    },
    /** The subscriber opened the list: what changed so far no longer counts as new. */
    async markSeen(token: string | undefined): Promise<void> {
      await deps.watches.markSeen((await requireSubscription(token)).id, deps.clock().toISOString());
    },
    async unwatch(token: string | undefined, id: string): Promise<void> {
      const subscription = await requireSubscription(token);
      if (!(await deps.watches.deleteWatch(subscription.id, id))) throw new ServiceError('NOT_FOUND', WATCH_MESSAGES.watchNotFound);
    },
    /** "Clear my data" with a subscription token: every watch of it goes (its e-mails and feeds end). */
    async clearFor(token: string | undefined): Promise<void> {
      const subscription = await deps.subscriptions.findEntitlement(token);
      if (subscription) await deps.watches.deleteAllWatches(subscription.id);
    },
    /** The Atom feed of a watch, by its private token; NOT_FOUND for any other token. */
    async feed(feedToken: string): Promise<string> {
      const watch = await deps.watches.findByFeedToken(feedToken);
      if (!watch) throw new ServiceError('NOT_FOUND', WATCH_MESSAGES.watchNotFound);
      const changes = await deps.watches.changesOf(watch.site, FEED_ENTRIES);
      return atomFeed({ site: watch.site, id: FEED_PATH + feedToken, createdAt: watch.createdAt, changes });
    },
  };
}
export type WatchService = ReturnType<typeof createWatchService>;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The lines that say what changed: each fact-sheet answer before → after, or that only the wording changed. */
export function changeLines(change: Pick<ChangeRow, 'facts' | 'documents'>): string[] {
  if (change.facts.length === 0) return [WATCH_MESSAGES.mailNoFactChange];
  return change.facts.map((fact) => WATCH_MESSAGES.factChange(fact.id, String(fact.before), String(fact.after)));
}

/** An Atom 1.0 feed (RFC 4287), one entry per change; hand-built (decision 0017): a dozen elements, every text escaped. */
export function atomFeed(input: { site: string; id: string; createdAt: string; changes: ChangeRow[] }): string {
  const updated = input.changes[0]?.changedAt ?? input.createdAt;
  const entries = input.changes.map((change) => {
    const lines = changeLines(change);
    const documents = change.documents.map((url) => `<link rel="related" href="${escapeXml(url)}"/>`).join('');
    return (
      `<entry><id>urn:fineprint:change:${change.id}</id>` +
      `<title>${escapeXml(WATCH_MESSAGES.feedEntryTitle(input.site, change.changedAt.slice(0, 10)))}</title>` +
      `<updated>${change.changedAt}</updated>${documents}` +
      `<content type="text">${escapeXml(lines.join('\n'))}</content></entry>`
    );
  });
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<feed xmlns="http://www.w3.org/2005/Atom">' +
    `<id>urn:fineprint:watch:${escapeXml(input.id.slice(FEED_PATH.length))}</id>` +
    `<title>${escapeXml(WATCH_MESSAGES.feedTitle(input.site))}</title>` +
    `<link rel="related" href="${escapeXml(input.site)}"/>` +
    `<updated>${updated}</updated><author><name>Fineprint</name></author>` +
    entries.join('') +
    '</feed>\n'
  );
}
