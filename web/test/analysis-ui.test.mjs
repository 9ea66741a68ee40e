// The end of a game and the analysis board in a browser (Debian's chromium against `messhall
// serve`): a game stepped back through while it is played; fool's mate reached and its end screen
// (the sentence, the mated Chef marked, 0-1 ending the moves, a rematch with the colours swapped,
// against a person and against the computer); the analysis board with its graph, a move clicked,
// and a move of your own tried and analysed. Games are made through the API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { WAIT, browserBinary, browserReady, launchChromium, startServer } from './server.mjs';

// Where the end screen's and the analysis board's screenshots go, if anywhere.
const SHOTS = process.env.MESSHALL_SHOTS ?? '';

// A game made through the API from the page's origin; the made game, its first seat's token kept
// as the page's.
async function made(page, body) {
  return page.evaluate(async b => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    const m = await r.json();
    if (!r.ok) throw new Error(JSON.stringify(m));
    localStorage.setItem('messhall.tokens', JSON.stringify({ ...JSON.parse(localStorage.getItem('messhall.tokens') ?? '{}'), [m.id]: m.tokens[0].token }));
    return m;
  }, body);
}

// A move (or a resignation when `action` is null) by the seat of `token`.
async function act(page, id, token, ply, action) {
  return page.evaluate(async ([id, token, ply, action]) => {
    const path = action === null ? 'resign' : 'act';
    const r = await fetch(`/api/games/${id}/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(action === null ? {} : { ply, action }) });
    if (!r.ok) throw new Error(await r.text());
    return r.json();
  }, [id, token, ply, action]);
}

async function stateOf(page, id, token) {
  return page.evaluate(async ([id, token]) => (await fetch(`/api/games/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })).json(), [id, token]);
}

// The centre of a square of the page's board (White at the bottom).
async function squareAt(page, name, files = 8, ranks = 8) {
  const box = await page.locator('.board-col cg-board').boundingBox();
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  return { x: box.x + (file + 0.5) * box.width / files, y: box.y + (ranks - 1 - rank + 0.5) * box.height / ranks };
}

async function clickSquare(page, name) {
  const { x, y } = await squareAt(page, name);
  await page.mouse.click(x, y);
}

async function shot(page, name) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

// Built (or found) before the test, so its bounded wait does not count against the test's time.
const bin = await browserBinary();

