import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { CHANGE_MESSAGES, MESSAGES } from '@fineprint/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canRunBrowser, see, seeText, type Harness, useJourneyPages } from './harness';

const TERMS_PATH = '/legal/terms-of-service';
const TERMS = readFileSync(new URL('./fixtures/site/terms.html', import.meta.url), 'utf8');
// The site's Terms a while later (written for this journey): a lower minimum age and a new clause.
const NEW_CLAUSE = 'You may export your notes at any time from the settings page.';
const CHANGED_TERMS = TERMS.replace('at least 16 years old', 'at least 13 years old').replace(
  '<p>You may close your account at any time from the settings page.</p>',
  `<p>You may close your account at any time from the settings page.</p>\n<p>${NEW_CLAUSE}</p>`,
);

describe.runIf(canRunBrowser())('browser journeys: what changed', () => {
  let h: Harness;
  let page: Page;

  useJourneyPages((journey) => ({ h, page } = journey));

  const analyze = async () => {
    await page.getByPlaceholder(MESSAGES.urlPlaceholder).fill(h.siteOrigin);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('heading', { name: MESSAGES.keyPoints }).waitFor({ timeout: 30_000 });
  };

  it('opens a re-read site with "Changed since", the changed answer and clause marked, and the timeline whose step opens its diff', async () => {
    expect(CHANGED_TERMS).not.toBe(TERMS);
    await page.goto('/');
    await analyze();
    // A site read once: no "Changed since", no timeline.
    expect(await page.getByText(/^Changed since/).count()).toBe(0);

    // The site changes its Terms; the day's cached result is dropped, as it would be a day later.
    h.setSitePage(TERMS_PATH, CHANGED_TERMS);
    const db = new Database(h.databaseFile);
    db.prepare('DELETE FROM analysis_cache').run();
    db.close();
    await analyze();

    const changed = page.locator('section', { has: page.getByRole('heading', { level: 2, name: /^Changed since / }) });
    await see(changed);
    await seeText(changed, 'Minimum age');
    await seeText(changed, NEW_CLAUSE);
    expect(await changed.locator('ins').filter({ hasText: NEW_CLAUSE }).count()).toBe(1);
    // Facts come first, then clauses.
    const text = await changed.innerText();
    expect(text.indexOf('Minimum age')).toBeLessThan(text.indexOf(CHANGE_MESSAGES.clausesHeading));
    expect(text).toMatch(/16[\s\S]*13/);

    // The timeline: two versions; the newer step opens its diff.
    const timeline = page.getByText(/^2 versions since /);
    await see(timeline);
    await timeline.click();
    const show = page.getByRole('button', { name: CHANGE_MESSAGES.showChanges });
    await see(show);
    expect(await show.count()).toBe(1);
    await show.click();
    await see(page.getByRole('heading', { level: 3, name: /^Changed since / }));
    await seeText(page.locator('ol'), NEW_CLAUSE);
    h.setSitePage(TERMS_PATH, undefined);
  }, 90_000);
});
