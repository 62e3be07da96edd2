import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startFixtureSite } from './fixture-site';
import { freePort } from '../tests/support/free-port';
import { CHROMIUM_FLAGS } from '@fineprint/analysis';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** True when the browser leg can run; under CI=true a missing browser is a failure, not a skip. */
export function canRunBrowser(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium not found at ${CHROMIUM_PATH}: the browser leg is mandatory in CI`);
  return false;
}

export interface Harness {
  baseUrl: string;
  siteOrigin: string;
  /** Changes (or, with `undefined`, restores) a page of the fixture site. */
  setSitePage: (path: string, html: string | undefined) => void;
  /** The server's SQLite file (journeys that must reset what the server keeps). */
  databaseFile: string;
  browser: Browser;
  newContext(): Promise<BrowserContext>;
  stop(): Promise<void>;
}

/** Starts a fixture site, the real built app (as `npm start` runs it) and headless Chromium. */
export async function startHarness(options: { extraAllowlist?: string[] } = {}): Promise<Harness> {
  const site = await startFixtureSite();
  const dataDir = mkdtempSync(join(tmpdir(), 'fineprint-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FETCH_ALLOWLIST: [site.hostPort, ...(options.extraAllowlist ?? [])].join(','),
      ANALYZE_RATE_LIMIT_PER_MINUTE: '1000',
      // Every journey browses from 127.0.0.1: the general per-IP limit (300/min) would answer 429 to
      // the later journeys' status calls when the whole suite runs within a minute or two.
      API_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SUPPORT_EMAIL: 'help@fineprint.test',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
  return {
    baseUrl,
    siteOrigin: site.origin,
    setSitePage: site.setPage,
    databaseFile: join(dataDir, 'fineprint.sqlite'),
    browser,
    async newContext() {
      const context = await browser.newContext({ baseURL: baseUrl });
      // A fresh visitor per test: the user_id cookie wins over the (shared) browser fingerprint.
      await context.addCookies([{ name: 'user_id', value: `e2e${Math.random().toString(36).slice(2, 14)}`, url: baseUrl }]);
      return context;
    },
    async stop() {
      await browser.close();
      server.kill('SIGTERM');
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How long the server may take to start: it compiles its TypeScript on the fly, slowly on a busy 2-core machine. */
const STARTUP_SECONDS = 90;

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < STARTUP_SECONDS * 5; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start within ${STARTUP_SECONDS} s`);
}

/**
 * The usual frame of a journey file: one harness for the file (server, fixture site, browser),
 * a fresh context and page for each journey, closed after it. `use` gets them before each journey.
 */
export function useJourneyPages(use: (journey: { h: Harness; context: BrowserContext; page: Page }) => void): void {
  let h: Harness | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    h = await startHarness();
  }, 120_000);
  afterAll(async () => h?.stop());
  beforeEach(async () => {
    context = await h!.newContext();
    use({ h: h!, context, page: await context.newPage() });
  });
  afterEach(async () => context?.close());
}

/** Waits until the locator's element contains the text (Playwright-style web-first assertion). */
export async function seeText(locator: Locator, text: string, timeout = 10_000): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
}

/** Waits until the locator is visible. */
export async function see(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits until nothing matches the locator. */
export async function gone(locator: Locator, timeout = 10_000): Promise<void> {
  await expect.poll(() => locator.count(), { timeout }).toBe(0);
}
