// The end of a chess game in words, from the server's result: "Checkmate: you win.", "Black's
// Chef was taken: White wins.", "White resigned: you win.", and the result as a move list ends
// ("1-0", "0-1", "½-½"). No rules here: the reason comes typed from the server.

import type { Result as GameResult } from './api.js';

const SIDES = ['White', 'Black'] as const;

/** How the page names things in the sentence. */
export interface EndNames {
  /** The seat this browser plays, if any. */
  you: number | null;
  /** A seat's name with its colour: "Ann (White)". */
  seat: (seat: number) => string;
  /** The royal piece's name for a side (0 White, 1 Black): "Chef". */
  royal: (seat: number) => string;
}

/** The result as a move list ends: "1-0", "0-1", "½-½" (null for a cafeteria result). */
export function resultToken(result: GameResult): string | null {
  const [w, b] = result.scores;
  if (result.scores.length !== 2 || w === undefined || b === undefined) return null;
  if (w > b) return '1-0';
  if (w < b) return '0-1';
  return '½-½';
}

/** The seat with all the points, if one has them. */
export function winnerSeat(result: GameResult): number | null {
  const i = result.scores.findIndex(s => s >= 1);
  return i >= 0 ? i : null;
}

/** "you win", "you lose", "Ann (White) wins" or "draw". */
function verdict(result: GameResult, names: EndNames): string {
  const winner = winnerSeat(result);
  if (winner === null) return 'draw';
  if (names.you === winner) return 'you win';
  if (names.you !== null) return 'you lose';
  return `${names.seat(winner)} wins`;
}

/** Who did it: "You" for this browser's seat, else the seat's name. */
function who(seat: number, names: EndNames): string {
  return seat === names.you ? 'You' : names.seat(seat);
}

/** What happened, as a sentence: "Checkmate: you win." (null for the cafeteria game). */
export function endSentence(result: GameResult, names: EndNames): string | null {
  if (result.scores.length !== 2) return null;
  const end = result.ending;
  const v = verdict(result, names);
  const loser = winnerSeat(result) === null ? null : 1 - (winnerSeat(result) ?? 0);
  let what: string;
  switch (end.by) {
    case 'rules': {
      const reason = end.outcome?.reason;
      if (reason === 'checkmate') what = 'Checkmate';
      else if (reason === 'stalemate') what = 'Stalemate';
      else if (reason === 'both-stalemated') what = 'Neither side can move';
      else if (reason === 'royal-captured') what = loser !== null ? `${SIDES[loser] ?? ''}'s ${names.royal(loser)} was taken` : 'A royal piece was taken';
      else if (reason === 'extinction') what = loser !== null ? `${SIDES[loser] ?? ''} lost the last of a piece it must keep` : 'A side lost the last of a piece it must keep';
      else if (reason === 'repetition') what = 'The same position came back again';
      else if (reason === 'fifty-moves') what = 'Fifty moves without a capture or a pawn move';
      else what = 'The rules ended the game';
      break;
    }
    case 'resigned':
      what = typeof end.seat === 'number' ? `${who(end.seat, names)} resigned` : 'A side resigned';
      break;
    case 'flagged':
      what = typeof end.seat === 'number' ? `Time: ${end.seat === names.you ? 'your' : `${names.seat(end.seat)}'s`} clock ran out` : 'Time: a clock ran out';
      break;
    case 'abandoned':
      what = typeof end.seat === 'number' ? `${who(end.seat, names)} left the game` : 'A side left the game';
      break;
    case 'agreed':
      what = 'Draw agreed';
      break;
    case 'move-limit':
      what = 'The move limit was reached';
      break;
    case 'forfeit':
      what = `${typeof end.seat === 'number' ? who(end.seat, names) : 'A player'} forfeited${end.reason ? ` (${end.reason})` : ''}`;
      break;
    default:
      what = 'The game is over';
  }
  return `${what}: ${v}.`;
}
