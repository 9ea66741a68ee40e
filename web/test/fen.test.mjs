import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../tools/load-ts.mjs';

const { readBoard, FenError } = await load('src/fen.ts');

test('a 12x12 start position: every square filled as written', () => {
  const b = readBoard('rscbmnkmbcsr/dmfwueeuwfmd/ppppggggpppp/12/12/12/12/12/12/PPPPGGGGPPPP/DMFWUEEUWFMD/RSCBMNKMBCSR w - - 0 1', 12, 12);
  assert.equal(b.pieces.length, 72);
  assert.deepEqual(b.pieces.find(p => p.letter === 'K'), { letter: 'K', file: 6, rank: 0 });
  assert.deepEqual(b.pieces.find(p => p.letter === 'k'), { letter: 'k', file: 6, rank: 11 });
  assert.deepEqual(b.hand, []);
});

test('the PieceEater, a hand, counters and moved flags', () => {
  const b = readBoard('r3k{7}2r/8/8/8/3*4/8/P{3,m}7/4K3[PPNbr] w - - 0 1', 8, 8);
  assert.deepEqual(b.pieces.find(p => p.letter === '*'), { letter: '*', file: 3, rank: 3 });
  assert.deepEqual(b.pieces.find(p => p.letter === 'k'), { letter: 'k', file: 4, rank: 7, counter: 7 });
  assert.deepEqual(b.pieces.find(p => p.letter === 'P'), { letter: 'P', file: 0, rank: 1, counter: 3 });
  assert.deepEqual(b.hand, ['P', 'P', 'N', 'b', 'r']);
});

test('16 files: counts of more than one digit', () => {
  const b = readBoard(['16', '15K', ...Array(14).fill('16')].join('/'), 16, 16);
  assert.deepEqual(b.pieces, [{ letter: 'K', file: 15, rank: 14 }]);
});

test('a FEN that does not fit says where', () => {
  const cases = [
    ['8/8/8/8/8/8/8 w', 8, 8, /7 ranks, but the board has 8/],
    ['9/8/8/8/8/8/8/8', 8, 8, /rank 8 .*longer than 8 squares/],
    ['7/8/8/8/8/8/8/8', 8, 8, /rank 8 \("7"\): 7 squares, but the board has 8 files/],
    ['8/8/8/8/8/8/8/7$', 8, 8, /rank 1 \("7\$"\), character 2: '\$' is not a piece letter/],
    ['8/8/8/8/8/8/8/K{x}7', 8, 8, /"x" in braces/],
    ['8/8/8/8/8/8/8/K{77', 8, 8, /'\{' is not closed/],
    ['8/8/8/8/8/8/8/08', 8, 8, /count must be 1 or more/],
    ['8/8/8/8/8/8/8/8[P', 8, 8, /holdings start with '\['/],
    ['8/8/8/8/8/8/8/8[P1]', 8, 8, /'1' is not a piece letter/],
  ];
  for (const [fen, files, ranks, message] of cases) {
    assert.throws(() => readBoard(fen, files, ranks), e => e instanceof FenError && message.test(e.message), fen);
  }
});
