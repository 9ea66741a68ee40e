// Invitations and open games, in three browser contexts against `messhall serve`: a friend's
// link page says what it joins (the game, the clock, the side, who invites) before the seat is
// taken, the links come with a copy button and a QR code and stay on the game's page until the
// seat is taken; a listed game's open seat is taken from the games list by a stranger; a used
// link says so; the bar counts the games that wait for the player's move. Screenshots go to
// $MESSHALL_SHOTS (default: a temporary folder).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WAIT, browserBinary, browserReady, launchChromium, playerPage, startServer } from './server.mjs';

const bin = await browserBinary();
const shots = process.env.MESSHALL_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'messhall-invite-'));
fs.mkdirSync(shots, { recursive: true });

test('a link says what it joins, a listed game takes a stranger, and the bar counts your turns', { timeout: 180000 }, async t => {
  if (!browserReady(t, 'the invitation browser test', bin)) return;
  const server = await startServer(bin);
  const browser = await launchChromium();
  const errors = [];
  try {
    const open = () => playerPage(browser, errors);
    const [ann, bob, cy] = [await open(), await open(), await open()];

    // Ann names herself and makes a Food Fight game for a friend: White, 5 min + 3 s.
    await ann.goto(`${server.base}/account`);
    await ann.locator('input[name="display-name"]').fill('Ann');
    await ann.locator('[data-control="rename"]').click();
    await ann.locator('.site-bar .who').filter({ hasText: 'Ann' }).waitFor(WAIT);
    await ann.goto(`${server.base}/?game=foodfight`);
    await ann.locator('select[name="opponent"]').selectOption('open');
    await ann.locator('select[name="side"]').selectOption('white');
    await ann.locator('select[name="clock"]').selectOption('300000+3000');
    await ann.locator('input[name="listed"]').uncheck();
    await ann.locator('[data-control="start"]').click();
    const link = await ann.locator('.invites [data-join="1"]').inputValue(WAIT);
    assert.match(link, /\/join\/[^/]+\/[^/]+$/);
    assert.equal(await ann.locator('.invites [data-copy]').count(), 1);
    // The QR code is drawn from the code's matrix: a square of dark modules in a quiet zone.
    const qr = await ann.locator('.invites svg.qr').evaluate(svg => ({ box: svg.getAttribute('viewBox'), label: svg.getAttribute('aria-label'), d: svg.querySelector('path')?.getAttribute('d')?.length ?? 0 }));
    assert.match(qr.box, /^0 0 (\d+) \1$/);
    assert.ok(Number(qr.box.split(' ')[2]) >= 29, `${qr.box}: at least a version 1 code and its quiet zone`);
    assert.ok(qr.d > 500, 'dark modules drawn');
    assert.match(qr.label, /QR code/);
    await ann.screenshot({ path: path.join(shots, 'invite-links.png') });
    // The game's page shows the link again while the seat is open.
    await ann.locator('a', { hasText: 'go to the game' }).click();
    await ann.waitForURL(/\/game\//, WAIT);
    assert.equal(await ann.locator('.waiting-box [data-join="1"]').inputValue(WAIT), link);
    assert.equal(await ann.locator('.waiting-box svg.qr').count(), 1);

    // Bob opens the link: it says what he joins before he takes the seat.
    await bob.goto(link);
    const said = bob.locator('.invitation');
    await said.waitFor(WAIT);
    assert.equal(await said.textContent(), 'Ann (White) invites you to Food Fight chess, 5 min + 3 s. You would play Black.');
    await bob.screenshot({ path: path.join(shots, 'invite-join-page.png') });
    await bob.locator('[data-control="join"]').click();
    await bob.waitForURL(/\/game\//, WAIT);
    await bob.locator('.status').filter({ hasText: 'You play Black' }).waitFor(WAIT);
    // The seat taken, Ann's page drops the link; a used link says so.
    await ann.locator('.waiting-box[hidden]').waitFor({ state: 'attached', ...WAIT });
    await cy.goto(link);
    await cy.locator('h1').filter({ hasText: 'Join a game' }).waitFor(WAIT);
    assert.match(await cy.locator('main').textContent(), /opens no seat now/);
    assert.equal(await cy.locator('[data-control="join"]').count(), 0);
    // Ann, on another page, is told a game waits for her move.
    await ann.goto(`${server.base}/rules`);
    await ann.locator('.site-bar .turns[data-turns="1"]').waitFor(WAIT);
    await ann.locator('.site-bar a[href="/games"]').click();
    await ann.locator('ul.games.yours li[data-your-turn="yes"]').waitFor(WAIT);

    // Bob makes a listed game waiting for an opponent; Cy takes the seat from the games list.
    await bob.goto(`${server.base}/?game=chess`);
    await bob.locator('select[name="opponent"]').selectOption('open');
    await bob.locator('select[name="side"]').selectOption('black');
    await bob.locator('input[name="listed"]').check();
    await bob.locator('[data-control="start"]').click();
    await bob.locator('.invites [data-join="0"]').waitFor(WAIT);
    const made = await bob.locator('.invites [data-join="0"]').inputValue();
    const id = new URL(made).pathname.split('/')[2];
    // Bob's own list offers him no join; Cy's does.
    await bob.goto(`${server.base}/games`);
    await bob.locator(`ul.ongoing li[data-game="${id}"]`).waitFor(WAIT);
    assert.equal(await bob.locator(`li[data-game="${id}"] [data-control="take-seat"]`).count(), 0);
    await cy.goto(`${server.base}/games`);
    await cy.locator(`ul.ongoing li[data-game="${id}"] [data-control="take-seat"]`).click();
    await cy.waitForURL(`${server.base}/game/${id}`, WAIT);
    await cy.locator('.status').filter({ hasText: 'You play White' }).waitFor(WAIT);
    await cy.screenshot({ path: path.join(shots, 'invite-taken-from-list.png') });
    const state = await cy.evaluate(async id => (await fetch(`/api/games/${id}`)).json(), id);
    assert.equal(state.status, 'playing');
    assert.equal(state.listed, true);
    // A stranger on the page of a listed game takes its seat there too.
    const other = await ann.evaluate(async () => (await (await fetch('/api/games', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'calorie', seats: [{ player: 'me' }, { player: 'open' }], listed: true }),
    })).json()).id);
    await cy.goto(`${server.base}/game/${other}`);
    await cy.locator('.status').filter({ hasText: 'anyone may take the open seat' }).waitFor(WAIT);
    await cy.locator('.waiting-box [data-control="take-seat"]').click();
    await cy.locator('.status').filter({ hasText: 'You play Black' }).waitFor(WAIT);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
