// Screenshots of the rules pages and the variant page after an upload, for looking at them.
// Usage: node tools/rules-shots.mjs OUT   (needs chromium and the messhall binary, as the tests)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messhallBinary, startServer } from '../test/server.mjs';

const out = path.resolve(process.argv[2] ?? 'rules-shots');
fs.mkdirSync(out, { recursive: true });
const bin = await messhallBinary();
if (bin === null) throw new Error('no messhall binary (cargo build -p messhall, or set MESSHALL_BIN)');
const server = await startServer(bin);
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const game of ['foodfight', 'calorie', 'pieceeater', 'friendly', 'cafeteria']) {
    await desktop.goto(`${server.base}/rules/${game}`);
    await desktop.locator('.prose h2').first().waitFor();
    await desktop.waitForTimeout(500);
    await desktop.screenshot({ path: path.join(out, `rules-${game}.png`) });
  }
  await desktop.goto(`${server.base}/rules/foodfight`);
  await desktop.locator('.prose button.piece-link[data-piece="N"]').click();
  await desktop.locator('.prose h3:has(button[data-piece="N"])').scrollIntoViewIfNeeded();
  await desktop.waitForTimeout(600);
  await desktop.screenshot({ path: path.join(out, 'rules-foodfight-pancake.png') });
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(`${server.base}/rules/friendly`);
  await phone.locator('.prose h2').first().waitFor();
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: path.join(out, 'rules-friendly-phone.png') });
  await phone.screenshot({ path: path.join(out, 'rules-friendly-phone-full.png'), fullPage: true });
  await desktop.goto(`${server.base}/variant`);
  const file = fileURLToPath(new URL('../../examples/variants/court-powers.toml', import.meta.url));
  await desktop.locator('input[type=file][data-control=upload]').setInputFiles(file);
  await desktop.locator('.checked .prose h2').first().waitFor();
  await desktop.waitForTimeout(600);
  await desktop.screenshot({ path: path.join(out, 'variant-uploaded.png'), fullPage: true });
} finally {
  await browser.close();
  await server.stop();
}
