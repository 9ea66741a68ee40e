// The pieces of a game, each drawn with its name and its moves in plain words (the rules core's
// words, from the server's rules metadata): the legend beside a game's board, and the drawings
// the rules pages' tables use.

import { pieceUrl, type GameSpec } from '../board.js';
import type { ChessRules } from './api.js';
import { h } from './dom.js';

/** A piece's drawing as an image (White's, or the neutral piece's for `*`). */
export function pieceImage(game: GameSpec, letter: string, name: string, size = 36): HTMLImageElement {
  return h('img', { class: 'piece-img', src: pieceUrl(game, letter), alt: name, width: String(size), height: String(size) });
}

/** The game a rules metadata describes, for drawing its pieces. */
export function gameSpecOf(info: ChessRules, variant: string = info.name): GameSpec {
  const names: Record<string, string> = {};
  for (const p of info.pieces) names[p.letter.toUpperCase()] = p.name;
  return { variant, files: info.files, ranks: info.ranks, names };
}

/** The legend: a collapsible list of every piece of the game with its drawing, name and words,
 * and the neutral piece's (the PieceEater's) where the game has one. */
export function pieceLegend(info: ChessRules, game: GameSpec): HTMLElement {
  const items = info.pieces.map(p => h('li', { 'data-piece': p.letter },
    pieceImage(game, p.letter, p.name), h('span', {}, h('strong', {}, p.name), ' ', p.description)));
  if (info.neutral !== null) {
    items.push(h('li', { 'data-piece': '*' }, pieceImage(game, '*', info.neutral.name),
      h('span', {}, h('strong', {}, info.neutral.name), ' ', info.neutral.description)));
  }
  return h('details', { class: 'legend', open: '' }, h('summary', {}, `Pieces (${items.length})`), h('ul', {}, ...items));
}
