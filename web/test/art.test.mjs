import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../tools/load-ts.mjs';

const { artOf } = await load('src/art-of.ts');
const { tokenUrl } = await load('src/tokens.ts');
const { ART, VARIANT_ART } = await load('src/pieces.ts');

test("a built-in game's letters come from its table", () => {
  const ff = { variant: 'foodfight', files: 12, ranks: 12 };
  assert.equal(artOf(ff, 'K'), 'chef');
  assert.equal(artOf(ff, 'I'), 'pie');
  assert.equal(artOf({ variant: 'friendly', files: 12, ranks: 12 }, 'K'), 'samurai');
  assert.equal(artOf({ variant: 'chess', files: 8, ranks: 8 }, 'K'), 'king');
});

test('the PieceEater is the same monster in every game', () => {
  assert.equal(artOf({ variant: 'pieceeater', files: 8, ranks: 8 }, '*'), 'pieceeater');
  assert.equal(artOf({ variant: 'my-file', files: 10, ranks: 10 }, '*'), 'pieceeater');
});

test("a variant file's pieces: art by name, else a token", () => {
  const game = { variant: 'file:mine', files: 10, ranks: 8, names: { N: 'knight', A: 'Archer', W: 'Wizard', K: 'Pie' } };
  assert.equal(artOf(game, 'N'), 'knight');
  assert.equal(artOf(game, 'A'), 'archer');
  assert.equal(artOf(game, 'K'), 'pie');
  assert.equal(artOf(game, 'W'), null);
  assert.equal(artOf(game, 'Q'), null, 'a letter without a name');
  assert.equal(artOf({ variant: 'constructor', files: 8, ranks: 8, names: {} }, 'K'), null, 'no inherited keys');
});

test('every table entry names art, and ids and names are unique', () => {
  for (const [variant, table] of Object.entries(VARIANT_ART)) {
    for (const [letter, id] of Object.entries(table)) assert.ok(id in ART, `${variant} ${letter}: ${id}`);
  }
  const names = Object.values(ART).map(a => a.name.toLowerCase());
  assert.equal(new Set(names).size, names.length, 'art names are unique, so a name picks one drawing');
});

test('a token is an SVG with its letter, escaped, in its side colours', () => {
  const white = decodeURIComponent(tokenUrl('w', 'white').slice('data:image/svg+xml,'.length));
  const black = decodeURIComponent(tokenUrl('w', 'black').slice('data:image/svg+xml,'.length));
  assert.match(white, /^<svg [^>]*viewBox="0 0 100 100">.*>W<\/text><\/svg>$/);
  assert.notEqual(white, black);
  assert.match(decodeURIComponent(tokenUrl('<', 'white')), />&#60;<\/text>/);
});
