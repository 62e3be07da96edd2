// Issue 23 item 4: the texts and limits of watching sites. No zod here (the schemas are in
// watch.ts), so the web app's first-load bundle does not pull zod in with these texts.

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
