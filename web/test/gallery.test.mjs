// The gallery in a real browser (Debian's chromium): it loads without errors, every drawing loads,
// every piece of every board is drawn with our art (tokens only where a game has no art), and a
// 12x12 board 480 px wide has 40 px squares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const executable = process.env.CHROMIUM ?? '/usr/bin/chromium';

test('the gallery in chromium', async t => {
  if (!fs.existsSync(executable)) {
    const why = `${executable} is missing (apt-get install -y chromium)`;
    if (process.env.CI) assert.fail(`CI: ${why}`);
    console.error(`\n*** SKIPPED: the gallery browser test: ${why} ***\n`);
    t.skip(why);
    return;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: executable,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors = [];
    page.on('console', m => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', e => errors.push(e.message));
    // The load event, then every drawing decoded: 'networkidle' waits on connections a file:// page
    // may never report closed, and timed out on a loaded CI machine.
    await page.goto(`file://${web}/gallery.html`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(
      () => document.querySelector('figure.game cg-board piece') && [...document.images].every(i => i.complete),
      null, { timeout: 60_000 });
    assert.deepEqual(errors, [], 'console errors');

    const broken = await page.$$eval('img', imgs => imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src));
    assert.deepEqual(broken, [], 'images that did not load');
    assert.ok((await page.locator('img').count()) > 100, 'the pieces and cafeteria drawings are shown');

    // Every piece on every board has a drawing: our art, or a token where the game has none.
    const boards = await page.$$eval('figure.game', figs => figs.map(f => ({
      board: f.getAttribute('data-board'),
      pieces: [...f.querySelectorAll('cg-board piece')].map(p => ({ cls: p.className, bg: getComputedStyle(p).backgroundImage })),
    })));
    assert.ok(boards.length >= 10, `${boards.length} boards`);
    for (const { board, pieces } of boards) {
      assert.ok(pieces.length > 0, `${board}: no pieces`);
      for (const p of pieces) {
        assert.match(p.bg, /^url\(/, `${board}: ${p.cls} is not drawn`);
        const token = p.bg.includes('data:image');
        const expectTokens = board.startsWith('grand-food') || board.startsWith('user-example');
        if (!expectTokens) assert.ok(!token, `${board}: ${p.cls} is a token, not our art`);
        if (!token) {
          const file = decodeURIComponent(new URL(p.bg.slice(5, -2)).pathname);
          assert.ok(fs.existsSync(file), `${board}: ${p.cls}: ${file} is missing`);
        }
      }
    }
    const user = boards.find(b => b.board.startsWith('user-example'));
    const drawn = (role, color) => user.pieces.find(p => p.cls.split(' ').includes(role) && p.cls.split(' ').includes(color))?.bg;
    assert.match(drawn('n-piece', 'white'), /pieces\/sprite\.svg#white-knight"/, 'a Knight by name gets our knight');
    assert.match(drawn('w-piece', 'black'), /^url\("data:image\/svg\+xml/, 'a Wizard gets a token');

    // The PieceEater is neutral: neither side's colour.
    const eater = await page.$$eval('figure[data-board="pieceeater-8x8-white"] piece._-piece', ps => ps.map(p => p.className));
    assert.ok(eater.length > 0, 'the PieceEater is on its boards');
    for (const c of eater) assert.ok(c.split(' ').includes('neutral'), c);

    // A 12x12 board 480 px wide: squares of 40 px, and 144 of them.
    const ff = page.locator('figure[data-board="foodfight-12x12-white"] cg-board');
    const box = await ff.boundingBox();
    assert.equal(Math.round(box.width), 480);
    const piece = await page.locator('figure[data-board="foodfight-12x12-white"] cg-board piece').first().boundingBox();
    assert.equal(Math.round(piece.width), 40);

    // The cafeteria map draws every square of the game's map and its things from files that exist.
    const hrefs = await page.$$eval('.map svg image', imgs => imgs.map(i => i.getAttribute('href')));
    const map = fs.readFileSync(path.join(web, '../crates/games/cafeteria/data/cafeteria.map'), 'utf8').trimEnd().split('\n');
    assert.ok(hrefs.length >= map.length, `${hrefs.length} drawings on the map`);
    for (const href of new Set(hrefs)) assert.ok(fs.existsSync(decodeURIComponent(new URL(href).pathname)), href);
    assert.equal(await page.locator('.map svg > g').count(), map.reduce((n, row) => n + row.length, 0), 'one tile per square');
  } finally {
    await browser.close();
  }
});
