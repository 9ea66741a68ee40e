// The cafeteria game page in words and pictures, in Debian's chromium against `messhall serve`: a
// game made through the API (this page's seat against the rules bot), then played on the page:
// the Food Line by its button, a walk of several steps by one click on the map (one request, the
// student ends on the square), the squares named on the map, the student to act ringed, the AA
// left shown, a throw whose button and log line name the food, and no sideways scrolling on a
// phone, where a first tap shows a walk and a second sends it; and a game of two bots played
// out, whose page names the winner and why. Screenshots of the game mid-way at 1366x768 and
// 390x844, and of the bots' end, go to $MESSHALL_SHOTS (default /tmp/shots-cafeteria).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mapSquare as squareCentre } from './board-page.mjs';
import { WAIT, api, browserBinary, browserReady, chromiumPath as executable, launchChromium, startServer } from './server.mjs';

const shots = process.env.MESSHALL_SHOTS ?? '/tmp/shots-cafeteria';


const king = (a, b) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
const name = s => `${String.fromCharCode(97 + s.x)}${s.y}`;
// Whether an offered action is of a kind (its data `{"Throw": {...}}`, or a bare `"EndTurn"`).
const is = (a, kind) => typeof a.action === 'object' && a.action !== null && kind in a.action;

// Built (or found) before the test, so its bounded wait does not count against the test's time.
const bin = await browserBinary();

