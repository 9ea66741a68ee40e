// The Friendly game's Friend on hover (or under the keyboard cursor): it has no move of its own
// and borrows the moves and powers of the friendly pieces guarding it. The server's board view
// says who lends what (`borrows`, worked out by the rules); this words it, draws an arrow from
// each lender, and circles the Friend's targets among the seat's legal moves.

import type * as cg from 'chessgroundx/types';
import type { Board } from '../board.js';
import type { GameState } from './api.js';
import { h } from './dom.js';
import { friendCaption } from './friend-words.js';
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

  /** Shows the Friend on `key`, if one stands there (the pointer's or the keyboard cursor's square). */
  at(key: cg.Key | null): void {
    const s = this.state();
    const sq = key === null ? null : nameOfKey(key);
    const friend = sq === null ? undefined : s.board?.pieces.find(p => p.square === sq && p.borrows !== undefined);
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
    const lenders = friend.borrows ?? [];
    const lead = friendCaption(side, friend.square, lenders);
    const to = keyOfName(friend.square);
    const arrows = lenders
      .map(l => keyOfName(l.square))
      .filter((k): k is cg.Key => k !== null && to !== null)
      .map(k => ({ orig: k, dest: to as cg.Key, brush: 'blue' }));
    const targets = moves.length ? `now: ${moves.map(m => m.san).join(', ')}`
      : s.legal.kind === 'moves' ? 'it has no legal move now' : 'its moves are shown when it is yours to move';
    this.element.textContent = `${lead}; ${targets}.`;
    this.board.api.setAutoShapes([...arrows, ...moves
      .map(m => keyOfName(m.to))
      .filter((k): k is cg.Key => k !== null)
      .map(k => ({ orig: k, brush: 'yellow' }))]);
    this.element.hidden = false;
  }
}
