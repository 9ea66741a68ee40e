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
  // Each game's side column whole: its setup, its pieces' table and a piece's diagrams with its
  // example positions (the sticky column let out to its full height).
  for (const [game, letters] of [['foodfight', ['N', 'P']], ['calorie', ['K', 'P']], ['pieceeater', ['K']], ['friendly', ['F', 'Q', 'A', 'H', 'K', 'Y']]]) {
    for (const letter of letters) {
      await desktop.goto(`${server.base}/rules/${game}`);
      await desktop.locator(`.pieces-table tr[data-piece="${letter}"]`).click();
      await desktop.addStyleTag({ content: '.rules-side { position: static !important; max-height: none !important; }' });
      await desktop.waitForTimeout(500);
      await desktop.locator('.rules-side').screenshot({ path: path.join(out, `side-${game}-${letter}.png`) });
    }
  }
  // Game pages at 1366x768: a piece's name on hover, the legend beside the board.
  const wide = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  for (const [game, square] of [['foodfight', 'f2'], ['pieceeater', 'd4'], ['friendly', 'f1']]) {
    await wide.goto(`${server.base}/?game=${game}`);
    await wide.locator('[data-control=start]').click();
    await wide.locator('.legend li').first().waitFor();
    await wide.waitForTimeout(600);
    const box = await wide.locator('.board-col .mh-board').boundingBox();
    const files = game === 'foodfight' || game === 'friendly' ? 12 : 8;
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - 1;
    const size = box.width / files;
    await wide.mouse.move(box.x + (file + 0.5) * size, box.y + box.height - (rank + 0.5) * size);
    await wide.waitForTimeout(300);
    await wide.screenshot({ path: path.join(out, `game-${game}-1366.png`) });
  }
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
