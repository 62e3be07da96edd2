/**
 * Fact-sheet accuracy on the development services: analyses the Terms and Privacy Policy of each
 * service of ../shared/corpus/ota, writes <out>/<Service>.json (the CLI's --json) and scores them
 * with ../shared/factsheet/factsheet.mjs against the gold fact sheets: all services, then each fixed
 * fold of `fact-folds.json` and the 15 services the readers were first written from against the
 * others, with accuracy per question per fold (issue 21: a change is judged on the folds it was not
 * written from). `--json` prints the whole table as one JSON object.
 *
 * `--unseen` does the same for the 32 services of ../shared/corpus/html (Open Terms Archive pages of
 * services outside the dev set, both documents) against `unseen-gold/`: reviewers' answers, values
 * and detail fields only (their quotes stay outside the repository), by the fixed halves of
 * `unseen-halves.json`.
 *   tsx packages/analysis/scripts/facts-eval.ts [out dir] [--json] [--unseen]
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeDocuments } from '../src/analyze';

const SHARED = fileURLToPath(new URL('../../../../shared/', import.meta.url));
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const unseen = args.includes('--unseen');
const CORPUS = join(SHARED, unseen ? 'corpus/html' : 'corpus/ota');
const GOLD = unseen ? fileURLToPath(new URL('./unseen-gold/', import.meta.url)) : join(SHARED, 'factsheet/gold');
const out = args.find((arg) => !arg.startsWith('--')) ?? mkdtempSync(join(tmpdir(), 'fineprint-facts-'));
mkdirSync(out, { recursive: true });
const goldServices = readdirSync(GOLD)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
for (const service of readdirSync(CORPUS, { withFileTypes: true }).filter((d) => d.isDirectory() && goldServices.includes(d.name))) {
  const dir = join(CORPUS, service.name);
  const inputs = (['terms', 'privacy'] as const).map((type) => {
    const file = type === 'terms' ? 'Terms of Service.md' : 'Privacy Policy.md';
    return { type, url: `file://${service.name}/${file}`, mediaType: 'markdown' as const, content: readFileSync(join(dir, file), 'utf8') };
  });
  const result = await analyzeDocuments(inputs);
  writeFileSync(join(out, `${service.name}.json`), JSON.stringify(result, null, 2));
}
process.stderr.write(`answers in ${out}\n`);

interface Score {
  services: number;
  accuracy: number;
  asserted: number;
  falseAssertions: number;
  falseAssertionRate: number;
  detailAccuracy: number;
  perQuestion: Array<{ id: string; accuracy: number | null; falseAssertions: number }>;
}

/** The scorer's JSON over the gold of `services` only (it scores every gold file of the folder it is given). */
function scoreOf(services: readonly string[]): Score {
  const gold = mkdtempSync(join(tmpdir(), 'fineprint-gold-'));
  for (const service of services) copyFileSync(join(GOLD, `${service}.json`), join(gold, `${service}.json`));
  const output = execFileSync(process.execPath, [join(SHARED, 'factsheet/factsheet.mjs'), 'score', gold, out, '--json'], {
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').pop()!) as Score;
}

function groupsOf(): Record<string, readonly string[]> {
  if (unseen) {
    const { halves } = JSON.parse(readFileSync(new URL('./unseen-halves.json', import.meta.url), 'utf8')) as {
      halves: Record<string, string[]>;
    };
    return { all: goldServices, ...halves };
  }
  const folds = JSON.parse(readFileSync(new URL('./fact-folds.json', import.meta.url), 'utf8')) as {
    folds: Record<string, string[]>;
    writtenFrom: string[];
  };
  return {
    all: goldServices,
    ...folds.folds,
    'first 15': folds.writtenFrom,
    'other 19': goldServices.filter((s) => !folds.writtenFrom.includes(s)),
  };
}
const groups = groupsOf();
const scores = Object.fromEntries(Object.entries(groups).map(([name, services]) => [name, scoreOf(services)]));
if (asJson) {
  process.stdout.write(`${JSON.stringify(scores)}\n`);
} else {
  const names = Object.keys(scores);
  const cell = (text: string) => text.padStart(10);
  const row = (label: string, cells: string[]) => `${label.padEnd(28)}${cells.map(cell).join('')}\n`;
  let table = row('', names);
  table += row(
    'services',
    names.map((n) => String(scores[n]!.services)),
  );
  table += row(
    'accuracy',
    names.map((n) => scores[n]!.accuracy.toFixed(3)),
  );
  table += row(
    'false / stated',
    names.map((n) => `${scores[n]!.falseAssertions}/${scores[n]!.asserted}`),
  );
  table += row(
    'false rate',
    names.map((n) => `${(scores[n]!.falseAssertionRate * 100).toFixed(1)}%`),
  );
  table += row(
    'details',
    names.map((n) => scores[n]!.detailAccuracy.toFixed(3)),
  );
  table += '\naccuracy (false assertions) per question\n';
  for (const { id } of scores.all!.perQuestion)
    table += row(
      id,
      names.map((n) => {
        const q = scores[n]!.perQuestion.find((p) => p.id === id)!;
        return `${q.accuracy?.toFixed(2) ?? '-'} (${q.falseAssertions})`;
      }),
    );
  process.stdout.write(table);
}
