import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fineprint/contracts';
import { analyzeSite } from '../analyze';
import { AnalysisError } from '../errors';
import type { ResolvedAddress } from '../fetch/guarded-fetch';
import { closeSharedBrowser, type BrowserSettings } from './browser';
import { framesPageHtml, MEMORY_HOG_HTML, serveSite } from './fixtures';
import { measureProcesses, processTree, type MemorySample } from './memory';
import { renderPage } from './render';

/**
 * Issue 24, item 2 (Chromium's part): a page's memory is bounded. Chromium's memory is observed
 * here independently of the render's own watch: every process this test process started (its
 * Chromium and that browser's children), every 50 ms.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const mandatory = process.env.CI === 'true';
const browser: BrowserSettings = { executablePath: CHROMIUM };
afterAll(() => closeSharedBrowser());

const MIB = 1024 * 1024;
/** The documented ceiling (docs/decisions/0006-browser-path.md, "Memory"): private resident memory of one browser. */
const CEILING_BYTES = 768 * MIB;
/** What a page can add between two looks of the watch (64 MiB per 50 ms here: about 260 MB per 200 ms), and the kill. */
const MARGIN_BYTES = 512 * MIB;

/** Samples every process below this one (the Chromium it launched) until stopped; returns the largest figures seen. */
function observeOurChromium(): { stop(): MemorySample } {
  const peak: MemorySample = { bytes: 0, rssBytes: 0, processes: 0, renderers: 0 };
  const look = () => {
    const sample = measureProcesses(processTree([process.pid]).filter((pid) => pid !== process.pid));
    peak.bytes = Math.max(peak.bytes, sample.bytes);
    peak.rssBytes = Math.max(peak.rssBytes, sample.rssBytes);
    peak.processes = Math.max(peak.processes, sample.processes);
    peak.renderers = Math.max(peak.renderers, sample.renderers);
  };
  const timer = setInterval(look, 50);
  look();
  return {
    stop() {
      clearInterval(timer);
      look();
      return peak;
    },
  };
}

function stubResolver(answers: Record<string, string[]>) {
  return async (host: string): Promise<ResolvedAddress[]> => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: 4 }));
  };
}

describe.skipIf((!hasChromium && !mandatory) || process.platform !== 'linux')('memory of the browser path', () => {
  it('kills a page allocating 2 GB of ArrayBuffers past the ceiling, says so (TOO_MUCH_MEMORY), and renders the next page', async () => {
    const site = await serveSite({ '/': MEMORY_HOG_HTML, '/ok': '<html><body><h1>Still here</h1></body></html>' });
    const observer = observeOurChromium();
    try {
      const error = await renderPage(`${site.origin}/`, { browser, fetchOptions: { allowlist: [site.hostPort] } }).catch((e: unknown) => e);
      const peak = observer.stop();
      expect(error).toBeInstanceOf(AnalysisError);
      expect((error as AnalysisError).code).toBe('TOO_MUCH_MEMORY');
      expect((error as AnalysisError).message).toBe(MESSAGES.pageUsesTooMuchMemory);
      // The page did grow (the error says the watcher saw it pass the ceiling; this test's own sampler, looking every
      // few tens of milliseconds on a loaded machine, may see it only part of the way) and never got far past the ceiling.
      expect(peak.bytes).toBeGreaterThan(CEILING_BYTES / 2);
      expect(peak.bytes).toBeLessThan(CEILING_BYTES + MARGIN_BYTES);
      // The killed browser is gone: nothing of it holds memory.
      expect(measureProcesses(processTree([process.pid]).filter((pid) => pid !== process.pid)).bytes).toBeLessThan(CEILING_BYTES);
      const next = await renderPage(`${site.origin}/ok`, { browser, fetchOptions: { allowlist: [site.hostPort] } });
      expect(next.text).toContain('Still here');
    } finally {
      observer.stop();
      await site.close();
    }
  }, 60_000);

  it('answers an analysis whose page needs too much memory with TOO_MUCH_MEMORY and its sentence', async () => {
    const site = await serveSite({ '/': MEMORY_HOG_HTML });
    const observer = observeOurChromium();
    try {
      const error = await analyzeSite(site.origin, { allowlist: [site.hostPort], browser }).catch((e: unknown) => e);
      const peak = observer.stop();
      expect((error as AnalysisError).code).toBe('TOO_MUCH_MEMORY');
      expect((error as AnalysisError).message).toBe(MESSAGES.pageUsesTooMuchMemory);
      expect(peak.bytes).toBeLessThan(CEILING_BYTES + MARGIN_BYTES);
    } finally {
      observer.stop();
      await site.close();
    }
  }, 60_000);

  it('renders 40 cross-site iframes in at most 3 renderer processes, fetching none of their documents', async () => {
    const hits: string[] = [];
    const site = await serveSite({
      '/frame': (request, response) => {
        hits.push(request.headers.host ?? '?');
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<p>A frame</p><script>window.kept = new Array(1000).fill(1);</script>');
      },
      '/own-frame': '<p>A frame of the same site</p>',
    });
    const port = new URL(site.origin).port;
    const names = Array.from({ length: 40 }, (_, i) => `site${i}.test`);
    const page = framesPageHtml(names.map((name) => `http://${name}:${port}`));
    // The page itself is served under a name of its own, so every frame is another site.
    const resolve = stubResolver(Object.fromEntries(['home.test', ...names].map((name) => [name, ['127.0.0.1']])));
    const home = await serveSite({ '/': page, '/own-frame': '<p>A frame of the same site</p>' });
    const homePort = new URL(home.origin).port;
    const observer = observeOurChromium();
    try {
      const rendered = await renderPage(`http://home.test:${homePort}/`, {
        browser,
        fetchOptions: { allowlist: [`home.test:${homePort}`, ...names.map((name) => `${name}:${port}`)], resolve },
        budget: { settleMs: 3000 },
      });
      const peak = observer.stop();
      expect(rendered.text).toContain('<h1>Frames</h1>');
      // Same-site frames still load; cross-site ones are refused before any request.
      expect(home.hits).toEqual(['/', '/own-frame']);
      expect(hits).toEqual([]);
      expect(peak.renderers).toBeGreaterThan(0);
      expect(peak.renderers).toBeLessThanOrEqual(3);
    } finally {
      observer.stop();
      await site.close();
      await home.close();
    }
  }, 60_000);
});
