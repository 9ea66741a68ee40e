// The home page and the lessons end to end, in Debian's chromium against `messhall serve`: the
// home page's cards (names for people, a picture each, three ways in), "Learn" on a card, and one
// lesson of each chess game played to its end by clicking on the real board: a wrong legal move
// gets the hint, the passing move its sentence; the finished lesson is marked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardSquare } from './board-page.mjs';
import { WAIT, browserBinary, browserReady, chromiumPath as executable, launchChromium, startServer } from './server.mjs';




// Plays a legal move of a step (its coordinates `e4h10`, `N@b1`, `k11k12i`, `f6i5,i5l4`; `to` the
// square the board takes it to: a shot's victim) by clicking: the piece or the hand's drop button,
// the target, and the picker's choice where one is asked for.
async function clickMove(page, move, to, files, ranks) {
  const drop = /^([A-Z])@([a-p]\d+)$/.exec(move);
  if (drop) {
    await page.locator(`[data-drop="${drop[1]}@"]`).click();
    const at = await boardSquare(page, to, files, ranks);
    await page.mouse.click(at.x, at.y);
    return;
  }
  const from = await boardSquare(page, move.match(/^[a-p]\d+/)[0], files, ranks);
  await page.mouse.click(from.x, from.y);
  const at = await boardSquare(page, to, files, ranks);
  await page.mouse.click(at.x, at.y);
  const choice = page.locator(`.picker:not([hidden]) [data-move="${move}"]`);
  if (/[a-z]$/.test(move)) await choice.click(WAIT);
  else if (await choice.count()) await choice.click();
}

const bin = await browserBinary();

