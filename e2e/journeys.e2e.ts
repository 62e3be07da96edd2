import { MESSAGES } from '@fineprint/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { canRunBrowser, gone, see, seeText, startHarness, type Harness } from './harness';

describe.runIf(canRunBrowser())('browser journeys', () => {
  let h: Harness;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(async () => h?.stop());
  beforeEach(async () => {
    context = await h.newContext();
    page = await context.newPage();
  });
  afterEach(async () => context.close());

  const analyze = async (url: string) => {
    await page.getByPlaceholder(MESSAGES.urlPlaceholder).fill(url);
    await page.getByRole('button', { name: 'Analyze' }).click();
  };
  const useFreeAnalyses = async () => {
    for (let i = 0; i < 5; i++) {
      await analyze(h.siteOrigin);
      await expect.poll(() => page.getByRole('heading', { name: MESSAGES.keyPoints }).count(), { timeout: 20_000 }).toBe(1);
    }
  };
  const openDialogAtLimit = async () => {
    await page.goto('/');
    await useFreeAnalyses();
    await analyze(h.siteOrigin);
    await page.getByRole('dialog').waitFor();
  };

  it('analyzes a site and shows the three cards with items', async () => {
    await page.goto('/');
    await seeText(page.getByRole('heading', { level: 1 }), `${MESSAGES.productName}${MESSAGES.descriptor}`);
    await analyze(h.siteOrigin);
    await page
      .getByText(MESSAGES.analyzing)
      .waitFor({ state: 'attached', timeout: 5000 })
      .catch(() => undefined);
    for (const title of [MESSAGES.keyPoints, MESSAGES.privacyConcerns, MESSAGES.recommendations]) {
      const card = page.locator('section', { has: page.getByRole('heading', { name: title }) });
      await card.waitFor({ timeout: 20_000 });
      expect(await card.locator('li').count()).toBeGreaterThan(0);
    }
    await seeText(page.locator('body'), 'Wilmington, Delaware');
    // At a glance: the fact sheet, each row opening to the clause that states it.
    const glance = page.locator('section', { has: page.getByRole('heading', { name: 'At a glance' }) });
    const law = glance.locator('li', { hasText: 'Governing law' });
    await seeText(law, 'Delaware');
    await law.locator('summary').click();
    await seeText(law.locator('blockquote'), 'governed by');
    await seeText(glance.locator('li', { hasText: 'Biometric data' }), 'Not stated');
    await page.screenshot({ path: '.e2e-artifacts/result.png', fullPage: true });
  }, 60_000);

  it('shows the empty-address message in the error box', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Analyze' }).click();
    const alert = page.getByRole('alert');
    await seeText(alert, MESSAGES.errorTitle);
    await seeText(alert, MESSAGES.emptyUrl);
    const input = page.getByPlaceholder(MESSAGES.urlPlaceholder);
    expect(await input.getAttribute('type')).toBe('url');
    expect(await input.getAttribute('required')).not.toBeNull();
  });

  it('shows an analysis failure for an unreachable site', async () => {
    await page.goto('/');
    await analyze('http://127.0.0.1:9/');
    await seeText(page.getByRole('alert'), MESSAGES.analysisFailedPrefix);
  });

  it('opens the subscription dialog and the toast after 5 free analyses', async () => {
    await openDialogAtLimit();
    const dialog = page.getByRole('dialog');
    await seeText(dialog, MESSAGES.dialogTitle);
    await seeText(dialog, MESSAGES.dialogText);
    await see(page.getByText(MESSAGES.freeLimitToast));
    await page.keyboard.press('Escape');
    await gone(dialog);
  }, 120_000);

  it('refuses an invalid e-mail, then subscribes with Pay and shows the badge', async () => {
    await openDialogAtLimit();
    await page.getByLabel(MESSAGES.emailLabel).fill('not-an-email');
    await page.getByRole('button', { name: MESSAGES.subscribeButton }).click();
    await seeText(page.getByRole('dialog'), MESSAGES.invalidEmail);
    await page.getByLabel(MESSAGES.emailLabel).fill('buyer@example.com');
    await page.getByRole('button', { name: MESSAGES.subscribeButton }).click();
    const frame = page.frameLocator('iframe[title="Card payment"]');
    await frame.getByRole('button', { name: 'Pay $5.00' }).click();
    await see(page.getByText(MESSAGES.paymentSuccessful));
    await page.waitForURL(/\/subscription\/callback\?status=successful&tx_ref=.+&transaction_id=\d+/);
    await see(page.getByText(MESSAGES.subscriptionActivated).first());
    await page.waitForURL(`${h.baseUrl}/`);
    await see(page.getByText(MESSAGES.subscribedBadge, { exact: true }));
    await seeText(page.locator('header'), 'buyer@example.com');
    const cookies = await context.cookies();
    const auth = cookies.find((c) => c.name === 'auth_token');
    expect(auth?.value.length).toBeGreaterThan(20);
    // A subscriber is not limited any more.
    await analyze(h.siteOrigin);
    await page.getByRole('heading', { name: MESSAGES.keyPoints }).waitFor({ timeout: 20_000 });
  }, 120_000);

  it("leaves a stranger with the same visitor id unsubscribed on the payer's callback URL, and shows them no e-mail", async () => {
    await openDialogAtLimit();
    await page.getByLabel(MESSAGES.emailLabel).fill('payer@example.com');
    await page.getByRole('button', { name: MESSAGES.subscribeButton }).click();
    await page.frameLocator('iframe[title="Card payment"]').getByRole('button', { name: 'Pay $5.00' }).click();
    await page.waitForURL(/\/subscription\/callback\?.*transaction_id=\d+/);
    const callbackUrl = page.url();
    const payerId = (await context.cookies()).find((c) => c.name === 'user_id')!.value;

    // Another browser profile whose fingerprint came out the same: same user_id, no cookies of the payer's.
    const stranger = await h.newContext();
    try {
      await stranger.addCookies([{ name: 'user_id', value: payerId, url: h.baseUrl }]);
      const strangerPage = await stranger.newPage();
      await strangerPage.goto(callbackUrl);
      await see(strangerPage.getByText(MESSAGES.paymentVerificationFailedToast).first());
      await strangerPage.waitForURL(`${h.baseUrl}/`);
      await gone(strangerPage.getByText(MESSAGES.subscribedBadge, { exact: true }));
      expect(await strangerPage.locator('body').innerText()).not.toContain('payer@example.com');
      expect((await stranger.cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();
      const email = await strangerPage.evaluate(async (id) => (await fetch(`/api/get-email/${id}`)).status, payerId);
      expect(email).toBe(404);
    } finally {
      await stranger.close();
    }
    // The payer's own browser is subscribed.
    await page.waitForURL(`${h.baseUrl}/`);
    await see(page.getByText(MESSAGES.subscribedBadge, { exact: true }));
  }, 120_000);

  it('reports a declined payment', async () => {
    await openDialogAtLimit();
    await page.getByLabel(MESSAGES.emailLabel).fill('decliner@example.com');
    await page.getByRole('button', { name: MESSAGES.subscribeButton }).click();
    await page.frameLocator('iframe[title="Card payment"]').getByRole('button', { name: 'Decline' }).click();
    await seeText(page.getByRole('dialog'), MESSAGES.paymentFailed);
    await gone(page.getByText(MESSAGES.subscribedBadge, { exact: true }));
  }, 120_000);

  it('fails the callback without transaction_id and returns to /', async () => {
    await page.goto('/subscription/callback?status=successful');
    await see(page.getByText(MESSAGES.paymentVerificationFailedToast).first());
    await page.waitForURL(`${h.baseUrl}/`);
  });

  it('does not unlock anything for an unpaid transaction id', async () => {
    await page.goto('/subscription/callback?status=successful&transaction_id=999999');
    await see(page.getByText(MESSAGES.paymentVerificationFailedToast).first());
    await page.waitForURL(`${h.baseUrl}/`);
    await gone(page.getByText(MESSAGES.subscribedBadge, { exact: true }));
  });

  it('shows the legal pages with their facts and links them from the footer', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(/\/tos$/);
    const tos = await page.locator('article').innerText();
    for (const fact of ['February 8th, 2025', '24 hours', '7 business days', 'Lagos, Nigeria', 'help@fineprint.test', '1 month'])
      expect(tos).toContain(fact);
    await page.goto('/privacy-policy');
    const privacy = await page.locator('article').innerText();
    for (const fact of ['February 8th, 2025', '48 hours', '72 hours', '1 month', 'help@fineprint.test']) expect(privacy).toContain(fact);
    await seeText(page.locator('footer'), 'not legal advice');
  });

  it('shows the generic error page for an unknown route', async () => {
    await page.goto('/no/such/page');
    await see(page.getByText(MESSAGES.unexpectedError));
    await seeText(page.locator('body'), '404');
  });

  it('gives up on an unreachable payment script after 3 attempts', async () => {
    let attempts = 0;
    await page.route('**/sandbox/checkout.js', (route) => {
      attempts++;
      return route.abort();
    });
    await openDialogAtLimit();
    await page.getByLabel(MESSAGES.emailLabel).fill('offline@example.com');
    await page.getByRole('button', { name: MESSAGES.subscribeButton }).click();
    await seeText(page.getByRole('dialog'), MESSAGES.paymentScriptFailed, 15_000);
    expect(attempts).toBe(3);
  }, 120_000);

  it('is usable at 360 px wide', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '.e2e-artifacts/mobile.png', fullPage: true });
  });
});
