/**
 * Fact-sheet accuracy on the development services: analyses the Terms and Privacy Policy of each
 * service of ../shared/corpus/ota, writes <out>/<Service>.json (the CLI's --json) and scores them
 * with ../shared/factsheet/factsheet.mjs against the gold fact sheets.
 *   tsx packages/analysis/scripts/facts-eval.ts [out dir]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeDocuments } from '../src/analyze';

const SHARED = fileURLToPath(new URL('../../../../shared/', import.meta.url));
const OTA = join(SHARED, 'corpus/ota');
const out = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'fineprint-facts-'));
mkdirSync(out, { recursive: true });
for (const service of readdirSync(OTA, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  const dir = join(OTA, service.name);
  const inputs = (['terms', 'privacy'] as const).map((type) => {
    const file = type === 'terms' ? 'Terms of Service.md' : 'Privacy Policy.md';
    return { type, url: `file://${service.name}/${file}`, mediaType: 'markdown' as const, content: readFileSync(join(dir, file), 'utf8') };
  });
  const result = await analyzeDocuments(inputs);
  writeFileSync(join(out, `${service.name}.json`), JSON.stringify(result, null, 2));
}
process.stderr.write(`answers in ${out}\n`);
process.stdout.write(
  execFileSync(process.execPath, [join(SHARED, 'factsheet/factsheet.mjs'), 'score', join(SHARED, 'factsheet/gold'), out], {
    encoding: 'utf8',
  }),
);
