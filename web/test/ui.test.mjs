// The browser UI end to end: Debian's chromium (playwright-core) against `messhall serve` on a
// free loopback port with a temporary SQLite database. Each of the five games started from the
// home page and played by clicking, the computer (or the bots) answering; a reload resumes; a
// friend joins by link in a second browser context; a promotion, a drop, a swap and a rifle
// capture by clicking; a rules page's piece diagram; a pasted variant file played; each game's rules
// prose; a variant file uploaded, dropped, and played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { boardSquare } from './board-page.mjs';
import { WAIT, browserBinary, browserReady, chromiumPath as executable, startServer } from './server.mjs';



// The game's state as this page's seat sees it (its token from the page's storage).
// The events after `since`, as the seat of the page sees them, from a WebSocket's catch-up (the
// state holds only the last 20, and the bots may have acted more since).
async function eventsSince(page, since) {
  return page.evaluate(async since => {
    const id = location.pathname.split('/')[2];
    const token = JSON.parse(localStorage.getItem('messhall.tokens') ?? '{}')[id];
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const query = `since=${since}` + (token ? `&token=${encodeURIComponent(token)}` : '');
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws?${query}`);
    const got = [];
    return new Promise(resolve => {
      const done = () => { ws.close(); resolve(got); };
      ws.onmessage = m => {
        const v = JSON.parse(m.data);
        if (v.type === 'view' || v.type === 'state') done();
        else if (v.n !== undefined) got.push(v);
      };
      setTimeout(done, 5000);
    });
  }, since);
}

async function state(page) {
  return page.evaluate(async () => {
    const id = location.pathname.split('/')[2];
    const token = JSON.parse(localStorage.getItem('messhall.tokens') ?? '{}')[id];
    const r = await fetch(`/api/games/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return r.json();
  });
}

// The centre of a square of the page's board, in page pixels.
async function squareAt(page, name) {
  const { files, ranks } = (await state(page)).board;
  return boardSquare(page, name, files, ranks);
}

// The first piece of `color` named `name` on the board, and the point of its square.
async function pieceAt(page, name, color) {
  const piece = (await state(page)).board.pieces.find(p => p.name === name && p.color === color);
  assert.ok(piece, `${color}'s ${name} on the board`);
  return { piece, at: await squareAt(page, piece.square) };
}

// Moves the board's keyboard cursor to square `name` with the arrow keys (the board has the
// focus): arrows go as the board is seen, so a board turned to Black goes the other way.
async function walkTo(page, board, name) {
  const black = await board.evaluate(e => e.classList.contains('orientation-black'));
  // The cursor's square shows once a key has been used.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  const at = await board.getAttribute('data-cursor');
  const df = name.charCodeAt(0) - at.charCodeAt(0);
  const dr = Number(name.slice(1)) - Number(at.slice(1));
  const [right, up] = black ? ['ArrowLeft', 'ArrowDown'] : ['ArrowRight', 'ArrowUp'];
  const [left, down] = black ? ['ArrowRight', 'ArrowUp'] : ['ArrowLeft', 'ArrowDown'];
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? right : left);
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? up : down);
  assert.equal(await board.getAttribute('data-cursor'), name, 'the cursor walked there');
}

async function clickSquare(page, name) {
  const { x, y } = await squareAt(page, name);
  await page.mouse.click(x, y);
}

// Plays `move` (from the seat's legal moves, found under `from`) by clicking: the piece (or the
// hand's drop button), then its square, then the picker's button when it asks.
async function clickMove(page, from, move) {
  const before = (await state(page)).ply;
  if (from.includes('@')) await page.locator(`[data-drop="${from}"]`).click();
  else await clickSquare(page, from);
  await clickSquare(page, move.to);
  const pick = page.locator(`.picker [data-move="${move.coordinates}"]`);
  if (await page.locator('.picker:not([hidden])').count()) await pick.click();
  await page.waitForFunction(async ply => {
    const id = location.pathname.split('/')[2];
    const r = await fetch(`/api/games/${id}`);
    return (await r.json()).ply > ply;
  }, before, WAIT);
}

// Plays the student's first action until a step (`move d3`) is among them: [state, step match].
async function untilStep(page) {
  let s;
  let step;
  for (let turn = 0; turn < 10; turn++) {
    s = await state(page);
    step = s.legal.kind === 'student' ? s.legal.actions.map(a => /^move ([a-z])([0-9]+)$/.exec(a.text)).find(m => m) : undefined;
    if (step || s.status === 'over') break;
    await page.locator('.cafeteria .actions button').first().click();
    await page.waitForFunction(async ply => {
      const r = await fetch(`/api/games/${location.pathname.split('/')[2]}`);
      return (await r.json()).ply > ply;
    }, s.ply, WAIT);
    await page.locator('.cafeteria .actions button').first().waitFor(WAIT);
  }
  return [s, step];
}

