// A chessgroundx board of any size from 8x8 to 16x16 showing a messhall FEN with our piece art.
// It draws; it knows no rules (legal moves come from the server through `config`).

import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import type { Config } from 'chessgroundx/config';
import type { DrawShape } from 'chessgroundx/draw';
import * as cg from 'chessgroundx/types';
import { readBoard, type FenBoard } from './fen.js';
import { artOf, type GameSpec } from './art-of.js';

export { artOf, type GameSpec };
import { ART, NEUTRAL_ART } from './pieces.js';
import { tokenUrl } from './tokens.js';

/** The smallest and largest board sides chessgroundx draws. */
export const MIN_SIDE = 8;
export const MAX_SIDE = 16;

/** How to show it. */
export interface BoardOptions {
  fen: string;
  orientation?: 'white' | 'black';
  coordinates?: boolean;
  /** The URL of the folder holding `pieces/` (the bundle's dist/); by default the bundle's own. */
  assets?: string;
  /** More chessgroundx configuration (movable, events...); ours wins where both set a key. */
  config?: Config;
}

/** A mistake in how a board was asked for. */
export class BoardError extends Error {
  override name = 'BoardError';
}

/** The folder the bundle was loaded from (its dist/), read while the script runs. */
export const bundleBase = (() => {
  const src = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';
  return src ? new URL('.', src).href : './';
})();

let boardCount = 0;

/** The chessgroundx role of a FEN letter (`k-piece`; `_-piece` for `*`). */
export function roleOf(letter: string): cg.Role {
  return (letter === '*' ? '_-piece' : `${letter.toLowerCase()}-piece`) as cg.Role;
}

/** The chessgroundx key of a square, file and rank from 0 (ranks above 9 are `:` to `@`). */
export function keyOf(file: number, rank: number): cg.Key {
  const f = cg.files[file];
  const r = cg.ranks[rank];
  if (f === undefined || r === undefined) throw new BoardError(`square (${file}, ${rank}) is off a 16x16 board`);
  return `${f}${r}` as cg.Key;
}

// chessgroundx types only two colours; a third one renders and can never be moved, which is what
// the PieceEater needs.
const NEUTRAL = 'neutral' as cg.Color;

/** One board on the page. */
export class Board {
  /** The chessgroundx instance, for moves and shapes. */
  readonly api: Api;
  readonly game: GameSpec;
  /** The hand (pieces to drop), drawn under the board when a FEN has one. */
  readonly handElement: HTMLElement;
  private readonly cls: string;
  private readonly style: HTMLStyleElement;
  private readonly styled = new Set<string>();
  private readonly assets: string;

  /**
   * Shows `options.fen` in `element`.
   *
   * Throws a {@link BoardError} when the board is smaller than 8x8 or larger than 16x16, and a
   * `FenError` when the FEN does not fit the board.
   */
  constructor(element: HTMLElement, game: GameSpec, options: BoardOptions) {
    for (const [what, n] of [['files', game.files], ['ranks', game.ranks]] as const) {
      if (!Number.isInteger(n) || n < MIN_SIDE || n > MAX_SIDE) {
        throw new BoardError(`${game.variant}: ${n} ${what}; a board has ${MIN_SIDE} to ${MAX_SIDE}`);
      }
    }
    const position = readBoard(options.fen, game.files, game.ranks);
    this.game = game;
    this.assets = options.assets ?? bundleBase;
    this.cls = `mh-b${++boardCount}`;
    this.style = document.createElement('style');
    document.head.appendChild(this.style);
    element.classList.add('mh-board', this.cls);
    element.style.setProperty('--mh-files', String(game.files));
    element.style.setProperty('--mh-ranks', String(game.ranks));
    this.api = Chessground(element, {
      ...options.config,
      dimensions: { width: game.files, height: game.ranks },
      // Empty, not chessgroundx's own start (FIDE chess's): the first position is drawn in place,
      // not animated from another game's.
      fen: '8',
      orientation: options.orientation ?? 'white',
      coordinates: options.coordinates ?? true,
      autoCastle: false,
      premovable: { enabled: false },
    });
    this.handElement = document.createElement('div');
    this.handElement.className = `mh-hand ${this.cls}`;
    element.insertAdjacentElement('afterend', this.handElement);
    this.show(position);
  }

