import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

const server = 'http://localhost:3000';
/** Files worth compressing (index.html is compressed by the server, which fills it in per route). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|ico|map)$/;

/** Writes a brotli (.br) and a gzip (.gz) twin of every compressible asset, for @fastify/static's preCompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fineprint-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 512) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Writes the first screen into the built index.html (issue 22 item 5): the header and the
 * address form rendered by the app's own components (`src/prerender.tsx`, loaded through a
 * throwaway Vite SSR server) inside #root, and the stylesheet inlined, so the first paint needs
 * only the HTML. The app's `createRoot` replaces the markup with the same markup.
 */
function prerenderShell(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'fineprint-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async closeBundle() {
      const ssr = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        plugins: [react()],
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        ssr: { noExternal: ['@fineprint/contracts'] },
      });
      try {
        const { renderHomeShell } = (await ssr.ssrLoadModule('/src/prerender.tsx')) as { renderHomeShell: () => string };
        const file = join(root, outDir, 'index.html');
        let html = readFileSync(file, 'utf8');
        if (!html.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
        html = html.replace('<div id="root"></div>', () => `<div id="root">${renderHomeShell()}</div>`);
        html = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, css: string) => {
          const content = readFileSync(join(root, outDir, css), 'utf8');
          return `<style>${content}</style>`;
        });
        writeFileSync(file, html);
      } finally {
        await ssr.close();
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), prerenderShell()],
  server: { port: 5173, proxy: { '/api': server, '/sandbox': server } },
  build: { outDir: 'dist', emptyOutDir: true },
});
