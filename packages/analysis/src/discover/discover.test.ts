import diagnostics from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSite } from '../analyze';
import type { FetchOptions } from '../fetch/guarded-fetch';
import { discoverLegalDocuments } from './discover';

// Every site below is a made-up host name that the stub resolver maps to one loopback server,
// which answers by Host header and path; www.apex.example does not resolve at all.
const filler = (topic: string) =>
  `<p>${`This ${topic} explains the rules that apply when you use the service and its apps. `.repeat(25)}</p>`;
const page = (title: string, body = filler(title)) =>
  `<html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
const TERMS = page('Terms of Service');
const PRIVACY = page('Privacy Policy');

const SITES: Record<string, Record<string, string | Buffer>> = {
  'rel.example': {
    '/': `<html><head><link rel="terms-of-service" href="/a"><link rel="privacy-policy" href="/b"></head><body><p>Home</p></body></html>`,
    '/a': page('Agreement', filler('agreement')),
    '/b': page('Your data', filler('notice')),
  },
  'fr.example': {
    '/': `<html><body><footer><a href="/p/1">Conditions générales d'utilisation</a> <a href="/p/2">Politique de confidentialité</a></footer></body></html>`,
    '/p/1': page("Conditions générales d'utilisation", filler('document')),
    '/p/2': page('Politique de confidentialité', filler('document')),
  },
  'hub.example': {
    '/': `<html><body><footer><a href="/about">About</a> <a href="/legal">Legal</a></footer></body></html>`,
    '/legal': `<html><body><ul><li><a href="/legal/tos">Terms of Service</a></li><li><a href="/legal/data">Privacy Notice</a></li></ul></body></html>`,
    '/legal/tos': TERMS,
    '/legal/data': PRIVACY,
  },
  'known.example': { '/': '<html><body><p>Welcome</p></body></html>', '/terms': TERMS, '/privacy-policy': PRIVACY },
  'map.example': {
    '/': '<html><body><p>Welcome</p></body></html>',
    '/sitemap.xml':
      '<urlset><url><loc>http://map.example:PORT/docs/user-agreement</loc></url><url><loc>http://map.example:PORT/docs/privacy-2024</loc></url></urlset>',
    '/docs/user-agreement': TERMS,
    '/docs/privacy-2024': PRIVACY,
  },
  'both.example': {
    '/': `<html><body><footer><a href="/legal/terms-and-privacy">Terms &amp; Privacy</a></footer></body></html>`,
    '/legal/terms-and-privacy': page('Terms and Privacy Policy'),
  },
  'pdf.example': {
    '/': `<html><body><footer><a href="/terms">Terms of Use</a> <a href="/files/privacy-policy.pdf">Privacy Policy (PDF)</a></footer></body></html>`,
    '/terms': TERMS,
    '/files/privacy-policy.pdf': minimalPdf([
      'Privacy Policy',
      'We sell your personal information to advertisers and data brokers.',
      'We retain your personal data for 5 years after you close your account.',
      ...Array.from({ length: 30 }, () => 'This policy explains how we process the information you give us when you use the site.'),
    ]),
  },
  'hostile.example': {
    '/': `<html><head><base href="http://10.0.0.1/"><link rel="canonical" href="http://169.254.169.254/latest/meta-data">
      <meta http-equiv="refresh" content="0;url=http://127.0.0.1:22/"><link rel="terms-of-service" href="http://[::1]/terms"></head>
      <body><a href="javascript:fetch('/terms')">Terms of Service</a> <a href="terms">Terms</a> <a href="http://192.168.1.1/privacy">Privacy Policy</a>
      <a href="//127.0.0.1/privacy">Privacy</a> <a href="/legal">Legal</a></body></html>`,
  },
  'a.github.io': {
    '/': `<html><body><footer><a href="http://b.github.io:PORT/terms">Terms of Service</a> <a href="/privacy">Privacy Policy</a></footer></body></html>`,
    '/privacy': PRIVACY,
  },
  'b.github.io': { '/terms': TERMS },
  'shop.example.co.uk': {
    '/': `<html><body><footer><a href="http://www.example.co.uk:PORT/legal/terms">Terms of Service</a></footer></body></html>`,
  },
  'www.example.co.uk': { '/legal/terms': TERMS },
  'escape.example': {
    '/%': `<html><body><p>Welcome</p><footer><a href="/%">Terms</a> <a href="/privacy%zz">Privacy</a></footer></body></html>`,
    '/terms': TERMS,
  },
  'anchors.example': {
    '/': `<html><body><footer><a href="/legal#terms-of-service">Terms of Service</a> <a href="/legal#privacy-policy">Privacy Policy</a></footer></body></html>`,
    '/legal': page('Terms of Service and Privacy Policy'),
  },
  'apex.example': {
    '/': `<html><body><footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>`,
    '/terms': TERMS,
    '/privacy': PRIVACY,
  },
};

