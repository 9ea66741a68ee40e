// The words of a Friend's caption (src/ui/friend-words.ts): lenders of their own moves in one list,
// a lending Friend named with what it borrows, counted when that is long.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../tools/load-ts.mjs';

const { friendCaption } = await load('src/ui/friend-words.ts');

test('no lender, and lenders of their own moves in one list', () => {
  assert.equal(friendCaption('White', 'f1', []), "White's Friend on f1 borrows nothing: no friendly piece guards it");
  assert.equal(
    friendCaption('White', 'f1', [{ square: 'e2', name: 'Bodyguard', lends: ['Bodyguard'] }, { square: 'g2', name: 'Archer', lends: ['Archer'] }, { square: 'f2', name: 'Pawn', lends: ['Pawn'] }]),
    "White's Friend on f1 borrows the moves of Bodyguard on e2, Archer on g2 and Pawn on f2",
  );
});

test("a lending Friend: a short borrowing named, a long one counted and pointed to", () => {
  assert.equal(
    friendCaption('Black', 'g12', [{ square: 'f11', name: 'Bodyguard', lends: ['Bodyguard'] }, { square: 'g11', name: 'Friend', lends: ['Caliph'] }]),
    "Black's Friend on g12 borrows the moves of Bodyguard on f11; and from the Friend on g11 the moves of Caliph it borrows",
  );
  const many = ['Archer', 'Bodyguard', 'Buffalo', 'Caliph', 'Gnu', 'Pawn', 'Rook'];
  const caption = friendCaption('White', 'f1', [{ square: 'g1', name: 'Friend', lends: many }]);
  assert.equal(caption, "White's Friend on f1 borrows what the Friend on g1 borrows (7 pieces' moves; its own caption names its lenders)");
  for (const name of many) assert.ok(!caption.includes(name), `${name} is counted, not listed: ${caption}`);
  const two = friendCaption('White', 'e1', [{ square: 'f2', name: 'Bodyguard', lends: ['Bodyguard'] }, { square: 'd1', name: 'Friend', lends: many }, { square: 'f1', name: 'Friend', lends: many.slice(1) }]);
  assert.equal(two, "White's Friend on e1 borrows the moves of Bodyguard on f2; and what the Friends on d1 and f1 borrow (7 and 6 pieces' moves; their own captions name their lenders)");
});
