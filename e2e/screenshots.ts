/**
 * Screenshots of the home page and of a result page at 1280 and 360 px, against the real built
 * server and the local fixture site (loopback only): `npm run build && npx tsx e2e/screenshots.ts [outDir]`.
 * The result pages at both widths are the README's (docs/result-1280.png, docs/result-360.png).
 */
import { MESSAGES } from '@fineprint/contracts';
import { startHarness } from './harness';

const outDir = process.argv[2] ?? 'docs';
const h = await startHarness();
try {
  for (const width of [1280, 360]) {
    const context = await h.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.goto('/');
    await page.screenshot({ path: `${outDir}/home-${width}.png`, fullPage: true });
    await page.getByPlaceholder(MESSAGES.urlPlaceholder).fill(h.siteOrigin);
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await page.getByRole('heading', { name: MESSAGES.keyPoints }).waitFor({ timeout: 30_000 });
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: `${outDir}/result-${width}.png`, fullPage: true });
    // For reviewing a long page at full size: SCREENSHOT_PARTS=1 also writes it in 1,200 px slices.
    if (process.env.SCREENSHOT_PARTS === '1') {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, n = 0; y < height; y += 1200, n++)
        await page.screenshot({
          path: `${outDir}/result-${width}-part${n}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(1200, height - y) },
        });
    }
    await context.close();
  }
} finally {
  await h.stop();
}
