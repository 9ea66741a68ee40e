// A still picture of a position: the squares and our piece drawings in one small SVG (the drawings
// all from the one sprite), for places that show a board without playing on it (the home page's
// game cards). Lighter than a chessgroundx board: nothing to destroy, no event handlers.

import { pieceUrl, type GameSpec } from '../board.js';
import { readBoard } from '../fen.js';

const SVG = 'http://www.w3.org/2000/svg';
const LIGHT = '#f1e7d0';
const DARK = '#a9b98f';

function el(name: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** The position `fen` of `game` seen from White's side, `label` its text for screen readers.
 * Throws a `FenError` when the FEN does not fit the board. */
export function boardPicture(game: GameSpec, fen: string, label: string): SVGSVGElement {
  const { pieces } = readBoard(fen, game.files, game.ranks);
  const svg = el('svg', { viewBox: `0 0 ${game.files} ${game.ranks}`, role: 'img', 'aria-label': label, class: 'board-picture' }) as SVGSVGElement;
  svg.appendChild(el('rect', { width: game.files, height: game.ranks, fill: LIGHT }));
  for (let rank = 0; rank < game.ranks; rank++) {
    for (let file = 0; file < game.files; file++) {
      // a1 is dark, as on the playing board.
      if ((file + rank) % 2 === 0) svg.appendChild(el('rect', { x: file, y: game.ranks - 1 - rank, width: 1, height: 1, fill: DARK }));
    }
  }
  for (const p of pieces) {
    svg.appendChild(el('image', { href: pieceUrl(game, p.letter), x: p.file, y: game.ranks - 1 - p.rank, width: 1, height: 1 }));
  }
  return svg;
}
