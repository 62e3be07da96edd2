import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: { port: 5173, proxy: { '/api': server, '/sandbox': server } },
  build: { outDir: 'dist', emptyOutDir: true },
});
