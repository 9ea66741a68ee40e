// A published variant's balance report, run from its page in a browser against `messhall serve`:
// Ann signs up and publishes a variant unlisted; Bob opens its page, runs a small report, watches
// its progress, reads its figures, and opens its full page (SVG charts, no script). Screenshots go
// to $MESSHALL_SHOTS (default: a temporary folder).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WAIT, browserBinary, browserReady, launchChromium, playerPage, startServer } from './server.mjs';

const bin = await browserBinary();
const shots = process.env.MESSHALL_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'messhall-balance-'));
fs.mkdirSync(shots, { recursive: true });

const FILE = `name = "pocket"
title = "Pocket Knights"
description = "Kings, knights and a queen"
files = 8
ranks = 8
start = "1k4nq/8/8/8/8/8/8/QN4K1 w - - 0 1"

[[piece]]
letter = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
letter = "N"
name = "Knight"
betza = "N"

[[piece]]
letter = "Q"
name = "Queen"
betza = "Q"
`;

test('a balance report runs on a worker from the variant page and is read there', { timeout: 180000 }, async t => {
  if (!browserReady(t, 'the balance report browser test', bin)) return;
  const server = await startServer(bin);
  const browser = await launchChromium();
  const errors = [];
  try {
    const [ann, bob] = [await playerPage(browser, errors), await playerPage(browser, errors)];
    await ann.goto(`${server.base}/account`);
    await ann.locator('[data-form="register"] input[name="new-name"]').fill('Annie');
    await ann.locator('[data-form="register"] input[name="new-password"]').fill('pickled radish');
    await ann.locator('[data-control="register"]').click();
    await ann.locator('.site-bar .who').filter({ hasText: 'Annie' }).waitFor(WAIT);
    const published = await ann.evaluate(async text => (await (await fetch('/api/studio/variants', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Pocket', text, visibility: 'unlisted' }),
    })).json()), FILE);
    assert.ok(published.id, JSON.stringify(published));

    await bob.goto(`${server.base}/studio/${published.id}`);
    await bob.locator('.balance-box [data-report="none"]').waitFor(WAIT);
    await bob.locator('select[name="report-games"]').selectOption('10');
    await bob.locator('select[name="report-nodes"]').selectOption('500');
    await bob.locator('[data-control="run-report"]').click();
    // Its progress, then its figures.
    const figures = bob.locator('.report-figures[data-report="done"]');
    await figures.waitFor({ timeout: 120000 });
    const score = Number(await bob.locator('[data-first-mover]').getAttribute('data-first-mover'));
    assert.ok(score >= 0 && score <= 1, String(score));
    assert.match(await figures.textContent(), /White scores [\d.]+% \(95% interval [\d.]+% to [\d.]+%\) over 10 games at nodes=500/);
    await bob.screenshot({ path: path.join(shots, 'balance-figures.png'), fullPage: true });
    // The same report, from its record, for Ann.
    const report = await bob.evaluate(async id => (await fetch(`/api/studio/variants/${id}/versions/${(await (await fetch(`/api/studio/variants/${id}`)).json()).latest}/reports`)).json(), published.id);
    assert.equal(report.reports.length, 1);
    assert.equal(report.reports[0].status, 'done');
    assert.equal(report.reports[0].report.games_played, 10);
    await ann.goto(`${server.base}/studio/${published.id}`);
    await ann.locator('.report-figures[data-report="done"]').waitFor(WAIT);
    // The full page: charts, and a policy that runs no script.
    const href = await bob.locator('[data-control="report-page"]').getAttribute('href');
    const full = await bob.context().newPage();
    await full.goto(`${server.base}${href}`);
    await full.locator('h1').filter({ hasText: 'Pocket Knights' }).waitFor(WAIT);
    assert.ok(await full.locator('svg').count() >= 3);
    await full.screenshot({ path: path.join(shots, 'balance-page.png'), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
