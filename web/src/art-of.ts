// Which drawing a piece letter of a game gets: the game's art table, else the art of the piece
// with the same name, else none (a lettered token).

import { ART, NEUTRAL_ART, VARIANT_ART } from './pieces.js';

/** The game a board shows. */
export interface GameSpec {
  /**
   * The variant's name. A built-in's (`foodfight`) picks its art table; give a variant file's game
   * a name no built-in has (the server's id for it), so that its pieces are drawn by their names.
   */
  variant: string;
  files: number;
  ranks: number;
  /**
   * Piece names by upper-case letter, as the variant defines them. A letter without art in the
   * variant's table gets the art of the piece with the same name, else a lettered token.
   */
  names?: Readonly<Record<string, string>>;
}

/**
 * Where a letter's drawing comes from: an art id, or null for a lettered token. `letter` is upper
 * case, or `*` for the neutral PieceEater.
 */
export function artOf(game: GameSpec, letter: string): string | null {
  if (letter === '*') return NEUTRAL_ART;
  const table = Object.hasOwn(VARIANT_ART, game.variant) ? VARIANT_ART[game.variant] : undefined;
  const mapped = table !== undefined && Object.hasOwn(table, letter) ? table[letter] : undefined;
  if (mapped !== undefined) return mapped;
  const name = game.names !== undefined && Object.hasOwn(game.names, letter) ? game.names[letter]?.toLowerCase() : undefined;
  if (name === undefined) return null;
  for (const [id, art] of Object.entries(ART)) if (art.name.toLowerCase() === name) return id;
  return null;
}

