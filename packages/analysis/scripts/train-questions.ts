/**
 * Learns, for each of the 29 fact-sheet questions, which clauses speak to it: one linear model per question over each
 * clause's own features that the clause model weighs (so that one count of them serves both at run time:
 * facts/question-finder.ts), trained on the clauses of the 34 dev services that the gold answers quote
 * (../shared/factsheet/gold), privacy questions on the privacy policies, the others on the terms.
 *
 * Measured by the fixed folds of fact-folds.json (a service is never in train and test at once): for every held-out
 * service and question whose gold answer quotes its document, whether the model's best clause (hit@1) or one of its
 * three best (hit@3) is a quoted one; overall, per question, and where the readers answer "not stated" (what the page
 * offers there as "read these clauses"), against the clauses the readers themselves return there.
 * Usage: npm run train:questions [-- --write]   (--write: train on all 34 and write src/facts/question-finder.generated.ts)
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCORED_FACT_IDS, type ScoredFactId } from '@fineprint/contracts';
import { type FeatureCounts, sentenceFeatures } from '../src/classify/features';
import { type LinearModel, scoreFeatures } from '../src/classify/model';
import { MODEL as CLAUDETTE_MODEL } from '../src/classify/model-weights.generated';
import { extractDocument } from '../src/extract/extract';
import { readFacts } from '../src/facts/read-facts';
import { segmentClauses, type Clause } from '../src/segment/segment';
import { PRIVACY_QUESTIONS, SHARED } from './eval-support';
import { trainLinear } from './linear-svm';

/** As the clause model's, but weights under 0.3 dropped: the file is 0.36 MB instead of 0.88 MB at 0.1, hit@3 0.771 against 0.758. */
const OPTIONS = { c: 1, positiveWeight: 8, minDocumentFrequency: 2, minWeight: 0.3 };
const FOLDS = (JSON.parse(readFileSync(new URL('./fact-folds.json', import.meta.url), 'utf8')) as { folds: Record<string, string[]> })
  .folds;
type DocumentType = 'terms' | 'privacy';
const FILES: Record<DocumentType, string> = { terms: 'Terms of Service.md', privacy: 'Privacy Policy.md' };
const questionsOf = (type: DocumentType): ScoredFactId[] =>
  SCORED_FACT_IDS.filter((q) => PRIVACY_QUESTIONS.has(q) === (type === 'privacy'));

interface Row {
  service: string;
  type: DocumentType;
  clause: Clause;
  counts: FeatureCounts;
  /** The questions whose gold answer quotes this clause. */
  quotedFor: Set<string>;
}

/** Lower case, letters and digits: how quotes and clauses are compared. */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
/** A gold quote is this clause's when one holds the other, or they share a run of eight words. */
function quotes(quote: string, clause: string): boolean {
  const [q, c] = [plain(quote), plain(clause)];
  if (q.length >= 20 && c.includes(q)) return true;
  if (c.length >= 30 && q.includes(c)) return true;
  const words = q.split(' ');
  for (let i = 0; i + 8 <= words.length; i++) if (c.includes(words.slice(i, i + 8).join(' '))) return true;
  return false;
}

const OTA = join(SHARED, 'corpus/ota');
const GOLD = join(SHARED, 'factsheet/gold');
const services = readdirSync(OTA)
  .filter((s) => existsSync(join(OTA, s, FILES.terms)) && existsSync(join(GOLD, `${s}.json`)))
  .sort();
const rows: Row[] = [];
/** What the readers answer per service (for the "not stated" part of the measure). */
const readerAnswers = new Map<string, ReturnType<typeof readFacts>>();
/** Per service and question, whether its gold answer quotes its own document (the questions measured). */
const measured = new Map<string, Set<string>>();
for (const service of services) {
  const gold = JSON.parse(readFileSync(join(GOLD, `${service}.json`), 'utf8')) as {
    answers: Record<string, { value: unknown; quotes?: Array<{ document: string; text: string }> }>;
  };
  const documents = (['terms', 'privacy'] as const).map((type) => ({
    type,
    url: `file://${service}/${FILES[type]}`,
    clauses: segmentClauses(extractDocument(readFileSync(join(OTA, service, FILES[type]), 'utf8'), 'markdown').blocks),
  }));
  readerAnswers.set(service, readFacts(documents));
  const asked = new Set<string>();
  for (const { type, clauses } of documents) {
    for (const clause of clauses) {
      const quotedFor = new Set(
        questionsOf(type).filter((q) =>
          (gold.answers[q]?.quotes ?? []).some((quote) => quote.document === type && quotes(quote.text, clause.text)),
        ),
      );
      for (const q of quotedFor) asked.add(q);
      // The clause's own features that the clause model weighs: one count of them serves both models (classify/model.ts).
      const counts = sentenceFeatures(clause.text);
      for (const f of counts.keys()) if (!(f in CLAUDETTE_MODEL.idf)) counts.delete(f);
      rows.push({ service, type, clause, counts, quotedFor });
    }
  }
  measured.set(service, asked);
}

