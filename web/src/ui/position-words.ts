// What led to each position of a game, in the move list's words: a chess move in SAN (from the
// game's moves, which line up with the positions' moves), a steered walk, a resignation.

import type { MoveRecord, PositionStep } from './api.js';

/** The words of each position's action (empty for the start). */
export function positionWords(positions: PositionStep[], moves: MoveRecord[]): string[] {
  let n = 0;
  return positions.map(p => {
    const a = p.action;
    if (a === null) return '';
    if (a === 'resign') return 'resigns';
    if (a.startsWith('steer ')) return `steers ${a.slice(6)}`;
    const san = moves[n]?.san;
    n++;
    return san || a;
  });
}