test('the cafeteria in words and pictures: food named, a walk in one action, a phone without sideways scrolling', { timeout: 300000 }, async t => {
  if (!browserReady(t, 'the cafeteria UI test', bin)) return;
  fs.mkdirSync(shots, { recursive: true });
  const server = await startServer(bin);
  const call = api(server.base);
  const browser = await launchChromium(executable);
  const errors = [];
  try {
    const made = await call('POST', '/api/games', undefined, { game: 'cafeteria', seats: [{ player: 'me', name: 'ann' }, { player: 'rules' }] });
    const id = made.id;
    const route = `/api/games/${id}`;
    const token = made.tokens.find(x => x.seat === 0)?.token ?? made.tokens[0].token;
    // Game `game`'s page for the seat of `seatToken` (this game's by default).
    const open = async (viewport, who, touch = false, game = id, seatToken = token) => {
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      context.setDefaultTimeout(WAIT.timeout);
      const page = await context.newPage();
      page.on('console', m => m.type() === 'error' && errors.push(`${who}: ${m.text()}`));
      page.on('pageerror', e => errors.push(`${who}: ${e.message}`));
      await page.goto(server.base);
      await page.evaluate(([g, tok]) => localStorage.setItem('messhall.tokens', JSON.stringify({ [g]: tok })), [game, seatToken]);
      await page.goto(`${server.base}/game/${game}`);
      await page.locator('.cafeteria .map svg').waitFor(WAIT);
      return page;
    };
    const page = await open({ width: 1366, height: 768 }, 'desktop');
    const mine = () => call('GET', route, token);
    // Until this seat is to act (the bot plays the others), or the game is over.
    const myTurn = async () => {
      for (let i = 0; i < 400; i++) {
        const s = await mine();
        if (s.result !== null || s.legal.kind === 'student') return s;
        await new Promise(r => setTimeout(r, 50));
      }
      throw new Error('this seat never came to act');
    };
    // Until the server's game is past `ply` (the action sent is in).
    const acted = async ply => {
      for (let i = 0; i < 400; i++) {
        if ((await call('GET', route, token)).ply > ply) return;
        await new Promise(r => setTimeout(r, 50));
      }
      throw new Error(`the game stayed at ply ${ply}`);
    };
    // Until the page shows state `s`: its student's turn line and its actions.
    const shows = async s => {
      const who = s.cafeteria.students.find(st => st.id === s.legal.student);
      await page.waitForFunction(([w, who, aa]) => [who, aa].every(t => document.querySelector('.cafeteria .turn-line')?.textContent?.includes(t))
        && JSON.stringify([...document.querySelectorAll('.cafeteria .actions button')].map(b => b.dataset.action).sort()) === w,
      [JSON.stringify(s.legal.actions.map(a => a.text).sort()), `${who.name} (yours) is to act`, `AA ${s.cafeteria.aa_left} of`], WAIT);
    };
    const posts = [];
    page.on('request', r => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === `${route}/act`) posts.push(r.postData());
    });

    // The first turn: the Food Line, a button in words with the tray drawn on it.
    let s = await myTurn();
    await shows(s);
    const line = page.locator('.cafeteria .actions button').first();
    await line.waitFor(WAIT);
    assert.match(await line.textContent(), /^Go through the Food Line: a tray and /);
    assert.equal(await line.locator('img.icon').count(), 1, 'the Food Line button has its drawing');
    await line.click();
    await acted(s.ply);

    // The rest of the turn is walking: the squares named, the student to act ringed, AA shown.
    s = await myTurn();
    await shows(s);
    const me = s.cafeteria.students.find(st => st.id === s.legal.student);
    const labels = await page.locator('.cafeteria .map svg .sq-names text').allTextContents();
    assert.ok(labels.length > 150 && labels.includes('c7') && labels.includes(name(me.square)), `squares named on the map: ${labels.length}`);
    const ring = page.locator('.cafeteria .map svg .marks circle.acting');
    assert.equal(await ring.count(), 1, 'the student to act is ringed');
    assert.equal(await ring.getAttribute('cx'), String(me.square.x * 100 + 50));
    const turnLine = await page.locator('.cafeteria .turn-line').textContent();
    assert.match(turnLine, new RegExp(`${me.name} \\(yours\\) is to act.*AA ${s.cafeteria.aa_left} of ${me.aa} left.*AR ${me.ar}/${me.max_ar}`), turnLine);
    assert.ok(s.cafeteria.aa_left < me.aa, 'the Food Line cost AA');
    assert.equal(await page.locator('.cafeteria table.students tr.acting').count(), 1, 'the acting row marked');

    // A walk: pointed at, its way is drawn whole; one click sends it in one request.
    const walk = s.legal.walks.reduce((a, b) => (b.path.length > a.path.length ? b : a));
    assert.ok(walk.path.length >= 3, `a walk of several steps: ${walk.text}`);
    assert.ok(s.legal.walks.every(w => name(w.to) !== name(me.square)), "no walk to the student's own square");
    const target = await squareCentre(page, walk.to);
    await page.mouse.move(target.x, target.y);
    await page.locator('.cafeteria .map svg g.path polyline').waitFor({ ...WAIT, state: 'attached' });
    const points = (await page.locator('.cafeteria .map svg g.path polyline').getAttribute('points')).split(' ');
    assert.equal(points.length, walk.path.length + 1, 'the way drawn through every step');
    assert.match(await page.locator('.cafeteria .way').textContent(), new RegExp(`^Walk to ${name(walk.to)} by .*\\(${walk.path.length} steps, ${walk.path.length} AA\\): click to go`));
    // The student's own square offers nothing.
    const own = await squareCentre(page, me.square);
    await page.mouse.move(own.x, own.y);
    await page.waitForFunction(() => document.querySelectorAll('.cafeteria .map svg g.path').length === 0, null, WAIT);
    assert.match(await page.locator('.cafeteria .way').textContent(), new RegExp(`^${me.name} stands on ${name(me.square)}$`));
    await page.mouse.move(target.x, target.y);
    posts.length = 0;
    const sent = page.waitForRequest(r => r.method() === 'POST' && new URL(r.url()).pathname === `${route}/act`, WAIT);
    await page.mouse.click(target.x, target.y);
    await sent;
    await acted(s.ply);
    // Any second request would have been made at once, with the first.
    await new Promise(r => setTimeout(r, 500));
    assert.equal(posts.length, 1, `one request for the walk: ${JSON.stringify(posts)}`);
    assert.equal(JSON.parse(posts[0]).action, walk.text);
    const after = await call('GET', route, token);
    assert.deepEqual(after.cafeteria.students.find(st => st.id === me.id).square, walk.to, 'the student ended on the square');
    await page.locator('.log li', { hasText: `${me.name} walks to ${name(walk.to)} by ` }).first().waitFor(WAIT);

    // Play on until a throw is offered: its button names the food and the target, so does the log.
    let thrown = null;
    for (let turn = 0; turn < 40 && thrown === null; turn++) {
      s = await myTurn();
      if (s.result !== null) break;
      await shows(s);
      const throwing = s.legal.actions.find(a => is(a, 'Throw'));
      let pick;
      if (throwing !== undefined) {
        pick = throwing.text;
        const b = page.locator(`.cafeteria .actions button[data-action="${pick}"]`);
        // Its name in full, and on screen its row's words then the target's face and name.
        const words = await b.getAttribute('aria-label');
        assert.match(words, /^Throw the [a-z][a-z -]* at [A-Z]/, `the throw's button in words: ${words}`);
        assert.doesNotMatch(words, /\d/, `no food number: ${words}`);
        const target = words.replace(/^.* at /, '');
        assert.equal((await b.textContent()).trim(), target);
        assert.equal(await b.locator('img.icon').count(), 1, "the target's face on the button");
        const row = await b.locator('xpath=../..').textContent();
        assert.ok(row.startsWith(words.replace(/ at [A-Z].*$/, ' at')), `the row names the food: ${row}`);
        thrown = { food: throwing.words.replace(/^throw (the .*) at .*$/, '$1'), student: s.cafeteria.students.find(st => st.id === s.legal.student).name };
        // Mid-game, as a player sees it: a screenshot at each width.
        await page.screenshot({ path: path.join(shots, 'cafeteria-1366x768.png') });
      } else {
        // Toward the nearest opponent: the walk or step that ends nearest; else food; else the first.
        const at = s.cafeteria.students.find(st => st.id === s.legal.student).square;
        const foes = s.cafeteria.students.filter(st => st.player !== s.you && st.status === 'Active').map(st => st.square);
        const dist = sq => Math.min(...foes.map(f => king(f, sq)));
        const ways = [...s.legal.walks.map(w => ({ text: w.text, to: w.to })), ...s.legal.actions.filter(a => is(a, 'Move')).map(a => ({ text: a.text, to: a.action.Move }))];
        const best = ways.sort((a, b) => dist(a.to) - dist(b.to))[0];
        const food = s.legal.actions.find(a => /^(line|search|pick|take-tray)/.test(a.text));
        pick = food?.text ?? (best !== undefined && dist(best.to) < dist(at) ? best.text : s.legal.actions[0].text);
      }
      const b = page.locator(`.cafeteria .actions button[data-action="${pick}"]`);
      if ((await b.count()) === 1) await b.click();
      else await call('POST', `${route}/act`, token, { ply: s.ply, action: pick });
      await acted(s.ply);
    }
    assert.ok(thrown !== null, 'a throw was offered within 40 turns');
    await page.locator('.log li', { hasText: `${thrown.student} throws ${thrown.food} at ` }).first().waitFor(WAIT);
    const log = await page.locator('.log li').allTextContents();
    for (const l of log) {
      assert.doesNotMatch(l, /something hidden|foods? \d|student \d|\{|"/, `a log line in words: ${l}`);
    }

    // A phone: the same game, no sideways scrolling.
    const phone = await open({ width: 390, height: 844 }, 'phone');
    await phone.locator('.cafeteria .turn-line').waitFor(WAIT);
    const widths = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(widths.scroll <= widths.client, `no sideways scrolling at 390 px: ${JSON.stringify(widths)}`);
    await phone.screenshot({ path: path.join(shots, 'cafeteria-390x844.png'), fullPage: false });
    await phone.screenshot({ path: path.join(shots, 'cafeteria-390x844-full.png'), fullPage: true });

    // On a touch screen a first tap shows the way and a second sends it: a fresh game, its Food
    // Line played through the API, then a walk by two taps on the phone.
    {
      const fresh = await call('POST', '/api/games', undefined, { game: 'cafeteria', seats: [{ player: 'me' }, { player: 'rules' }] });
      const seatToken = fresh.tokens[0].token;
      const froute = `/api/games/${fresh.id}`;
      let f = await call('GET', froute, seatToken);
      await call('POST', `${froute}/act`, seatToken, { ply: f.ply, action: f.legal.actions[0].text });
      f = await call('GET', froute, seatToken);
      const w = f.legal.walks.reduce((a, b) => (b.path.length > a.path.length ? b : a));
      const touch = await open({ width: 390, height: 844 }, 'touch', true, fresh.id, seatToken);
      await touch.locator('.cafeteria .actions button').first().waitFor(WAIT);
      const tapped = [];
      touch.on('request', r => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === `${froute}/act`) tapped.push(r.postData());
      });
      const at = await squareCentre(touch, w.to);
      await touch.touchscreen.tap(at.x, at.y);
      await touch.locator('.cafeteria .map svg g.path polyline').waitFor({ ...WAIT, state: 'attached' });
      assert.match(await touch.locator('.cafeteria .way').textContent(), new RegExp(`tap ${name(w.to)} again to go$`));
      await new Promise(r => setTimeout(r, 300));
      assert.equal(tapped.length, 0, 'the first tap only shows the way');
      const sentByTap = touch.waitForRequest(r => r.method() === 'POST' && new URL(r.url()).pathname === `${froute}/act`, WAIT);
      await touch.touchscreen.tap(at.x, at.y);
      await sentByTap;
      for (let i = 0; i < 100 && (await call('GET', froute, seatToken)).ply === f.ply; i++) await new Promise(r => setTimeout(r, 50));
      const moved = await call('GET', froute, seatToken);
      assert.deepEqual(moved.cafeteria.students.find(st => st.id === f.legal.student).square, w.to, 'the walk by two taps');
      assert.equal(tapped.length, 1);
    }

    // A game of two bots played out: its page says who won and why, in the status and the log.
    const bots = await call('POST', '/api/games', undefined, { game: 'cafeteria', seats: [{ player: 'rules' }, { player: 'random' }] });
    let over = null;
    for (let i = 0; i < 1200 && over === null; i++) {
      const g = await call('GET', `/api/games/${bots.id}`);
      if (g.result !== null) over = g;
      else await new Promise(r => setTimeout(r, 100));
    }
    assert.ok(over !== null, 'the bots finished their game');
    await page.goto(`${server.base}/game/${bots.id}`);
    await page.locator('.cafeteria .map svg').waitFor(WAIT);
    const status = await page.locator('.status').textContent();
    const winners = over.result.ending.winners.map(w => over.cafeteria.students.find(st => st.id === w).name);
    if (winners.length > 0) {
      for (const w of winners) assert.ok(status.includes(w), `the winner ${w} named: ${status}`);
      assert.match(status, /^Game over: .* wins?\b.*\.|^Game over: .* share the win/, status);
    } else {
      assert.match(status, /^Game over: nobody wins: /, status);
    }
    assert.doesNotMatch(status, /kind|winners|\d/, `the result in words: ${status}`);
    assert.ok((await page.locator('.log li', { hasText: 'Game over: ' }).count()) === 1, 'the result in the log');
    await page.screenshot({ path: path.join(shots, 'cafeteria-over-1366x768.png') });
    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await browser.close();
    await server.stop();
  }
});
