/**
 * Benchmark of the built-in analyzer on the development corpus (no network): for each OTA
 * service, the median time to analyse its Terms + Privacy Policy from text (extract →
 * summary) against, as baseline in the same run, the time to merely extract (parse) the same
 * input. Prints one JSON line per pair, then a summary line with medianPairMs,
 * baselineParseMs, ratio, sentences per second and peakRssMb.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeDocuments, extractDocument, segmentClauses } from '@fineprint/analysis';
import { median } from './stats';

const OTA = fileURLToPath(new URL('../../shared/corpus/ota', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
if (!existsSync(OTA)) {
  console.error(`corpus not found at ${OTA}`);
  process.exit(1);
}

const round = (x: number) => Math.round(x * 100) / 100;

let peakRss = process.memoryUsage().rss;
const samplePeak = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const pairMedians: number[] = [];
const parseMedians: number[] = [];
let totalSentences = 0;
let totalAnalyseMs = 0;

for (const service of readdirSync(OTA)
  .filter((s) => existsSync(`${OTA}/${s}/Terms of Service.md`))
  .sort()) {
  const terms = readFileSync(`${OTA}/${service}/Terms of Service.md`, 'utf8');
  const privacy = readFileSync(`${OTA}/${service}/Privacy Policy.md`, 'utf8');
  const inputs = [
    { type: 'terms' as const, url: 'terms', mediaType: 'markdown' as const, content: terms },
    { type: 'privacy' as const, url: 'privacy', mediaType: 'markdown' as const, content: privacy },
  ];
  const sentences =
    segmentClauses(extractDocument(terms, 'markdown').blocks).length + segmentClauses(extractDocument(privacy, 'markdown').blocks).length;
  await analyzeDocuments(inputs); // warm-up
  const analyseTimes: number[] = [];
  const parseTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    extractDocument(terms, 'markdown');
    extractDocument(privacy, 'markdown');
    parseTimes.push(performance.now() - t);
    t = performance.now();
    await analyzeDocuments(inputs);
    analyseTimes.push(performance.now() - t);
    samplePeak();
  }
  const pairMs = median(analyseTimes);
  const parseMs = median(parseTimes);
  pairMedians.push(pairMs);
  parseMedians.push(parseMs);
  totalSentences += sentences;
  totalAnalyseMs += pairMs;
  console.log(
    JSON.stringify({
      service,
      medianMs: round(pairMs),
      parseMs: round(parseMs),
      ratio: round(pairMs / parseMs),
      sentences,
      sentencesPerSecond: Math.round((sentences / pairMs) * 1000),
    }),
  );
}

const medianPairMs = median(pairMedians);
const baselineParseMs = median(parseMedians);
console.log(
  JSON.stringify({
    pairs: pairMedians.length,
    runs: RUNS,
    medianPairMs: round(medianPairMs),
    baselineParseMs: round(baselineParseMs),
    ratioToParse: round(medianPairMs / baselineParseMs),
    sentencesPerSecond: Math.round((totalSentences / totalAnalyseMs) * 1000),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  }),
);
