// The cafeteria's lessons end to end, in Debian's chromium against `messhall serve`: "Learn" on
// the home page's cafeteria card opens them, the first lesson is played to its end on the real
// map (the Food Line by its button, a walk of several steps by one click on the map), and the
// second's throw: an action that is open but does not pass gets the hint, the passing throw its
// sentence and what the lesson's seeded dice did, in the game's words; then the third's Food-Off.
// Screenshots at 1366x768 go to $MESSHALL_SHOTS (default /tmp/shots-caflessons).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mapSquare } from './board-page.mjs';
import { WAIT, browserBinary, browserReady, servedPage } from './server.mjs';

const shots = process.env.MESSHALL_SHOTS ?? '/tmp/shots-caflessons';
const name = s => `${String.fromCharCode(97 + s.x)}${s.y}`;

// Waits for step `i` of `lesson` and the learner's action buttons.
async function atStep(page, lesson, i) {
  await page.locator('.step-count').filter({ hasText: `Step ${i + 1} of ${lesson.steps.length}` }).waitFor(WAIT);
  await page.locator('.cafeteria .actions button').first().waitFor(WAIT);
}

// Passed: the step's sentence and, in the game's words, what happened.
async function passed(page, pass) {
  await page.locator('.answer.right').filter({ hasText: pass.good }).waitFor(WAIT);
  const told = await page.locator('.happened li').allTextContents();
  assert.deepEqual(told, pass.happened);
}

const bin = await browserBinary();

test('the cafeteria lessons from the home page: the Food Line, a walk, a throw and the Food-Off', { timeout: 240000 }, async t => {
  if (!browserReady(t, 'the cafeteria lessons browser test', bin)) return;
  fs.mkdirSync(shots, { recursive: true });
  const { server, page, problems } = await servedPage(t, bin, { width: 1366, height: 768 });

  await page.goto(server.base);
  await page.locator('.game-card[data-game=cafeteria] .ways a.learn').click(WAIT);
  await page.waitForURL(/\/learn\/cafeteria$/, WAIT);
  await page.locator('.cafeteria .map svg').waitFor(WAIT);
  const list = await page.evaluate(async () => (await fetch('/api/lessons/cafeteria')).json());
  assert.equal(await page.locator('h1').textContent(), 'Learn Cafeteria Food Fight');

  await t.test('the first lesson to its end: the Food Line, then a walk in one click', async () => {
    const lesson = list.lessons[0];
    assert.equal(await page.locator('.side-col h2').first().textContent(), lesson.title);
    assert.match(await page.locator('.step-count').textContent(), /you play Rock and Lennie \(player 1\)/);
    assert.match(await page.locator('.dice').textContent(), /seeded \(seed \d+\)/);
    for (const [i, step] of lesson.steps.entries()) {
      await atStep(page, lesson, i);
      const legal = step.cafeteria.legal;
      // The buttons are the learner's actions, as the server gives them.
      const buttons = await page.locator('.cafeteria .actions button').evaluateAll(bs => bs.map(b => b.dataset.action).sort());
      assert.deepEqual(buttons, legal.actions.map(a => a.text).sort());
      const walk = legal.walks.filter(w => step.pass.some(p => p.coordinates === w.text)).reduce((a, b) => (b.path.length > a.path.length ? b : a), { path: [] });
      let pass;
      if (walk.path.length >= 3) {
        await page.screenshot({ path: path.join(shots, 'lesson-walk-1366.png') });
        pass = step.pass.find(p => p.coordinates === walk.text);
        const at = await mapSquare(page, walk.to);
        await page.mouse.move(at.x, at.y);
        await page.locator('.cafeteria .map svg g.path polyline').waitFor({ ...WAIT, state: 'attached' });
        await page.mouse.click(at.x, at.y);
      } else {
        pass = step.pass[0];
        await page.click(`.cafeteria .actions button[data-action="${pass.coordinates}"]`);
      }
      await passed(page, pass);
      if (walk.path.length >= 3) {
        const rock = pass.cafeteria.students.find(s => s.name === 'Rock');
        assert.equal(name(rock.square), name(walk.to), 'the walk ends on the clicked square');
        assert.match(await page.locator('.cafeteria table.students').first().innerText(), new RegExp(`Rock\\b.*\\b${name(walk.to)}\\b`));
      }
      if (i + 1 < lesson.steps.length) await page.click('[data-control=next]');
    }
    await page.locator('.lesson-done').waitFor(WAIT);
    assert.match(await page.locator('.lesson-list li').first().textContent(), /✓/);
  });

  await t.test('a throw: an open action that does not pass gets the hint, the passing one the dice', async () => {
    const lesson = list.lessons[1];
    await page.click('[data-control=next-lesson]');
    await atStep(page, lesson, 0);
    const step = lesson.steps[0];
    const passing = new Set(step.pass.map(p => p.coordinates));
    const other = step.cafeteria.legal.actions.find(a => !passing.has(a.text) && a.text.startsWith('throw '));
    assert.ok(other, 'another throw is open');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'lesson-throw-step-1366.png') });
    await page.click(`.cafeteria .actions button[data-action="${other.text}"]`);
    await page.locator('.answer.wrong').filter({ hasText: step.hint }).waitFor(WAIT);
    await page.locator(`.cafeteria .actions button[data-action="${step.pass[0].coordinates}"]`).click(WAIT);
    await passed(page, step.pass[0]);
    assert.ok(step.pass[0].happened.some(h => /2d6 = \d+/.test(h)), step.pass[0].happened.join(' / '));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'lesson-throw-1366.png') });
    for (let i = 1; i < lesson.steps.length; i++) {
      await page.click('[data-control=next]');
      await atStep(page, lesson, i);
      const pass = lesson.steps[i].pass[0];
      await page.click(`.cafeteria .actions button[data-action="${pass.coordinates}"]`);
      await passed(page, pass);
    }
    await page.locator('.lesson-done').waitFor(WAIT);
    assert.match(await page.locator('.lesson-list li').nth(1).textContent(), /✓/);
  });

  await t.test('the Food-Off after round 10: three stacks thrown at the other survivor', async () => {
    const lesson = list.lessons[2];
    await page.click('[data-control=next-lesson]');
    await atStep(page, lesson, 0);
    const step = lesson.steps[0];
    assert.equal(step.cafeteria.view.round, 10);
    assert.ok(step.pass.length > 1 && step.pass.every(p => p.coordinates.startsWith('food-off ')), step.pass.map(p => p.coordinates).join(' / '));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'lesson-food-off-1366.png') });
    const pass = step.pass.at(-1);
    await page.click(`.cafeteria .actions button[data-action="${pass.coordinates}"]`);
    await passed(page, pass);
    assert.ok(pass.happened.some(h => /^Food-Off: .* 2d6 = \d+/.test(h)), pass.happened.join(' / '));
    await page.locator('.lesson-done').waitFor(WAIT);
  });
  assert.deepEqual(problems, [], 'no errors in the page');
});
