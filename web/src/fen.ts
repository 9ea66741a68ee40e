// The board field of messhall's FEN, read for drawing: pieces by letter, the neutral PieceEater
// (`*`), a counter in braces after a piece (`{7}`, a Calorie energy; `{m}`/`{u}` flags are
// skipped), and the hand in brackets. The rules stay on the server: this checks only what it
// needs to draw, and says where a malformed field goes wrong.

/** A piece as the board draws it: its letter (upper case for White) or `*` for a neutral piece. */
export interface FenPiece {
  /** The letter as written: `K` a white piece, `k` a black one, `*` the PieceEater. */
  letter: string;
  /** File from 0 (a) and rank from 0 (1). */
  file: number;
  rank: number;
  /** The counter in braces after the piece, if any (a Calorie energy). */
  counter?: number;
}

/** The drawable contents of a FEN's board field. */
export interface FenBoard {
  pieces: FenPiece[];
  /** Letters in hand, as written (upper case White's). */
  hand: string[];
}

/** A FEN this module cannot draw, with where it goes wrong. */
export class FenError extends Error {
  override name = 'FenError';
}

/**
 * Reads the board field (the text before the first space) of a FEN for a board of `files` x
 * `ranks` squares.
 *
 * Throws a {@link FenError} naming the rank and character when the field does not fit the board.
 */
export function readBoard(fen: string, files: number, ranks: number): FenBoard {
  const field = fen.trim().split(/\s+/)[0] ?? '';
  let boardText = field;
  const hand: string[] = [];
  const open = field.indexOf('[');
  if (open >= 0) {
    if (!field.endsWith(']')) throw new FenError(`FEN board: holdings start with '[' but do not end with ']'`);
    boardText = field.slice(0, open);
    for (const c of field.slice(open + 1, -1)) {
      if (!/[A-Za-z]/.test(c)) throw new FenError(`FEN holdings: '${c}' is not a piece letter`);
      hand.push(c);
    }
  }
  const rows = boardText.split('/');
  if (rows.length !== ranks) throw new FenError(`FEN board: ${rows.length} ranks, but the board has ${ranks}`);
  const pieces: FenPiece[] = [];
  rows.forEach((row, i) => {
    const rank = ranks - 1 - i;
    const where = (col: number) => `FEN board rank ${rank + 1} ("${row}"), character ${col + 1}`;
    let file = 0;
    let col = 0;
    while (col < row.length) {
      const c = row.charAt(col);
      if (c >= '0' && c <= '9') {
        let end = col;
        while (end < row.length && row.charAt(end) >= '0' && row.charAt(end) <= '9') end++;
        const digits = row.slice(col, end);
        if (digits.startsWith('0')) throw new FenError(`${where(col)}: an empty-square count must be 1 or more, without a leading 0`);
        const n = Number(digits);
        file += n;
        col = end;
      } else if (/[A-Za-z*]/.test(c)) {
        const piece: FenPiece = { letter: c, file, rank };
        col++;
        if (row.charAt(col) === '{') {
          const close = row.indexOf('}', col);
          if (close < 0) throw new FenError(`${where(col)}: '{' is not closed`);
          for (const item of row.slice(col + 1, close).split(',')) {
            const t = item.trim();
            if (/^[0-9]+$/.test(t)) piece.counter = Number(t);
            else if (t !== 'm' && t !== 'u') throw new FenError(`${where(col)}: "${t}" in braces is not a counter, 'm' or 'u'`);
          }
          col = close + 1;
        }
        pieces.push(piece);
        file++;
      } else {
        throw new FenError(`${where(col)}: '${c}' is not a piece letter, '*' or a count of empty squares`);
      }
      if (file > files) throw new FenError(`${where(col - 1)}: the rank is longer than ${files} squares`);
    }
    if (file < files) throw new FenError(`FEN board rank ${rank + 1} ("${row}"): ${file} squares, but the board has ${files} files`);
  });
  return { pieces, hand };
}
