// Screenshots of the gallery for looking at the art: every board, the piece sections, the
// cafeteria map, the whole page. Usage: node tools/shots.mjs OUTDIR (Debian's chromium, or the
// browser in $CHROMIUM).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = process.argv[2];
if (!out) {
  console.error('usage: node tools/shots.mjs OUTDIR');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });
const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
page.on('console', m => m.type() === 'error' && console.error(`console: ${m.text()}`));
page.on('pageerror', e => console.error(`page error: ${e.message}`));
await page.goto(`file://${web}/gallery.html`);
await page.waitForLoadState('networkidle');
for (const fig of await page.locator('figure.game').all()) {
  const name = await fig.getAttribute('data-board');
  await fig.screenshot({ path: path.join(out, `board-${name}.png`) });
}
for (const id of ['pieces', 'cafeteria']) {
  await page.locator(`#${id}`).screenshot({ path: path.join(out, `section-${id}.png`) });
}
await page.locator('.map svg').screenshot({ path: path.join(out, 'cafeteria-map.png') });
await page.screenshot({ path: path.join(out, 'gallery.png'), fullPage: true });
await browser.close();
console.log(`screenshots in ${out}`);
