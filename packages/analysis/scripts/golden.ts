/**
 * Regenerates packages/analysis/test/golden/<slug>/expected.json from each case's terms.md and
 * privacy.md. Review the diff like code: it is what the analyzer now says about these texts.
 *   npm run golden
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN_DIR, goldenOutput, goldenSlugs } from '../src/golden';

for (const slug of goldenSlugs()) {
  writeFileSync(join(GOLDEN_DIR, slug, 'expected.json'), `${JSON.stringify(await goldenOutput(slug), null, 2)}\n`);
  process.stdout.write(`wrote ${slug}/expected.json\n`);
}
