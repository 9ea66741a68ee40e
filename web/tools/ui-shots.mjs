// Screenshots of the UI against a fresh `messhall serve`, for looking at it: each game at its
// start and after some moves (the cafeteria's map and its dice in words), the keyboard cursor on
// a board, a Friend's lenders on hover, a finished game's analysis, a rules page, and the phone
// layout.
// Usage: npm run ui-shots -- /tmp/ui-shots   (needs chromium and the messhall binary, as the tests)
import fs from 'node:fs';
import path from 'node:path';
import { messhallBinary, startServer } from '../test/server.mjs';

const out = path.resolve(process.argv[2] ?? 'ui-shots');
fs.mkdirSync(out, { recursive: true });
const bin = await messhallBinary();
if (bin === null) throw new Error('no messhall binary (cargo build -p messhall, or set MESSHALL_BIN)');
const server = await startServer(bin);
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

// Plays the seat's first legal action `n` times through the API, the computer answering each.
async function play(page, n) {
  for (let i = 0; i < n; i++) {
    const ok = await page.evaluate(async i => {
      const id = location.pathname.split('/')[2];
      const token = JSON.parse(localStorage.getItem('messhall.tokens') ?? '{}')[id];
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      for (let tries = 0; tries < 100; tries++) {
        const s = await (await fetch(`/api/games/${id}`, { headers })).json();
        let action = null;
        if (s.legal.kind === 'moves') {
          const all = Object.values(s.legal.from).flat();
          const m = all.find(m => m.kind === 'capture') ?? all[(i * 7) % all.length];
          action = m?.coordinates;
        } else if (s.legal.kind === 'student') {
          // Food thrown where it can be (the dice and their words), else a varied action.
          const acts = s.legal.actions.map(a => a.text);
          action = acts.find(a => /^(throw|dump|squirt)/.test(a)) ?? acts[(i * 3) % acts.length];
        }
        else if (s.legal.kind === 'steps') action = s.legal.steps[0]?.text;
        if (s.result) return false;
        if (action) {
          await fetch(`/api/games/${id}/act`, { method: 'POST', headers, body: JSON.stringify({ ply: s.ply, action }) });
          return true;
        }
        await new Promise(r => setTimeout(r, 100));
      }
      return false;
    }, i);
    if (!ok) break;
  }
  await page.waitForTimeout(1200);
}

async function start(page, game, opponent) {
  await page.goto(server.base);
  await page.selectOption('select[name=game]', game);
  await page.selectOption('select[name=opponent]', opponent);
  await page.click('[data-control=start]');
  await page.waitForURL(/\/game\//);
  await page.waitForTimeout(800);
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(server.base);
  await page.screenshot({ path: path.join(out, 'home.png') });
  for (const game of ['foodfight', 'calorie', 'pieceeater', 'friendly']) {
    await start(page, game, 'level=1');
    await page.screenshot({ path: path.join(out, `${game}-start.png`) });
    await play(page, 8);
    await page.screenshot({ path: path.join(out, `${game}-mid.png`) });
  }
  await start(page, 'cafeteria', 'random');
  await page.screenshot({ path: path.join(out, 'cafeteria-start.png'), fullPage: true });
  await play(page, 60);
  await page.screenshot({ path: path.join(out, 'cafeteria-mid.png'), fullPage: true });
  // The whole log of what happened, the dice in words.
  await page.addStyleTag({ content: '.log { max-height: none !important; }' });
  await page.locator('.log').screenshot({ path: path.join(out, 'cafeteria-log.png') });
  // The keyboard: the board focused, the cursor walked up and a piece lifted.
  await start(page, 'foodfight', 'level=1');
  await page.locator('.board-col .mh-board').focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, 'keyboard-cursor.png') });
  // A Friend under the pointer: its lenders and targets.
  await start(page, 'friendly', 'level=1');
  const friend = await page.evaluate(async () => {
    const id = location.pathname.split('/')[2];
    const token = JSON.parse(localStorage.getItem('messhall.tokens') ?? '{}')[id];
    const s = await (await fetch(`/api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    return s.board.pieces.find(p => p.borrows?.length && p.color === 'white')?.square ?? 'f1';
  });
  const box = await page.locator('.board-col cg-board').boundingBox();
  const f = friend.charCodeAt(0) - 97;
  const r = Number(friend.slice(1)) - 1;
  await page.mouse.move(box.x + (f + 0.5) * box.width / 12, box.y + (11 - r + 0.5) * box.height / 12);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, 'friend-hover.png') });
  // A finished game: resigned, its final position analysed.
  await start(page, 'calorie', 'level=1');
  await play(page, 6);
  page.once('dialog', d => d.accept());
  await page.click('[data-control=resign]');
  await page.locator('.analysis-box:not([hidden]) [data-control=analyse]').click();
  await page.locator('.analysis-box .analysis').filter({ hasText: /Best line/ }).waitFor({ timeout: 20000 });
  await page.screenshot({ path: path.join(out, 'analysis-finished.png'), fullPage: true });
  await page.goto(`${server.base}/rules/friendly`);
  await page.locator('tr[data-piece="Q"]').click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, 'rules-friendly.png'), fullPage: true });
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phone.goto(page.url().replace(/\/rules.*/, '/'));
  await start(phone, 'foodfight', 'level=1');
  await play(phone, 4);
  await phone.screenshot({ path: path.join(out, 'phone-foodfight.png'), fullPage: true });
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
