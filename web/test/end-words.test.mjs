// The end of a game in words (src/ui/end-words.ts) and the engine's scores as players read them
// (src/ui/eval-words.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../tools/load-ts.mjs';

const { endSentence, resultToken } = await load('src/ui/end-words.ts');
const { barShare, scoreLabel, moveQuality, qualityMark, graphY } = await load('src/ui/eval-words.ts');

const names = you => ({ you, seat: s => `${s === 0 ? 'Ann' : 'Computer (beginner, level 1)'} (${s === 0 ? 'White' : 'Black'})`, royal: () => 'Chef' });
const rules = (winner, reason) => ({ scores: winner === 'white' ? [1, 0] : winner === 'black' ? [0, 1] : [0.5, 0.5], ending: { by: 'rules', outcome: { winner, reason } } });

test('a checkmate, a royal taken, a stalemate, as the seats and a watcher read them', () => {
  assert.equal(endSentence(rules('white', 'checkmate'), names(0)), 'Checkmate: you win.');
  assert.equal(endSentence(rules('white', 'checkmate'), names(1)), 'Checkmate: you lose.');
  assert.equal(endSentence(rules('white', 'checkmate'), names(null)), 'Checkmate: Ann (White) wins.');
  assert.equal(endSentence(rules('white', 'royal-captured'), names(null)), "Black's Chef was taken: Ann (White) wins.");
  assert.equal(endSentence(rules(null, 'stalemate'), names(0)), 'Stalemate: draw.');
  assert.equal(endSentence(rules(null, 'repetition'), names(0)), 'The same position came back again: draw.');
  assert.equal(endSentence(rules(null, 'fifty-moves'), names(0)), 'Fifty moves without a capture or a pawn move: draw.');
});

test('resignation, time, leaving, agreement, forfeit; the cafeteria has no sentence here', () => {
  assert.equal(endSentence({ scores: [0, 1], ending: { by: 'resigned', seat: 0 } }, names(0)), 'You resigned: you lose.');
  assert.equal(endSentence({ scores: [0, 1], ending: { by: 'resigned', seat: 0 } }, names(null)), 'Ann (White) resigned: Computer (beginner, level 1) (Black) wins.');
  assert.equal(endSentence({ scores: [1, 0], ending: { by: 'flagged', seat: 1 } }, names(0)), "Time: Computer (beginner, level 1) (Black)'s clock ran out: you win.");
  assert.equal(endSentence({ scores: [0.5, 0.5], ending: { by: 'agreed' } }, names(1)), 'Draw agreed: draw.');
  assert.equal(endSentence({ scores: [1, 0], ending: { by: 'forfeit', seat: 1, reason: 'crashed' } }, names(0)), 'Computer (beginner, level 1) (Black) forfeited (crashed): you win.');
  assert.equal(endSentence({ scores: [1, 0], ending: { by: 'abandoned', seat: 1 } }, names(0)), 'Computer (beginner, level 1) (Black) left the game: you win.');
  assert.equal(endSentence({ scores: [0.5, 0.5], ending: { by: 'abandoned', seat: 0, drawn: true } }, names(0)), 'You left the game: draw.');
  assert.equal(endSentence({ scores: [1, 0, 0], ending: { by: 'cafeteria', kind: 'FoodOff', winners: [0] } }, names(0)), null);
});

test('the result as the move list ends', () => {
  assert.equal(resultToken(rules('white', 'checkmate')), '1-0');
  assert.equal(resultToken(rules('black', 'checkmate')), '0-1');
  assert.equal(resultToken(rules(null, 'stalemate')), '½-½');
  assert.equal(resultToken({ scores: [1, 0, 0], ending: { by: 'cafeteria' } }), null);
});

test('scores: the bar, the labels, the graph', () => {
  assert.equal(barShare(0), 0.5);
  assert.equal(barShare(null), 0.5);
  assert.ok(barShare(300) > 0.7 && barShare(-300) < 0.3);
  assert.equal(barShare(9990), 1);
  assert.equal(scoreLabel(35), '+0.3');
  assert.equal(scoreLabel(-210), '-2.1');
  assert.equal(scoreLabel(-1050), '-11');
  assert.equal(scoreLabel(9970), '#3');
  assert.equal(scoreLabel(-9990), '-#1');
  assert.equal(scoreLabel(-10000), '0-1');
  assert.equal(graphY(0, 100), 50);
  assert.equal(graphY(5000, 100), 0);
  assert.equal(graphY(-5000, 100), 100);
});

test('a move is a mistake from one pawn lost in its mover\'s view, a blunder from three', () => {
  assert.equal(moveQuality(50, -60, 0), 'mistake');
  assert.equal(moveQuality(50, -300, 0), 'blunder');
  assert.equal(moveQuality(50, 20, 0), null);
  // Black's move: White's score rising is Black's loss.
  assert.equal(moveQuality(0, 400, 1), 'blunder');
  assert.equal(moveQuality(0, -400, 1), null);
  // Beyond ten pawns a won game stays won: no loss counted past it.
  assert.equal(moveQuality(9990, 1200, 0), null);
  assert.equal(moveQuality(null, 0, 0), null);
  assert.equal(qualityMark('blunder'), '??');
  assert.equal(qualityMark('mistake'), '?');
});

test('the engine\'s own choice is no mistake, however its scores waver', async () => {
  const { qualities } = await load('src/ui/eval-graph.ts');
  // White's g4 loses two pawns; Black's reply hxg4 is the engine's best though the score moves.
  const scores = [0, -210, -60];
  const seats = [null, 0, 1];
  assert.deepEqual(qualities(scores, seats, [null, 'g2g4', 'h5g4'], ['d2d4', 'h5g4', null]), [null, 'mistake', null]);
  assert.deepEqual(qualities(scores, seats, [null, 'g2g4', 'a7a6'], ['d2d4', 'h5g4', null]), [null, 'mistake', 'mistake']);
});