let server: Server;
let port = 0;
let options: FetchOptions;
const served: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    served.push(`${host}${req.url}`);
    if (req.url === '/hang') return; // never answers
    const body = SITES[host]?.[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    const type = Buffer.isBuffer(body) ? 'application/pdf' : req.url?.endsWith('.xml') ? 'application/xml' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(Buffer.isBuffer(body) ? body : body.replaceAll('PORT', String(port)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  options = {
    allowlist: [...Object.keys(SITES), 'www.apex.example'].map((host) => `${host}:${port}`),
    resolve: async (host) => {
      if (!(host in SITES)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return [{ address: '127.0.0.1', family: 4 }];
    },
  };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function discovered(host: string, path = '/'): Promise<Record<string, string>> {
  const documents = await discoverLegalDocuments(new URL(`http://${host}:${port}${path}`), options);
  return Object.fromEntries(documents.map((d) => [d.type, new URL(d.url).pathname]));
}

describe('discoverLegalDocuments', () => {
  it('follows rel="terms-of-service" and rel="privacy-policy" links', async () => {
    expect(await discovered('rel.example')).toEqual({ terms: '/a', privacy: '/b' });
  });

  it('reads link text in French', async () => {
    expect(await discovered('fr.example')).toEqual({ terms: '/p/1', privacy: '/p/2' });
  });

  it('opens one "Legal" hub page', async () => {
    expect(await discovered('hub.example')).toEqual({ terms: '/legal/tos', privacy: '/legal/data' });
  });

  it('tries the well-known paths when the page has no links', async () => {
    expect(await discovered('known.example')).toEqual({ terms: '/terms', privacy: '/privacy-policy' });
  });

  it('reads the sitemap last', async () => {
    served.length = 0;
    expect(await discovered('map.example')).toEqual({ terms: '/docs/user-agreement', privacy: '/docs/privacy-2024' });
    expect(served).toContain('map.example/sitemap.xml');
    expect(served.length).toBeLessThanOrEqual(10);
  });

  it('takes one combined "Terms & Privacy" page for both documents', async () => {
    expect(await discovered('both.example')).toEqual({ terms: '/legal/terms-and-privacy', privacy: '/legal/terms-and-privacy' });
  });

  it('keeps the fragment of the link it followed, so a page holding both documents gives each its part', async () => {
    const documents = await discoverLegalDocuments(new URL(`http://anchors.example:${port}/`), options);
    expect(Object.fromEntries(documents.map((d) => [d.type, d.url]))).toEqual({
      terms: `http://anchors.example:${port}/legal#terms-of-service`,
      privacy: `http://anchors.example:${port}/legal#privacy-policy`,
    });
  });

  it('falls back from a www name that does not resolve to the apex', async () => {
    const documents = await discoverLegalDocuments(new URL(`http://www.apex.example:${port}/`), options);
    expect(documents.map((d) => d.url)).toEqual([`http://apex.example:${port}/terms`, `http://apex.example:${port}/privacy`]);
  });

  it('takes sites from the Public Suffix List: two github.io pages are two sites, example.co.uk is one', async () => {
    served.length = 0;
    expect(await discovered('a.github.io')).toEqual({ privacy: '/privacy' });
    expect(served.some((url) => url.startsWith('b.github.io'))).toBe(false);
    expect(await discovered('shop.example.co.uk')).toEqual({ terms: '/legal/terms' });
  });

  it('reads pages and links whose paths hold broken % escapes', async () => {
    expect(await discovered('escape.example', '/%')).toEqual({ terms: '/terms' });
  });

  it('asks an IP address that times out once, not again under another name', async () => {
    served.length = 0;
    const ipOptions = { ...options, totalTimeoutMs: 300, allowlist: [...(options.allowlist ?? []), `127.0.0.1:${port}`] };
    await expect(discoverLegalDocuments(new URL(`http://127.0.0.1:${port}/hang`), ipOptions)).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(served).toEqual([`127.0.0.1/hang`]);
  });

  it('keeps every link of a hostile page behind the guard, within the request budget (SECURITY A.11)', async () => {
    served.length = 0;
    const remotes: string[] = [];
    const onConnected = (message: unknown) => remotes.push(String((message as { socket: Socket }).socket.remoteAddress));
    diagnostics.subscribe('undici:client:connected', onConnected);
    try {
      await expect(discoverLegalDocuments(new URL(`http://hostile.example:${port}/`), options)).rejects.toMatchObject({
        code: 'NO_DOCUMENTS',
      });
    } finally {
      diagnostics.unsubscribe('undici:client:connected', onConnected);
    }
    // Only the page's own site was read (its usual addresses and sitemap), nothing it pointed at.
    expect(new Set(remotes)).toEqual(new Set(['127.0.0.1']));
    expect(served.every((url) => url.startsWith('hostile.example/'))).toBe(true);
    expect(served.length).toBeLessThanOrEqual(10);
  });

  it('finds a policy served as PDF and analyses its text', async () => {
    expect(await discovered('pdf.example')).toEqual({ terms: '/terms', privacy: '/files/privacy-policy.pdf' });
    const result = await analyzeSite(`http://pdf.example:${port}/`, options);
    const privacy = result.details.privacyConcerns.filter((item) => item.evidence[0]!.document === 'privacy');
    expect(privacy.map((item) => item.evidence[0]!.quote).join(' ')).toMatch(/sell your personal information to advertisers/);
  });
});

/** A one-page PDF (Helvetica, one line of text per entry), enough for pdf.js to extract. */
function minimalPdf(lines: readonly string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 9 Tf 11 TL 40 800 Td ${lines.map((l) => `(${escape(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
