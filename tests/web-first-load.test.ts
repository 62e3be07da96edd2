import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The web app imports its texts and constants from @fineprint/contracts. A contracts module that
// builds zod schemas cannot be dropped by the bundler once one of its exports is used (schema
// construction is module-level code), so such an import would put zod in the first-load bundle
// (~22 KB gzip, and zod's eval probe `Function('')` is a CSP violation Lighthouse reports).
const ROOT = join(import.meta.dirname, '..');
const CONTRACTS = join(ROOT, 'packages/contracts/src');
const WEB = join(ROOT, 'apps/web/src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** The names the web app's code imports as values (not `type`) from the contracts package. */
function webValueImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(WEB)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@fineprint\/contracts'/g)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

/** Which contracts module declares each export, and which modules each imports as values. */
function contractsModules() {
  const declaredIn = new Map<string, string>();
  const valueImports = new Map<string, string[]>();
  for (const file of readdirSync(CONTRACTS).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const code = readFileSync(join(CONTRACTS, file), 'utf8');
    for (const match of code.matchAll(/^export\s+(?:const|function|let|class)\s+([A-Za-z_$][\w$]*)/gm)) declaredIn.set(match[1]!, file);
    valueImports.set(
      file,
      [...code.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) =>
        m[1]!.startsWith('./') ? `${m[1]!.slice(2)}.ts` : m[1]!,
      ),
    );
  }
  return { declaredIn, valueImports };
}

describe('the web app’s first-load bundle', () => {
  it('takes every value it imports from the contracts from modules that never import zod', () => {
    const { declaredIn, valueImports } = contractsModules();
    const withZod = (file: string, seen = new Set<string>()): boolean => {
      if (seen.has(file)) return false;
      seen.add(file);
      return (valueImports.get(file) ?? []).some((dependency) => dependency === 'zod' || withZod(dependency, seen));
    };
    const imported = [...webValueImports()];
    expect(imported.length).toBeGreaterThan(20);
    const unknown = imported.filter((name) => !declaredIn.has(name));
    expect(unknown).toEqual([]);
    const fromZodModules = imported.filter((name) => withZod(declaredIn.get(name)!)).map((name) => `${name} (${declaredIn.get(name)})`);
    expect(fromZodModules).toEqual([]);
  });
});
