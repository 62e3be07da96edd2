/**
 * What the evaluations on services outside the dev set share: which services are dev services (`../shared/corpus/ota`),
 * which questions are the privacy policy's (`questions.json`), and whether a place an answer states is named in a text.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED = fileURLToPath(new URL('../../../../shared/', import.meta.url));

/** A service's name as the corpora's split keys it: lower case, letters and digits only. */
const serviceKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const DEV = new Set(readdirSync(join(SHARED, 'corpus/ota')).map(serviceKey));
/** Whether a corpus document ("facebook", "Booking") is one of the 34 dev services. */
export const isDevService = (name: string) => DEV.has(serviceKey(name));

/** The questions `questions.json` puts in the privacy group (asked of the privacy policy). */
export const PRIVACY_QUESTIONS = new Set(
  (
    JSON.parse(readFileSync(join(SHARED, 'factsheet/questions.json'), 'utf8')) as { questions: Array<{ id: string; group: string }> }
  ).questions
    .filter((q) => q.group === 'privacy')
    .map((q) => q.id),
);

/** Adjectives a law or court is named by ("English law", "French jurisdiction"). */
const ADJECTIVES: Record<string, string> = {
  France: 'french',
  England: 'english',
  Netherlands: 'dutch',
  Switzerland: 'swiss',
  Ireland: 'irish',
  Wales: 'welsh',
};

/** Whether one of the texts names the place (a word of it of four letters or more, or its adjective); a place of no such word passes. */
export function namesPlace(place: string, texts: readonly string[]): boolean {
  const words = place
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 4 && !/^(?:laws?|courts?|state|federal|united|republic|country|county|residence)$/i.test(w));
  const stems = words.flatMap((w) => [w.slice(0, 4).toLowerCase(), ...(ADJECTIVES[w] ? [ADJECTIVES[w]!] : [])]);
  return stems.length === 0 || stems.some((stem) => texts.some((text) => text.toLowerCase().includes(stem)));
}