// A move of the seat's legal moves that `wanted` accepts: [from, move].
async function findMove(page, wanted) {
  const s = await state(page);
  assert.equal(s.legal.kind, 'moves', `no moves for the seat: ${JSON.stringify(s.legal).slice(0, 200)}`);
  for (const [from, moves] of Object.entries(s.legal.from)) {
    for (const m of moves) if (wanted(from, m)) return [from, m];
  }
  return null;
}

async function waitMyTurn(page) {
  await page.locator('.status[data-turn="you"]').waitFor(WAIT);
}

async function movesShown(page) {
  return page.locator('.moves .ply').count();
}

// A game made through the API in the page (for a start position the home page does not offer),
// its token kept as the UI keeps it, and the page opened on it.
async function gameFromApi(page, base, body) {
  await page.goto(base);
  const id = await page.evaluate(async b => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    const made = await r.json();
    if (!r.ok) throw new Error(JSON.stringify(made));
    localStorage.setItem('messhall.tokens', JSON.stringify({ ...JSON.parse(localStorage.getItem('messhall.tokens') ?? '{}'), [made.id]: made.tokens[0].token }));
    return made.id;
  }, body);
  await page.goto(`${base}/game/${id}`);
  await page.locator('.board-col cg-board piece').first().waitFor(WAIT);
  return id;
}

// What the page and the server said, for a failure that has to explain itself.
let diagnose = async () => '';

// The home page with its games listed (they come from GET /api/variants). A failure says what the
// page shows instead, the console's errors and the server's log.
async function home(page, base, game, timeout = WAIT.timeout) {
  await page.goto(base);
  try {
    await page.locator(`select[name=game] option[value="${game}"]`).waitFor({ state: 'attached', timeout });
  } catch (e) {
    const shown = await page.evaluate(() => `${location.href}: ${document.body?.innerText.slice(0, 300) ?? '(no body)'}`).catch(x => String(x));
    throw new Error(`the home page never listed ${game} (${e.message.split('\n')[0]}); it shows ${shown}\n${await diagnose()}`);
  }
}

async function startFromHome(page, base, game, opponent, players, landing = /\/game\//, side) {
  await home(page, base, game);
  await page.selectOption('select[name=game]', game);
  await page.selectOption('select[name=opponent]', opponent);
  if (players) await page.selectOption('select[name=players]', String(players));
  if (side) await page.selectOption('select[name=side]', side);
  await page.click('[data-control=start]');
  if (landing) await page.waitForURL(landing, WAIT);
}

// Built (or found) before the test, so its bounded wait does not count against the test's time.
const bin = await browserBinary();

