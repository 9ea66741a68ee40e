// A piece's name beside the pointer on hover (a mouse), or for a moment after a tap on it (a
// touch screen, where nothing hovers): "White's Pancake".

import type * as cg from 'chessgroundx/types';
import type { Board } from '../board.js';
import { h } from './dom.js';

/** How long a tapped piece's name stays, in milliseconds. */
const TAP_MS = 2500;

/** The name label of one board. `nameAt` says what stands on a square, or null. */
export class PieceName {
  readonly element = h('div', { class: 'piece-name', role: 'tooltip', hidden: '' });
  private timer: number | undefined;
  private last: { x: number; y: number } = { x: 0, y: 0 };

  constructor(private readonly board: Board, holder: HTMLElement, private readonly nameAt: (key: cg.Key) => string | null) {
    document.body.appendChild(this.element);
    holder.addEventListener('pointermove', e => {
      this.last = { x: e.clientX, y: e.clientY };
      if (e.pointerType === 'mouse') this.show(this.keyAt(e.clientX, e.clientY), e.clientX, e.clientY, false);
    });
    holder.addEventListener('pointerdown', e => {
      this.last = { x: e.clientX, y: e.clientY };
    });
    holder.addEventListener('pointerleave', e => {
      if (e.pointerType === 'mouse') this.hide();
    });
  }

  /** A tap (or click) on `key` that is not a move: its piece's name for a moment. */
  tapped(key: cg.Key): void {
    this.show(key, this.last.x, this.last.y, true);
  }

  /** Takes the label away (the page is left). */
  destroy(): void {
    window.clearTimeout(this.timer);
    this.element.remove();
  }

  private keyAt(x: number, y: number): cg.Key | null {
    return this.board.api.getKeyAtDomPos([x, y]) ?? null;
  }

  private show(key: cg.Key | null, x: number, y: number, fade: boolean): void {
    const name = key === null ? null : this.nameAt(key);
    window.clearTimeout(this.timer);
    if (name === null) {
      this.hide();
      return;
    }
    this.element.textContent = name;
    this.element.style.left = `${x + 14}px`;
    this.element.style.top = `${y + 14}px`;
    this.element.hidden = false;
    // Kept inside the window near its right and bottom edges.
    const box = this.element.getBoundingClientRect();
    if (box.right > window.innerWidth) this.element.style.left = `${Math.max(0, x - box.width - 8)}px`;
    if (box.bottom > window.innerHeight) this.element.style.top = `${Math.max(0, y - box.height - 8)}px`;
    if (fade) this.timer = window.setTimeout(() => this.hide(), TAP_MS);
  }

  private hide(): void {
    this.element.hidden = true;
  }
}
