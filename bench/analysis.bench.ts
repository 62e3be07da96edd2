/**
 * Benchmark of the built-in analyzer on the development corpus (no network): for each OTA
 * service, the median time to analyse its Terms + Privacy Policy from text (extract →
 * summary) against, as baseline in the same run, the time to merely extract (parse) the same
 * input. Prints one JSON line per pair, then a summary line with medianPairMs,
 * baselineParseMs, ratio, sentences per second and peakRssMb. The same pair is also analysed
 * as the server does with the version store on (`onDocumentVersions`: each document's blocks,
 * hash and own fact sheet) and diffed once against a previous reading with every clause
 * changed (the Terms and Privacy Policy swapped: the whole-document worst case the diff meets),
 * printed as versionsMs and diffMs (summary: medianPairWithVersionsMs, medianDiffMs).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeDocuments, diffSiteVersions, extractDocument, segmentClauses, type DocumentVersion } from '@fineprint/analysis';
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
const versionMedians: number[] = [];
const diffMedians: number[] = [];
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
  const versionTimes: number[] = [];
  const diffTimes: number[] = [];
  let versions: DocumentVersion[] = [];
  const withVersions = { onDocumentVersions: (v: DocumentVersion[]) => (versions = v) };
  await analyzeDocuments(inputs, withVersions); // warm-up
  // The previous reading: each document's text read as the other type, so every clause differs.
  const before = versions.map((v) => ({ ...v, type: v.type === 'terms' ? ('privacy' as const) : ('terms' as const), readAt: 'a' }));
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    extractDocument(terms, 'markdown');
    extractDocument(privacy, 'markdown');
    parseTimes.push(performance.now() - t);
    t = performance.now();
    await analyzeDocuments(inputs);
    analyseTimes.push(performance.now() - t);
    t = performance.now();
    await analyzeDocuments(inputs, withVersions);
    versionTimes.push(performance.now() - t);
    samplePeak();
  }
  // The whole-document diff takes seconds: timed once per pair, not RUNS times.
  const t = performance.now();
  diffSiteVersions(
    before,
    versions.map((v) => ({ ...v, readAt: 'b' })),
  );
  diffTimes.push(performance.now() - t);
  const pairMs = median(analyseTimes);
  const parseMs = median(parseTimes);
  pairMedians.push(pairMs);
  parseMedians.push(parseMs);
  versionMedians.push(median(versionTimes));
  diffMedians.push(median(diffTimes));
  totalSentences += sentences;
  totalAnalyseMs += pairMs;
  console.log(
    JSON.stringify({
      service,
      medianMs: round(pairMs),
      parseMs: round(parseMs),
      ratio: round(pairMs / parseMs),
      versionsMs: round(median(versionTimes)),
      diffMs: round(median(diffTimes)),
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
    medianPairWithVersionsMs: round(median(versionMedians)),
    medianDiffMs: round(median(diffMedians)),
    sentencesPerSecond: Math.round((totalSentences / totalAnalyseMs) * 1000),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  }),
);
