import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A path in `../shared` (beside the project), where the corpus and the fact-sheet gold live. */
export const sharedPath = (relative: string) => fileURLToPath(new URL(`../../../../shared/${relative}`, import.meta.url));

/**
 * Whether a test that reads `../shared` can run: true when the path exists; when it does not,
 * false on a laptop (the test is left out) and an error under CI=true, where every leg is mandatory.
 */
export function hasShared(path: string): boolean {
  if (existsSync(path)) return true;
  if (process.env.CI === 'true') throw new Error(`${path} is missing: ../shared must sit beside the project in CI`);
  return false;
}
