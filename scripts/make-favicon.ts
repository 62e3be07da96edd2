/**
 * Writes apps/web/public/favicon.ico from apps/web/public/logo.svg: the SVG rendered by Chromium at
 * 16, 32 and 48 px, each PNG stored whole in one ICO file (PNG entries: every browser since
 * 2007 reads them). Run with `npx tsx scripts/make-favicon.ts` after changing the logo.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CHROMIUM_FLAGS } from '@fineprint/analysis';
import { chromium } from 'playwright-core';

const publicDir = new URL('../apps/web/public/', import.meta.url);
const svg = readFileSync(new URL('logo.svg', publicDir), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_FLAGS],
});
const sizes = [16, 32, 48];
const pngs: Buffer[] = [];
try {
  const page = await browser.newPage();
  for (const size of sizes) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    pngs.push(await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
  }
} finally {
  await browser.close();
}
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(sizes.length, 4);
let offset = 6 + 16 * sizes.length;
const entries = sizes.map((size, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size % 256, 0);
  entry.writeUInt8(size % 256, 1);
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(pngs[i]!.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += pngs[i]!.length;
  return entry;
});
writeFileSync(new URL('favicon.ico', publicDir), Buffer.concat([header, ...entries, ...pngs]));
console.log(`favicon.ico: ${sizes.join(', ')} px, ${offset} bytes`);
