import { z } from 'zod';

/** Issue 23 item 4: a subscriber watches a site; the server re-reads it on a schedule. */
export const WatchRequestSchema = z
  .object({
    /** The site's address; or */
    url: z.string().max(8192).optional(),
    /** the permalink id of a result: its site (what "Watch this site" on a result sends). */
    resultId: z.string().max(64).optional(),
    /** The subscriber agrees to an e-mail (to the subscription's address) when the site's documents change. */
    emailAlerts: z.boolean().default(false),
  })
  .refine((request) => Boolean(request.url) !== Boolean(request.resultId), { message: 'url or resultId, one of them' });
export type WatchRequest = z.infer<typeof WatchRequestSchema>;

/** One watched fact that changed: its id, the answer before and after (the fact sheet's `value`). */
export const WatchedFactChangeSchema = z.object({
  id: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

export const WatchSchema = z.object({
  /** Random id: what DELETE /api/watches/{id} takes. */
  id: z.string(),
  site: z.string(),
  createdAt: z.string(),
  emailAlerts: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  lastChangedAt: z.string().nullable(),
  /** True when the documents changed since the subscriber last opened the watch list. */
  changed: z.boolean(),
  /** The watch's private Atom feed (an unguessable address; anyone holding it can read the feed). */
  feedUrl: z.string(),
});
export type Watch = z.infer<typeof WatchSchema>;

export const WatchListSchema = z.object({
  watches: z.array(WatchSchema),
  /** Watched sites whose documents changed since the subscriber last opened the list. */
  changedCount: z.number().int().nonnegative(),
  /** The watch of the site of the result asked about (`?resultId=`, or the one just watched), null when not watched. */
  current: z.string().nullable().optional(),
});
export type WatchList = z.infer<typeof WatchListSchema>;

/** Watch ids and feed tokens: 22 base64url characters (128 random bits). */
export const WatchIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export const WATCH_MESSAGES = {
  watchSite: 'Watch this site',
  watching: 'Watching this site',
  unwatch: 'Stop watching',
  emailAlertsLabel: 'E-mail me when its terms or privacy policy change',
  watchListTitle: 'Watched sites',
  watchListEmpty: 'You are not watching any site yet.',
  feedLink: 'Feed',
  subscribersOnly: 'Watching sites is part of the subscription.',
  watchAdded: 'This site is now watched: we re-read it on a schedule and show you what changed.',
  watchRemoved: 'This site is no longer watched.',
  notWatchable: 'Analyse this site first: only a site with a result can be watched.',
  tooManyWatches: 'You are watching as many sites as a subscription allows.',
  watchNotFound: 'Not found.',
  lastChecked: 'Last checked',
  neverChecked: 'Not checked yet',
  changedBadge: 'Changed',
  mailSubject: (site: string) => `Fineprint: ${site} changed its terms or privacy policy`,
  mailIntro: (site: string) => `The documents of ${site} that you watch have changed.`,
  mailNoFactChange: 'The wording changed; none of the fact-sheet answers did.',
  mailFooter: 'You receive this because you asked to be told when this site changes. Stop watching it on Fineprint to stop these e-mails.',
  feedTitle: (site: string) => `Fineprint: changes of ${site}`,
  feedEntryTitle: (site: string, date: string) => `${site} changed on ${date}`,
  factChange: (id: string, before: string, after: string) => `${id}: ${before} → ${after}`,
} as const;

/** "2 watched sites changed" on the subscriber's next visit. */
export const watchedChangedBanner = (count: number) => (count === 1 ? '1 watched site changed' : `${count} watched sites changed`);

/** Sites one subscription may watch. */
export const MAX_WATCHES_PER_SUBSCRIPTION = 50;
