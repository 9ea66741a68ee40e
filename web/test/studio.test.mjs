// The variant studio in two browser contexts against `messhall serve`: Ann signs up, writes a
// variant with three faults and sees all three marked at their lines, fixes them, watches the
// Knight's diagram change as its XBetza is edited, and publishes it unlisted; its version cannot
// be changed (the API refuses, the page offers a new version instead). Bob opens it by its link,
// plays it against the computer, signs up and forks it. Screenshots go to $MESSHALL_SHOTS when set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { WAIT, browserBinary, browserReady, launchChromium, startServer } from './server.mjs';

const bin = await browserBinary();
const shots = process.env.MESSHALL_SHOTS ?? null;

/** A variant file whose King, Knight and Queen move as given. */
const file = (king, knight, queen) => `name = "pocket"
title = "Pocket Knights"
description = "Kings, knights and a queen on a small board"
files = 8
ranks = 8
start = "1k4nq/8/8/8/8/8/8/QN4K1 w - - 0 1"

[[piece]]
letter = "K"
name = "King"
betza = "${king}"
royal = true

[[piece]]
letter = "N"
name = "Knight"
betza = "${knight}"

[[piece]]
letter = "Q"
name = "Queen"
betza = "${queen}"
`;

/** The lines of the file where each betza is: the faults' lines. */
const betzaLines = text => text.split('\n').flatMap((l, i) => (l.startsWith('betza') ? [i + 1] : []));

