// Lighthouse (npm `lighthouse`, with Debian's chromium) on the home page, a rules page and a game
// page of a fresh `messhall serve`: performance, accessibility and best practices at least 98, SEO
// at least 95, and the text-compression and cache-lifetime audits passed. Desktop settings
// (Lighthouse's own desktop preset): the site is played on a wide screen first; the phone layout
// is checked by the browser suite. Each failure names the audits that cost the points.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserBinary, browserReady, chromiumPath as executable, startServer } from './server.mjs';

const MINIMUM = { performance: 0.98, accessibility: 0.98, 'best-practices': 0.98, seo: 0.95 };
const MUST_PASS = ['uses-text-compression', 'uses-long-cache-ttl'];


// The audits of a category that lost points, worst first: "unused-javascript 0.5".
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter(r => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
    .map(r => `${r.id} ${lhr.audits[r.id].score} (${lhr.audits[r.id].displayValue ?? lhr.audits[r.id].title})`);
}

// Built (or found) before the test, so its bounded wait does not count against the test's time.
const bin = await browserBinary();

test('Lighthouse scores of the home page, a rules page and a game page', { timeout: 300000 }, async t => {
  if (!browserReady(t, 'the Lighthouse test', bin)) return;
  const { default: lighthouse } = await import('lighthouse');
  const desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
  const chromeLauncher = await import('chrome-launcher');
  const server = await startServer(bin);
  const chrome = await chromeLauncher.launch({ chromePath: executable, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  t.after(async () => {
    await chrome.kill();
    await server.stop();
  });
  const made = await (await fetch(`${server.base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'foodfight', seats: [{ player: 'me' }, { player: 'level=1' }] }),
  })).json();
  assert.ok(made.id, JSON.stringify(made));
  const pages = { home: '/', rules: '/rules/foodfight', game: `/game/${made.id}` };
  const report = [];
  for (const [name, path] of Object.entries(pages)) {
    const run = await lighthouse(`${server.base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' }, desktop);
    const lhr = run.lhr;
    const scores = Object.fromEntries(Object.keys(MINIMUM).map(c => [c, lhr.categories[c].score]));
    report.push(`${name}: ${Object.entries(scores).map(([c, s]) => `${c} ${Math.round(s * 100)}`).join(', ')}`);
    for (const [category, minimum] of Object.entries(MINIMUM)) {
      assert.ok(scores[category] >= minimum, `${name} (${path}): ${category} ${scores[category]} < ${minimum}: ${losses(lhr, category).join('; ')}`);
    }
    for (const audit of MUST_PASS) {
      const a = lhr.audits[audit];
      assert.ok(a.score === null || a.score === 1, `${name} (${path}): ${audit} fails: ${a.displayValue ?? ''} ${JSON.stringify(a.details?.items?.map(i => i.url) ?? [])}`);
    }
  }
  console.log(`Lighthouse ${report.join('; ')}`);
});
