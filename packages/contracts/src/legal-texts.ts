import { ACCOUNT_MESSAGES } from './account-messages';
import { RETENTION_DAYS } from './constants';

/**
 * The privacy page's sentences on what the version store and watching keep (issue 23), with the
 * periods the retention job applies: document versions DOCUMENT_HISTORY_DAYS after the last
 * analysis that read them (the server's setting, passed in), kept results and watches of ended
 * subscriptions RETENTION_DAYS (`modules/retention`, `versions.repository`, `watch.repository`).
 */
export const PRIVACY_RETENTION_TEXTS = {
  siteVersions: (historyDays: number) =>
    `When a site is analysed, we keep the text of its Terms of Service and Privacy Policy as read, to show what changed between readings. A version is deleted ${historyDays} days after the last analysis that read it. These are the site's public documents; they hold nothing about you.`,
  keptResults: `A result you can open by its link is kept for ${RETENTION_DAYS} days after it was made, also after a newer analysis of the same site has replaced it.`,
  watches: `If you subscribe and watch sites, we keep your subscription's list of watched sites and, for each, whether you agreed to an e-mail when its documents change; those e-mails go to your subscription's e-mail address. The watches are deleted ${RETENTION_DAYS} days after your subscription ends, and at once when you use “${ACCOUNT_MESSAGES.clearMyData}” in a browser where you are subscribed.`,
} as const;
