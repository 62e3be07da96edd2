import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import {
  DEAL_FREE_USED,
  DEAL_ONE_MONTH,
  freeAnalysesLeft,
  GRADE_LEGEND,
  MESSAGES,
  RESULT_MESSAGES,
  SHARE_MESSAGES,
  showAllRows,
  tryHttp,
} from '@fineprint/contracts';
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canRunBrowser, gone, see, seeText, type Harness, useJourneyPages } from './harness';

// Issue 22: the result page leads with the verdict, shows only what applies, and its states say what happened and what to do next.
describe.runIf(canRunBrowser())('result page journeys', () => {
  let h: Harness;
  let context: BrowserContext;
  let page: Page;

  useJourneyPages((journey) => ({ h, context, page } = journey));

  const address = () => page.getByPlaceholder(MESSAGES.urlPlaceholder);
  const analyze = async (url: string) => {
    await address().fill(url);
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  };
  const waitForResult = () => page.getByRole('heading', { name: MESSAGES.keyPoints }).waitFor({ timeout: 30_000 });
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName.toLowerCase()}:${el.id}` : '';
    });

  const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const axeViolations = async (target: Page | Frame = page) => {
    await target.evaluate(AXE_SOURCE);
    const violations = await target.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
      const { violations } = await axe.run(document);
      return violations as { id: string; nodes: { target: string[] }[] }[];
    });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  };

  /** True when the element lies wholly inside the viewport the reader sees now. */
  const isInViewport = async (locator: Locator) => {
    const box = await locator.boundingBox();
    const height = await page.evaluate(() => window.innerHeight);
    return box !== null && box.y >= 0 && box.y + box.height <= height;
  };

  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    it(`leads with the verdict: grade, reason, top concerns and the first card's heading in the first screen at ${width}×${height}`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto('/');
      await analyze(h.siteOrigin);
      await waitForResult();
      const heading = page.getByRole('heading', { level: 2, name: /Result for/ });
      // The grade leads the heading, and focus is on it.
      expect(await heading.innerText()).toMatch(/^Grade [A-E] — Result for 127\.0\.0\.1$/);
      await expect.poll(focused).toBe('h2:result-heading');
      const verdict = page.locator('#verdict');
      const concerns = page.getByTestId('top-concerns').locator('li');
      expect(await concerns.count()).toBeGreaterThanOrEqual(1);
      // Each concern with its severity word (not colour alone).
      expect(await concerns.first().innerText()).toMatch(new RegExp(`^(${MESSAGES.severityBlocker}|${MESSAGES.severityBad})`));
      for (const part of [
        verdict.getByRole('button', { name: RESULT_MESSAGES.gradeLegendButton }),
        verdict.getByText(/^Grade [A-E]: /),
        page.getByTestId('top-concerns'),
        page.getByRole('heading', { name: MESSAGES.keyPoints }),
      ])
        expect(await isInViewport(part)).toBe(true);
      await page.screenshot({ path: `.e2e-artifacts/verdict-${width}.png` });
    }, 60_000);
  }

  it('explains the grade from its badge, skips to each card, marks recommendations as actions, dates the result and its documents', async () => {
    await page.goto('/');
    await analyze(h.siteOrigin);
    await waitForResult();
    // The legend opens from the badge with the keyboard: Shift+Tab from the heading, Enter.
    await expect.poll(focused).toBe('h2:result-heading');
    await page.keyboard.press('Shift+Tab');
    const badge = page.getByRole('button', { name: RESULT_MESSAGES.gradeLegendButton });
    expect(await badge.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await badge.getAttribute('aria-expanded')).toBe('true');
    for (const line of Object.values(GRADE_LEGEND)) await see(page.locator('#grade-legend').getByText(line));
    expect(await axeViolations()).toEqual([]);
    // Skip links after the heading: Tab, Tab reaches "Key Points", Enter puts focus on that card.
    await page.locator('#result-heading').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(RESULT_MESSAGES.skipToVerdict);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(MESSAGES.keyPoints);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('section:card-key-points');
    // Recommendations are actions, never "Good" or "Neutral".
    const recommendations = page.locator('#card-recommendations li');
    expect(await recommendations.count()).toBeGreaterThan(0);
    for (const text of await recommendations.allInnerTexts()) {
      expect(text.startsWith(RESULT_MESSAGES.recommendationAction)).toBe(true);
      expect(text).not.toMatch(new RegExp(`^(${MESSAGES.severityGood}|${MESSAGES.severityNeutral})`));
    }
    // Cards as tall as their own lists: no equal-height grid.
    const heights = await page.locator('[id^="card-"][tabindex="-1"]').evaluateAll((cards) => cards.map((c) => c.clientHeight));
    expect(new Set(heights).size).toBeGreaterThan(1);
    // Dates and provenance: when, by what, and the Terms' own "Last updated" date.
    const day = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    await seeText(page.getByTestId('provenance'), `${RESULT_MESSAGES.analysedOn} ${day}`);
    await seeText(page.getByTestId('provenance'), RESULT_MESSAGES.engineBuiltIn);
    await seeText(page.locator('section', { has: page.getByRole('heading', { name: MESSAGES.documentsRead }) }), 'dated 3 March 2026');
    // The evidence table: every answer with a severity word, notable ones first, all of them (the 29 questions and the
    // topics the documents state) behind "Show all N".
    const glance = page.locator('#at-a-glance-section');
    const tones = await glance.locator('li[data-tone]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tone')));
    expect(tones.length).toBeLessThan(29);
    expect(tones).toContain('bad');
    const showAll = glance.getByRole('button', { name: /^Show all \d+$/ });
    const count = Number(/\d+/.exec((await showAll.textContent()) ?? '')?.[0]);
    expect(count).toBeGreaterThanOrEqual(29);
    expect(await showAll.textContent()).toBe(showAllRows(count));
    await showAll.click();
    const all = await glance.locator('li[data-tone]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tone')));
    expect(all).toHaveLength(count);
    const rank = all.map((tone) => ['bad', 'good', 'neutral'].indexOf(tone ?? ''));
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
    // "Tracks you on other sites" answered "Yes" reads as bad.
    const tracking = glance.locator('li', { hasText: 'Tracks you on other sites' });
    if ((await tracking.innerText()).includes('Yes')) expect(await tracking.getAttribute('data-tone')).toBe('bad');
    // The same result through its permalink is dated too.
    const kept = await page.evaluate(() => (JSON.parse(localStorage.getItem('fineprint.history') ?? '[]') as { id: string }[])[0]?.id);
    expect(kept).toBeTruthy();
    await page.goto(`/?r=${kept}`);
    await seeText(page.getByTestId('provenance'), `${RESULT_MESSAGES.analysedOn} ${day}`);
    expect(await axeViolations()).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations()).toEqual([]);
  }, 90_000);

  it('hides privacy rows when only Terms were pasted, saying why', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: MESSAGES.pasteText }).click();
    await page
      .getByLabel(MESSAGES.pasteLabel)
      .fill(
        'Acme Terms of Service. These Terms are governed by the laws of the State of Delaware. Any dispute will be resolved by binding arbitration, and you waive your right to participate in a class action. We may terminate your account at any time for any reason.',
      );
    await page.getByRole('button', { name: MESSAGES.analyzeText }).click();
    await waitForResult();
    const glance = page.locator('#at-a-glance-section');
    await seeText(glance, RESULT_MESSAGES.privacyRowsHidden);
    const expand = glance.getByRole('button', { name: /^Show all/ });
    if (await expand.count()) await expand.click();
    expect(await glance.locator('li', { hasText: 'Biometric data' }).count()).toBe(0);
    expect(await glance.locator('li', { hasText: 'Governing law' }).count()).toBe(1);
  }, 60_000);

  it('cancels with a neutral notice, the counter read again from the server, and focus back on the address field', async () => {
    await page.goto('/');
    await see(page.getByText(freeAnalysesLeft(5, 5)));
    await analyze(`${h.siteOrigin}/hang`);
    const progress = page.getByTestId('progress');
    await seeText(progress, `Reading ${h.siteOrigin}/hang`);
    await progress.getByRole('button', { name: SHARE_MESSAGES.cancelAnalysis }).click();
    await seeText(page.getByTestId('cancelled'), SHARE_MESSAGES.analysisCancelled);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText(MESSAGES.errorTitle, { exact: true }).count()).toBe(0);
    await expect.poll(focused).toBe('input:site-url');
    // Without a reload: the counter the page shows is the server's, which gave the analysis back.
    await see(page.getByText(freeAnalysesLeft(5, 5)));
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/subscription/status', { headers: { 'x-user-id': await userId() } })).json()) as unknown,
      )
      .toMatchObject({ searchCount: 0 });
    expect(await axeViolations()).toEqual([]);
  }, 60_000);
  const userId = async () => (await context.cookies()).find((c) => c.name === 'user_id')!.value;

  it('says an address typed without a scheme was tried on https, and tries http with one button', async () => {
    await page.goto('/');
    const bare = h.siteOrigin.replace(/^http:\/\//, '');
    await analyze(bare);
    const alert = page.getByRole('alert');
    await seeText(alert, MESSAGES.errorTitle, 30_000);
    await seeText(alert, `We tried https://${bare}`);
    expect(await alert.innerText()).not.toMatch(/status code|Network Error/);
    expect(await axeViolations()).toEqual([]);
    await alert.getByRole('button', { name: tryHttp(bare) }).click();
    await waitForResult();
    expect(await address().inputValue()).toBe(`http://${bare}`);
    await gone(page.getByRole('alert'));
  }, 90_000);

  it('offers to try again or paste the text when a site cannot be reached; "Paste the text instead" opens the paste field', async () => {
    await page.goto('/');
    // The fixture site speaks plain http: its https address cannot be reached.
    await analyze(h.siteOrigin.replace(/^http:/, 'https:'));
    const alert = page.getByRole('alert');
    await seeText(alert, MESSAGES.analysisFailedPrefix, 30_000);
    await seeText(alert, RESULT_MESSAGES.siteUnreachableNext);
    await see(alert.getByRole('button', { name: RESULT_MESSAGES.tryAgain }));
    // A scheme was typed: no offer of http.
    expect(await alert.getByRole('button', { name: /^Try http/ }).count()).toBe(0);
    await alert.getByRole('button', { name: RESULT_MESSAGES.pasteInstead }).click();
    await expect.poll(focused).toBe('textarea:provided-text');
  }, 60_000);

  it('states the deal under the paywall text, and says "Opening secure payment…" while the script loads; the frame names Fineprint', async () => {
    await page.goto('/');
    for (let i = 0; i < 5; i++) {
      await analyze(h.siteOrigin);
      await see(page.getByText(freeAnalysesLeft(4 - i, 5)), 30_000);
    }
    await analyze(h.siteOrigin);
    const dialog = page.getByRole('dialog');
    await seeText(dialog, MESSAGES.dialogText);
    // The sandbox provider: one payment for 30 days, no renewal.
    await seeText(page.getByTestId('deal'), `${DEAL_FREE_USED} ${DEAL_ONE_MONTH}`);
    expect(await axeViolations()).toEqual([]);
    // The checkout script is held until the page has said what it is doing.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/sandbox/checkout*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel(MESSAGES.emailLabel).fill('deal@example.com');
    await page.getByRole('button', { name: MESSAGES.subscribeButton }).click();
    await seeText(page.locator('#payment-opening'), RESULT_MESSAGES.paymentOpening);
    release();
    await see(page.locator('iframe[title="Card payment"]'));
    await expect.poll(() => page.frame({ name: 'checkout' })?.isDetached() === false).toBe(true);
    const frame = page.frame({ name: 'checkout' })!;
    await frame.waitForLoadState();
    await seeText(frame.locator('h1'), MESSAGES.productName);
    expect(await frame.locator('body').innerText()).not.toContain('ToS Summarizer Pro');
    expect(await frame.locator('img').count()).toBe(0);
  }, 180_000);
});