test('the end of a game and the analysis board', { timeout: 180000 }, async t => {
  if (!browserReady(t, 'the analysis browser test', bin)) return;
  const server = await startServer(bin);
  const browser = await launchChromium();
  const errors = [];
  const base = server.base;
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(WAIT.timeout);
    const page = await context.newPage();
    page.on('pageerror', e => errors.push(`${page.url()}: ${e.message}`));
    page.on('console', m => m.type() === 'error' && !/status of 429/.test(m.text()) && errors.push(`${page.url()}: ${m.text()}`));
    await page.goto(base);

    // Fool's mate between two seats of this browser; it watches as White.
    const game = await made(page, { game: 'chess', seats: [{ player: 'me', name: 'Ann' }, { player: 'me', name: 'Bob' }] });
    const [white, black] = game.tokens.map(x => x.token);
    const moves = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
    for (let i = 0; i < 3; i++) await act(page, game.id, i % 2 ? black : white, i, moves[i]);
    await page.goto(`${base}/game/${game.id}`);
    await page.locator('.board-col cg-board piece').first().waitFor(WAIT);

    // Stepping back while the game goes on, and back to it.
    // The squares with a piece on the page's board.
    const occupied = () => page.evaluate(() => [...document.querySelectorAll('.board-col cg-board piece')].map(p => p.cgKey));
    await page.locator('[data-step="first"]').click();
    await page.locator('.controls.steps[data-away="0"]').waitFor(WAIT);
    assert.match(await page.locator('.steps-label').textContent(), /start/);
    await page.keyboard.press('ArrowRight');
    await page.locator('.controls.steps[data-away="1"]').waitFor(WAIT);
    assert.match(await page.locator('.steps-label').textContent(), /1 of 3: White f3/);
    // The f-pawn stands on f3 there, the g-pawn not yet on g4.
    const then = await occupied();
    assert.ok(then.includes('f3') && then.includes('g2') && !then.includes('g4'), JSON.stringify(then));
    await shot(page, 'live-step-back');
    await page.locator('[data-control="live"]').click();
    await page.locator('.controls.steps:not([data-away])').waitFor(WAIT);
    assert.ok((await occupied()).includes('g4'));
    assert.equal(await page.locator('[data-control="live"]').isHidden(), true);

    // Black mates: the end screen says so, marks the Chef and ends the moves with 0-1.
    await act(page, game.id, black, 3, moves[3]);
    await page.locator('.status[data-over="yes"]').waitFor(WAIT);
    assert.equal(await page.locator('.status').textContent(), 'Checkmate: you lose.');
    await page.locator('.board-col cg-board square.check').waitFor(WAIT);
    assert.equal(await page.locator('.board-col cg-board square.check').count(), 1);
    // On White's Chef, e1.
    const marked = await page.locator('.board-col cg-board square.check').boundingBox();
    const e1 = await squareAt(page, 'e1');
    assert.ok(Math.abs(marked.x + marked.width / 2 - e1.x) < 5 && Math.abs(marked.y + marked.height / 2 - e1.y) < 5, JSON.stringify([marked, e1]));
    assert.equal(await page.locator('.moves li.result').textContent(), '0-1');
    assert.equal(await page.locator('[data-control="new-game"]').count(), 1);
    await page.waitForTimeout(400); // the mating move's animation
    await shot(page, 'end-screen');

    // The analysis board: the game analysed, a point a position, a move clicked, a move tried.
    await page.getByRole('link', { name: /analysis board/ }).click();
    await page.locator('svg.eval-graph').waitFor(WAIT);
    assert.equal(await page.locator('svg.eval-graph circle.graph-point').count(), 5);
    assert.equal(await page.locator('.analysis-moves button.ply').count(), 4);
    assert.equal(await page.locator('.analysis-moves li.result').textContent(), '0-1');
    // g4 lets the mate in: a blunder, marked in the list and on the graph.
    assert.match(await page.locator('.analysis-moves button[data-ply="3"]').textContent(), /g4\?\?/);
    assert.equal(await page.locator('svg.eval-graph circle.blunder[data-ply="3"]').count(), 1);
    await page.locator('.analysis-moves button[data-ply="3"]').click();
    assert.match(await page.locator('.side-col .status').textContent(), /^3 of 4: White: g4/);
    assert.match(await page.locator('.engine-line').textContent(), /^g4 was a blunder: .+ was best\. Best now: Qh4#/);
    // The best move's arrow is drawn on the board.
    await page.locator('.board-col svg.cg-shapes g').first().waitFor({ state: 'attached', ...WAIT });
    await page.locator('svg.eval-graph circle[data-ply="2"]').click();
    assert.match(await page.locator('.side-col .status').textContent(), /^2 of 4: Black: e5/);
    await page.locator('.analysis-moves button.current[data-ply="2"]').waitFor(WAIT);
    // The steps' buttons draw icons, not font glyphs.
    assert.equal(await page.locator('[data-control="start"] svg').count(), 1);
    // A move of your own from here (White to move): d2-d4, then the engine's view of it.
    await page.waitForFunction(() => [...document.querySelectorAll('.board-col cg-board piece')].some(p => p.cgKey === 'd2'));
    await clickSquare(page, 'd2');
    await clickSquare(page, 'd4');
    await page.locator('.own-line', { hasText: 'd4' }).waitFor(WAIT);
    await page.locator('.engine-line', { hasText: 'Best' }).waitFor(WAIT);
    assert.notEqual(await page.locator('.eval-bar').getAttribute('data-cp'), '');
    await shot(page, 'analysis-board');
    await page.locator('[data-control="game-line"]').click();
    assert.equal(await page.locator('.own-line').textContent(), '');

    // The PieceEater's walk after a move: each step's odds and the one the dice chose.
    const eater = await made(page, { game: 'pieceeater', seats: [{ player: 'me' }, { player: 'me' }] });
    await act(page, eater.id, eater.tokens[0].token, 0, 'a2a3');
    await act(page, eater.id, eater.tokens[1].token, 1, null);
    await page.goto(`${base}/replay/${eater.id}?ply=1`);
    const walk = page.locator('.odds .walk');
    await walk.waitFor(WAIT);
    assert.match(await walk.textContent(), /^Then the PieceEater walked: .*d4.* \d+\/\d+.*← the dice/);

    // Rematch with the other seat a person: a new game with this browser Black, a link for White.
    await page.goto(`${base}/game/${game.id}`);
    await page.locator('[data-control="rematch"]').click();
    const link = await page.locator('input[data-join]').inputValue();
    const rematch = link.split('/')[4];
    const again = await stateOf(page, rematch, await page.evaluate(id => JSON.parse(localStorage.getItem('messhall.tokens'))[id], rematch));
    assert.equal(again.you, 1);
    assert.equal(again.seats[0].kind, 'open');
    assert.equal(again.seats[1].name, 'Ann');

    // Against the computer: the rematch starts at once, the computer White at the same level.
    const vs = await made(page, { game: 'chess', seats: [{ player: 'me' }, { player: 'level=1' }], clock: { base_ms: 300000, increment_ms: 2000 } });
    await act(page, vs.id, vs.tokens[0].token, 0, null);
    await page.goto(`${base}/game/${vs.id}`);
    await page.locator('.status[data-over="yes"]').waitFor(WAIT);
    assert.equal(await page.locator('.status').textContent(), 'You resigned: you lose.');
    assert.doesNotMatch(await page.locator('#app').textContent(), /level=1/);
    await page.locator('[data-control="rematch"]').click();
    await page.waitForURL(u => u.pathname.startsWith('/game/') && !u.pathname.endsWith(vs.id), WAIT);
    const next = await stateOf(page, new URL(page.url()).pathname.split('/')[2], null);
    assert.deepEqual(next.seats.map(s => [s.kind, s.player]), [['computer', 'level=1'], ['human', 'human']]);
    assert.deepEqual([next.clock.base_ms, next.clock.increment_ms], [300000, 2000]);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