test('the browser UI against messhall serve', { timeout: 240000 }, async t => {
  if (!browserReady(t, 'the UI browser test', bin)) return;
  const server = await startServer(bin);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: executable,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const errors = [];
  const watch = page => {
    page.on('console', m => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    page.on('pageerror', e => errors.push(`${page.url()}: ${e.message}`));
    page.on('response', r => r.status() >= 400 && errors.push(`${r.url()}: ${r.status()}`));
    return page;
  };
  const base = server.base;
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    // Every wait the same bound, none of playwright's own 30 s defaults hidden in between.
    context.setDefaultTimeout(WAIT.timeout);
    context.setDefaultNavigationTimeout(WAIT.timeout);
    const page = watch(await context.newPage());
    diagnose = async () => `console: ${JSON.stringify(errors)}\nserver log: ${server.log().slice(-2000)}`;

    // The first page of a browser just started on a busy machine is the slowest: a longer bound
    // for it alone (its script and styles are fetched and compiled the first time).
    await t.test('the home page lists the games', async () => {
      await home(page, base, 'foodfight', 3 * WAIT.timeout);
    });

    for (const game of ['foodfight', 'calorie', 'pieceeater', 'friendly']) {
      await t.test(`${game}: a move by clicking, the computer answers, a reload resumes`, async () => {
        await startFromHome(page, base, game, 'level=1');
        await waitMyTurn(page);
        const found = await findMove(page, (from, m) => !from.includes('@') && from !== 'pass' && m.kind === 'quiet');
        assert.ok(found, 'a quiet move');
        await clickMove(page, found[0], found[1]);
        // The computer's answer reaches the page through the feed.
        await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length >= 2, null, WAIT);
        await waitMyTurn(page);
        const shown = await movesShown(page);
        await page.reload();
        await waitMyTurn(page);
        assert.equal(await movesShown(page), shown, 'the moves after a reload');
        assert.ok((await page.locator('.board-col cg-board piece').count()) > 10, 'the board after a reload');
      });
    }

    await t.test('the board by the keyboard alone, turned to Black: a piece lifted and played, the computer answers', async () => {
      await startFromHome(page, base, 'calorie', 'level=1', undefined, /\/game\//, 'black');
      await waitMyTurn(page);
      const found = await findMove(page, (from, m) => m.kind === 'quiet' || m.kind === 'double-step');
      assert.ok(found, 'a move for Black');
      const board = page.locator('.board-col .mh-board');
      assert.ok(await board.evaluate(e => e.classList.contains('orientation-black')), 'the board turned');
      await board.focus();
      await walkTo(page, board, found[0]);
      await page.keyboard.press('Enter');
      await page.locator('.board-say').filter({ hasText: 'lifted' }).waitFor(WAIT);
      await page.locator('.board-col cg-board square.move-dest').first().waitFor({ ...WAIT, state: 'attached' });
      assert.ok(await page.locator('.board-col .kb-cursor:not([hidden])').count() === 1, 'the cursor drawn');
      await walkTo(page, board, found[1].to);
      assert.match(await page.locator('.board-say').textContent(), /Enter plays/);
      await page.keyboard.press('Enter');
      // White's first move, Black's by the keys, White's answer.
      await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length >= 3, null, WAIT);
      const s = await state(page);
      assert.equal(s.moves[1].coordinates.slice(0, 4), `${found[0]}${found[1].to}`.slice(0, 4), 'the move played by the keys');
      // Escape lets a lifted piece go.
      await waitMyTurn(page);
      const again = await findMove(page, (from, m) => m.kind === 'quiet' || m.kind === 'double-step');
      await board.focus();
      await walkTo(page, board, again[0]);
      await page.keyboard.press('Space');
      await page.locator('.board-col cg-board square.move-dest').first().waitFor(WAIT);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelectorAll('.board-col cg-board square.move-dest').length === 0, null, WAIT);
    });

    await t.test('cafeteria: bots, actions by buttons and a step by a click on the map, the dice in words', async () => {
      await startFromHome(page, base, 'cafeteria', 'random', 2);
      await page.locator('.cafeteria .map svg').waitFor(WAIT);
      {
        // The students start on one square: each drawn in a box of its own there, none on another.
        const boxes = await page.locator('.cafeteria .map svg image.thing').evaluateAll(imgs => imgs.map(i => {
          const r = i.getBoundingClientRect();
          return { square: i.dataset.square, title: i.textContent, x: r.x, y: r.y, w: r.width, h: r.height };
        }));
        const shared = boxes.filter(b => boxes.some(o => o !== b && o.square === b.square));
        assert.ok(shared.length >= 2, `two tokens on one square at the start: ${JSON.stringify(boxes)}`);
        for (const a of shared) {
          for (const b of shared) {
            if (a === b || a.square !== b.square) continue;
            const apart = a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5;
            assert.ok(apart, `${a.title} and ${b.title} share a box on ${a.square}`);
          }
        }
      }
      const action = page.locator('.cafeteria .actions button').first();
      await action.waitFor(WAIT);
      const before = (await state(page)).ply;
      await action.click();
      await page.waitForFunction(async ply => {
        const r = await fetch(`/api/games/${location.pathname.split('/')[2]}`);
        return (await r.json()).ply > ply;
      }, before, WAIT);
      await page.locator('.cafeteria .actions button').first().waitFor(WAIT);
      // A step by clicking its square on the map (turns played by buttons until the student may step).
      let [s, step] = await untilStep(page);
      assert.ok(step, 'a step to click on the map');
      await page.locator(`.cafeteria [data-action="${step[0]}"]`).waitFor(WAIT);
      {
        const at = await page.locator('.cafeteria .map svg').evaluate((svg, [col, row]) => {
          const box = svg.getBoundingClientRect();
          const view = svg.viewBox.baseVal;
          return { x: box.left + ((col + 0.5) * 100 / view.width) * box.width, y: box.top + ((row + 0.5) * 100 / view.height) * box.height };
        }, [step[1].charCodeAt(0) - 97, Number(step[2])]);
        await page.mouse.click(at.x, at.y);
        await page.waitForFunction(async ply => {
          const r = await fetch(`/api/games/${location.pathname.split('/')[2]}`);
          return (await r.json()).ply > ply;
        }, s.ply, WAIT);
      }
      assert.ok((await page.locator('.log li').count()) > 0, 'what happened, in words');
      await page.reload();
      await page.locator('.cafeteria .actions button').first().waitFor(WAIT);
      assert.equal(await page.locator('.cafeteria table.staff .bar.nsr').count(), 6, "the staff's NSR bars");
      // A square farther away: pointed at, the whole way is drawn; clicked, the walk is sent as
      // one action (cafeteria-ui.test.mjs counts its requests).
      [s, step] = await untilStep(page);
      const walk = s.legal.kind === 'student' ? s.legal.walks[0] : undefined;
      if (walk) {
        const at = await page.locator('.cafeteria .map svg').evaluate((svg, [col, row]) => {
          const box = svg.getBoundingClientRect();
          const view = svg.viewBox.baseVal;
          return { x: box.left + ((col + 0.5) * 100 / view.width) * box.width, y: box.top + ((row + 0.5) * 100 / view.height) * box.height };
        }, [walk.to.x, walk.to.y]);
        await page.mouse.move(at.x, at.y);
        await page.locator('.cafeteria .map svg g.path polyline').waitFor({ ...WAIT, state: 'attached' }); // a flat line is never 'visible'
        const way = await page.locator('.cafeteria .way').textContent();
        assert.match(way, /^Walk to [a-z][0-9]+ by .*: click to go$/, `the way's caption: ${way}`);
        await page.mouse.click(at.x, at.y);
        await page.waitForFunction(async ply => {
          const r = await fetch(`/api/games/${location.pathname.split('/')[2]}`);
          return (await r.json()).ply > ply;
        }, s.ply, WAIT);
        const acted = (await eventsSince(page, s.event)).find(e => e.type === 'acted' && e.seat === s.you);
        assert.deepEqual(acted?.action, { Walk: walk.path }, `the walk sent: ${JSON.stringify(acted)}`);
      }
      // The map by the keyboard: the cursor starts on the student; Enter on a step's square plays it.
      [s, step] = await untilStep(page);
      if (step) {
        const me = s.cafeteria.students.find(st => st.id === s.legal.student);
        const to = { x: step[1].charCodeAt(0) - 97, y: Number(step[2]) };
        await page.locator('.cafeteria .map').focus();
        for (let i = 0; i < Math.abs(to.x - me.square.x); i++) await page.keyboard.press(to.x > me.square.x ? 'ArrowRight' : 'ArrowLeft');
        for (let i = 0; i < Math.abs(to.y - me.square.y); i++) await page.keyboard.press(to.y > me.square.y ? 'ArrowDown' : 'ArrowUp');
        assert.match(await page.locator('.map-say').textContent(), new RegExp(`^${step[1]}${step[2]}: .*Enter plays move to ${step[1]}${step[2]}`));
        assert.equal(await page.locator('.cafeteria .map svg .kb-cursor').count(), 1, 'the map cursor drawn');
        await page.keyboard.press('Enter');
        await page.waitForFunction(async ply => {
          const r = await fetch(`/api/games/${location.pathname.split('/')[2]}`);
          return (await r.json()).ply > ply;
        }, s.ply, WAIT);
        const acted = (await eventsSince(page, s.event)).find(e => e.type === 'acted' && e.seat === s.you);
        assert.deepEqual(acted?.action, { Move: to }, `the step by the keys: ${JSON.stringify(acted)}`);
      }
    });

    await t.test('a friend joins by link and the first player sees the move', async () => {
      await startFromHome(page, base, 'calorie', 'open', undefined, null);
      const link = await page.locator('[data-join]').inputValue(WAIT);
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      phone.setDefaultTimeout(WAIT.timeout);
      phone.setDefaultNavigationTimeout(WAIT.timeout);
      const other = watch(await phone.newPage());
      await other.goto(link);
      await other.click('[data-control=join]');
      await other.waitForURL(/\/game\//, WAIT);
      await page.goto(link.replace(/\/join\/([^/]+)\/.*/, '/game/$1'));
      await waitMyTurn(page);
      const found = await findMove(page, (from, m) => m.kind === 'double-step' || m.kind === 'quiet');
      await clickMove(page, found[0], found[1]);
      await other.locator('.moves .ply').first().waitFor(WAIT);
      await waitMyTurn(other);
      const reply = await findMove(other, (from, m) => m.kind === 'quiet' || m.kind === 'double-step');
      await clickMove(other, reply[0], reply[1]);
      await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length >= 2, null, WAIT);
      await other.context().close();
    });

    await t.test('a promotion by clicking and the picker', async () => {
      await gameFromApi(page, base, { game: 'chess', fen: '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', seats: [{ player: 'me' }, { player: 'random' }] });
      await waitMyTurn(page);
      const found = await findMove(page, (from, m) => m.promotion !== null && m.promotion.toLowerCase() === 'n');
      await clickSquare(page, found[0]);
      await clickSquare(page, found[1].to);
      await page.locator('.picker:not([hidden])').waitFor(WAIT);
      // The four promotions as a grid, each piece drawn.
      assert.equal(await page.locator('.picker .choices.grid button').count(), 4);
      const drawn = await page.locator('.picker .choices.grid piece').evaluateAll(ps => ps.map(p => getComputedStyle(p).backgroundImage));
      assert.ok(drawn.every(b => b.startsWith('url(')), `pieces drawn: ${drawn}`);
      await page.locator(`.picker [data-move="${found[1].coordinates}"]`).click();
      await page.locator('.moves .ply').first().waitFor(WAIT);
      assert.match(await page.locator('.moves .ply').first().textContent(), /=N/);
      // The move in words; no engine advice while the game is played.
      await page.locator('.log li').filter({ hasText: /^White's Pawn b7 to b8 and promotes to a Knight/ }).waitFor(WAIT);
      assert.ok(await page.locator('.analysis-box[hidden]').count() === 1, 'no analysis during the game');
      // Resigned: the engine's view of the final position, then the replay with the arrow keys.
      page.once('dialog', d => d.accept());
      await page.click('[data-control=resign]');
      await page.locator('.analysis-box:not([hidden])').waitFor(WAIT);
      await page.click('.analysis-box [data-control=analyse]');
      await page.locator('.analysis-box .analysis').filter({ hasText: /^Depth \d+, score [^:]+: (White|Black|the sides).*\. Best line: / }).waitFor(WAIT);
      assert.ok(await page.locator('.downloads a[href$="?ply=end"]').count() === 1, 'the analysis board link');
      await page.locator('.downloads a[href^="/replay/"]:not([href*="?"])').click();
      await page.locator('.side-col .status').filter({ hasText: 'the start' }).waitFor(WAIT);
      await page.keyboard.press('ArrowRight');
      await page.locator('.side-col .status').filter({ hasText: /^1 of \d+: White: b8=N/ }).waitFor(WAIT);
      await page.keyboard.press('End');
      await page.locator('.side-col .status').filter({ hasText: /^(\d+) of \1: / }).waitFor(WAIT);
      // The engine's view of the position after the promotion.
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await page.click('[data-control=analyse]');
      await page.locator('.analysis').filter({ hasText: /^Depth \d+, score / }).waitFor(WAIT);
    });

    await t.test('a drop from the hand (the PieceEater)', async () => {
      // Reinforcements go on the own first two ranks, full at the start: a Pawn has left e2.
      const fen = 'rnbqkbnr/pppppppp/8/8/3*4/8/PPPP1PPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1';
      await gameFromApi(page, base, { game: 'pieceeater', fen, seats: [{ player: 'me' }, { player: 'random' }] });
      await waitMyTurn(page);
      const found = await findMove(page, from => from.includes('@'));
      assert.ok(found, 'a drop');
      await clickMove(page, found[0], found[1]);
      assert.match(await page.locator('.moves .ply').first().textContent(), /@/);
      // The PieceEater's roll after the drop, as a die beside the board.
      await page.locator('.last-roll:not([hidden]) .die svg').waitFor(WAIT);
      assert.match(await page.locator('.last-roll').textContent(), /PieceEater rolled [0-9]+ of [0-9]+/);
      await page.locator('.log li').filter({ hasText: /^White drops an? [A-Z][a-z]+ on [a-h][12]; the PieceEater (rolls [0-9]+ of [0-9]+|has one way to go) and (steps from|stays on)/ }).waitFor(WAIT);
    });

    await t.test('a swap and a rifle capture (the Friendly game)', async () => {
      await startFromHome(page, base, 'friendly', 'random');
      await waitMyTurn(page);
      // A Friend on hover: its legal targets from the seat's moves, in words.
      const { piece: friend, at: fp } = await pieceAt(page, 'Friend', 'white');
      await page.mouse.move(fp.x, fp.y);
      await page.locator('.friend-hint:not([hidden])').waitFor(WAIT);
      assert.match(await page.locator('.friend-hint').textContent(), new RegExp(`Friend on ${friend.square} borrows`));
      // Who lends what, as the server's board view says, with an arrow from each lender.
      assert.ok(friend.borrows?.length > 0, `a lender at the start: ${JSON.stringify(friend)}`);
      const hint = await page.locator('.friend-hint').textContent();
      for (const l of friend.borrows) {
        // Lending Friends with long borrowings share a clause ("the Friends on f1 and g1"), counted
        // rather than listed (src/ui/friend-words.ts).
        const named = l.lends.length > 2 ? new RegExp(`${l.name}s? on ([a-l][0-9]+(, | and ))*${l.square}\\b`) : new RegExp(`${l.name} on ${l.square}\\b`);
        assert.match(hint, named, `${l.name} on ${l.square} in: ${hint}`);
        if (l.lends.length > 2) assert.match(hint, new RegExp(`\\b${l.lends.length}\\b[^(]* pieces' moves;`), `${l.square}'s borrowing counted in: ${hint}`);
      }
      assert.ok(await page.locator('.board-col svg line, .board-col svg path').count() > 0, 'the arrows drawn');
      await page.mouse.move(0, 0);
      const swap = await findMove(page, (from, m) => m.kind === 'swap');
      assert.ok(swap, 'a swap at the start');
      await clickMove(page, swap[0], swap[1]);
      await page.locator('.log li').filter({ hasText: new RegExp(`^White's [A-Za-z ]+ on ${swap[0]} swaps places with the [A-Za-z ]+ on ${swap[1].to}`) }).waitFor(WAIT);
      const fen = 'tmdcffffcdmt/jsglabbquoih/xpeyvzzvyepx/12/12/12/12/12/8p3/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1';
      // Black's seat is a second person's who does not move: no reply can move a piece onto the
      // squares checked below (a computer's reply once did).
      await gameFromApi(page, base, { game: 'friendly', fen, seats: [{ player: 'me' }, { player: 'me' }] });
      await waitMyTurn(page);
      const rifle = await findMove(page, (from, m) => m.kind === 'rifle');
      assert.ok(rifle, 'a rifle shot');
      await clickMove(page, rifle[0], rifle[1]);
      await page.locator('.log li').filter({ hasText: new RegExp(`^White's [A-Za-z ]+ on ${rifle[0]} shoots Black's [A-Za-z ]+ on ${rifle[1].to} and stays where it is`) }).waitFor(WAIT);
      // The shooter stays where it stood and the victim is gone.
      const after = await state(page);
      assert.ok(after.board.pieces.some(p => p.square === rifle[0]), 'the shooter stays');
      assert.ok(!after.board.pieces.some(p => p.square === rifle[1].to && p.color === 'black'), 'the victim is gone');
    });

    await t.test('a rules page: a piece diagram opened', async () => {
      await page.goto(`${base}/rules/foodfight`);
      await page.locator('tr[data-piece]').nth(1).click();
      await page.locator('.diagram cg-board piece').first().waitFor(WAIT);
      await page.waitForFunction(() => /on [a-p][0-9]+, alone on an empty board\. green: /.test(document.querySelector('.diagram-caption')?.textContent ?? ''), null, WAIT);
      assert.ok((await page.locator('.diagram svg circle, .diagram svg g').count()) > 0, 'the squares marked');
    });

    await t.test('names: a piece named on hover and on tap, the legend beside the board', async () => {
      const drawings = new Set();
      // (The site's icon, the Chef, is a file of its own.)
      const seen = r => r.url().includes('/pieces/') && !r.url().endsWith('/pieces/white/chef.svg') && drawings.add(new URL(r.url()).pathname);
      page.on('request', seen);
      await startFromHome(page, base, 'foodfight', 'level=1');
      await waitMyTurn(page);
      await page.locator('.side-col .legend li img').first().waitFor(WAIT);
      page.off('request', seen);
      // Every drawing of the board and the legend from one file, at this bundle's address (kept
      // by the browser for good).
      assert.equal(drawings.size, 1, [...drawings].join(' '));
      assert.match([...drawings][0], /^\/assets\/[0-9a-f]{16}\/pieces\/sprite\.svg$/);
      const { piece: pancake, at } = await pieceAt(page, 'Pancake', 'white');
      await page.mouse.move(at.x, at.y);
      await page.locator('.piece-name:not([hidden])').filter({ hasText: `White's Pancake on ${pancake.square}` }).waitFor(WAIT);
      await page.mouse.move(at.x, at.y - 200);
      await page.waitForFunction(() => {
        const n = document.querySelector('.piece-name');
        return n !== null && (n.hidden || !/Pancake/.test(n.textContent ?? ''));
      }, null, WAIT);
      await page.mouse.move(0, 0);
      await page.locator('.piece-name[hidden]').waitFor({ ...WAIT, state: 'attached' });
      // The legend: every piece drawn, named and told in plain words, beside the board.
      const legend = page.locator('.side-col .legend');
      assert.equal(await legend.locator('li').count(), 15);
      const words = await legend.locator('li[data-piece="N"]').textContent();
      assert.match(words, /^Pancake steps one square in any direction; rides any number of knight leaps in a line over exactly one piece/);
      assert.ok(await legend.locator('li[data-piece="N"] img[src*="pancake"]').count() === 1, 'the Pancake drawn');
      // The legend sits in the side column: the board's column is as it was.
      const board = await page.locator('.board-col').boundingBox();
      const side = await legend.boundingBox();
      assert.ok(side.x >= board.x + board.width, `the legend beside the board: ${JSON.stringify({ board, side })}`);
      // The PieceEater's game names it too.
      await startFromHome(page, base, 'pieceeater', 'level=1');
      await page.locator('.legend li[data-piece="*"]').filter({ hasText: /^PieceEater belongs to nobody/ }).waitFor(WAIT);
      // A touch screen: a tap on a piece that is not a move names it for a moment.
      const phone = watch(await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }));
      phone.setDefaultTimeout(WAIT.timeout);
      await startFromHome(phone, base, 'friendly', 'level=1');
      await waitMyTurn(phone);
      const { piece: enemy, at: tap } = await pieceAt(phone, 'Sniper', 'black');
      await phone.touchscreen.tap(tap.x, tap.y);
      await phone.locator('.piece-name:not([hidden])').filter({ hasText: `Black's Sniper on ${enemy.square}` }).waitFor(WAIT);
      await phone.locator('.piece-name[hidden]').waitFor({ ...WAIT, state: 'attached' });
      await phone.close();
    });

    await t.test('rules pages: the setup drawn, a link to play, moves that need another piece by example', async () => {
      await page.goto(`${base}/rules/foodfight`);
      await page.locator('.setup cg-board piece').first().waitFor(WAIT);
      assert.equal(await page.locator(".setup cg-board piece").count(), 72, 'the start position drawn');
      assert.ok(await page.locator('.pieces-table tr[data-piece="N"] img[src*="pancake"]').count() === 1, 'the Pancake drawn in the table');
      // The Pancake: a hurdle on a knight line and the squares beyond it.
      await page.locator('.pieces-table tr[data-piece="N"]').click();
      const hurdle = page.locator('.examples .example[data-need="hurdle"]');
      await hurdle.locator('cg-board piece').nth(1).waitFor(WAIT);
      assert.equal(await hurdle.locator('cg-board piece').count(), 2, 'the Pancake and its hurdle');
      assert.match(await hurdle.locator('.diagram-caption').textContent(), /^With a piece to hop over \(a friendly Cantaloupe on h5\), the Pancake on f6 also reaches these squares\. green: moves or captures \(2\)\.$/);
      assert.ok(await hurdle.locator('svg circle').count() >= 2, 'the squares beyond circled');
      assert.ok(!(await page.locator('.diagram').textContent()).includes('does not show'), 'nothing left out');
      // The Friendly game: a lender, a swap partner, a rifle's target.
      await page.goto(`${base}/rules/friendly`);
      for (const [letter, need, words] of [['F', 'lender', /^Guarded by the friendly Archer on e4, the Friend on f6 borrows its moves and powers/], ['Q', 'partner', /may change places with the friendly Archer on f4\. yellow: changes places \(1\)/], ['A', 'target', /^The Archer on f6 shoots the enemy Archer on e4 without moving\. red: captures \(1\)/]]) {
        await page.locator(`.pieces-table tr[data-piece="${letter}"]`).click();
        const example = page.locator(`.examples .example[data-need="${need}"]`);
        await example.locator('cg-board piece').nth(1).waitFor(WAIT);
        assert.match(await example.locator('.diagram-caption').textContent(), words);
      }
      // The cafeteria's setup is its map.
      await page.goto(`${base}/rules/cafeteria`);
      await page.locator('.setup svg.mh-cafeteria').waitFor(WAIT);
      assert.ok(await page.locator('a.play-link[href="/?game=cafeteria"]').count() === 1, 'a link to play the cafeteria game');
      // Chess's rule moves: castling and en passant, each in a position of its own.
      await page.goto(`${base}/rules/calorie`);
      for (const [letter, need, words] of [['K', 'castling', /^Castling: the King on e1, never moved, goes to a blue square/], ['P', 'en-passant', /^En passant: the enemy Pawn on c4 has just stepped two squares past the blue square/]]) {
        await page.locator(`.pieces-table tr[data-piece="${letter}"]`).click();
        const example = page.locator(`.examples .example[data-need="${need}"]`);
        await example.locator('cg-board piece').nth(1).waitFor(WAIT);
        assert.match(await example.locator('.diagram-caption').textContent(), words);
      }
      await page.goto(`${base}/rules/friendly`);
      // Play this game: the home page with the game chosen.
      await page.locator('a.play-link').click();
      await page.waitForURL(/\/\?game=friendly$/, WAIT);
      await page.locator('select[name=game] option[value="friendly"]').waitFor({ ...WAIT, state: 'attached' });
      assert.equal(await page.locator('select[name=game]').inputValue(), 'friendly');
    });

    await t.test('a variant file pasted and played against the computer', async () => {
      const text = fs.readFileSync(new URL('../../examples/variants/court-powers.toml', import.meta.url), 'utf8');
      await page.goto(`${base}/variant`);
      await page.fill('textarea', text);
      await page.click('[data-control=check]');
      await page.locator('.checked table').waitFor(WAIT);
      await page.locator('.checked .diagram cg-board piece').first().waitFor(WAIT);
      await page.click('[data-control=play-variant]');
      await page.waitForURL(/\/game\//, WAIT);
      await waitMyTurn(page);
      const found = await findMove(page, (from, m) => m.kind === 'quiet' || m.kind === 'double-step');
      await clickMove(page, found[0], found[1]);
      await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length >= 2, null, WAIT);
    });

    // Rules prose and variant upload (the rules pages' and variant page's own block).
    await t.test('the rules pages: each game told in prose beside its pieces', async () => {
      for (const [game, words] of [['foodfight', 'cannon nightrider'], ['calorie', '7 Cal'], ['pieceeater', 'wraps around'], ['friendly', 'borrows'], ['cafeteria', 'Last Ditch Assault']]) {
        await page.goto(`${base}/rules/${game}`);
        await page.locator('.prose h2').first().waitFor(WAIT);
        assert.ok((await page.locator('.prose').textContent()).includes(words), `${game}: the prose says "${words}"`);
      }
      await page.goto(`${base}/rules/foodfight`);
      await page.locator('.prose h3 button.piece-link[data-piece="N"]').click();
      await page.waitForFunction(() => /^Pancake steps one square/.test(document.querySelector('.diagram-caption')?.textContent ?? ''), null, WAIT);
    });

    await t.test('a variant file uploaded and dropped: checked, its prose shown, played', async () => {
      await page.goto(`${base}/variant`);
      const upload = page.locator('input[type=file][data-control=upload]');
      await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('name = "x"') });
      await page.waitForFunction(() => /notes\.txt: not a \.toml file/.test(document.querySelector('.error:not([hidden])')?.textContent ?? ''), null, WAIT);
      await upload.setInputFiles({ name: 'big.toml', mimeType: 'application/toml', buffer: Buffer.alloc(40000, 35) });
      await page.waitForFunction(() => /big\.toml: 40000 bytes; a variant file is at most 32 KB/.test(document.querySelector('.error:not([hidden])')?.textContent ?? ''), null, WAIT);
      // A file with markup in its prose, dropped on the page: the markup is shown as text.
      const tiny = 'name = "tiny"\nrules_text = "## Tiny\\n\\nKings only <img src=x onerror=\\"window.pwned=1\\">."\nfiles = 4\nranks = 4\nstart = "k3/4/4/K3 w - - 0 1"\n[[piece]]\nletter = "K"\nname = "King"\nbetza = "K"\nroyal = true\n';
      await page.evaluate(text => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'tiny.toml', { type: 'application/toml' }));
        document.querySelector('[data-control=drop-zone]').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }, tiny);
      await page.locator('.checked .prose h2').first().waitFor(WAIT);
      assert.equal(await page.locator('.error').isHidden(), true, 'the earlier error is gone');
      assert.ok((await page.locator('.checked .prose').textContent()).includes('Kings only <img src=x'), 'markup shown as text');
      assert.equal(await page.locator('.checked .prose img').count(), 0, 'no element made from the text');
      assert.equal(await page.evaluate(() => window.pwned), undefined);
      assert.equal(await page.inputValue('input[aria-label="file name"]'), 'tiny.toml');
      // A real file chosen: its text in the box, its prose and diagrams shown, then played.
      const file = new URL('../../examples/variants/court-powers.toml', import.meta.url);
      await upload.setInputFiles(file.pathname);
      await page.waitForFunction(() => document.querySelector('.checked p')?.textContent?.startsWith('court-powers:'), null, WAIT);
      assert.equal(await page.inputValue('textarea'), fs.readFileSync(file, 'utf8'));
      assert.ok((await page.locator('.checked .prose').textContent()).includes('shoots an enemy a knight'), 'the file\'s own prose');
      await page.locator('.checked .diagram cg-board piece').first().waitFor(WAIT);
      await page.click('[data-control=play-variant]');
      await page.waitForURL(/\/game\//, WAIT);
      await waitMyTurn(page);
      const found = await findMove(page, (from, m) => m.kind === 'quiet' || m.kind === 'double-step');
      await clickMove(page, found[0], found[1]);
      await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length >= 2, null, WAIT);
    });

    await t.test('the games lists', async () => {
      await page.goto(`${base}/games`);
      await page.locator('.games.ongoing li[data-game]').first().waitFor(WAIT);
    });

    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await browser.close();
    await server.stop();
  }
});
