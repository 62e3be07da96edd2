import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layout rules of STYLE.md are enforced by lint: each probe imports across a boundary from a
// real file's place and must be refused; the last ones stay inside their zone and must pass.
const eslint = new ESLint();
async function importErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as probe from '${specifier}';\nexport default probe;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint loads the parsers and the type-aware config: slow on a loaded 2-core machine.
describe('import boundaries', { timeout: 120_000 }, () => {
  it.each([
    ['a web file importing the analyzer', 'apps/web/src/lib/api.ts', '@fineprint/analysis'],
    ['a web file importing the analyzer internals by path', 'apps/web/src/lib/api.ts', '../../../../packages/analysis/src/analyze'],
    ['a web feature importing another feature', 'apps/web/src/features/analysis/analysis-page.tsx', '../subscription/subscription-dialog'],
    ['a service importing Fastify', 'apps/server/src/modules/analysis/analysis.service.ts', 'fastify'],
    ['a service importing Kysely', 'apps/server/src/modules/payments/payments.service.ts', 'kysely'],
    ['a repository importing the HTTP context', 'apps/server/src/modules/visitors/visitors.repository.ts', '../../http-context'],
    ['the analyzer importing the server', 'packages/analysis/src/analyze.ts', '@fineprint/server'],
    ['the server importing analyzer internals', 'apps/server/src/app.ts', '@fineprint/analysis/src/analyze'],
  ])('refuses %s', async (_name, filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).not.toEqual([]);
  });

  it.each([
    ['a web feature importing lib', 'apps/web/src/features/analysis/analysis-page.tsx', '../../lib/api'],
    ['a route importing Fastify', 'apps/server/src/modules/analysis/analysis.routes.ts', 'fastify'],
    ['a repository importing Kysely', 'apps/server/src/modules/visitors/visitors.repository.ts', 'kysely'],
    ['the server importing the analyzer surface', 'apps/server/src/app.ts', '@fineprint/analysis'],
  ])('allows %s', async (_name, filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toEqual([]);
  });
});
