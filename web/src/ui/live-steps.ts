// Stepping back through a chess game on its own page, while it goes on: buttons and the arrow
// keys show the boards so far (from the server; the rules stay there), nothing can be moved
// meanwhile, and "back to the game" (or the last step, or Escape) brings the live board back.

import type { GameState, PositionStep, Positions } from './api.js';
import { call } from './api.js';
import type { ChessView } from './chess-view.js';
import { button, h, showError } from './dom.js';
import { icon } from './icons.js';
import { positionWords } from './position-words.js';
import { squaresIn } from './squares.js';

/** Where a step goes from the position shown (`at`) when the last is `last`. */
type Step = (at: number, last: number) => number;

/** The step buttons of a game page and the board they show. */
export class LiveSteps {
  readonly element: HTMLElement;
  private readonly label = h('span', { class: 'steps-label', 'aria-live': 'polite' });
  private readonly back: HTMLButtonElement;
  // The position shown (null: the live board) and the game's boards when it was asked.
  private at: number | null = null;
  private positions: PositionStep[] = [];

  constructor(
    private readonly id: string,
    private readonly chess: ChessView | null,
    private readonly state: () => GameState,
    private readonly live: () => void,
    private readonly error: HTMLElement,
  ) {
    const step = (name: 'first' | 'back' | 'forward' | 'last', label: string, to: Step): HTMLButtonElement => {
      const b = button('', () => void this.go(to), { 'aria-label': label, title: label, 'data-step': name });
      b.append(icon(name));
      return b;
    };
    this.back = button('back to the game', () => this.return(), { 'data-control': 'live', hidden: '' });
    this.element = h('div', { class: 'controls steps' },
      step('first', 'first position', () => 0),
      step('back', 'one move back', at => at - 1),
      step('forward', 'one move forward', at => at + 1),
      step('last', 'the game now', (_, last) => last),
      this.back, this.label);
  }

  /** Whether a past board is shown. */
  away(): boolean {
    return this.at !== null;
  }

  /** A new state came: said while away, where the live board waits. */
  moved(next: GameState): void {
    if (this.at !== null) this.label.textContent = `${this.words()} The game is at move ${Math.ceil(next.moves.length / 2)}.`;
  }

  /** The arrow keys, Home, End and Escape; true when the key was this one's. */
  key(e: KeyboardEvent): boolean {
    if (this.chess === null) return false;
    const to: Record<string, Step> = {
      ArrowLeft: at => at - 1,
      ArrowRight: at => at + 1,
      Home: () => 0,
      End: (_, last) => last,
    };
    if (e.key === 'Escape' && this.at !== null) {
      this.return();
      return true;
    }
    const f = to[e.key];
    if (f === undefined) return false;
    e.preventDefault();
    void this.go(f);
    return true;
  }

  private async go(step: Step): Promise<void> {
    if (this.chess === null) return;
    if (this.at === null) {
      try {
        this.positions = (await call<Positions>('GET', `/api/games/${this.id}/positions`)).positions;
      } catch (e) {
        showError(this.error, e);
        return;
      }
    }
    const last = this.positions.length - 1;
    const at = Math.max(0, Math.min(last, step(this.at ?? last, last)));
    if (at === last) {
      this.return();
      return;
    }
    this.at = at;
    const p = this.positions[at];
    if (p === undefined) return;
    const board = this.chess.board;
    board.setFen(p.fen);
    const keys = p.action !== null ? squaresIn(p.action) : [];
    const from = keys[0];
    const dest = keys.at(-1);
    board.api.set({ lastMove: from !== undefined && dest !== undefined ? [from, dest] : [], check: [] });
    board.api.setAutoShapes([]);
    delete board.api.state.movable.color;
    board.api.state.movable.dests = new Map();
    this.chess.drops.hidden = true;
    this.chess.picker.hidden = true;
    this.back.hidden = false;
    this.element.dataset['away'] = String(at);
    this.label.textContent = this.words();
  }

  // "Move 3 of 10: White's e4."
  private words(): string {
    const at = this.at ?? 0;
    const p = this.positions[at];
    const said = positionWords(this.positions, this.state().moves)[at] ?? '';
    const who = p?.seat === 0 ? 'White' : 'Black';
    return at === 0 ? `The start, of ${this.positions.length - 1} moves.` : `${at} of ${this.positions.length - 1}: ${who} ${said}.`;
  }

  /** The live board again. */
  return(): void {
    this.at = null;
    this.back.hidden = true;
    delete this.element.dataset['away'];
    this.label.textContent = '';
    if (this.chess !== null) this.chess.drops.hidden = false;
    this.live();
  }
}
