// A game that survives a lost connection: two browser contexts play a timed chess game; the page
// whose turn it is says so in its title; one player closes the page on its move, the other sees
// it gone ("is gone: N s"), gets the claim buttons once the server's wait (shortened to 2 s by
// `messhall serve --claim-after`) has passed, and claims the win. A page whose own connection is
// cut says it is reconnecting, and catches up. Screenshots go to $MESSHALL_SHOTS (default: a
// temporary folder).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WAIT, api, browserBinary, browserReady, chromiumPath as executable, launchChromium, startServer } from './server.mjs';

// Built (or found) before the test, so its bounded wait does not count against the test's time.
const bin = await browserBinary();
const shots = process.env.MESSHALL_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'messhall-presence-'));
fs.mkdirSync(shots, { recursive: true });

test('a player who closes the page is shown gone, and the other claims the win', { timeout: 180000 }, async t => {
  if (!browserReady(t, 'the presence browser test', bin)) return;
  const server = await startServer(bin, ['--claim-after', '2']);
  const call = api(server.base);
  const browser = await launchChromium(executable);
  t.after(async () => {
    await browser.close();
    await server.stop();
  });
  const made = await call('POST', '/api/games', undefined, {
    game: 'chess',
    seats: [{ player: 'me', name: 'Ann' }, { player: 'me', name: 'Bob' }],
    clock: { base_ms: 600000, increment_ms: 0 },
  });
  const id = made.id;
  const [ann, bob] = made.tokens.map(x => x.token);
  const errors = [];
  // A player's page in a browser context of its own, its seat's token kept as the UI keeps it.
  const open = async (who, token, cut = null) => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    context.setDefaultTimeout(WAIT.timeout);
    if (cut !== null) {
      // The page's WebSockets pass through the test, which can cut them and keep them cut.
      await context.routeWebSocket(/\/ws\?/, route => {
        if (cut.blocked) {
          route.close({ code: 1006, reason: 'cut' });
          return;
        }
        cut.server = route.connectToServer();
        cut.route = route;
      });
    }
    const page = await context.newPage();
    page.on('console', m => m.type() === 'error' && !/WebSocket/.test(m.text()) && errors.push(`${who}: ${m.text()}`));
    page.on('pageerror', e => errors.push(`${who}: ${e.message}`));
    await page.goto(server.base);
    await page.evaluate(([g, tok]) => localStorage.setItem('messhall.tokens', JSON.stringify({ [g]: tok })), [id, token]);
    await page.goto(`${server.base}/game/${id}`);
    await page.locator('.board-col cg-board piece').first().waitFor(WAIT);
    return { context, page };
  };
  const cut = { blocked: false, route: null, server: null };
  const a = await open('ann', ann, cut);
  const b = await open('bob', bob);

  // Both at the table: nobody is said gone; White's page has the mark in its title.
  await a.page.waitForFunction(() => document.title.startsWith('(your turn) '), null, WAIT);
  assert.ok(!(await b.page.title()).startsWith('(your turn)'), await b.page.title());
  // Bob's page opened last: Ann's hears of his connection within the presence round.
  await a.page.locator('.presence').waitFor({ state: 'hidden', ...WAIT });

  // Ann moves; the mark goes to Bob's title.
  const state = await call('GET', `/api/games/${id}`, ann);
  await call('POST', `/api/games/${id}/act`, ann, { ply: state.ply, action: 'e2e4' });
  await b.page.waitForFunction(() => document.title.startsWith('(your turn) '), null, WAIT);
  await a.page.waitForFunction(() => !document.title.startsWith('(your turn)'), null, WAIT);
  assert.equal(await a.page.locator('[data-control="claim-win"]').count(), 0, 'no claim while Bob is here');

  // Ann's own connection cut: her page says so while it cannot connect, and catches up after.
  cut.blocked = true;
  cut.route.close({ code: 1006, reason: 'cut' });
  cut.server.close();
  const online = a.page.locator('.online');
  await online.filter({ hasText: 'reconnecting' }).waitFor(WAIT);
  await a.page.screenshot({ path: path.join(shots, 'presence-reconnecting.png') });
  cut.blocked = false;
  await online.waitFor({ state: 'hidden', ...WAIT });

  // Bob closes his page on his move.
  await b.context.close();
  const gone = a.page.locator('.presence');
  await gone.filter({ hasText: 'Bob (Black) is gone' }).waitFor(WAIT);
  const said = await gone.textContent();
  assert.match(said, /Bob \(Black\) is gone: \d+ s\./);
  await a.page.screenshot({ path: path.join(shots, 'presence-gone.png') });

  // After the wait the buttons come, and the win is claimed.
  const claim = a.page.locator('[data-control="claim-win"]');
  await claim.waitFor(WAIT);
  assert.equal(await a.page.locator('[data-control="claim-draw"]').count(), 1);
  await a.page.screenshot({ path: path.join(shots, 'presence-claim.png') });
  await claim.click();
  await a.page.locator('.status[data-over="yes"]').waitFor(WAIT);
  assert.equal(await a.page.locator('.status').textContent(), 'Bob (Black) left the game: you win.');
  assert.equal(await a.page.locator('.moves .result').textContent(), '1-0');
  await a.page.screenshot({ path: path.join(shots, 'presence-won.png') });
  const over = await call('GET', `/api/games/${id}`);
  assert.deepEqual(over.result, { scores: [1, 0], ending: { by: 'abandoned', seat: 1 } });
  assert.ok(!(await a.page.title()).startsWith('(your turn)'));
  assert.deepEqual(errors, [], 'console errors');
  console.log(`screenshots in ${shots}`);
});
