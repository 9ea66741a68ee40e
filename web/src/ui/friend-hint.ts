// The Friendly game's Friend on hover: it has no move of its own and borrows the moves of the
// friendly pieces guarding it. The server does not say which piece lends which move, so this
// shows only what it does give: the Friend's targets among the seat's legal moves.

import type * as cg from 'chessgroundx/types';
import type { Board } from '../board.js';
import type { GameState } from './api.js';
import { h } from './dom.js';
import { keyOfName, nameOfKey } from './squares.js';

/** The caption under the board and the circles for the Friend under the pointer. */
export class FriendHint {
  readonly element = h('p', { class: 'friend-hint', hidden: '' });
  private shown: string | null = null;

  constructor(private readonly board: Board, holder: HTMLElement, private readonly state: () => GameState, private readonly busy: () => boolean) {
    holder.addEventListener('mousemove', e => this.at(this.board.api.getKeyAtDomPos([e.clientX, e.clientY]) ?? null));
    holder.addEventListener('mouseleave', () => this.at(null));
  }

  /** Forgets what was shown (the board was redrawn). */
  reset(): void {
    if (this.shown !== null) this.board.api.setAutoShapes([]);
    this.shown = null;
    this.element.hidden = true;
  }

  private at(key: cg.Key | null): void {
    const s = this.state();
    const sq = key === null ? null : nameOfKey(key);
    const friend = sq === null ? undefined : s.board?.pieces.find(p => p.square === sq && p.name === 'Friend');
    const now = friend === undefined ? null : friend.square;
    if (now === this.shown || this.busy()) return;
    this.shown = now;
    if (friend === undefined) {
      this.element.hidden = true;
      this.board.api.setAutoShapes([]);
      return;
    }
    const moves = s.legal.kind === 'moves' ? (s.legal.from[friend.square] ?? []) : [];
    const side = friend.color === 'white' ? 'White' : 'Black';
    const lead = `${side}'s Friend on ${friend.square} borrows the moves of the friendly pieces guarding it`;
    if (moves.length === 0) {
      const why = s.legal.kind === 'moves' ? 'it has no legal move now' : 'its moves are shown when it is yours to move';
      this.element.textContent = `${lead}; ${why}.`;
      this.board.api.setAutoShapes([]);
    } else {
      this.element.textContent = `${lead}; now: ${moves.map(m => m.san).join(', ')}.`;
      this.board.api.setAutoShapes(moves
        .map(m => keyOfName(m.to))
        .filter((k): k is cg.Key => k !== null)
        .map(k => ({ orig: k, brush: 'yellow' })));
    }
    this.element.hidden = false;
  }
}
