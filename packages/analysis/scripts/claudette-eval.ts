/**
 * The terms readers on whole contracts of services they were never written from: each CLAUDETTE document
 * (../shared/corpus/claudette50_en.jsonl, 32 Terms of Service whose every sentence lawyers tagged) is rebuilt in
 * sentence order and analysed as Terms of Service. For the questions a CLAUDETTE category speaks to, an answer the
 * documents state must quote a sentence tagged with that category (any level, fair ones included), and a place it
 * names must be in such a sentence; "mandatory" arbitration needs a tagged arbitration clause. An answer without one is
 * counted as unsupported: a likely false assertion on unseen text. Documents of the 34 dev services are reported apart.
 *   tsx packages/analysis/scripts/claudette-eval.ts [--json] [--show]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeDocuments } from '../src/analyze';
import { SHARED, isDevService, namesPlace } from './eval-support';

const args = process.argv.slice(2);

/** The CLAUDETTE tag (without its level) whose sentences state each question's answer. */
const TAG_OF: Record<string, string> = {
  arbitration: 'a',
  courts: 'j',
  governing_law: 'law',
  liability_cap: 'ltd',
  terms_change_notice: 'ch',
  termination_without_notice: 'ter',
};
/** Answers a category's tags cannot check: lawyers tagged unilateral changes, not promises of notice. */
const UNCHECKED: Record<string, readonly string[]> = { terms_change_notice: ['notice', 'advance_notice'] };
/** The answers that state nothing ("not stated", or a closed question's default). */
const SAYS_NOTHING = new Set(['not_stated', 'none', 'none_stated']);

interface Sentence {
  doc: string;
  sentence: string;
  sid: number;
  raw_tags: string[];
}
const byDoc = new Map<string, Sentence[]>();
for (const line of readFileSync(join(SHARED, 'corpus/claudette50_en.jsonl'), 'utf8').split('\n').filter(Boolean)) {
  const s = JSON.parse(line) as Sentence;
  byDoc.set(s.doc, [...(byDoc.get(s.doc) ?? []), s]);
}
const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

type Outcome = 'supported' | 'unsupported' | 'unchecked' | 'silent' | 'missed';
interface Row {
  doc: string;
  dev: boolean;
  question: string;
  value: string;
  outcome: Outcome;
  quote: string;
}
const rows: Row[] = [];
for (const [doc, sentences] of byDoc) {
  sentences.sort((a, b) => a.sid - b.sid);
  const content = sentences.map((s) => s.sentence).join('\n\n');
  const result = await analyzeDocuments([{ type: 'terms', url: `file://claudette/${doc}`, mediaType: 'markdown', content }]);
  const sheet = result.factSheet as Record<string, { value: unknown; evidence?: Array<{ quote: string }> }>;
  for (const [question, tag] of Object.entries(TAG_OF)) {
    const answer = sheet[question];
    const value = String(answer?.value ?? 'not_stated');
    const tagged = sentences.filter((s) => s.raw_tags.some((t) => t.replace(/\d$/, '') === tag)).map((s) => normal(s.sentence));
    const quotes = (answer?.evidence ?? []).map((e) => e.quote);
    let outcome: Outcome;
    if (UNCHECKED[question]?.includes(value)) outcome = 'unchecked';
    else if (SAYS_NOTHING.has(value)) {
      // Arbitration imposed (a2/a3) that the answer does not see is a miss; other categories tag fair clauses too.
      const imposed = question === 'arbitration' && sentences.some((s) => s.raw_tags.some((t) => t === 'a2' || t === 'a3'));
      outcome = imposed ? 'missed' : 'silent';
    } else {
      const backed = quotes.some((q) => tagged.some((t) => t.includes(normal(q)) || normal(q).includes(t)));
      // A place must be named in a tagged sentence.
      const named = (question !== 'courts' && question !== 'governing_law') || namesPlace(value, tagged);
      outcome = backed && named ? 'supported' : 'unsupported';
    }
    rows.push({ doc, dev: isDevService(doc), question, value, outcome, quote: quotes[0] ?? '' });
  }
}

function tally(list: readonly Row[]) {
  const count = (o: Outcome) => list.filter((r) => r.outcome === o).length;
  return {
    answers: list.length,
    stated: list.length - count('silent') - count('missed'),
    unchecked: count('unchecked'),
    supported: count('supported'),
    unsupported: count('unsupported'),
    missed: count('missed'),
  };
}
const unseen = rows.filter((r) => !r.dev);
const summary = {
  unseenDocuments: new Set(unseen.map((r) => r.doc)).size,
  unseen: tally(unseen),
  dev: tally(rows.filter((r) => r.dev)),
  perQuestion: Object.fromEntries(Object.keys(TAG_OF).map((q) => [q, tally(unseen.filter((r) => r.question === q))])),
};
if (args.includes('--json')) process.stdout.write(`${JSON.stringify(summary)}\n`);
else {
  const line = (name: string, t: ReturnType<typeof tally>) =>
    `${name.padEnd(28)}${[t.answers, t.stated, t.unchecked, t.supported, t.unsupported, t.missed].map((n) => String(n).padStart(12)).join('')}\n`;
  let table = `CLAUDETTE contracts read whole (${summary.unseenDocuments} services outside the 34 dev services)\n`;
  table += `${''.padEnd(28)}${['answers', 'stated', 'unchecked', 'supported', 'unsupported', 'missed'].map((h) => h.padStart(12)).join('')}\n`;
  table += line('unseen services', summary.unseen) + line('dev services', summary.dev);
  for (const [q, t] of Object.entries(summary.perQuestion)) table += line(`  ${q}`, t);
  process.stdout.write(table);
}
if (args.includes('--show'))
  for (const r of [...unseen].sort((a, b) => a.outcome.localeCompare(b.outcome) * -1))
    if (r.outcome !== 'silent' && r.outcome !== 'unchecked')
      process.stdout.write(`\n[${r.outcome}] ${r.doc} ${r.question}=${r.value}\n  ${r.quote.slice(0, 400)}\n`);
