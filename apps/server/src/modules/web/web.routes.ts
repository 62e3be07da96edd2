import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { PAGE_TITLES, WEB_ROUTES, type WebRoute } from '@fineprint/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite's hashed file names: safe to keep for a year. */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}(\.[a-z0-9]+)+$/;
const ONE_YEAR = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400';

interface Page {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Serves the built SPA: each of its routes as index.html with that screen's title, the
 * support address and the days site documents' versions are kept (the privacy page says them)
 * written in (revalidated on every visit), the hashed assets precompressed
 * (brotli, gzip) and immutable for a year, robots.txt and sitemap.xml, and every unknown
 * path as the app's error page with HTTP 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDist: string; supportEmail: string; documentHistoryDays: number },
): Promise<void> {
  const indexPath = join(options.webDist, 'index.html');
  if (!existsSync(indexPath)) {
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({ error: request.url.startsWith('/api/') ? 'Not found.' : 'The web app is not built yet: run npm run build.' }),
    );
    return;
  }
  const template = readFileSync(indexPath, 'utf8')
    .replaceAll('%SUPPORT_EMAIL%', escapeHtml(options.supportEmail))
    .replaceAll('%DOCUMENT_HISTORY_DAYS%', String(options.documentHistoryDays));
  // The build pre-renders the first screen into #root (apps/web/src/prerender.tsx): `/` keeps it
  // whole; a permalink (`/?r=`) keeps it without the footer (the result's skeleton comes first, and
  // the footer must not paint above it); the other screens keep the header only (their own screen
  // and the footer paint once the app runs); the error page, which has no header, keeps nothing.
  const pageTitled = (title: string, keep: 'home' | 'permalink' | 'frame' | 'nothing'): Page => {
    let html = template.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    if (keep !== 'home') html = html.replace(/<!--fp-footer-->[\s\S]*?<!--\/fp-footer-->/, '');
    if (keep !== 'home' && keep !== 'permalink') html = html.replace(/<!--fp-home-->[\s\S]*?<!--\/fp-home-->/, '');
    if (keep === 'nothing') html = html.replace(/<!--fp-shell-->[\s\S]*?<!--\/fp-shell-->/, '');
    const raw = Buffer.from(html);
    return { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw, { level: 9 }) };
  };
  const pages = new Map<string, Page>(WEB_ROUTES.map((route) => [route, pageTitled(PAGE_TITLES[route], route === '/' ? 'home' : 'frame')]));
  const notFound = pageTitled(PAGE_TITLES.notFound, 'nothing');
  const permalink = pageTitled(PAGE_TITLES['/'], 'permalink');
  /** The page of a route, `/` with an `r` query (a permalink) being its own. */
  const pageOf = (route: string, request: FastifyRequest) =>
    route === '/' && new URLSearchParams(request.url.split('?')[1]?.split('#')[0] ?? '').has('r') ? permalink : pages.get(route);

  await app.register(fastifyStatic, {
    root: options.webDist,
    index: false,
    wildcard: false,
    serveDotFiles: false,
    preCompressed: true,
    // index.html is a template: only the routes below serve it, filled in.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (response, path) => {
      void response.header('cache-control', HASHED_ASSET.test(path.replaceAll('\\', '/')) ? ONE_YEAR : ONE_DAY);
    },
  });
  for (const route of WEB_ROUTES) {
    app.get(route, async (request, reply) => sendPage(request, reply, pageOf(route, request)!, 200));
  }
  app.get('/robots.txt', async (request, reply) => {
    const origin = siteOrigin(request);
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /subscription/', 'Disallow: /sandbox/', 'Disallow: /compare'];
    if (origin) lines.push(`Sitemap: ${origin}/sitemap.xml`);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', ONE_DAY)
      .send(`${lines.join('\n')}\n`);
  });
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = siteOrigin(request) ?? '';
    const urls = (['/', '/tos', '/privacy-policy'] satisfies WebRoute[]).map((route) => `  <url><loc>${origin}${route}</loc></url>`);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', ONE_DAY)
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/')) {
      // The SPA's routes with a trailing slash are still those routes; anything else is its error page, with 404.
      const path = request.url.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
      const page = pageOf(path, request);
      return sendPage(request, reply, page ?? notFound, page ? 200 : 404);
    }
    return reply.code(404).send({ error: 'Not found.' });
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  void reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw);
}

/** This site's origin as the request names it, only when the host is a plain host name or address (never echoed otherwise). */
function siteOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return undefined;
  return `${request.protocol}://${host.toLowerCase()}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
