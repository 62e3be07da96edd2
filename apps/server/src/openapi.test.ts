import { Validator } from '@seriousme/openapi-schema-validator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from './test/test-app';

describe('GET /api/docs', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(async () => t.close());

  it('validates as OpenAPI 3 and lists every /api route the app registers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const document = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    const validation = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);

    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'head')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(8);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`));
    expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((d) => !registered.includes(d))).toEqual([]);
  });

  it('describes the analysis result from the contracts schema', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      components: { schemas: Record<string, { required?: string[] }> };
    }>();
    expect(document.components.schemas.AnalysisResult?.required).toEqual(
      expect.arrayContaining(['keyPoints', 'privacyConcerns', 'recommendations']),
    );
  });
});

/** Every (method, full path) of Fastify's route tree print: each line's depth is its indentation, its path its parent's plus its segment. */
function registeredRoutes(tree: string): Array<{ method: string; path: string }> {
  const parents: string[] = [];
  const routes: Array<{ method: string; path: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[└├]── (\S+) \(([^)]*)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]!.split(', ')) routes.push({ method: method.toLowerCase(), path });
  }
  return routes;
}
