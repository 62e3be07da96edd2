// Compiles contracts, analysis and the server to JavaScript (tsc, one dist/ per package) so that
// `npm start` runs plain Node: relative imports get the `.js` (or `/index.js`) Node's ESM loader
// needs, and the sandbox checkout's static files are copied beside the compiled routes.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const PACKAGES = ['packages/contracts', 'packages/analysis', 'apps/server'];

for (const pkg of PACKAGES) {
  const dir = join(root, pkg);
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const run = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`build: tsc failed in ${pkg}`);
    process.exit(run.status ?? 1);
  }
  let files = 0;
  for (const file of walk(join(dir, 'dist'))) if (file.endsWith('.js') || file.endsWith('.d.ts')) files += fixSpecifiers(file);
  console.log(`build: ${pkg}/dist (${files} files with rewritten imports)`);
}
cpSync(join(root, 'apps/server/src/modules/payments/sandbox'), join(root, 'apps/server/dist/modules/payments/sandbox'), {
  recursive: true,
});

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Gives every relative specifier of one compiled file the extension Node needs; returns 1 if it changed. */
function fixSpecifiers(file) {
  const source = readFileSync(file, 'utf8');
  const withExtensions = source.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g,
    (whole, lead, quote, specifier) => `${lead}${quote}${resolveSpecifier(dirname(file), specifier) ?? specifier}${quote}`,
  );
  if (withExtensions === source) return 0;
  writeFileSync(file, withExtensions);
  return 1;
}

function resolveSpecifier(from, specifier) {
  if (/\.(?:js|mjs|cjs|json)$/.test(specifier)) return undefined;
  const target = join(from, specifier);
  if (existsSync(`${target}.js`)) return `${specifier}.js`;
  if (existsSync(target) && statSync(target).isDirectory() && existsSync(join(target, 'index.js'))) return `${specifier}/index.js`;
  return undefined;
}