  /**
   * Shows another position of the same game, animating what changed.
   *
   * Throws a `FenError` when the FEN does not fit the board; the board is then unchanged.
   */
  setFen(fen: string): void {
    this.show(readBoard(fen, this.game.files, this.game.ranks));
  }

  /** Turns the board round. */
  flip(): void {
    this.api.toggleOrientation();
  }

  /** Removes the board and its styles. */
  destroy(): void {
    this.api.destroy();
    this.style.remove();
    this.handElement.remove();
  }

  private show(position: FenBoard): void {
    const wanted = new Map<cg.Key, cg.Piece>();
    const badges: DrawShape[] = [];
    for (const p of position.pieces) {
      this.ensureStyled(p.letter);
      const key = keyOf(p.file, p.rank);
      const color: cg.Color = p.letter === '*' ? NEUTRAL : p.letter === p.letter.toUpperCase() ? 'white' : 'black';
      wanted.set(key, { role: roleOf(p.letter), color });
      if (p.counter !== undefined) badges.push({ orig: key, customSvg: badge(p.counter) });
    }
    const diff: cg.PiecesDiff = new Map();
    for (const key of this.api.state.boardState.pieces.keys()) if (!wanted.has(key)) diff.set(key, undefined);
    for (const [key, piece] of wanted) diff.set(key, piece);
    this.api.setPieces(diff);
    this.api.setAutoShapes(badges);
    this.showHand(position.hand);
  }

  private showHand(hand: string[]): void {
    const counts = new Map<string, number>();
    for (const letter of hand) {
      this.ensureStyled(letter);
      counts.set(letter, (counts.get(letter) ?? 0) + 1);
    }
    this.handElement.replaceChildren();
    for (const [letter, n] of counts) {
      const piece = document.createElement('piece');
      piece.className = `${roleOf(letter)} ${letter === letter.toUpperCase() ? 'white' : 'black'}`;
      piece.dataset['nb'] = String(n);
      piece.title = `${this.nameOf(letter)} x${n}`;
      this.handElement.appendChild(piece);
    }
    this.handElement.hidden = counts.size === 0;
  }

  private nameOf(letter: string): string {
    const art = artOf(this.game, letter.toUpperCase());
    return this.game.names?.[letter.toUpperCase()] ?? (art === null ? letter : (ART[art]?.name ?? letter));
  }

  /** Adds the CSS rule that draws a letter, once per board and letter (also for pieces drawn
   * outside the board: the promotion picker's, the drop buttons'). */
  ensureStyled(letter: string): void {
    if (this.styled.has(letter)) return;
    this.styled.add(letter);
    const role = roleOf(letter).replace('_', '\\_');
    const side = letter === '*' ? '' : letter === letter.toUpperCase() ? '.white' : '.black';
    this.addRule(`.${this.cls} piece.${role}${side}`, pieceUrl(this.game, letter, this.assets));
  }

  private addRule(selector: string, url: string): void {
    this.style.sheet?.insertRule(`${selector}{background-image:url("${url}")}`, this.style.sheet.cssRules.length);
  }
}

/** The URL of the drawing of `letter` (upper case White, lower case Black, `*` the neutral
 * piece) in `game`: its art, or a lettered token. */
export function pieceUrl(game: GameSpec, letter: string, assets: string = bundleBase): string {
  const upper = letter.toUpperCase();
  const art = artOf(game, upper);
  // The drawings come from one sprite (pieces/sprite.svg, written by the build): one request.
  if (letter === '*') return `${assets}pieces/sprite.svg#neutral-${NEUTRAL_ART}`;
  const side = letter === upper ? 'white' : 'black';
  return art === null ? tokenUrl(upper, side) : `${assets}pieces/sprite.svg#${side}-${art}`;
}

// A counter (a Calorie energy) in a small disc at the square's top right.
function badge(n: number): string {
  return (
    `<circle cx="82" cy="18" r="16" fill="#c0392b" stroke="#fff" stroke-width="3"/>` +
    `<text x="82" y="19" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" ` +
    `font-weight="bold" font-size="20" fill="#fff">${n}</text>`
  );
}
