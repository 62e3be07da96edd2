import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseHtml } from './parse-html';

interface Node {
  children?: ArrayLike<Node>;
}
function depthOf(node: Node): number {
  let deepest = 0;
  for (const child of Array.from(node.children ?? [])) deepest = Math.max(deepest, 1 + depthOf(child));
  return deepest;
}

const CORPUS = join(import.meta.dirname, '../../../../../shared/corpus/html');

describe('parseHtml', () => {
  it.each([
    ['half a million unclosed <div>s', '<div>'.repeat(500_000)],
    ['<p><div></p>, which nests through implied end tags', '<p><div></p>'.repeat(200_000)],
    ['<div/>, which HTML keeps open', '<div/>'.repeat(300_000)],
    ['nested list items', `<ul>${'<li><ul>'.repeat(200_000)}`],
    ['nested tables', `<table>${'<tr><td><table>'.repeat(100_000)}`],
    [
      'an SVG root dropped below the limit, whose <path/>s then stay open',
      `${'<span>'.repeat(MAX_NESTING)}<svg>${'<path/>'.repeat(100_000)}`,
    ],
  ])('bounds the nesting of %s and keeps its text', (_name, html) => {
    const document = parseHtml(`${html}<p>Clause text.</p>`);
    expect(depthOf(document.documentElement as unknown as Node)).toBeLessThanOrEqual(MAX_NESTING + 2); // + <html> and <body> around a fragment
    expect(document.body.textContent).toContain('Clause text.');
  });

  it('builds exactly the DOM linkedom builds when a page is not too deep, SVG self-closing tags included', () => {
    const html = `<html><body>${'<div>'.repeat(40)}<p>One<p>Two<svg>${'<path d="M0"/>'.repeat(500)}</svg><ul><li>a<li>b</ul>${'</div>'.repeat(40)}</body></html>`;
    expect(parseHtml(html).documentElement.outerHTML).toBe(parseHTML(html).document.documentElement.outerHTML);
  });

  it('gives text without any tag a document with a body', () => {
    const document = parseHtml('Plain words, no markup.');
    expect(document.documentElement.nodeName).toBe('HTML');
    expect(document.body.textContent).toBe('Plain words, no markup.');
  });

  it('leaves every real page of the development corpus as linkedom parses it', () => {
    if (!existsSync(CORPUS)) {
      if (process.env.CI === 'true') throw new Error(`${CORPUS} is missing: ../shared must sit beside the project in CI`);
      return;
    }
    let pages = 0;
    for (const service of readdirSync(CORPUS, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(join(CORPUS, service.name)).filter((f) => f.endsWith('.html'))) {
        const html = readFileSync(join(CORPUS, service.name, file), 'utf8');
        expect(parseHtml(html).documentElement.outerHTML.length, `${service.name}/${file}`).toBe(
          parseHTML(html).document.documentElement.outerHTML.length,
        );
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(50);
    // 74 real pages parsed twice: 8 s alone, over 20 s on a loaded 2-core machine.
  }, 120_000);
});
