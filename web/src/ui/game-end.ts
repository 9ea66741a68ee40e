// The end of a chess game on its page: the royal piece that was mated or taken marked on the
// board, and a rematch with the colours swapped (same game, clock and computer level: against
// the computer it starts at once; a person gets a new join link).

import type * as cg from 'chessgroundx/types';
import type { ChessRules, CreateGame, GameState, SeatRequest } from './api.js';
import { keyOfName, squaresIn } from './squares.js';
import { winnerSeat } from './end-words.js';

/** The squares to mark at the end: the mated royal piece, or where one was taken. */
export function royalKeys(state: GameState, rules: ChessRules | null): cg.Key[] {
  const result = state.result;
  const reason = result?.ending.by === 'rules' ? result.ending.outcome?.reason : undefined;
  if (result === null || state.board === null || reason === undefined) return [];
  const winner = winnerSeat(result);
  if (winner === null) return [];
  if (reason === 'royal-captured') {
    const last = state.moves.at(-1);
    const to = last !== undefined ? squaresIn(last.coordinates).at(-1) : undefined;
    return to !== undefined ? [to] : [];
  }
  if (reason !== 'checkmate') return [];
  const loser = winner === 0 ? 'black' : 'white';
  const royal = new Set((rules?.pieces ?? []).filter(p => p.royal).map(p => p.name));
  return state.board.pieces
    .filter(p => p.color === loser && royal.has(p.name))
    .map(p => keyOfName(p.square))
    .filter((k): k is cg.Key => k !== null);
}

/** The royal piece's name ("Chef"), for the end sentence. */
export function royalName(rules: ChessRules | null): string {
  return rules?.pieces.find(p => p.royal)?.name ?? 'royal piece';
}

/** The new game of a rematch, seen from seat `you`: the seats swapped (this browser's as `me`, a
 * computer as it was, another person's `open`), the same game, clock and start. */
export function rematchBody(state: GameState, you: number, start: string | null): CreateGame {
  const seat = (i: number): SeatRequest => {
    const s = state.seats[i];
    if (s === undefined || i === you) return { player: 'me', ...(s?.name ? { name: s.name } : {}) };
    // The computer's name is the server's for its level.
    if (s.kind === 'computer') return { player: s.player };
    return { player: 'open' };
  };
  const body: CreateGame = { game: state.game, seats: [seat(1), seat(0)] };
  const days = state.clock?.days_per_move;
  if (days !== undefined) body.clock = { days_per_move: days };
  else if (state.clock !== null) body.clock = { base_ms: state.clock.base_ms, increment_ms: state.clock.increment_ms };
  if (start !== null) body.fen = start;
  return body;
}
