// The game page kept up to date by its WebSocket alone: a watching page and a playing page follow
// a chess game of several moves, an offer and a resignation, and a cafeteria game whose hidden
// food only its owner's page tells (the other seat played through the API); neither reads the
// state again after its first load, and each then shows what a page freshly loaded shows.
// Screenshots go to $MESSHALL_SHOTS (default: a temporary folder).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WAIT, api, browserBinary, browserReady, chromiumPath as executable, launchChromium, startServer } from './server.mjs';

const MOVES = 4;
// Enough cafeteria turns that both seats act (the first student may take ten steps).
const TURNS = 16;



// A legal move of a seat's state: a quiet one or a pawn's double step.
function someMove(state) {
  assert.equal(state.legal.kind, 'moves', `no moves for seat ${state.you}`);
  const all = Object.values(state.legal.from).flat();
  return (all.find(m => m.kind === 'quiet' || m.kind === 'double-step') ?? all[0]).coordinates;
}

// What a game page shows, as text: the status, clocks (names and who runs, not the seconds),
// controls, moves, the legal moves offered to type, the last lines of the log, the board's
// pieces and marked squares.
async function shown(page) {
  return page.evaluate(() => {
    const text = sel => [...document.querySelectorAll(sel)].map(e => e.textContent.trim());
    const board = [...document.querySelectorAll('.board-col cg-board piece')].map(p => `${p.className.replace(/\b(anim|fading|dragging)\b/g, '').trim().replace(/\s+/g, ' ')}@${p.style.transform}`).sort();
    const marks = [...document.querySelectorAll('.board-col cg-board square')].map(s => `${s.className}@${s.style.transform}`).sort();
    return {
      status: document.querySelector('.status').textContent,
      turn: document.querySelector('.status').dataset.turn,
      clocks: [...document.querySelectorAll('.clock')].map(c => `${c.className} ${c.querySelector('span').textContent}`),
      controls: text('.controls button'),
      form: document.querySelector('form.move-input').hidden,
      moves: text('.moves .ply'),
      legal: [...document.querySelectorAll('#legal-moves option')].map(o => o.value).sort(),
      log: text('.log li').slice(0, 4),
      board,
      marks,
      downloads: text('.downloads button, .downloads a'),
    };
  });
}

// Until no piece of the board is half-way through an animation.
async function atRest(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('.board-col cg-board piece')].every(x => !/\.\d/.test(x.style.transform)), null, WAIT);
}

// Built (or found) before the test, so its bounded wait does not count against the test's time.
const bin = await browserBinary();
const shots = process.env.MESSHALL_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'messhall-feed-'));
fs.mkdirSync(shots, { recursive: true });

// A game of two people (`ann` and `bob`, both the test's) made through the API, a browser, and
// `open(who, token)`, which opens the game's page for a watcher or for a seat (its token kept as
// the UI keeps it) and counts the page's reads of the state in `reads[who]`; the console's errors
// in `errors`. `body` gets them all; the server and browser are stopped after it.
async function withGame(t, game, body) {
  if (!browserReady(t, 'the feed browser test', bin)) return;
  const server = await startServer(bin);
  const call = api(server.base);
  const browser = await launchChromium(executable);
  const errors = [];
  try {
    const made = await call('POST', '/api/games', undefined, { ...game, seats: [{ player: 'me', name: 'ann' }, { player: 'me', name: 'bob' }] });
    const id = made.id;
    const route = `/api/games/${id}`;
    const reads = { watcher: 0, player: 0 };
    const open = async (who, token) => {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
      context.setDefaultTimeout(WAIT.timeout);
      const page = await context.newPage();
      page.on('console', m => m.type() === 'error' && errors.push(`${who}: ${m.text()}`));
      page.on('pageerror', e => errors.push(`${who}: ${e.message}`));
      page.on('request', r => {
        if (r.method() === 'GET' && new URL(r.url()).pathname === route) reads[who] += 1;
      });
      if (token) {
        await page.goto(server.base);
        await page.evaluate(([g, tok]) => localStorage.setItem('messhall.tokens', JSON.stringify({ [g]: tok })), [id, token]);
      }
      await page.goto(`${server.base}/game/${id}`);
      await page.locator(game.game === 'cafeteria' ? '.cafeteria .map svg' : '.board-col cg-board piece').first().waitFor(WAIT);
      return page;
    };
    const [ann, bob] = made.tokens.map(x => x.token);
    await body({ base: server.base, call, id, route, ann, bob, reads, open });
    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await browser.close();
    await server.stop();
  }
}