function train(data: readonly Row[], type: DocumentType): LinearModel {
  const own = data.filter((r) => r.type === type);
  return trainLinear(own, questionsOf(type), (i, q) => own[i]!.quotedFor.has(q), OPTIONS);
}

interface Tally {
  asked: number;
  hit1: number;
  hit3: number;
}
const tally = (): Tally => ({ asked: 0, hit1: 0, hit3: 0 });
const overall = tally();
const notStated = { ...tally(), readers: 0 };
const perQuestion = new Map<string, Tally>();
/** The clauses shown where the readers say "not stated": at most this many, above a margin. */
const SHOWN = 2;
const unanswered: Array<{ stated: boolean; ranked: Array<{ hit: boolean; m: number }> }> = [];
const perFold: Record<string, Tally> = {};
for (const [fold, held] of Object.entries(FOLDS)) {
  const training = rows.filter((r) => !held.includes(r.service));
  const models = { terms: train(training, 'terms'), privacy: train(training, 'privacy') };
  perFold[fold] = tally();
  for (const service of held) {
    for (const type of ['terms', 'privacy'] as const) {
      const own = rows.filter((r) => r.service === service && r.type === type);
      const margins = own.map((r) => scoreFeatures(r.counts, models[type]) as Record<string, number>);
      for (const q of questionsOf(type)) {
        const answer = readerAnswers.get(service)![q];
        if (answer.value === 'not_stated') {
          const ranked = own.map((r, i) => ({ hit: r.quotedFor.has(q), m: margins[i]![q]! })).sort((a, b) => b.m - a.m);
          unanswered.push({ stated: measured.get(service)!.has(q), ranked: ranked.slice(0, SHOWN) });
        }
        if (!measured.get(service)!.has(q)) continue;
        const ranked = own.map((r, i) => ({ r, m: margins[i]![q]! })).sort((a, b) => b.m - a.m);
        const hit1 = ranked[0]!.r.quotedFor.has(q);
        const hit3 = ranked.slice(0, 3).some((x) => x.r.quotedFor.has(q));
        const t = perQuestion.get(q) ?? tally();
        perQuestion.set(q, t);
        for (const each of [overall, t, perFold[fold]!]) {
          each.asked++;
          each.hit1 += Number(hit1);
          each.hit3 += Number(hit3);
        }
        if (answer.value === 'not_stated') {
          notStated.asked++;
          notStated.hit1 += Number(hit1);
          notStated.hit3 += Number(hit3);
          // What the readers offer there: their related clauses.
          notStated.readers += Number(
            (answer.related ?? []).some((e) => own.some((r) => r.quotedFor.has(q) && quotes(e.quote, r.clause.text))),
          );
        }
      }
    }
  }
}
const THRESHOLDS = [-0.75, -0.5, -0.25, 0];
const rate = (n: number, d: number) => Math.round((n / (d || 1)) * 1000) / 1000;
const show = (t: Tally) => ({ asked: t.asked, hit1: rate(t.hit1, t.asked), hit3: rate(t.hit3, t.asked) });
console.log(
  JSON.stringify(
    {
      services: services.length,
      overall: show(overall),
      perFold: Object.fromEntries(Object.entries(perFold).map(([f, t]) => [f, show(t)])),
      readersNotStated: { ...show(notStated), readersRelatedHit: rate(notStated.readers, notStated.asked) },
      // Per margin threshold, where the readers say "not stated": how often a shown clause is a gold one where the gold
      // answer states it, and how many clauses are shown there and where the gold answer does not state it either.
      shownWhereNotStated: Object.fromEntries(
        THRESHOLDS.map((t) => {
          const shown = (u: (typeof unanswered)[number]) => u.ranked.filter((x) => x.m > t);
          const stated = unanswered.filter((u) => u.stated);
          const silent = unanswered.filter((u) => !u.stated);
          return [
            t,
            {
              goldStatedHit: rate(stated.filter((u) => shown(u).some((x) => x.hit)).length, stated.length),
              shownPerGoldStated: rate(
                stated.reduce((n, u) => n + shown(u).length, 0),
                stated.length,
              ),
              shownPerGoldSilent: rate(
                silent.reduce((n, u) => n + shown(u).length, 0),
                silent.length,
              ),
              silent: silent.length,
            },
          ];
        }),
      ),
      perQuestion: Object.fromEntries([...perQuestion].map(([q, t]) => [q, show(t)])),
    },
    null,
    1,
  ),
);

if (process.argv.includes('--write')) {
  const models = { terms: train(rows, 'terms'), privacy: train(rows, 'privacy') };
  const out = fileURLToPath(new URL('../src/facts/question-finder.generated.ts', import.meta.url));
  writeFileSync(
    out,
    `// GENERATED by packages/analysis/scripts/train-questions.ts from the gold answers of ../shared/factsheet/gold.\n` +
      `// Do not edit: regenerate with \`npm run train:questions -- --write\`. Holds learned weights only, no corpus text.\n` +
      `/* eslint-disable */\nimport type { LinearModel } from '../classify/model';\n` +
      `export const QUESTION_MODELS: Record<'terms' | 'privacy', LinearModel> = ${JSON.stringify(models)};\n`,
  );
  console.log(JSON.stringify({ wrote: out }));
}
