/**
 * Screenshots of the result page's states at 1280 and 360 px (issue 22): the result's first
 * screen, the paywall, a cancelled analysis and an error, against the real built server and the
 * local fixture site (loopback only): `npm run build && npx tsx e2e/state-screenshots.ts [outDir]`.
 * Written as docs/state-<name>-<width>.png.
 */
import { MESSAGES, SHARE_MESSAGES } from '@fineprint/contracts';
import type { Page } from 'playwright-core';
import { startHarness } from './harness';

const outDir = process.argv[2] ?? 'docs';
const h = await startHarness();

const analyze = async (page: Page, url: string) => {
  await page.getByPlaceholder(MESSAGES.urlPlaceholder).fill(url);
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
};
const shot = async (page: Page, name: string, width: number) => {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${outDir}/state-${name}-${width}.png` });
};

try {
  for (const width of [1280, 360]) {
    const context = await h.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto('/');
    // An error: an address typed without a scheme whose https fails.
    await analyze(page, h.siteOrigin.replace(/^http:\/\//, ''));
    await page.getByRole('alert').waitFor({ timeout: 30_000 });
    await shot(page, 'error', width);
    // Cancel.
    await analyze(page, `${h.siteOrigin}/hang`);
    await page.getByTestId('progress').getByRole('button', { name: SHARE_MESSAGES.cancelAnalysis }).click();
    await page.getByTestId('cancelled').waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'cancel', width);
    // The result: its first screen.
    for (let i = 0; i < 5; i++) {
      await analyze(page, h.siteOrigin);
      await page.getByRole('heading', { name: MESSAGES.keyPoints }).waitFor({ timeout: 30_000 });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'result', width);
    // The paywall.
    await analyze(page, h.siteOrigin);
    await page.getByRole('dialog').waitFor();
    await page.getByTestId('deal').filter({ hasText: 'subscription' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'paywall', width);
    await context.close();
  }
} finally {
  await h.stop();
}
