/**
 * Loopback fixture sites for the browser-path tests and the render bench: the same Terms and
 * Privacy Policy served five ways that need scripts (an app shell, links written by scripts,
 * text loaded by XHR, a cookie wall, hash routes). Test and bench code only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';

const FILLER_TERMS = 'You must follow the community rules when you post content and respect other members of the community at all times.';
const FILLER_PRIVACY = 'This policy explains how we process the information you give us when you use the site and the app.';

/** Paragraphs of the fixture Terms of Service: every quote of an analysis must come verbatim from them. */
export const TERMS_PARAGRAPHS = [
  'By using the Service you agree to these Terms. These Terms are governed by the laws of the State of California.',
  'Any dispute shall be brought exclusively in the courts located in Santa Clara County, California.',
  'We may terminate your account at any time without notice. We may change these Terms at any time without notice.',
  'You agree to binding arbitration and you waive any right to a class action. You may opt out of arbitration within 30 days by writing to legal@site.example.',
  ...Array<string>(12).fill(FILLER_TERMS),
];
/** Paragraphs of the fixture Privacy Policy. */
export const PRIVACY_PARAGRAPHS = [
  'We share your personal information with advertisers and analytics providers.',
  'We retain your data for 2 years. You may request deletion of your personal data by emailing privacy@site.example.',
  ...Array<string>(12).fill(FILLER_PRIVACY),
];