// The cafeteria page as text: the status, the actions offered, the students and staff, the map's
// things and the last lines of the log.
async function shownCafeteria(page) {
  return page.evaluate(() => ({
    status: document.querySelector('.status').textContent,
    actions: [...document.querySelectorAll('.cafeteria .actions button')].map(b => b.dataset.action).sort(),
    students: document.querySelector('.cafeteria table.students').textContent,
    staff: document.querySelector('.cafeteria table.staff').textContent,
    things: [...document.querySelectorAll('.cafeteria .map svg image.thing')].map(i => `${i.dataset.square} ${i.textContent}`).sort(),
    controls: [...document.querySelectorAll('.controls button')].map(b => b.textContent),
    log: [...document.querySelectorAll('.log li')].map(l => l.textContent).slice(0, 6),
  }));
}

// Until `page` shows what a page of the same browser context freshly loaded shows (the staff's
// numbers come a moment after the page); what it shows.
async function showsAsFresh(page, base, id, who) {
  const fresh = await page.context().newPage();
  await fresh.goto(`${base}/game/${id}`);
  await fresh.locator('.cafeteria table.staff .bar.nsr').first().waitFor(WAIT);
  let a;
  let b;
  for (let tries = 0; tries < 40; tries++) {
    [a, b] = [await shownCafeteria(page), await shownCafeteria(fresh)];
    if (JSON.stringify(a) === JSON.stringify(b)) break;
    await new Promise(r => setTimeout(r, 250));
  }
  assert.deepEqual(a, b, `${who}: the page fed by the WebSocket shows what a fresh page shows`);
  await fresh.close();
  return a;
}

test('the cafeteria page follows the game through the WebSocket alone, hidden food its owner\'s', { timeout: 180000 }, async t => {
  await withGame(t, { game: 'cafeteria' }, async ({ base, call, id, route, ann, bob, reads, open }) => {
    const watcher = await open('watcher', undefined);
    const player = await open('player', ann);
    const loaded = { ...reads };
    let ownTurns = 0;
    for (let turn = 0; turn < TURNS; turn++) {
      const seen = await call('GET', route, undefined);
      if (seen.turn === null) break;
      if (seen.turn.seat === 0) {
        // The player's page clicks the first action once it offers what the server offers.
        const mine = await call('GET', route, ann);
        const want = mine.legal.actions.map(a => a.text).sort();
        await player.waitForFunction(w => JSON.stringify([...document.querySelectorAll('.cafeteria .actions button')].map(b => b.dataset.action).sort()) === w, JSON.stringify(want), WAIT);
        ownTurns += 1;
        await player.locator(`.cafeteria .actions button[data-action="${want[0]}"]`).click();
      } else {
        const theirs = await call('GET', route, bob);
        await call('POST', `${route}/act`, bob, { ply: theirs.ply, action: theirs.legal.actions[0].text });
      }
      for (let i = 0; i < 100 && (await call('GET', route, undefined)).ply === seen.ply; i++) await new Promise(r => setTimeout(r, 50));
    }
    const watched = await showsAsFresh(watcher, base, id, 'watcher');
    const played = await showsAsFresh(player, base, id, 'player');
    assert.deepEqual(watched.actions, [], 'no actions offered to a watcher');
    assert.equal(reads.watcher, loaded.watcher, 'the watcher read the state only to load');
    assert.ok(reads.player - loaded.player <= ownTurns, `the player read the state ${reads.player - loaded.player} times over ${ownTurns} turns`);
    console.error(`cafeteria: state reads after loading over ${TURNS} turns: watcher ${reads.watcher - loaded.watcher}, player ${reads.player - loaded.player}`);
    // What only a seat may see: no line for it on the watcher's page, where the events everyone
    // sees say what a watcher may know ("Rock goes through the Food Line and takes ... face down").
    const spectator = await call('GET', route, undefined);
    if (spectator.events.some(e => e.type === 'hidden')) {
      assert.equal(await watcher.locator('.log li', { hasText: 'hidden' }).count(), 0, 'no line about what is hidden');
      assert.ok((await watcher.locator('.log li', { hasText: 'face down' }).count()) > 0, 'what a watcher may know of it');
    }
    assert.ok(played.students.length > 0);
    await player.screenshot({ path: path.join(shots, 'feed-cafeteria-player.png') });
    await watcher.screenshot({ path: path.join(shots, 'feed-cafeteria-watcher.png') });
  });
});

