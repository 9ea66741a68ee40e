// The chess part of the game page: the board at the variant's size, moves by clicking from the
// seat's legal actions, a chooser where one from-to pair has several moves (promotions, a rifle
// or a plain capture), drops from the hand, the steered PieceEater's steps, the PieceEater's last
// roll as a die with its step animated, a Friend's borrowed moves on hover, and all of it from the
// keyboard (a cursor on the board, see board-cursor.ts).

import type * as cg from 'chessgroundx/types';
import { Board, roleOf } from '../board.js';
import type { BoardView, GameEvent, GameState, MoveView } from './api.js';
import { BoardCursor } from './board-cursor.js';
import { dieFace } from './die.js';
import { button, h } from './dom.js';
import { FriendHint } from './friend-hint.js';
import { PieceName } from './piece-name.js';
import { keyOfName, nameOfKey, squaresIn } from './squares.js';

/** Draws a chess game and sends the moves the user makes through `act`. */
export class ChessView {
  readonly board: Board;
  private state: GameState;
  private pendingDrop: string | null = null;
  readonly picker = h('div', { class: 'picker', hidden: '' });
  readonly drops = h('div', { class: 'drops' });
  /** The PieceEater's last roll. */
  readonly die = h('div', { class: 'last-roll', hidden: '' });
  readonly friend: FriendHint;
  readonly cursor: BoardCursor;
  /** The name of the piece under the pointer, or tapped. */
  readonly names: PieceName;
  // The feed number of the last roll drawn (null before the first state: no animation on load).
  private lastRoll: number | null = null;
  private monsterTimer: number | undefined;

  constructor(
    private readonly holder: HTMLElement,
    state: GameState,
    names: Record<string, string>,
    private readonly act: (text: string) => void,
  ) {
    this.state = state;
    const b = state.board as BoardView;
    const orientation = state.you === 1 ? 'black' : 'white';
    this.board = new Board(holder, { variant: state.game, files: b.files, ranks: b.ranks, names }, {
      fen: b.fen,
      orientation,
      config: {
        movable: { free: false, showDests: true, events: { after: (o, d) => this.moved(o, d) } },
        events: { select: key => this.selected(key) },
        draggable: { enabled: true },
        animation: { enabled: true, duration: 180 },
      },
    });
    this.friend = new FriendHint(this.board, holder, () => this.state, () => this.pendingDrop !== null || this.state.legal.kind === 'steps');
    this.cursor = new BoardCursor(this.board, holder, {
      press: key => this.press(key),
      cancel: () => this.cancel(),
      describe: key => this.describe(key),
      moved: key => this.friend.at(key),
    });
    holder.parentElement?.insertBefore(this.cursor.say, holder.nextSibling);
    this.names = new PieceName(this.board, holder, key => {
      const sq = nameOfKey(key);
      const b = this.state.board;
      return b?.pieces.some(p => p.square === sq) || b?.neutrals.includes(sq) ? this.pieceWords(sq) : null;
    });
    this.update(state);
  }

