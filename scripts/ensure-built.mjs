// `npm start` runs compiled code; this builds it first when it is missing or older than its
// sources, so `npm install && npm start` works on a fresh clone and after a `git pull`.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUTS = ['packages/contracts/dist', 'packages/analysis/dist', 'apps/server/dist', 'apps/web/dist/index.html'];
const SOURCES = [
  'packages/contracts/src',
  'packages/analysis/src',
  'apps/server/src',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const missing = OUTPUTS.filter((output) => !existsSync(join(root, output)));
const built = Math.min(...OUTPUTS.map((output) => (existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0)));
const changed = Math.max(...SOURCES.map((source) => newest(join(root, source))));
if (missing.length > 0 || changed > built) {
  console.log(
    missing.length > 0
      ? 'start: no build yet, building first (about a minute)'
      : 'start: sources changed since the last build, building first',
  );
  const run = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