test('the home page and a lesson of each chess game', { timeout: 240000 }, async t => {
  if (!browserReady(t, 'the lessons browser test', bin)) return;
  const server = await startServer(bin);
  const browser = await launchChromium(executable);
  t.after(async () => {
    await browser.close();
    await server.stop();
  });
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const problems = [];
  page.on('pageerror', e => problems.push(e.message));

  await t.test('the home page: every game by its name, with a picture and three ways in', async () => {
    await page.goto(server.base);
    await page.locator('.game-card').first().waitFor(WAIT);
    const cards = await page.locator('.game-card').evaluateAll(cs => cs.map(c => ({
      game: c.dataset.game,
      title: c.querySelector('h2')?.textContent,
      pictured: c.querySelector('.picture svg image, .picture .map svg') !== null,
      ways: [...c.querySelectorAll('.ways button, .ways a')].map(w => w.textContent),
    })));
    const titles = Object.fromEntries(cards.map(c => [c.game, c.title]));
    assert.equal(titles.foodfight, 'Food Fight chess');
    assert.equal(titles.cafeteria, 'Cafeteria Food Fight');
    assert.equal(titles.friendly, 'A "Friendly" Game of Chess');
    for (const c of cards) {
      assert.ok(c.pictured, `${c.game} has its picture`);
      assert.equal(c.ways.length, 3, `${c.game}: ${c.ways}`);
      assert.ok(c.ways.includes('Play a friend') && c.ways.includes('Learn'), `${c.game}: ${c.ways}`);
    }
    assert.equal(await page.title(), 'messhall: play and learn five food-fight games');
    const description = await page.locator('meta[name=description]').getAttribute('content');
    assert.ok(description.length > 50, description);
    // No internal name shows on the cards.
    const text = await page.locator('.game-cards').innerText();
    assert.ok(!/pieceeater|foodfight|level=/.test(text), text);
  });

  await t.test('"Play a friend" gives a link with a copy button', async () => {
    await page.locator('.game-card[data-game=calorie] [data-play=friend]').click();
    const link = await page.locator('[data-join]').inputValue(WAIT);
    assert.match(link, /\/join\/[^/]+\/[^/]+$/);
    assert.equal(await page.locator('[data-copy]').count(), 1);
  });

  await t.test('"Play the computer" starts at once, with no draw to offer the computer', async () => {
    await page.goto(server.base);
    await page.locator('.game-card[data-game=foodfight] [data-play=computer]').click();
    await page.waitForURL(/\/game\//, WAIT);
    await page.locator('[data-control=resign]').waitFor(WAIT);
    assert.equal(await page.locator('[data-control=draw]').count(), 0, 'no draw offer to the computer');
    assert.equal(await page.locator('[data-control=mute]').count(), 1, 'a sound button');
    const seats = await page.evaluate(async () => {
      const id = location.pathname.split('/')[2];
      const token = JSON.parse(localStorage.getItem('messhall.tokens') ?? '{}')[id];
      return (await (await fetch(`/api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()).seats.map(s => s.player);
    });
    const { default_level: level } = await (await fetch(`${server.base}/api/variants`)).json();
    assert.ok(seats.includes(`level=${level}`), `the newcomer's level: ${seats.join(' ')}`);
  });

  await t.test('PieceEater Chess at 1366x768: the hand and its drop buttons in view', async () => {
    await page.goto(server.base);
    const id = await page.evaluate(async () => {
      const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'pieceeater', seats: [{ player: 'me' }, { player: 'level=1' }] }) });
      const made = await r.json();
      localStorage.setItem('messhall.tokens', JSON.stringify({ ...JSON.parse(localStorage.getItem('messhall.tokens') ?? '{}'), [made.id]: made.tokens[0].token }));
      return made.id;
    });
    await page.goto(`${server.base}/game/${id}`);
    await page.locator('.mh-hand piece').first().waitFor(WAIT);
    assert.equal(await page.locator('h1').textContent(), 'PieceEater Chess');
    // The hands, and room for a row of drop buttons under them (offered once a rank has room).
    const hands = await page.locator('.mh-hand').evaluateAll(es => es.map(e => e.getBoundingClientRect().bottom));
    const drops = await page.locator('.board-col .drops').evaluate(e => e.getBoundingClientRect().top);
    assert.ok(hands.length > 0 && hands.every(b => b <= 768) && drops + 40 <= 768, `below the fold: hands ${hands}, drops from ${drops}`);
  });

  for (const game of ['foodfight', 'chess', 'calorie', 'pieceeater', 'friendly']) {
    await t.test(`${game}: the first lesson to its end`, async () => {
      await page.goto(server.base);
      await page.locator(`.game-card[data-game=${game}] .ways a`).click();
      await page.waitForURL(new RegExp(`/learn/${game}$`), WAIT);
      await page.locator('.board-col cg-board piece').first().waitFor(WAIT);
      const list = await page.evaluate(async g => (await fetch(`/api/lessons/${g}`)).json(), game);
      const lesson = list.lessons[0];
      assert.equal(await page.locator('.side-col h2').first().textContent(), lesson.title);
      for (const [i, step] of lesson.steps.entries()) {
        const { files, ranks } = step.board;
        await page.locator('.step-count').filter({ hasText: `Step ${i + 1} of ${lesson.steps.length}` }).waitFor(WAIT);
        if (i === 0) {
          // A legal move that does not pass: the hint, and the position back.
          const passing = new Set(step.pass.map(p => p.coordinates));
          const other = Object.values(step.legal).flat().find(m => !passing.has(m.coordinates) && /^[a-p]\d+[a-p]\d+$/.test(m.coordinates));
          if (other) {
            await clickMove(page, other.coordinates, other.to, files, ranks);
            await page.locator('.answer.wrong').filter({ hasText: step.hint }).waitFor(WAIT);
            await page.waitForTimeout(1000);
          }
        }
        const pass = step.pass[0];
        const legal = Object.values(step.legal).flat().find(m => m.coordinates === pass.coordinates);
        await clickMove(page, pass.coordinates, legal.to, files, ranks);
        await page.locator('.answer.right').filter({ hasText: pass.good }).waitFor(WAIT);
        if (i + 1 < lesson.steps.length) await page.click('[data-control=next]');
      }
      await page.locator('.lesson-done').waitFor(WAIT);
      assert.match(await page.locator('.lesson-list li').first().textContent(), /✓/);
    });
  }
  assert.deepEqual(problems, [], 'no errors in the page');
});
