import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocument, type ExtractTarget } from './extract';

/**
 * Golden pages, written for these tests (no real site's text): golden/<case>/input.html is
 * extracted (with golden/<case>/target.json as the target when present) and must give exactly
 * golden/<case>/expected.txt, title first, then the text. Each case is one failure seen on real
 * pages, fixed at its cause.
 */
const GOLDEN = join(import.meta.dirname, 'golden');
const cases = readdirSync(GOLDEN, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function goldenOutput(dir: string): string {
  const html = readFileSync(join(dir, 'input.html'), 'utf8');
  const targetFile = join(dir, 'target.json');
  const target = existsSync(targetFile) ? (JSON.parse(readFileSync(targetFile, 'utf8')) as ExtractTarget) : {};
  const doc = extractDocument(html, 'html', '', target);
  return `${doc.title}\n\n${doc.text}\n`;
}

describe('extractDocument on golden pages', () => {
  it('has the cases', () => expect(cases.length).toBeGreaterThanOrEqual(8));
  it.each(cases)('%s', (name) => {
    const dir = join(GOLDEN, name);
    expect(goldenOutput(dir)).toBe(readFileSync(join(dir, 'expected.txt'), 'utf8'));
  });
});

describe('extractDocument on a page with many SVG icons', () => {
  it('counts self-closing SVG children as closed, so Readability reads the page and the icon menu is left out', () => {
    const icon = '<svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/><circle cx="12" cy="12" r="4"/><use href="#i"/></svg>';
    const menu = Array.from(
      { length: 800 },
      (_, i) => `<li><a href="/p${i}"><span>${icon}</span><span>Menu item ${i}</span></a></li>`,
    ).join('');
    const clauses = Array.from(
      { length: 6 },
      (_, i) => `<p>Clause ${i + 1}: you must keep your password secret, and you are responsible for what is done with your account.</p>`,
    ).join('');
    const html = `<html><body><div class="menu"><ul>${menu}</ul></div><main><article><h1>Terms of Service</h1>${clauses}</article></main></body></html>`;
    const text = extractDocument(html, 'html').text;
    expect(text).toContain('Clause 6: you must keep your password secret');
    expect(text).not.toContain('Menu item');
  });
});
