// Where the cafeteria map draws several things on one square (src/cafeteria-map.ts): each in a
// box of its own inside the tile, so none hides another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../tools/load-ts.mjs';

const { thingBoxes, MORE_BOX } = await load('src/cafeteria-map.ts');

const overlap = (a, b) => a.x < b.x + b.size && b.x < a.x + a.size && a.y < b.y + b.size && b.y < a.y + a.size;

test('one thing fills its tile; two to four share it without overlapping, inside the tile', () => {
  assert.equal(thingBoxes(0).length, 0);
  assert.equal(thingBoxes(1).length, 1);
  assert.ok(thingBoxes(1)[0].size > 80, 'one thing alone is drawn large');
  for (const n of [2, 3, 4]) {
    const boxes = thingBoxes(n);
    assert.equal(boxes.length, n, `${n} things, ${n} boxes`);
    for (const b of boxes) assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.size <= 100 && b.y + b.size <= 100 && b.size >= 40, `${n}: ${JSON.stringify(b)} inside the tile and large enough to tell apart`);
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach(b => assert.ok(!overlap(a, b), `${n}: ${JSON.stringify(a)} and ${JSON.stringify(b)} overlap`)));
  }
});

test('past four, three are drawn and the fourth quarter is left free for the count', () => {
  const boxes = thingBoxes(6);
  assert.equal(boxes.length, 3);
  for (const b of boxes) assert.ok(!overlap(b, MORE_BOX), `${JSON.stringify(b)} covers the count`);
});