  /** Shows a new state. */
  update(state: GameState): void {
    this.state = state;
    const b = state.board;
    if (b === null) return;
    window.clearTimeout(this.monsterTimer);
    this.friend.reset();
    this.board.setFen(b.fen);
    const last = state.moves.at(-1);
    const lastKeys = last?.coordinates !== undefined ? squaresIn(last.coordinates) : [];
    const from = lastKeys[0];
    const to = lastKeys.at(-1);
    const check = last?.san !== undefined && /[+#]$/.test(last.san) && state.result === null;
    const mine = this.myColor();
    const dests = new Map<cg.Key, cg.Key[]>();
    if (state.legal.kind === 'moves') {
      for (const [sq, moves] of Object.entries(state.legal.from)) {
        const k = keyOfName(sq);
        if (k === null) continue;
        const ds = moves.map(m => keyOfName(m.to)).filter((d): d is cg.Key => d !== null && d !== k);
        if (ds.length) dests.set(k, [...new Set(ds)]);
      }
    }
    const lastMove = from !== undefined && to !== undefined ? (from === to ? [from] : [from, to]) : [];
    this.board.api.set({ turnColor: b.side_to_move, check, lastMove, movable: { dests } });
    this.showRoll(state.events, lastMove);
    // Nobody moves pieces on the board while this seat has no moves.
    if (mine === null) delete this.board.api.state.movable.color;
    else this.board.api.state.movable.color = mine;
    this.pendingDrop = null;
    this.picker.hidden = true;
    this.showDrops();
    this.showSteps();
    this.cursor.draw();
  }

  /** Turns the board round (the cursor with it). */
  flip(): void {
    this.board.flip();
    this.cursor.draw();
  }

  // Enter or Space on a square: a drop or a steered step there, a lifted piece's move to it, or
  // the piece there lifted (its targets shown as for a click).
  private press(key: cg.Key): void {
    if (!this.picker.hidden) return;
    const sq = nameOfKey(key);
    if (this.pendingDrop !== null || this.state.legal.kind === 'steps') {
      const known = this.pendingDrop !== null ? this.movesFrom(this.pendingDrop).some(m => m.to === sq) : this.state.legal.kind === 'steps' && this.state.legal.steps.some(s => s.to === sq);
      if (!known) {
        this.cursor.tell(`${sq}: not a target; ${this.pendingDrop !== null ? 'the drop waits (Escape cancels)' : 'steer the PieceEater to a circled square'}`);
        return;
      }
      this.selected(key);
      return;
    }
    const lifted = this.lifted();
    if (lifted !== undefined && lifted !== key && this.movesFrom(nameOfKey(lifted)).some(m => m.to === sq)) {
      this.board.api.selectSquare(null);
      this.moved(lifted, key);
      return;
    }
    if (lifted === key) {
      this.board.api.selectSquare(null);
      this.cursor.tell(`${sq}: put down`);
      return;
    }
    const moves = this.movesFrom(sq).filter(m => m.to !== sq);
    if (moves.length === 0) {
      this.cursor.tell(`${this.describe(key)}: nothing to lift here`);
      return;
    }
    this.board.api.selectSquare(key);
    const targets = [...new Set(moves.map(m => m.to))];
    this.cursor.tell(`${this.pieceWords(sq)} lifted; targets ${targets.join(', ')}: move the cursor to one and press Enter`);
  }

  // The square of the piece lifted on the board, if any.
  private lifted(): cg.Key | undefined {
    const sel = this.board.api.state.selectable.selected;
    return typeof sel === 'string' ? sel : undefined;
  }

  // Escape: the picker, an armed drop or a lifted piece let go.
  private cancel(): void {
    if (!this.picker.hidden || this.pendingDrop !== null) {
      this.update(this.state);
      return;
    }
    this.board.api.selectSquare(null);
  }

  // A piece in words: "White's Pancake on e4" (with its energy where pieces carry one).
  private pieceWords(sq: string): string {
    const b = this.state.board;
    const p = b?.pieces.find(x => x.square === sq);
    if (p === undefined) return b?.neutrals.includes(sq) ? `the ${this.neutralName()} on ${sq}` : `${sq}, empty`;
    const side = p.color === 'white' ? 'White' : 'Black';
    const energy = p.energy !== null && b?.energy_name ? ` (${p.energy} ${b.energy_name})` : '';
    return `${side}'s ${p.name} on ${sq}${energy}`;
  }

  // The neutral piece's name, as its last step's event gives it.
  private neutralName(): string {
    const events: GameEvent[] = this.state.events;
    const e = [...events].reverse().find(x => x.type === 'chance' && typeof x['piece'] === 'string');
    return typeof e?.['piece'] === 'string' ? e['piece'] : (this.board.game.names?.['*'] ?? 'neutral piece');
  }

  // The square under the cursor in words, with what Enter would do there.
  private describe(key: cg.Key): string {
    const sq = nameOfKey(key);
    const here = this.pieceWords(sq);
    if (this.pendingDrop !== null) {
      const drop = this.movesFrom(this.pendingDrop).filter(m => m.to === sq);
      return drop.length ? `${here}; Enter drops: ${drop.map(m => m.san).join(' or ')}` : here;
    }
    if (this.state.legal.kind === 'steps') {
      const step = this.state.legal.steps.find(s => s.to === sq);
      return step !== undefined ? `${here}; Enter steers: ${step.text}` : here;
    }
    const lifted = this.lifted();
    if (lifted !== undefined && lifted !== key) {
      const moves = this.movesFrom(nameOfKey(lifted)).filter(m => m.to === sq);
      if (moves.length) return `${here}; Enter plays ${moves.map(m => m.san).join(' or ')}`;
    }
    const own = this.movesFrom(sq).filter(m => m.to !== sq).length;
    if (lifted === key) return `${here}, lifted; Enter puts it down`;
    return own ? `${here}; Enter lifts it (${own} move${own === 1 ? '' : 's'})` : here;
  }

  // The last roll's die beside the board; a roll not seen before has the monster's step replayed:
  // put back on the square it left, then moved, once the rest of the position has been drawn.
  private showRoll(events: GameEvent[], lastMove: cg.Key[]): void {
    const roll = [...events].reverse().find(e => e.type === 'chance' && typeof e['face'] === 'number' && typeof e['of'] === 'number');
    if (roll === undefined) {
      this.die.hidden = true;
      return;
    }
    this.die.replaceChildren(dieFace(roll['face'] as number, roll['of'] as number, String(roll['piece'] ?? 'the die')));
    this.die.hidden = false;
    const n = typeof roll.n === 'number' ? roll.n : -1;
    const fresh = this.lastRoll !== null && n > this.lastRoll;
    this.lastRoll = Math.max(this.lastRoll ?? -1, n);
    const outcome = roll['outcome'] as { from?: unknown; to?: unknown } | undefined;
    const fromK = typeof outcome?.from === 'string' ? keyOfName(outcome.from) : null;
    const toK = typeof outcome?.to === 'string' ? keyOfName(outcome.to) : null;
    if (!fresh || fromK === null || toK === null || fromK === toK) return;
    const pieces = this.board.api.state.boardState.pieces;
    const monster = pieces.get(toK);
    if (monster === undefined || pieces.has(fromK)) return;
    this.die.classList.remove('rolled');
    void this.die.offsetWidth; // restarts the die's CSS animation
    this.die.classList.add('rolled');
    this.board.api.setPieces(new Map([[toK, undefined], [fromK, monster]]));
    this.monsterTimer = window.setTimeout(() => {
      this.board.api.move(fromK, toK);
      this.board.api.set({ lastMove });
    }, 320);
  }

  /** The colour this browser moves now, if any. */
  private myColor(): cg.Color | null {
    if (this.state.legal.kind === 'nothing' || this.state.board === null) return null;
    return this.state.board.side_to_move;
  }

  private movesFrom(sq: string): MoveView[] {
    return this.state.legal.kind === 'moves' ? (this.state.legal.from[sq] ?? []) : [];
  }

  private moved(orig: cg.Key, dest: cg.Key): void {
    const from = nameOfKey(orig);
    const to = nameOfKey(dest);
    const choices = this.movesFrom(from).filter(m => m.to === to);
    this.choose(choices);
  }

  // One move is sent; several are offered in the picker (a promotion, or a rifle capture beside a
  // plain one); none means the board is out of step and is redrawn.
  private choose(choices: MoveView[]): void {
    if (choices.length === 1 && choices[0] !== undefined) {
      this.act(choices[0].coordinates);
    } else if (choices.length > 1) {
      // Promotions only (up to twelve pieces in the big games): a grid of the pieces drawn large,
      // as square as it goes (2 to 4 columns); anything else is a row of labelled buttons.
      const promotions = choices.every(m => m.promotion !== null);
      const columns = choices.length <= 4 ? choices.length : choices.length <= 9 ? 3 : 4;
      const cells = h('div', { class: promotions ? 'choices grid' : 'choices' });
      if (promotions) cells.style.setProperty('--mh-columns', String(columns));
      this.picker.replaceChildren(h('span', {}, promotions ? 'Promote to: ' : 'Which move? '), cells);
      for (const m of choices) {
        const label = m.promotion !== null ? `${m.san}` : `${m.san} (${m.kind})`;
        const bt = button(label, () => {
          this.picker.hidden = true;
          this.act(m.coordinates);
        }, { 'data-move': m.coordinates });
        if (m.promotion !== null) {
          const side = this.state.board?.side_to_move ?? 'white';
          const letter = side === 'white' ? m.promotion.toUpperCase() : m.promotion.toLowerCase();
          this.board.ensureStyled(letter);
          const p = pieceElement(letter, side);
          bt.prepend(h('span', { class: `promo ${this.boardClass()}` }, p));
          bt.title = m.san;
        }
        cells.appendChild(bt);
      }
      this.picker.appendChild(button('cancel', () => this.update(this.state)));
      this.picker.hidden = false;
      cells.querySelector('button')?.focus();
    } else if (this.state.board !== null) {
      this.board.setFen(this.state.board.fen);
    }
  }

  private boardClass(): string {
    return [...this.board.handElement.classList].find(c => c.startsWith('mh-b')) ?? '';
  }

  // Clicks on squares: a drop's target, a steered step's square, or a piece's own square; a
  // click on a piece that is not a move shows its name (for a touch screen, where nothing hovers).
  private selected(key: cg.Key): void {
    const sq = nameOfKey(key);
    const lifted = this.lifted();
    const isMove = lifted !== undefined && lifted !== key && (this.board.api.state.movable.dests?.get(lifted) ?? []).includes(key);
    if (!isMove && this.pendingDrop === null && this.state.legal.kind !== 'steps') this.names.tapped(key);
    if (this.pendingDrop !== null) {
      const choices = this.movesFrom(this.pendingDrop).filter(m => m.to === sq);
      this.pendingDrop = null;
      this.board.api.setAutoShapes([]);
      this.board.setFen(this.state.board?.fen ?? '');
      this.choose(choices);
      return;
    }
    if (this.state.legal.kind === 'steps') {
      const step = this.state.legal.steps.find(s => s.to === sq);
      if (step !== undefined) this.act(step.text);
    }
  }

  private showDrops(): void {
    this.drops.replaceChildren();
    if (this.state.legal.kind !== 'moves') return;
    const side = this.state.board?.side_to_move ?? 'white';
    for (const [from, moves] of Object.entries(this.state.legal.from)) {
      if (from === 'pass') {
        for (const m of moves) this.drops.appendChild(button(`pass (${m.san})`, () => this.act(m.coordinates), { 'data-move': m.coordinates }));
        continue;
      }
      if (!from.includes('@')) continue;
      const letter = from[0] ?? '';
      const shown = side === 'white' ? letter.toUpperCase() : letter.toLowerCase();
      this.board.ensureStyled(shown);
      const bt = button(`drop ${letter}`, () => this.armDrop(from), { 'data-drop': from, class: 'drop' });
      // From the keyboard (a click of no pointer), the board takes the focus to pick the square.
      bt.addEventListener('click', e => {
        if (e.detail === 0) this.holder.focus();
      });
      bt.prepend(h('span', { class: `promo ${this.boardClass()}` }, pieceElement(shown, side)));
      this.drops.appendChild(bt);
    }
  }

  private armDrop(from: string): void {
    this.pendingDrop = from;
    this.board.api.selectSquare(null);
    const shapes = this.movesFrom(from)
      .map(m => keyOfName(m.to))
      .filter((k): k is cg.Key => k !== null)
      .map(k => ({ orig: k, brush: 'green' }));
    this.board.api.setAutoShapes(shapes);
    this.cursor.tell(`drop ${from[0] ?? ''}: targets circled; on the board, the cursor to one and Enter (Escape cancels)`);
  }

  private showSteps(): void {
    if (this.state.legal.kind !== 'steps') return;
    this.drops.appendChild(h('span', {}, 'Steer the PieceEater: '));
    const shapes = [];
    for (const s of this.state.legal.steps) {
      this.drops.appendChild(button(s.text, () => this.act(s.text), { 'data-step': s.to }));
      const k = keyOfName(s.to);
      if (k !== null) shapes.push({ orig: k, brush: 'blue' });
    }
    this.board.api.setAutoShapes(shapes);
  }
}

// A piece drawn like the board's (its art comes from the board's style rules).
function pieceElement(letter: string, side: string): HTMLElement {
  const p = document.createElement('piece');
  p.className = `${roleOf(letter)} ${side}`;
  return p;
}