test('a variant written, checked as typed, published, played by another and forked', { timeout: 240000 }, async t => {
  if (!browserReady(t, 'the studio browser test', bin)) return;
  const server = await startServer(bin);
  const browser = await launchChromium();
  const errors = [];
  const shot = async (page, name) => {
    if (shots !== null) await page.screenshot({ path: path.join(shots, `studio-${name}.png`), fullPage: true });
  };
  try {
    const open = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(WAIT.timeout);
      const page = await context.newPage();
      page.on('pageerror', e => errors.push(`${page.url()}: ${e.message}`));
      page.on('console', m => m.type() === 'error' && !/status of (400|409) /.test(m.text()) && errors.push(`${page.url()}: ${m.text()}`));
      return page;
    };
    const signUp = async (page, name) => {
      await page.goto(`${server.base}/account`);
      await page.locator('[data-form="register"] input[name="new-name"]').fill(name);
      await page.locator('[data-form="register"] input[name="new-password"]').fill('pickled radish');
      await page.locator('[data-control="register"]').click();
      await page.locator('.site-bar .who').filter({ hasText: name }).waitFor(WAIT);
    };
    const [ann, bob] = [await open(), await open()];
    await signUp(ann, 'Annie');

    // The studio from the site's bar, then a new variant: the template checks.
    await ann.locator('.site-bar a[href="/studio"]').click();
    await ann.locator('h1').filter({ hasText: 'Variant studio' }).waitFor(WAIT);
    await ann.locator('a[href="/studio/new"]').click();
    await ann.locator('.check-status[data-state="ok"]').waitFor(WAIT);

    // Three faults: all three marked at their lines and listed.
    const faulty = file('K?', 'N!', 'Q#');
    await ann.locator('textarea[name="variant-text"]').fill(faulty);
    await ann.locator('.check-status[data-state="faults"]').waitFor(WAIT);
    await ann.waitForFunction(() => document.querySelectorAll('.editor .gutter .fault').length === 3, null, WAIT);
    const marked = await ann.locator('.editor .gutter .fault').evaluateAll(els => els.map(e => Number(e.dataset.line)));
    assert.deepEqual(marked, betzaLines(faulty));
    const listed = await ann.locator('.faults li').allTextContents();
    assert.equal(listed.length, 3);
    for (const [i, bad] of ['K?', 'N!', 'Q#'].entries()) assert.match(listed[i], new RegExp(`line ${marked[i]}.*XBetza "${bad.replace('?', '\\?')}"`));
    assert.match(await ann.locator('.check-status').textContent(), /3 faults/);
    await shot(ann, 'faults');

    // Fixed: no fault, the pieces drawn, perft 1-3 counted.
    await ann.locator('textarea[name="variant-text"]').fill(file('K', 'N', 'Q'));
    await ann.locator('.check-status[data-state="ok"]').waitFor(WAIT);
    assert.equal(await ann.locator('.editor .gutter .fault').count(), 0);
    assert.equal(await ann.locator('.faults li').count(), 0);
    await ann.locator('.perft').filter({ hasText: /3: [0-9,]+/ }).waitFor(WAIT);
    await ann.locator('.editor-rules figure.setup .cg-wrap').waitFor(WAIT);

    // The Knight's diagram, then its XBetza edited: the diagram follows.
    await ann.locator('.editor-rules tr[data-piece="N"]').click();
    const caption = ann.locator('.editor-rules .diagram[data-piece="N"] > .diagram-caption');
    await caption.filter({ hasText: 'green: moves or captures (8)' }).waitFor(WAIT);
    await ann.locator('textarea[name="variant-text"]').fill(file('K', 'NW', 'Q'));
    await caption.filter({ hasText: 'green: moves or captures (12)' }).waitFor(WAIT);
    await shot(ann, 'editor');

    // Published unlisted: its page names the version by its text's SHA-256.
    const text = file('K', 'NW', 'Q');
    const hash = createHash('sha256').update(text).digest('hex');
    await ann.locator('input[name="variant-name"]').fill('Pocket');
    await ann.locator('select[name="visibility"]').selectOption('unlisted');
    await ann.locator('[data-control="publish"]').click();
    await ann.waitForURL(/\/studio\/[0-9a-f]{24}$/, WAIT);
    const url = ann.url();
    const id = new URL(url).pathname.split('/')[2];
    await ann.locator('.variant-meta code').filter({ hasText: hash.slice(0, 12) }).waitFor(WAIT);
    assert.match(await ann.locator('.variant-meta').textContent(), /unlisted/);
    await ann.locator('.variant-rules tr[data-piece="N"]').waitFor(WAIT);
    await ann.locator('.balance-box [data-report="none"]').filter({ hasText: 'No report yet' }).waitFor(WAIT);
    await shot(ann, 'variant');

    // A published version cannot be changed: the API refuses the same text as a version, and the
    // page offers a new version instead, whose editor says so.
    const again = await ann.evaluate(async ([id, text]) => {
      const r = await fetch(`/api/studio/variants/${id}/versions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) });
      return [r.status, (await r.json()).code];
    }, [id, text]);
    assert.deepEqual(again, [409, 'same-version']);
    await ann.locator('[data-control="edit"]').click();
    await ann.locator('h1').filter({ hasText: 'New version of Pocket Knights' }).waitFor(WAIT);
    assert.match(await ann.locator('main').textContent(), new RegExp(`Version ${hash.slice(0, 12)} of Pocket is published and never changes`));
    await ann.locator('[data-control="publish"]').filter({ hasText: 'Publish as a new version' }).waitFor(WAIT);

    // Bob opens it by its link and plays it against the computer.
    await bob.goto(url);
    await bob.locator('.variant-rules tr[data-piece="N"]').waitFor(WAIT);
    assert.equal(await bob.locator('[data-control="edit"]').count(), 0, 'only the owner edits');
    await bob.locator('[data-control="play-computer"]').click();
    await bob.waitForURL(/\/game\//, WAIT);
    await bob.locator('.studio-origin').filter({ hasText: `version ${hash.slice(0, 12)}` }).waitFor(WAIT);
    for (let ply = 1; ply <= 2; ply++) {
      await bob.locator('.status[data-turn="you"]').waitFor(WAIT);
      const move = await bob.locator('#legal-moves option').first().getAttribute('value');
      await bob.fill('input[aria-label="move"]', move);
      await bob.press('input[aria-label="move"]', 'Enter');
      await bob.waitForFunction(n => document.querySelectorAll('.moves .ply').length >= n, 2 * ply, WAIT);
    }
    await shot(bob, 'game');

    // Bob signs up and forks it: the fork is his, and says where it came from.
    await signUp(bob, 'Bobby');
    await bob.goto(url);
    await bob.locator('[data-control="fork"]').click();
    await bob.waitForURL(u => /\/studio\/[0-9a-f]{24}$/.test(u.pathname) && !u.pathname.endsWith(id), WAIT);
    await bob.locator('.variant-meta').filter({ hasText: 'forked from' }).waitFor(WAIT);
    assert.match(await bob.locator('.variant-meta').textContent(), /by Bobby · private/);
    await bob.locator('[data-control="edit"]').waitFor(WAIT);
    await shot(bob, 'fork');

    // The studio's list: Ann's unlisted variant is hers to see there, not the public's; made
    // public on its page, it is found by a search of its words.
    await ann.goto(`${server.base}/studio`);
    await ann.locator(`.my-variants li[data-variant="${id}"]`).waitFor(WAIT);
    assert.equal(await ann.locator(`.studio-list:not(.my-variants *) li[data-variant="${id}"]`).count(), 0);
    await ann.goto(url);
    await ann.locator('select[name="visibility"]').selectOption('public');
    await ann.locator('[data-control="set-visibility"]').click();
    await ann.locator('.variant-meta').filter({ hasText: '· public ·' }).waitFor(WAIT);
    await ann.goto(`${server.base}/studio`);
    await ann.locator('input[name="q"]').fill('queen on a SMALL');
    await ann.locator('form[role="search"] button').click();
    await ann.waitForURL(/\/studio\?q=/, WAIT);
    await ann.locator(`.studio-list li[data-variant="${id}"]`).first().waitFor(WAIT);
    assert.match(await ann.locator('.pages').textContent(), /^1 variant; page 1 of 1/);
    await shot(ann, 'list');
    await ann.goto(`${server.base}/studio?q=nothing+like+it`);
    await ann.locator('.studio-list li.none').waitFor(WAIT);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
