import { MESSAGES, WATCH_MESSAGES } from '@fineprint/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canRunBrowser, see, seeText, type Harness, useJourneyPages } from './harness';

/** Issue 23 item 4 in Chromium: a subscriber watches the site of a result, sees it in the list, and stops watching it. */
describe.runIf(canRunBrowser())('watching sites', () => {
  let h: Harness;
  let page: Page;

  useJourneyPages((journey) => ({ h, page } = journey));

  const analyze = async (url: string) => {
    await page.getByPlaceholder(MESSAGES.urlPlaceholder).fill(url);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('heading', { name: MESSAGES.keyPoints }).waitFor({ timeout: 20_000 });
  };

  it('lets a subscriber watch the site of a result and stop watching it; a visitor sees no watch button', async () => {
    await page.goto('/');
    await analyze(h.siteOrigin);
    expect(await page.getByRole('button', { name: WATCH_MESSAGES.watchSite }).count()).toBe(0);
    // Subscribe (sandbox checkout), then analyse again as a subscriber.
    for (let i = 0; i < 4; i++) await analyze(h.siteOrigin);
    await page.getByPlaceholder(MESSAGES.urlPlaceholder).fill(h.siteOrigin);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByLabel(MESSAGES.emailLabel).fill('watcher@example.com');
    await page.getByRole('button', { name: MESSAGES.subscribeButton }).click();
    await page.frameLocator('iframe[title="Card payment"]').getByRole('button', { name: 'Pay $5.00' }).click();
    await page.waitForURL(`${h.baseUrl}/`, { timeout: 20_000 });
    await see(page.getByText(MESSAGES.subscribedBadge, { exact: true }));
    await analyze(h.siteOrigin);
    await page.getByLabel(WATCH_MESSAGES.emailAlertsLabel).check();
    await page.getByRole('button', { name: WATCH_MESSAGES.watchSite }).click();
    await see(page.getByText(WATCH_MESSAGES.watching, { exact: true }));
    await page.getByText(`${WATCH_MESSAGES.watchListTitle} (1)`).click();
    const list = page.locator('details', { has: page.getByText(`${WATCH_MESSAGES.watchListTitle} (1)`) });
    await seeText(list, new URL(h.siteOrigin).host);
    await seeText(list, WATCH_MESSAGES.neverChecked);
    expect(await list.getByRole('link', { name: WATCH_MESSAGES.feedLink }).getAttribute('href')).toMatch(
      /\/api\/watches\/feed\/[A-Za-z0-9_-]{22}$/,
    );
    // A reload keeps it: the server holds the watch list.
    await page.reload();
    await analyze(h.siteOrigin);
    await see(page.getByText(WATCH_MESSAGES.watching, { exact: true }));
    await page.getByRole('button', { name: WATCH_MESSAGES.unwatch }).first().click();
    await see(page.getByText(WATCH_MESSAGES.watchRemoved));
    await see(page.getByRole('button', { name: WATCH_MESSAGES.watchSite }));
  }, 180_000);
});