const documentHtml = (title: string, paragraphs: readonly string[]) => `<h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;
export const TERMS_HTML = documentHtml('Terms of Service', TERMS_PARAGRAPHS);
export const PRIVACY_HTML = documentHtml('Privacy Policy', PRIVACY_PARAGRAPHS);

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
type Routes = Record<string, string | { type: string; body: string; status?: number; headers?: Record<string, string> } | Handler>;

/** A loopback HTTP site. */
export interface FixtureSite {
  origin: string;
  /** Its allow-list entry. */
  hostPort: string;
  /** Paths requested, in order. */
  hits: string[];
  close(): Promise<void>;
}

/** Serves routes on 127.0.0.1 (a string is HTML); anything else is 404. */
export async function serveSite(routes: Routes): Promise<FixtureSite> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    hits.push(request.url ?? '/');
    const route = routes[path];
    if (typeof route === 'function') return route(request, response);
    if (typeof route === 'string') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(route);
    if (route) return void response.writeHead(route.status ?? 200, { 'content-type': route.type, ...route.headers }).end(route.body);
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TCP listener that counts the connections it accepts (a port the browser must never reach). */
export async function serveTrap(host = '127.0.0.1'): Promise<{ port: number; accepted: () => number; close(): Promise<void> }> {
  let accepted = 0;
  const server = createTcpServer((socket) => {
    accepted++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const js = (body: string) => ({ type: 'application/javascript', body });
const shell = (script = '/app.js') =>
  `<!doctype html><html lang="en"><head><title>Acme</title></head><body><div id="root">Loading…</div><script src="${script}"></script></body></html>`;
const HOME_WORDS = `<p>${'Acme makes tools for teams who write together and plan their work in one place every day. '.repeat(20)}</p>`;

/** The five script-dependent variants of one site, by name. */
export const SCRIPT_SITES: Record<string, Routes> = {
  /** Every page is the same empty shell; the bundle writes the page for the current path. */
  'app shell': {
    '/': shell(),
    '/terms-of-service': shell(),
    '/privacy-policy': shell(),
    '/app.js': js(`
      const pages = ${JSON.stringify({ '/terms-of-service': TERMS_HTML, '/privacy-policy': PRIVACY_HTML })};
      const root = document.getElementById('root');
      setTimeout(() => {
        root.innerHTML = pages[location.pathname] ?? '<h1>Acme</h1><p>Welcome.</p><footer><a href="/terms-of-service">Terms of Service</a> <a href="/privacy-policy">Privacy Policy</a></footer>';
      }, 50);`),
  },
  /** A home page with text but no legal links until a script writes the footer; the documents are plain pages at unusual paths. */
  'script-rendered links': {
    '/': `<html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1>${HOME_WORDS}<footer id="f"></footer><script src="/footer.js"></script></body></html>`,
    '/footer.js': js(
      `document.getElementById('f').innerHTML = '<a href="/site/rules-of-use">Terms of Service</a> <a href="/site/your-data">Privacy Policy</a>';`,
    ),
    '/site/rules-of-use': `<html lang="en"><head><title>Terms of Service</title></head><body>${TERMS_HTML}</body></html>`,
    '/site/your-data': `<html lang="en"><head><title>Privacy Policy</title></head><body>${PRIVACY_HTML}</body></html>`,
  },
  /** Plain links; each document page is a heading whose text arrives by XHR (JSON). */
  'text loaded by XHR': {
    '/': `<html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1><footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>`,
    '/terms': `<html lang="en"><head><title>Terms of Service</title></head><body><main id="doc">Loading…</main><script src="/doc.js"></script></body></html>`,
    '/privacy': `<html lang="en"><head><title>Privacy Policy</title></head><body><main id="doc">Loading…</main><script src="/doc.js"></script></body></html>`,
    '/doc.js': js(`
      const xhr = new XMLHttpRequest();
      xhr.open('GET', '/api/documents' + location.pathname);
      xhr.onload = () => { document.getElementById('doc').innerHTML = JSON.parse(xhr.responseText).html; };
      xhr.send();`),
    '/api/documents/terms': { type: 'application/json', body: JSON.stringify({ html: TERMS_HTML }) },
    '/api/documents/privacy': { type: 'application/json', body: JSON.stringify({ html: PRIVACY_HTML }) },
  },
  /** The documents load only after the consent dialog is answered. */
  'cookie wall': {
    '/': `<html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1><footer><a href="/legal/terms">Terms of Service</a> <a href="/legal/privacy">Privacy Policy</a></footer></body></html>`,
    '/legal/terms': `<html lang="en"><head><title>Terms of Service</title></head><body><main id="doc"></main><script src="/wall.js"></script></body></html>`,
    '/legal/privacy': `<html lang="en"><head><title>Privacy Policy</title></head><body><main id="doc"></main><script src="/wall.js"></script></body></html>`,
    '/wall.js': js(`
      const wall = document.createElement('div');
      wall.id = 'consent-wall';
      wall.innerHTML = '<p>We use cookies to run this site. Please accept to read on.</p><button id="accept">Accept all</button>';
      document.body.appendChild(wall);
      document.getElementById('accept').addEventListener('click', async () => {
        document.cookie = 'consent=yes; path=/';
        const response = await fetch('/content' + location.pathname);
        document.getElementById('doc').innerHTML = await response.text();
        wall.remove();
      });`),
    '/content/legal/terms': (request, response) => consentOnly(request, response, TERMS_HTML),
    '/content/legal/privacy': (request, response) => consentOnly(request, response, PRIVACY_HTML),
  },
  /** Document pages with a long menu and footer (over 150 words) around a main whose text arrives by fetch() after a tap on "I accept". */
  'furniture, consent and fetch': {
    '/': `<html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1><footer><a href="/legal/terms">Terms of Service</a> <a href="/legal/privacy">Privacy Policy</a></footer></body></html>`,
    '/legal/terms': furnished('Terms of Service', '/legal/terms'),
    '/legal/privacy': furnished('Privacy Policy', '/legal/privacy'),
    '/banner.js': js(`
      document.getElementById('cmp').innerHTML = '<p>This site uses cookies.</p><button>I accept</button>';
      document.querySelector('#cmp button').addEventListener('click', () => {
        fetch('/text' + location.pathname).then((r) => r.text()).then((html) => { document.getElementById('main').innerHTML = html; });
      });`),
    '/text/legal/terms': TERMS_HTML,
    '/text/legal/privacy': PRIVACY_HTML,
  },
  /** The Privacy link is in the page; the Terms link only a script writes. */
  'one link written by a script': {
    '/': `<html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1>${HOME_WORDS}<footer id="f"><a href="/about/data">Privacy Policy</a></footer><script src="/footer.js"></script></body></html>`,
    '/footer.js': js(`document.getElementById('f').insertAdjacentHTML('beforeend', ' <a href="/about/rules">Terms of Service</a>');`),
    '/about/rules': `<html lang="en"><head><title>Terms of Service</title></head><body>${TERMS_HTML}</body></html>`,
    '/about/data': `<html lang="en"><head><title>Privacy Policy</title></head><body>${PRIVACY_HTML}</body></html>`,
  },
  /** A single-page app with hash routes (#/terms, #/privacy). */
  'hash routes': {
    '/': shell('/router.js'),
    '/router.js': js(`
      const pages = ${JSON.stringify({ '#/terms': TERMS_HTML, '#/privacy': PRIVACY_HTML })};
      const show = () => {
        document.getElementById('root').innerHTML = pages[location.hash] ?? '<h1>Acme</h1><nav><a href="#/terms">Terms of Service</a> <a href="#/privacy">Privacy Policy</a></nav>';
      };
      window.addEventListener('hashchange', show);
      show();`),
  },
};

/** A document page whose furniture (menu, footer) has more than 150 words and whose main is empty until scripts fill it. */
function furnished(title: string, path: string): string {
  const menu = ['Products', 'Pricing', 'Customers', 'Careers', 'Blog', 'Support', 'Status', 'Press', 'Partners', 'Events']
    .map((item) => `<li><a href="/${item.toLowerCase()}">${item} for teams and companies of every size</a></li>`)
    .join('');
  return `<html lang="en"><head><title>${title}</title></head><body><nav><ul>${menu}</ul></nav><main id="main" data-path="${path}"></main>
