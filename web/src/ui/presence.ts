// Who is at the table: the opponent's absence in words ("Bob (Black) is gone: 12 s"), whether
// this seat may claim the game from a seat to move that left, and the page title's mark when it
// is your turn. The server judges claims; the page counts on the server's clock, corrected by
// the offset between the two that each presence message and state brings.

import type { GameState, SeatPresence } from './api.js';

/** The mark before the page's title while it is your turn. */
export const TURN_MARK = '(your turn) ';

/** The server's time now, from the offset measured when its last `now_ms` came. */
export class ServerTime {
  private offset = 0;

  /** Takes the server's `now_ms` as it arrives. */
  heard(nowMs: number): void {
    this.offset = nowMs - Date.now();
  }

  /** The server's time now, in ms since 1970. */
  now(): number {
    return Date.now() + this.offset;
  }
}

/** How long a seat has been gone, in whole seconds (null while here, or before it ever came). */
export function goneSeconds(p: SeatPresence | undefined, nowMs: number): number | null {
  if (p === undefined || p.here || p.gone_since_ms === null) return null;
  return Math.max(0, Math.floor((nowMs - p.gone_since_ms) / 1000));
}

/** "12 s", "3 min 5 s", "2 h 10 min", "1 d 23 h". */
export function span(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h${Math.floor(seconds / 60) % 60 ? ` ${Math.floor(seconds / 60) % 60} min` : ''}`;
  return `${Math.floor(seconds / 86400)} d${Math.floor(seconds / 3600) % 24 ? ` ${Math.floor(seconds / 3600) % 24} h` : ''}`;
}

/** The other people's absences, a sentence each: "Bob (Black) is gone: 12 s." (none in a game over). */
export function absences(state: GameState, nowMs: number, seatName: (seat: number) => string): string[] {
  if (state.status !== 'playing') return [];
  const out: string[] = [];
  for (const p of state.presence) {
    if (p.seat === state.you || p.here || state.seats[p.seat]?.kind !== 'human') continue;
    const gone = goneSeconds(p, nowMs);
    out.push(gone === null ? `${seatName(p.seat)} is not at the table.` : `${seatName(p.seat)} is gone: ${span(gone)}.`);
  }
  return out;
}

/** The seconds left before this seat may claim the win or a draw from the seat to move, gone:
 * 0 when it may now, null when no claim is coming (a game without claims, the seat to move here,
 * this seat to move, a spectator). Counted as the server counts: from the later of its leaving
 * and its move's start. */
export function claimIn(state: GameState, nowMs: number): number | null {
  const wait = state.claim_after_ms;
  const turn = state.turn;
  if (wait === null || state.status !== 'playing' || state.you === null || turn === null || turn.seat === state.you) return null;
  if (state.seats[turn.seat]?.kind !== 'human') return null;
  const p = state.presence[turn.seat];
  if (p === undefined || p.here) return null;
  const from = Math.max(p.gone_since_ms ?? -Infinity, state.turn_since_ms);
  return Math.max(0, Math.ceil((from + wait - nowMs) / 1000));
}

/** The page's title with the mark while it is `yours` to act, without it otherwise. */
export function markTitle(title: string, yours: boolean): string {
  const bare = title.startsWith(TURN_MARK) ? title.slice(TURN_MARK.length) : title;
  return yours ? `${TURN_MARK}${bare}` : bare;
}
