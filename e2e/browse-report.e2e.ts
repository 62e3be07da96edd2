import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { BROWSE_MESSAGES, FEEDBACK_REASON_LABELS, MESSAGES } from '@fineprint/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, afterEach, describe, expect, it } from 'vitest';
import { canRunBrowser, see, seeText, startHarness, type Harness } from './harness';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const HEADING = `${MESSAGES.productName} — ${MESSAGES.descriptor}`;

/**
 * A second site on 127.0.0.1: the fixture site's documents with other answers (Irish law and
 * courts, age 13, data kept 30 days), so a comparison has rows that differ.
 */
async function startOtherSite(): Promise<{ origin: string; hostPort: string; close: () => Promise<void> }> {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/site/${name}`, import.meta.url), 'utf8');
  const routes: Record<string, string> = {
    '/': fixture('index.html').replaceAll('Acme Notes', 'Beta Photos'),
    '/legal/terms-of-service': fixture('terms.html')
      .replaceAll('Wilmington, Delaware', 'Dublin, Ireland')
      .replaceAll('Delaware', 'Ireland')
      .replaceAll('16 years', '13 years'),
    '/legal/privacy': fixture('privacy.html').replaceAll('3 years', '30 days'),
  };
  const server: Server = createServer((req, res) => {
    const body = routes[(req.url ?? '/').split('?')[0]!];
    if (!body) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Records every layout shift (not caused by input) from the first paint on, as Lighthouse's CLS counts them. */
const RECORD_SHIFTS = () => {
  const shifts: number[] = [];
  (window as unknown as { __shifts: number[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
};

describe.runIf(canRunBrowser())('first paint, reports, recently analysed and compare', () => {
  let h: Harness;
  let other: Awaited<ReturnType<typeof startOtherSite>>;
  let context: BrowserContext;
  let page: Page;
  /** The permalink ids of the fixture site's and the other site's results. */
  const kept: { acme?: string; beta?: string } = {};

  beforeAll(async () => {
    other = await startOtherSite();
    h = await startHarness({ extraAllowlist: [other.hostPort] });
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await other?.close();
  });
  afterEach(async () => context?.close());

  const open = async (options: { javaScriptEnabled?: boolean; width?: number; height?: number } = {}) => {
    context = await h.browser.newContext({
      baseURL: h.baseUrl,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    });
    await context.addCookies([{ name: 'user_id', value: `e2e${Math.random().toString(36).slice(2, 14)}`, url: h.baseUrl }]);
    page = await context.newPage();
    return page;
  };
  const analyze = async (url: string) => {
    await page.getByPlaceholder(MESSAGES.urlPlaceholder).fill(url);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page
      .getByRole('heading', { name: MESSAGES.keyPoints })
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        throw new Error(`no result for ${url}: ${(await page.locator('main').innerText()).slice(0, 500)}`, { cause: error });
      });
    const link = (await page.getByTestId('permalink').getAttribute('href'))!;
    return new URL(link, h.baseUrl).searchParams.get('r')!;
  };
  const keptResults = async () => {
    if (!kept.acme || !kept.beta) {
      const previous = { context, page };
      await open();
      await page.goto('/');
      kept.acme = await analyze(h.siteOrigin);
      kept.beta = await analyze(other.origin);
      await context.close();
      ({ context, page } = previous);
    }
    return kept as { acme: string; beta: string };
  };
  const axeViolations = async () => {
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
      return (await axe.run(document)).violations as { id: string; nodes: { target: string[] }[] }[];
    });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  };

  it('paints the header and the address form from index.html alone, scripts off; the h1 reads as two parts', async () => {
    await open({ javaScriptEnabled: false });
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: HEADING }));
    await see(page.getByPlaceholder(MESSAGES.urlPlaceholder));
    await see(page.getByRole('button', { name: 'Analyze' }));
    // The counter's slot is there, empty until the app has read this visitor's status (never a wrong count).
    expect(await page.getByTestId('free-counter').innerText()).toBe('');
    // Other screens keep the header only; the error page keeps nothing (it has its own frame).
    await page.goto('/tos');
    await see(page.getByRole('heading', { level: 1, name: HEADING }));
    expect(await page.getByPlaceholder(MESSAGES.urlPlaceholder).count()).toBe(0);
    await page.goto('/no/such/page');
    expect(await page.locator('#root').innerHTML()).toBe('');
    await context.close();

    // With scripts, the app takes over with the same heading and no error logged.
    await open();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: HEADING }));
    await see(page.locator('footer'));
    expect(errors).toEqual([]);
  });

  it('keeps the header compact on a phone', async () => {
    await open({ width: 360, height: 740 });
    await page.goto('/');
    await see(page.locator('footer'));
    // The footer is pre-rendered (issue 22): measure the header once the app has taken the page over, not mid-takeover.
    await expect.poll(() => page.getByPlaceholder(MESSAGES.urlPlaceholder).isEditable()).toBe(true);
    const header = (await page.locator('header').first().boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(110);
  });

  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    it(`opens a permalink at ${width} px without layout shift: the footer never paints above the result`, async () => {
      const { acme } = await keptResults();
      await open({ width, height });
      await context.addInitScript(RECORD_SHIFTS);
      await page.goto(`/?r=${acme}`);
      await page.getByRole('heading', { name: MESSAGES.keyPoints }).waitFor({ timeout: 20_000 });
      await page.getByTestId('permalink').waitFor();
      const footerTop = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);
      expect(footerTop).toBeGreaterThanOrEqual(height);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
    });
  }

  it('reports a wrong reading of a Key Point and of a fact row in an accessible dialog, and keeps the item', async () => {
    const { acme } = await keptResults();
    await open();
    await page.goto(`/?r=${acme}`);
    const keyPoints = page.locator('section', { has: page.getByRole('heading', { name: MESSAGES.keyPoints }) });
    await keyPoints.waitFor({ timeout: 20_000 });
    const firstItem = keyPoints.locator('li').first();
    const itemText = await firstItem.locator('p').first().innerText();
    const button = firstItem.getByRole('button', { name: new RegExp(`^${BROWSE_MESSAGES.reportItem}`) });
    await button.click();
    const dialog = page.getByRole('dialog', { name: BROWSE_MESSAGES.reportTitle });
    await dialog.waitFor();
    expect(await axeViolations()).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations()).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByLabel(FEEDBACK_REASON_LABELS.wrong_detail).check();
    await dialog.getByLabel(BROWSE_MESSAGES.reportNote).fill('The period is 30 days, not 90.');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/feedback'));
    await dialog.getByRole('button', { name: BROWSE_MESSAGES.reportSend }).click();
    const response = await sent;
    expect(response.status()).toBe(204);
    expect(JSON.parse(response.request().postData()!)).toEqual({
      resultId: acme,
      target: { kind: 'item', list: 'keyPoints', index: 0 },
      reason: 'wrong_detail',
      note: 'The period is 30 days, not 90.',
    });
    await seeText(dialog, BROWSE_MESSAGES.reportThanks);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    // The reported item is still shown.
    expect(await firstItem.locator('p').first().innerText()).toBe(itemText);

    // A fact row of "At a glance": open it, report it.
    const row = page.locator('#at-a-glance-section ul > li').first();
    await row.locator('summary').click();
    await row.getByRole('button', { name: new RegExp(`^${BROWSE_MESSAGES.reportItem}`) }).click();
    await dialog.waitFor();
    const factSent = page.waitForResponse((r) => r.url().endsWith('/api/feedback'));
    await dialog.getByRole('button', { name: BROWSE_MESSAGES.reportSend }).click();
    const factResponse = await factSent;
    expect(factResponse.status()).toBe(204);
    expect(JSON.parse(factResponse.request().postData()!)).toMatchObject({ target: { kind: 'fact' }, reason: 'not_in_text' });
  });

  it('lists recently analysed sites with grade and date, and compares two of them fact by fact', async () => {
    const { acme, beta } = await keptResults();
    await open();
    // The server keeps one reading of the list for 30 s: an earlier journey may have read it empty.
    const list = page.getByTestId('recently-analysed');
    await expect
      .poll(
        async () => {
          await page.goto('/');
          await page.waitForLoadState('networkidle');
          return list.locator(`a[href="/?r=${beta}"]`).count();
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe(1);
    const acmeRow = list.locator('li', { has: page.locator(`a[href="/?r=${acme}"]`) });
    const betaRow = list.locator('li', { has: page.locator(`a[href="/?r=${beta}"]`) });
    await see(acmeRow);
    await see(betaRow);
    expect(await acmeRow.innerText()).toMatch(/Grade [A-E]|No grade/);
    expect(await axeViolations()).toEqual([]);
    await acmeRow.getByRole('checkbox').check();
    await betaRow.getByRole('checkbox').check();
    await page.getByRole('link', { name: BROWSE_MESSAGES.recentCompare }).click();
    await page.waitForURL(`**/compare?a=${acme}&b=${beta}`);
    await see(page.getByRole('heading', { name: BROWSE_MESSAGES.compareHeading }));
    const table = page.getByRole('table');
    await see(table, 20_000);
    const differing = await table.locator('tr[data-different="true"]').count();
    expect(differing).toBeGreaterThan(0);
    await seeText(page.getByTestId('compare-summary'), `${differing} of`);
    await see(table.getByText(BROWSE_MESSAGES.compareDifferent).first());
    expect(await axeViolations()).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations()).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    // Both results are opened by their links without spending an analysis.
    await see(page.getByRole('link', { name: new RegExp(BROWSE_MESSAGES.compareOpen) }).first());
    await page.goto('/compare?a=nope');
    await see(page.getByText(BROWSE_MESSAGES.compareMissing));
    await page.goto(`/compare?a=${acme}&b=AAAAAAAAAAAAAAAAAAAAAA`);
    await see(page.getByText(BROWSE_MESSAGES.compareGone));
  });
});
