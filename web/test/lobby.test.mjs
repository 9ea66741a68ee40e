// Strangers meet in the lobby, in three browser contexts against `messhall serve`: an anonymous
// player posts a rated Food Fight chess seek, another sees it appear within a second and takes
// it; they play to a result (a resignation) and see their new ratings, which are Glicko-2's on
// that result, chat (markup shown as text) and play a rematch with the colours swapped; a third
// meets one of them by quick pairing, plays rated, signs up, and a fresh browser logs in to its
// account and finds its game and rating; a cafeteria seek is filled from the lobby by three
// people and a bot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WAIT, browserBinary, browserReady, launchChromium, playerPage, startServer } from './server.mjs';

// The `skillratings` crate's Glicko-2 after one decisive game between new players (1500, 350,
// 0.06): the winner's and the loser's rating (the server's own test checks them against the crate).
const WINNER = 1662.3108939062977;
const LOSER = 1337.6891060937023;

const bin = await browserBinary();

test('strangers meet in the lobby, play rated, sign up and fill a cafeteria game', { timeout: 240000 }, async t => {
  if (!browserReady(t, 'the lobby browser test', bin)) return;
  const server = await startServer(bin);
  const browser = await launchChromium();
  const errors = [];
  try {
    const open = () => playerPage(browser, errors);
    const [ann, bob, cy] = [await open(), await open(), await open()];
    const playerOf = async page => {
      await page.locator('.site-bar .who[data-player]:not([data-player=""])').waitFor(WAIT);
      return page.locator('.site-bar .who').getAttribute('data-player');
    };
    await ann.goto(`${server.base}/lobby`);
    await bob.goto(`${server.base}/lobby`);
    const annId = await playerOf(ann);
    const bobId = await playerOf(bob);
    assert.notEqual(annId, bobId);
    await ann.locator('.seek-list tbody tr').first().waitFor(WAIT);
    await bob.locator('.seek-list tbody tr').first().waitFor(WAIT);

    // Ann posts a rated Food Fight chess seek, playing White; Bob sees it within a second.
    await ann.locator('select[name="game"]').selectOption('foodfight');
    await ann.locator('select[name="colour"]').selectOption('white');
    await ann.locator('select[name="clock"]').selectOption('900000+10000');
    const posted = Date.now();
    await ann.locator('[data-control="post-seek"]').click();
    const seek = bob.locator('tr[data-game="foodfight"]');
    await seek.waitFor({ timeout: 5000 });
    const seen = Date.now() - posted;
    assert.ok(seen < 1000, `the seek reached the other lobby in ${seen} ms`);
    assert.match(await seek.textContent(), /rated/);
    await ann.locator('.waiting:not([hidden])').waitFor(WAIT);

    // Bob takes it: both land on the game, Ann as White.
    await seek.locator('[data-control="join-seek"]').click();
    await bob.waitForURL(/\/game\//, WAIT);
    await ann.waitForURL(/\/game\//, WAIT);
    assert.equal(new URL(ann.url()).pathname, new URL(bob.url()).pathname);
    await ann.locator('.status').filter({ hasText: 'You play White' }).waitFor(WAIT);
    await bob.locator('.status').filter({ hasText: 'You play Black' }).waitFor(WAIT);

    // Bob resigns; each sees the end and its new rating.
    await bob.locator('[data-control="resign"]').click();
    await ann.locator('.status[data-over="yes"]').waitFor(WAIT);
    await ann.locator('.rating-change:not([hidden])').waitFor(WAIT);
    assert.equal(await ann.locator('.rating-change').textContent(), 'Your rating: 1662? (+162).');
    await bob.locator('.rating-change:not([hidden])').waitFor(WAIT);
    assert.equal(await bob.locator('.rating-change').textContent(), 'Your rating: 1338? (-162).');
    // They chat: markup is shown as text.
    const markup = '<img src=x onerror="window.owned=1"><b>gg</b>';
    await ann.locator('input[name="chat"]').fill(markup);
    await ann.locator('[data-control="chat-send"]').click();
    const said = bob.locator('.chat-log li .chat-text').first();
    await said.waitFor(WAIT);
    assert.equal(await said.textContent(), markup);
    assert.equal(await bob.locator('.chat-log img, .chat-log b').count(), 0);
    assert.equal(await bob.evaluate(() => window.owned), undefined);
    // A rematch: Ann offers, Bob accepts, and both play the new game with the colours swapped.
    await ann.locator('[data-control="rematch"]').click();
    await bob.locator('.rematch-said').filter({ hasText: 'offers a rematch' }).waitFor(WAIT);
    const first = new URL(ann.url()).pathname;
    await bob.locator('[data-control="rematch"]').click();
    for (const page of [ann, bob]) await page.waitForURL(u => u.pathname.startsWith('/game/') && u.pathname !== first, WAIT);
    await bob.locator('.status').filter({ hasText: 'You play White' }).waitFor(WAIT);
    await ann.locator('.status').filter({ hasText: 'You play Black' }).waitFor(WAIT);
    await bob.goBack();
    await ann.goBack();
    // The player pages hold them to the crate's figures.
    await ann.locator('.site-bar .who a').first().click();
    await ann.locator('tr[data-rating="foodfight"]').waitFor(WAIT);
    const value = async page => Number(await page.locator('tr[data-rating="foodfight"] td[data-value]').getAttribute('data-value'));
    assert.ok(Math.abs(await value(ann) - WINNER) < 1e-5, String(await value(ann)));
    await bob.goto(`${server.base}/player/${bobId}`);
    await bob.locator('tr[data-rating="foodfight"]').waitFor(WAIT);
    assert.ok(Math.abs(await value(bob) - LOSER) < 1e-5, String(await value(bob)));
    assert.equal(await ann.locator('svg.rating-chart circle').count(), 2);

    // Cy meets Bob by quick pairing, loses a rated game, and signs up; a fresh browser logs in
    // to Cy's account and finds its game and rating; logging out there makes a new player.
    await cy.goto(`${server.base}/lobby`);
    const cyId = await playerOf(cy);
    await bob.goto(`${server.base}/lobby`);
    await cy.locator('[data-quick="foodfight 5+3"]').click();
    await cy.locator('.waiting:not([hidden])').waitFor(WAIT);
    await bob.locator('tr[data-game="foodfight"]').waitFor(WAIT);
    await bob.locator('[data-quick="foodfight 5+3"]').click();
    for (const page of [cy, bob]) await page.waitForURL(/\/game\//, WAIT);
    await cy.locator('[data-control="resign"]').click();
    await cy.locator('.rating-change:not([hidden])').waitFor(WAIT);
    await cy.goto(`${server.base}/player/${cyId}`);
    await cy.locator('tr[data-rating="foodfight"]').waitFor(WAIT);
    const cyRating = await value(cy);
    assert.ok(cyRating < 1500, `Cy lost: ${cyRating}`);
    await cy.goto(`${server.base}/account`);
    await cy.locator('[data-form="register"] input[name="new-name"]').fill('CyPie');
    await cy.locator('[data-form="register"] input[name="new-password"]').fill('pickled radish');
    await cy.locator('[data-control="register"]').click();
    await cy.locator(`.site-bar .who[data-player="${cyId}"]`).filter({ hasText: 'CyPie' }).waitFor(WAIT);
    const dee = await open();
    await dee.goto(`${server.base}/account`);
    const deeFirst = await playerOf(dee);
    await dee.locator('[data-form="login"] input[name="name"]').fill('cypie');
    await dee.locator('[data-form="login"] input[name="password"]').fill('pickled radish');
    await dee.locator('[data-control="login"]').click();
    await dee.locator(`.site-bar .who[data-player="${cyId}"]`).waitFor(WAIT);
    await dee.locator('.site-bar .who a').first().click();
    await dee.locator('tr[data-rating="foodfight"]').waitFor(WAIT);
    assert.equal(await value(dee), cyRating);
    assert.equal(await dee.locator('ul.games li[data-game]').count(), 1, 'the game Cy lost');
    await dee.goto(`${server.base}/account`);
    await dee.locator('[data-control="logout"]').click();
    await dee.waitForFunction(ids => !['', null, ...ids].includes(document.querySelector('.site-bar .who')?.getAttribute('data-player')), [cyId, deeFirst]);

    // Bob takes a name with markup: it is shown as text wherever it goes.
    await bob.goto(`${server.base}/account`);
    await bob.locator('input[name="display-name"]').fill('<i>Bob</i>');
    await bob.locator('[data-control="rename"]').click();
    await bob.locator('.site-bar .who').filter({ hasText: '<i>Bob</i>' }).waitFor(WAIT);

    // A cafeteria seek for four, filled by Ann, Bob, Cy and a bot.
    for (const page of [ann, bob, cy]) await page.goto(`${server.base}/lobby`);
    await ann.locator('select[name="game"]').selectOption('cafeteria');
    await ann.locator('select[name="seats"]').selectOption('4');
    await ann.locator('[data-control="post-seek"]').click();
    for (const page of [bob, cy]) {
      const row = page.locator('tr[data-game="cafeteria"]');
      await row.locator('[data-control="join-seek"]').click();
      await page.locator('tr[data-game="cafeteria"] [data-control="leave-seek"]').waitFor(WAIT);
    }
    await ann.locator('tr[data-game="cafeteria"]').filter({ hasText: '3 of 4 seats' }).waitFor(WAIT);
    assert.match(await ann.locator('tr[data-game="cafeteria"]').textContent(), /<i>Bob<\/i>/);
    assert.equal(await ann.locator('tr[data-game="cafeteria"] i').count(), 0);
    await ann.locator('[data-control="start-seek"]').click();
    for (const page of [ann, bob, cy]) await page.waitForURL(/\/game\//, WAIT);
    const id = new URL(ann.url()).pathname.split('/').pop();
    const state = await ann.evaluate(async id => (await fetch(`/api/games/${id}`)).json(), id);
    assert.deepEqual(state.seats.map(s => s.kind).sort(), ['computer', 'human', 'human', 'human']);
    assert.deepEqual(state.seats.filter(s => s.player_id).map(s => s.player_id).sort(), [annId, bobId, cyId].sort());
    for (const page of [ann, bob, cy]) {
      const mine = await page.evaluate(async id => (await fetch(`/api/games/${id}`)).json(), id);
      assert.equal(typeof mine.you, 'number');
    }
    assert.deepEqual(errors, []);
  } catch (e) {
    for (const page of browser.contexts().flatMap(c => c.pages())) console.log('page at the failure:', page.url(), JSON.stringify((await page.locator('body').innerText()).slice(0, 300)));
    throw e;
  } finally {
    await browser.close();
    await server.stop();
  }
});
