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
