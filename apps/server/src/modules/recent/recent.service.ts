import { RECENT_RESULTS_LIMIT, type RecentResults } from '@fineprint/contracts';
import type { RecentRepository } from './recent.repository';

/** How long one reading of the list is served before the database is asked again. */
export const RECENT_CACHE_MS = 30_000;

/**
 * "Recently analysed" (issue 22 item 9): the newest kept site results, at most
 * RECENT_RESULTS_LIMIT, with only what their permalinks show (site, grade, date; never who
 * asked). One reading is shared by every request for RECENT_CACHE_MS.
 */
export function createRecentService(deps: { recent: RecentRepository; clock: () => Date }) {
  let cached: { at: number; value: Promise<RecentResults> } | undefined;
  return {
    async listRecent(): Promise<RecentResults> {
      const now = deps.clock().getTime();
      if (!cached || now - cached.at >= RECENT_CACHE_MS || now < cached.at) {
        const value = deps.recent.listNewest(RECENT_RESULTS_LIMIT).then((results) => ({ results }));
        cached = { at: now, value };
        // A failed reading is not kept: the next request asks again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
  };
}
export type RecentService = ReturnType<typeof createRecentService>;
