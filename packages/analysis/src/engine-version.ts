import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A hash of the engine's own code and knowledge as it runs: every source file of this package
 * (taxonomy, cues, fact readers, summaries, the model's weights), tests excluded. Any change to
 * what the engine answers changes it, so a cache keyed on it never serves an older engine's
 * answer after a deploy. Read once at start (about 1 MB).
 */
export function hashEngineSources(root = fileURLToPath(new URL('.', import.meta.url))): string {
  const hash = createHash('sha256');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(?:ts|js|mjs)$/.test(f) && !/\.test\.|\.d\.ts$/.test(f))
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(`${root}/${file}`))
      .update('\0');
  return hash.digest('hex').slice(0, 12);
}
