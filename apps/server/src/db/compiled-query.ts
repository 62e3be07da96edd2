import type { Compilable } from 'kysely';
import type { Db } from './database';

/**
 * A query with string parameters, built and compiled to SQL once, then run with each call's
 * values. Kysely otherwise builds its operation tree and compiles it on every call (a third of
 * the database time of `GET /api/subscription/status`). `build` receives one distinct marker
 * per parameter it declares; the compiled query must bind exactly those markers, in that order
 * (checked here, so a query that inlines or reorders a value fails when the repository is made,
 * never with the wrong values at run time).
 */
export function compileOnce<R, P extends string[]>(db: Db, build: (...markers: P) => Compilable<R>): (...params: P) => Promise<R[]> {
  const markers = Array.from({ length: build.length }, (_, i) => `\u0000compiled-query-parameter-${i}\u0000`) as P;
  const compiled = build(...markers).compile();
  const bindsMarkers = compiled.parameters.length === markers.length && compiled.parameters.every((p, i) => p === markers[i]);
  if (!bindsMarkers) throw new Error(`compileOnce: the query must bind its ${markers.length} parameter(s) in order: ${compiled.sql}`);
  return async (...params) => (await db.executeQuery<R>({ ...compiled, parameters: params })).rows;
}
