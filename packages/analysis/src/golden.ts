import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Evidence } from '@fineprint/contracts';
import { analyzeDocuments } from './analyze';

/** Folder of the golden cases: short legal texts written for these tests, never corpus text. */
export const GOLDEN_DIR = fileURLToPath(new URL('../test/golden', import.meta.url));

const quoted = (e: Evidence) =>
  `${e.document}: ${e.quote}${e.links ? ` [links: ${e.links.map((l) => `${l.text} → ${l.href}`).join('; ')}]` : ''}`;

/** What a golden case pins: the fact sheet (values, fields, quotes) and the three lists. */
export async function goldenOutput(slug: string): Promise<unknown> {
  const dir = join(GOLDEN_DIR, slug);
  const inputs = (['terms', 'privacy'] as const)
    .filter((type) => existsSync(join(dir, `${type}.md`)))
    .map((type) => ({
      type,
      url: `https://${slug}.example/${type}`,
      mediaType: 'markdown' as const,
      content: readFileSync(join(dir, `${type}.md`), 'utf8'),
    }));
  const result = await analyzeDocuments(inputs);
  const factSheet = Object.fromEntries(
    Object.entries(result.factSheet).map(([id, answer]) => [
      id,
      {
        ...answer,
        evidence: answer.evidence.map(quoted),
        ...(answer.related ? { related: answer.related.map(quoted) } : {}),
      },
    ]),
  );
  return {
    factSheet,
    keyPoints: result.keyPoints,
    privacyConcerns: result.privacyConcerns,
    recommendations: result.recommendations,
    grade: result.grade,
    gradeReason: result.gradeReason,
  };
}

export function goldenSlugs(): string[] {
  return readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}
