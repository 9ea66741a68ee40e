// The cafeteria in words (src/ui/cafeteria-words.ts, feed.ts, cafeteria-path.ts,
// cafeteria-actions.ts): food, students, staff and tables by name, never an id; a walk told in one
// line; nothing said for what a watcher may not see; a result that names its winners and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../tools/load-ts.mjs';

const { cafeteriaSentence, resultSentence, WalkMemory, foodName, andList } = await load('src/ui/cafeteria-words.ts');
const { describe } = await load('src/ui/feed.ts');
const { waysBySquare } = await load('src/ui/cafeteria-path.ts');
const { actionGroup, actionIcon } = await load('src/ui/cafeteria-actions.ts');

const caf = {
  round: 3,
  students: [
    { id: 0, name: 'Rock', player: 0 }, { id: 1, name: 'Connie', player: 1 },
    { id: 2, name: 'Dwayne', player: 1 }, { id: 3, name: 'Lennie', player: 0 },
  ],
  faculty: [{ name: 'Ms. Pallid', square: null }],
};
const names = { foods: ['tea', 'milk', 'cream pie'], tables: ['Table A', 'Table B'] };
const seat = s => `player ${s + 1}`;

test('an attack names the food, the thrower and the target, with the dice', () => {
  const line = cafeteriaSentence({ Attack: { how: 'Throw', student: 0, food: 2, target: { Student: 1 }, roll: 6, to_hit: 7, hit: true } }, caf, names);
  assert.equal(line, 'Rock throws the cream pie at Connie: rolls 6 on 2d6 (7 or less hits), a hit');
  assert.equal(cafeteriaSentence({ Lands: { food: 1, sq: { x: 3, y: 5 } } }, caf, names), 'The missed milk lands on d5');
  assert.equal(cafeteriaSentence({ TookTray: { student: 2, table: 1 } }, caf, names), 'Dwayne takes the tray from Table B');
  assert.equal(foodName(7, names), 'a food', 'a food with no name known is still no number');
  for (const line of [
    cafeteriaSentence({ Gets: { student: 0, foods: [0, 1] } }, caf, names),
    cafeteriaSentence({ FoodLine: { student: 0, tray: true, count: 5 } }, caf, names),
    cafeteriaSentence({ FallsShort: { student: 3, food: 0, target: { Faculty: 0 } } }, caf, names),
  ]) assert.doesNotMatch(line, /\d{2}|food \d|foods \d/, line);
  assert.equal(cafeteriaSentence({ Gets: { student: 0, foods: [0, 1] } }, caf, names), 'Rock gets the tea and the milk (only you see this)');
});

test('what only another seat may see makes no line; the public event says what a watcher knows', () => {
  assert.equal(describe({ type: 'hidden', n: 4 }, seat, caf, names), null);
  assert.equal(describe({ type: 'cafeteria', n: 3, event: { FoodLine: { student: 1, tray: true, count: 5 } } }, seat, caf, names),
    'Connie goes through the Food Line and takes a tray and 5 foods face down');
  assert.equal(describe({ type: 'acted', n: 2, seat: 1, action: { FoodLine: { families: 31, tray: true } } }, seat, caf, names), null);
});

test('a walk is one line, a single step its own', () => {
  const path = [{ x: 2, y: 6 }, { x: 2, y: 5 }, { x: 2, y: 4 }];
  assert.equal(describe({ type: 'acted', n: 1, seat: 0, action: { Walk: path } }, seat, caf, names), null);
  const lines = path.map((to, i) => describe({ type: 'cafeteria', n: 2 + i, event: { Moved: { student: 0, to } } }, seat, caf, names));
  assert.deepEqual(lines, [null, null, 'Rock walks to c4 by c6 and c5 (3 steps)']);
  describe({ type: 'acted', n: 5, seat: 0, action: { Move: { x: 2, y: 3 } } }, seat, caf, names);
  assert.equal(describe({ type: 'cafeteria', n: 6, event: { Moved: { student: 0, to: { x: 2, y: 3 } } } }, seat, caf, names), 'Rock steps to c3');
  const memory = new WalkMemory();
  assert.equal(memory.step({ x: 1, y: 1 }, 0, caf), undefined, 'no walk remembered');
});

test('the result names the winners and why', () => {
  assert.equal(resultSentence('FoodOff', [1], caf), 'Connie wins the Food-Off, having taken the least damage in it');
  assert.equal(resultSentence('FoodOff', [1, 2], caf), 'Connie and Dwayne share the win: the Food-Off left them level');
  assert.equal(resultSentence('LastStudent', [0, 3], caf), "Rock and Lennie win: only their player's students are left in the fight");
  assert.equal(resultSentence('LastStudent', [2], caf), 'Dwayne wins, the last student left in the fight');
  assert.equal(resultSentence('NoSurvivor', [], caf), 'nobody wins: every student was hauled away or retired');
  assert.equal(resultSentence('NoThrow', [], caf), 'nobody wins: ten rounds went by without a throw');
  assert.equal(cafeteriaSentence({ GameOver: { kind: 'FoodOff', winners: [1] } }, caf, names), 'Game over: Connie wins the Food-Off, having taken the least damage in it');
  assert.equal(describe({ type: 'ended', n: 9, scores: [0, 1], ending: { by: 'cafeteria', kind: 'FoodOff', winners: [1] } }, seat, caf, names), null, 'told by GameOver');
  assert.equal(andList(['a', 'b', 'c']), 'a, b and c');
});

test("the map's ways: steps and walks by square, never the student's own square", () => {
  const from = { x: 2, y: 7 };
  const ways = waysBySquare(
    [{ text: 'move c6', words: 'move to c6' }, { text: 'move c7', words: 'move to c7' }, { text: 'end', words: 'end the turn' }],
    [{ text: 'move c6 c5', words: 'walk to c5 by c6', path: [{ x: 2, y: 6 }, { x: 2, y: 5 }] },
      { text: 'move c6 c7', words: 'walk to c7 by c6', path: [{ x: 2, y: 6 }, from] }],
    from,
  );
  assert.deepEqual([...ways.keys()].sort(), ['2,5', '2,6']);
  assert.equal(ways.get('2,5').text, 'move c6 c5');
  assert.equal(ways.get('2,6').path.length, 1);
});

test('buttons are grouped and drawn with whom they aim at', () => {
  assert.equal(actionGroup({ Throw: { food: 2, target: { Student: 1 } } }), 'attack');
  assert.equal(actionGroup('EndTurn'), 'end');
  assert.equal(actionGroup({ Move: { x: 1, y: 1 } }), 'move');
  assert.equal(actionIcon({ Throw: { food: 2, target: { Student: 1 } } }, caf), 'connie');
  assert.equal(actionIcon({ Squirt: { Faculty: 0 } }, caf), 'pallid');
  assert.equal(actionIcon({ FoodLine: { families: 31, tray: true } }, caf), 'tray');
  assert.equal(actionIcon('EndTurn', caf), null);
});
