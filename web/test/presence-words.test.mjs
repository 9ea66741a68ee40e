// Who is at the table in words, when a claim comes, and the title's turn mark (src/ui/presence.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../tools/load-ts.mjs';

const { absences, claimIn, markTitle, span, TURN_MARK } = await load('src/ui/presence.ts');

const names = s => (s === 0 ? 'Ann (White)' : 'Bob (Black)');
// A timed game of two people, Bob to move since 10 000 ms, Bob gone since `gone`.
const game = (gone, over = {}) => ({
  status: 'playing',
  you: 0,
  turn: { seat: 1, kind: 'move' },
  seats: [{ seat: 0, kind: 'human' }, { seat: 1, kind: 'human' }],
  presence: [{ seat: 0, here: true, gone_since_ms: null }, { seat: 1, here: gone === null, gone_since_ms: gone }],
  turn_since_ms: 10_000,
  claim_after_ms: 30_000,
  ...over,
});

test('an absence in words, counted on the server clock', () => {
  assert.deepEqual(absences(game(20_000), 32_500, names), ['Bob (Black) is gone: 12 s.']);
  assert.deepEqual(absences(game(null), 32_500, names), []);
  assert.deepEqual(absences(game(20_000, { status: 'over' }), 32_500, names), []);
  assert.equal(span(59), '59 s');
  assert.equal(span(185), '3 min 5 s');
  assert.equal(span(7800), '2 h 10 min');
  assert.equal(span(86400 + 23 * 3600 + 59), '1 d 23 h');
});

test('a claim comes the wait after the later of leaving and the move starting', () => {
  // Gone before its move began: counted from the move.
  assert.equal(claimIn(game(5_000), 10_000), 30);
  assert.equal(claimIn(game(5_000), 40_000), 0);
  // Gone during its move: counted from its leaving.
  assert.equal(claimIn(game(20_000), 40_000), 10);
  assert.equal(claimIn(game(20_000), 50_000), 0);
  // None while here, on your own move, for a watcher, untimed, against the computer.
  assert.equal(claimIn(game(null), 99_000), null);
  assert.equal(claimIn(game(5_000, { turn: { seat: 0, kind: 'move' } }), 99_000), null);
  assert.equal(claimIn(game(5_000, { you: null }), 99_000), null);
  assert.equal(claimIn(game(5_000, { claim_after_ms: null }), 99_000), null);
  assert.equal(claimIn(game(5_000, { seats: [{ seat: 0, kind: 'human' }, { seat: 1, kind: 'computer' }] }), 99_000), null);
});

test('the title is marked while it is your turn, once', () => {
  assert.equal(markTitle('Chess · messhall', true), `${TURN_MARK}Chess · messhall`);
  assert.equal(markTitle(`${TURN_MARK}Chess · messhall`, true), `${TURN_MARK}Chess · messhall`);
  assert.equal(markTitle(`${TURN_MARK}Chess · messhall`, false), 'Chess · messhall');
});
