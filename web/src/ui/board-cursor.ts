// The board from the keyboard: the board takes the focus, the arrow keys move a cursor square
// (as the board is seen, so a flipped board too), Enter or Space acts on the square under it
// and Escape cancels; a polite live line says what is under the cursor and what happened.
// What a key does on a square is the chess view's business (`press`, `cancel`, `describe`).

import type * as cg from 'chessgroundx/types';
import type { Board } from '../board.js';
import { keyOf } from '../board.js';
import { h } from './dom.js';
import { nameOfKey } from './squares.js';

/** What the keys do on the squares. */
export interface CursorActions {
  /** Enter or Space on a square. */
  press(key: cg.Key): void;
  /** Escape. */
  cancel(): void;
  /** The words for the square under the cursor. */
  describe(key: cg.Key): string;
  /** The cursor moved (for captions that follow it, a Friend's). */
  moved?(key: cg.Key | null): void;
}

/** The keyboard cursor of one board. */
export class BoardCursor {
  /** The live line under the board. */
  readonly say = h('p', { class: 'board-say', 'aria-live': 'polite' });
  private file: number;
  private rank: number;
  private readonly mark = h('div', { class: 'kb-cursor', hidden: '' });
  // A key was used on the board since the last pointer press.
  private keyed = false;

  constructor(private readonly board: Board, private readonly holder: HTMLElement, private readonly actions: CursorActions) {
    this.file = Math.floor((board.game.files - 1) / 2);
    this.rank = Math.floor((board.game.ranks - 1) / 2);
    holder.tabIndex = 0;
    holder.setAttribute('role', 'application');
    holder.setAttribute('aria-label', 'board: the arrow keys move the cursor, Enter or Space lifts a piece or plays to the square, Escape cancels');
    holder.addEventListener('keydown', e => this.key(e));
    holder.addEventListener('focus', () => this.draw(true));
    holder.addEventListener('pointerdown', () => {
      this.keyed = false;
    });
    holder.addEventListener('blur', () => {
      this.mark.hidden = true;
      this.actions.moved?.(null);
    });
  }

  /** The square under the cursor. */
  get at(): cg.Key {
    return keyOf(this.file, this.rank);
  }

  /** Puts the cursor on a square (file and rank from 0). */
  place(file: number, rank: number): void {
    this.file = Math.max(0, Math.min(this.board.game.files - 1, file));
    this.rank = Math.max(0, Math.min(this.board.game.ranks - 1, rank));
    this.draw(true);
  }

  /** Says `words` on the live line. */
  tell(words: string): void {
    this.say.textContent = words;
  }

  /** Draws the cursor again (after a flip or a redraw of the board); it shows while the board has
   * the focus. */
  draw(speak = false): void {
    const container = this.holder.querySelector('cg-container');
    if (container === null) return;
    if (this.mark.parentElement !== container) container.appendChild(this.mark);
    const black = this.board.api.state.orientation === 'black';
    const { files, ranks } = this.board.game;
    const col = black ? files - 1 - this.file : this.file;
    const row = black ? this.rank : ranks - 1 - this.rank;
    this.mark.style.left = `${(col * 100) / files}%`;
    this.mark.style.top = `${(row * 100) / ranks}%`;
    this.mark.style.width = `${100 / files}%`;
    this.mark.style.height = `${100 / ranks}%`;
    // Only a keyboard's focus shows it (a click on the board moves pieces as ever).
    const focused = document.activeElement === this.holder && (this.keyed || this.holder.matches(':focus-visible'));
    this.mark.hidden = !focused;
    this.holder.dataset['cursor'] = nameOfKey(this.at);
    if (focused) this.actions.moved?.(this.at);
    if (speak && focused) this.tell(this.actions.describe(this.at));
  }

  private key(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    this.keyed = true;
    const black = this.board.api.state.orientation === 'black';
    const s = black ? -1 : 1;
    const step: Record<string, [number, number]> = { ArrowUp: [0, s], ArrowDown: [0, -s], ArrowLeft: [-s, 0], ArrowRight: [s, 0] };
    const d = step[e.key];
    if (d !== undefined) {
      e.preventDefault();
      this.place(this.file + d[0], this.rank + d[1]);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.actions.press(this.at);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      this.actions.cancel();
      this.tell(`cancelled; ${this.actions.describe(this.at)}`);
    }
  }
}
