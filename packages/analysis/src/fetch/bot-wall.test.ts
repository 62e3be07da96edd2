import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { MESSAGES } from '@fineprint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSite } from '../analyze';
import { AnalysisError } from '../errors';
import { PRIVACY_HTML, serveSite, TERMS_HTML, type FixtureSite } from '../render/fixtures';
import { isBotWall } from './bot-wall';
import { fetchDocument } from './guarded-fetch';

const CLOUDFLARE_CHALLENGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="refresh" content="390"></head>
<body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">www.example.com</h1>
<h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2><noscript><div id="challenge-error-title">Enable JavaScript and cookies to continue</div></noscript></div></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "www.example.com",cType: 'managed'};var cpo = document.createElement('script');cpo.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8';document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>`;
const AKAMAI_DENIED = `<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \nYou don't have permission to access "http&#58;&#47;&#47;www&#46;example&#46;com&#47;" on this server.<P>\nReference&#32;&#35;18&#46;8f3c1602&#46;1700000000&#46;1a2b3c4d\n</BODY>\n</HTML>\n`;
const DATADOME = `<html><head><title>example.com</title><style>#cmsg{animation: A 1.5s;}</style></head><body style="margin:0"><p id="cmsg">Please enable JS and disable any ad blocker</p><script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMA','hsh':'2211F522B61E269B869FA6EAFFB5E1','t':'fe','s':40000,'e':'x','host':'geo.captcha-delivery.com'}</script><script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script></body></html>`;
const PERIMETERX = `<!DOCTYPE html><html lang="en"><head><title>Access to this page has been denied</title></head><body><div id="px-captcha"></div><p>Press &amp; Hold to confirm you are a human (and not a bot).</p><script src="/px/captcha.js"></script></body></html>`;

const legalPage = (inner: string) => `<html lang="en"><head><title>Terms</title></head><body>${inner}</body></html>`;

let sites: FixtureSite[] = [];
beforeAll(() => {
  sites = [];
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
});
async function site(routes: Parameters<typeof serveSite>[0]): Promise<FixtureSite> {
  const served = await serveSite(routes);
  sites.push(served);
  return served;
}

describe('isBotWall', () => {
  it.each([
    ['Cloudflare challenge (403)', 403, {}, CLOUDFLARE_CHALLENGE],
    ['Cloudflare challenge (503)', 503, {}, CLOUDFLARE_CHALLENGE],
    ['a challenge header alone', 403, { 'cf-mitigated': 'challenge' }, ''],
    ['Akamai "Access Denied" (403)', 403, {}, AKAMAI_DENIED],
    ['DataDome captcha (403)', 403, { 'x-datadome': 'protected' }, DATADOME],
    ['DataDome captcha without its header (429)', 429, {}, DATADOME],
    ['PerimeterX "Press & Hold" (403)', 403, {}, PERIMETERX],
    ['a challenge page answered with 200', 200, {}, CLOUDFLARE_CHALLENGE],
    ['"Just a moment…" with an ellipsis character', 503, {}, '<html><head><title>Just a moment…</title></head><body></body></html>'],
  ])('recognises %s', (_name, status, headers, body) => {
    expect(isBotWall(status, headers, body)).toBe(true);
  });

  it.each([
    ['a plain 403', 403, {}, '<html><head><title>403 Forbidden</title></head><body><h1>403 Forbidden</h1><hr>nginx</body></html>'],
    ['a plain 429', 429, {}, 'Too many requests'],
    ['a plain 503', 503, {}, '<html><body><h1>Service Unavailable</h1><p>Back soon.</p></body></html>'],
    ['a 404', 404, {}, AKAMAI_DENIED],
    [
      'a policy that speaks of captchas and denied access',
      200,
      {},
      legalPage(`${TERMS_HTML}<p>We use reCAPTCHA (g-recaptcha) to verify you are human; access denied to abusive users.</p>`),
    ],
  ])('does not take %s for a wall', (_name, status, headers, body) => {
    expect(isBotWall(status, headers, body)).toBe(false);
  });

  it('reads a hostile refusal in linear time (unclosed tags and scripts)', () => {
    const hostile = `${'<title'.repeat(10_000)}${'<script '.repeat(5000)}${'<'.repeat(20_000)}`;
    expect(isBotWall(403, {}, hostile)).toBe(false);
    expect(isBotWall(200, {}, hostile)).toBe(false);
  });
});

describe('bot walls met by discovery', () => {
  it.each([
    ['403 challenge', { type: 'text/html', status: 403, body: CLOUDFLARE_CHALLENGE, headers: { 'cf-mitigated': 'challenge' } }],
    ['503 "Just a moment…"', { type: 'text/html', status: 503, body: CLOUDFLARE_CHALLENGE }],
    ['403 "Access Denied"', { type: 'text/html', status: 403, body: AKAMAI_DENIED }],
    ['429 captcha', { type: 'text/html', status: 429, body: DATADOME }],
    ['200 challenge page', { type: 'text/html', body: CLOUDFLARE_CHALLENGE }],
    [
      'gzip-compressed 403 challenge',
      (_request: IncomingMessage, response: ServerResponse) =>
        void response.writeHead(403, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(CLOUDFLARE_CHALLENGE)),
    ],
  ] as const)('answers a %s on the first page at once, with the paste/upload sentence', async (_name, page) => {
    const walled = await site({ '/': page, '/terms': legalPage(TERMS_HTML), '/privacy': legalPage(PRIVACY_HTML) });
    const error = await analyzeSite(walled.origin, { allowlist: [walled.hostPort] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect((error as AnalysisError).code).toBe('BOT_WALL');
    expect((error as AnalysisError).message).toBe(MESSAGES.siteBlocksAutomatedReaders);
    // One request: no retry, no other name, no evasion.
    expect(walled.hits).toEqual(['/']);
  });

  it('says BOT_WALL when every page it tries is walled, and reads a site whose wall covers only some pages', async () => {
    const wall = { type: 'text/html', status: 403, body: AKAMAI_DENIED };
    const allWalled = await site({
      '/': '<html><body><h1>Acme</h1><footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>',
      '/terms': wall,
      '/privacy': wall,
    });
    const error = await analyzeSite(allWalled.origin, { allowlist: [allWalled.hostPort] }).catch((e: unknown) => e);
    expect((error as AnalysisError).code).toBe('BOT_WALL');

    const halfWalled = await site({
      '/': '<html><body><h1>Acme</h1><footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>',
      '/terms': legalPage(TERMS_HTML),
      '/privacy': wall,
      '/privacy-policy': wall,
      '/legal/privacy': wall,
    });
    const result = await analyzeSite(halfWalled.origin, { allowlist: [halfWalled.hostPort] });
    expect(result.documents.map((d) => d.type)).toEqual(['terms']);
  });

  it('leaves a refusal without wall markers an HTTP status error', async () => {
    const refused = await site({ '/': { type: 'text/html', status: 403, body: '<h1>403 Forbidden</h1>' } });
    const error = await fetchDocument(refused.origin, { allowlist: [refused.hostPort] }).catch((e: unknown) => e);
    expect((error as AnalysisError).code).toBe('HTTP_STATUS');
  });
});