<footer><ul>${menu}</ul><p>Acme Inc. builds tools for people who write and plan together, from small teams to large companies around the world.</p></footer>
<div id="cmp" class="consent-banner"></div><script src="/banner.js"></script></body></html>`;
}

/** Serves the document only to a request that carries the consent cookie set by the wall's script. */
function consentOnly(request: IncomingMessage, response: ServerResponse, html: string): void {
  if (!/consent=yes/.test(request.headers.cookie ?? ''))
    return void response.writeHead(403, { 'content-type': 'text/html' }).end('Consent needed');
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

/**
 * A page that allocates 2 GiB of ArrayBuffers, 64 MiB every 50 ms, writing every byte so the
 * memory is resident (issue 24: Chromium reached 2.9 GB RSS on such a page; V8's heap cap leaves
 * ArrayBuffers out). Each step also changes the DOM, so the page does not settle while it grows.
 */
export const MEMORY_HOG_HTML = `<!doctype html><html lang="en"><head><title>Terms of Service</title></head><body>
<h1>Terms of Service</h1><p id="steps">0</p><script>
  const kept = [];
  const grow = setInterval(() => {
    const buffer = new Uint8Array(64 * 1024 * 1024);
    buffer.fill(1);
    kept.push(buffer);
    document.getElementById('steps').textContent = String(kept.length);
    if (kept.length >= 32) clearInterval(grow);
  }, 50);
</script></body></html>`;

/** A page framing one document of each of `origins` (40 sites started 42 renderer processes, issue 24) and one of its own site. */
export function framesPageHtml(origins: readonly string[]): string {
  const frames = origins.map((origin) => `<iframe src="${origin}/frame"></iframe>`).join('');
  return `<!doctype html><html lang="en"><head><title>Frames</title></head><body><h1>Frames</h1><iframe src="/own-frame"></iframe>${frames}</body></html>`;
}