test('the game page follows moves through the WebSocket alone', { timeout: 180000 }, async t => {
  await withGame(t, { game: 'calorie', clock: { base_ms: 600000, increment_ms: 1000 } }, async ({ base, call, id, route, ann, bob, reads, open }) => {
    const watcher = await open('watcher', undefined);
    const player = await open('player', ann);
    const loaded = { ...reads };
    assert.deepEqual(loaded, { watcher: 1, player: 1 }, 'one read of the state each to load');

    const plies = async n => {
      for (const page of [watcher, player]) {
        await page.waitForFunction(k => document.querySelectorAll('.moves .ply').length === k, n, WAIT);
      }
    };
    let ownTurns = 0;
    for (let i = 0; i < MOVES; i++) {
      // White's move typed into the player's page, from the legal moves the page was sent.
      await player.locator('.status[data-turn="you"]').waitFor(WAIT);
      ownTurns += 1;
      const white = someMove(await call('GET', route, ann));
      const offered = await player.locator('#legal-moves option').count();
      assert.ok(offered > 0, 'the legal moves offered to type');
      await player.fill('input[aria-label="move"]', white);
      await player.press('input[aria-label="move"]', 'Enter');
      await plies(2 * i + 1);
      // Black's through the API: both pages see it come.
      const seen = await call('GET', route, bob);
      await call('POST', `${route}/act`, bob, { ply: seen.ply, action: someMove(seen) });
      await plies(2 * i + 2);
    }
    await player.locator('.status[data-turn="you"]').waitFor(WAIT);
    // An offer from the other seat: the player may accept or decline it.
    await call('POST', `${route}/draw/offer`, bob, {});
    await player.locator('[data-control="draw-accept"]').waitFor(WAIT);
    await watcher.locator('.log li').filter({ hasText: 'offers a draw' }).waitFor(WAIT);
    await atRest(player);
    await player.screenshot({ path: path.join(shots, 'feed-player.png') });
    await watcher.screenshot({ path: path.join(shots, 'feed-watcher.png') });
    assert.equal(reads.watcher, loaded.watcher, 'the watcher read the state only to load');
    assert.ok(reads.player - loaded.player <= ownTurns, `the player read the state ${reads.player - loaded.player} times over ${ownTurns} turns`);
    console.error(`state reads after loading over ${2 * MOVES} moves: watcher ${reads.watcher - loaded.watcher}, player ${reads.player - loaded.player}`);

    // The same as a page loaded afresh shows.
    const same = async (page, who) => {
      const fresh = await page.context().newPage();
      await fresh.goto(`${base}/game/${id}`);
      await fresh.locator('.board-col cg-board piece').first().waitFor(WAIT);
      await fresh.waitForFunction(() => document.querySelectorAll('.log li').length > 0, null, WAIT);
      for (const p of [page, fresh]) await atRest(p);
      const [a, b] = [await shown(page), await shown(fresh)];
      assert.deepEqual(a, b, `${who}: the page fed by the WebSocket shows what a fresh page shows`);
      assert.equal(a.board.length > 20, true, `${who}: the pieces drawn`);
      await fresh.close();
      return a;
    };
    const live = await same(player, 'player');
    assert.equal(live.moves.length, 2 * MOVES);
    assert.ok(live.legal.length > 0, 'the player offered its legal moves');
    const watched = await same(watcher, 'watcher');
    assert.deepEqual(watched.legal, [], 'no moves offered to a watcher');

    // The end: the other seat resigns.
    await call('POST', `${route}/resign`, bob, {});
    for (const page of [watcher, player]) await page.locator('.status').filter({ hasText: /resigned: (you win|.+ wins)\.$/ }).waitFor(WAIT);
    await player.locator('.downloads a[href^="/replay/"]').first().waitFor(WAIT);
    const over = await same(player, 'player at the end');
    assert.equal(over.form, true, 'no move to type once over');
    await same(watcher, 'watcher at the end');
    await player.screenshot({ path: path.join(shots, 'feed-player-over.png') });
    console.error(`screenshots in ${shots}`);
    assert.equal(reads.watcher, loaded.watcher, 'the watcher read the state only to load');
    assert.ok(reads.player - loaded.player <= ownTurns);
  });
});
