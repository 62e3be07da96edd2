import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from './analyze';
import { hashEngineSources } from './engine-version';

describe('ENGINE_VERSION', () => {
  it('is the hash of the engine sources, and changes when a reading changes', () => {
    expect(ENGINE_VERSION).toBe(`builtin-${hashEngineSources()}`);
    const copy = mkdtempSync(join(tmpdir(), 'fineprint-engine-'));
    cpSync(fileURLToPath(new URL('.', import.meta.url)), copy, { recursive: true });
    expect(hashEngineSources(copy)).toBe(hashEngineSources());
    writeFileSync(join(copy, 'facts/questions.ts'), '// a legal reading corrected\n', { flag: 'a' });
    expect(hashEngineSources(copy)).not.toBe(hashEngineSources());
    // Tests do not count: adding one changes nothing the engine answers.
    const changed = hashEngineSources(copy);
    writeFileSync(join(copy, 'facts/extra.test.ts'), 'export {};\n');
    expect(hashEngineSources(copy)).toBe(changed);
  });
});
