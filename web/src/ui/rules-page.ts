// The rules pages: each game's description and its pieces (letter, name, moves in XBetza, value),
// and for a piece clicked, a diagram of where it goes from the middle of an empty board, as the
// server's move generator says (each piece's `reach` in the rules metadata).

import { Board } from '../board.js';
import { call, chessRules, type ChessRules, type VariantInfo, type VariantList } from './api.js';
import type { DrawShape } from 'chessgroundx/draw';
import { h, link, showError } from './dom.js';
import { keyOfName } from './squares.js';
import { proseElement } from './prose.js';

/** The table of a game's pieces; a click on a row calls `open` with the piece's letter. */
export function pieceTable(info: ChessRules, open?: (letter: string) => void): HTMLElement {
  const table = h('table', { class: 'pieces-table' }, h('tr', {}, ...['letter', 'piece', 'moves (XBetza)', 'value', ''].map(t => h('th', {}, t))));
  for (const p of info.pieces) {
    const notes = [p.royal ? 'royal' : '', p.pawn ? 'pawn' : ''].filter(Boolean).join(', ');
    const tr = h('tr', { 'data-piece': p.letter }, h('td', {}, p.letter), h('td', {}, p.name), h('td', {}, h('code', {}, p.betza || '(does not move)')), h('td', {}, String(p.value)), h('td', {}, notes));
    if (open !== undefined) {
      tr.tabIndex = 0;
      tr.classList.add('clickable');
      tr.addEventListener('click', () => open(p.letter));
      tr.addEventListener('keydown', e => {
        if (e.key === 'Enter') open(p.letter);
      });
    }
    table.appendChild(tr);
  }
  return table;
}

/** The list of games' rules, or one game's. */
export async function rulesPage(root: HTMLElement, name: string | null): Promise<() => void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const crumbs = h('nav', { class: 'crumbs' }, link('/', 'home'), ' · ', link('/rules', 'rules'));
  if (name === null) {
    const list = h('ul', { class: 'rules-list' });
    root.replaceChildren(crumbs, h('h1', {}, 'Rules'), error, list);
    try {
      const all = await call<VariantList>('GET', '/api/variants');
      list.append(...all.games.map(g => h('li', {}, link(`/rules/${g.name}`, g.name), `: ${g.description ?? ''}`)));
    } catch (e) {
      showError(error, e);
    }
    return () => {};
  }
  let info: VariantInfo;
  try {
    info = await call<VariantInfo>('GET', `/api/variants/${encodeURIComponent(name)}`);
  } catch (e) {
    root.replaceChildren(crumbs, h('h1', {}, name), error);
    showError(error, e);
    return () => {};
  }
  const diagram = new Diagram(info);
  const open = (letter: string): void => diagram.show(letter);
  const side: (Node | string)[] = [];
  if ('pieces' in info) {
    side.push(h('h2', {}, 'Pieces'), h('p', {}, 'Click a piece for its diagram.'), h('div', { class: 'rules-grid' }, pieceTable(info, open), diagram.element));
  } else {
    const { students, faculty } = info;
    side.push(h('h2', {}, 'Students'), h('ul', {}, ...students.map(s => h('li', {}, `${s.name}: AA ${s.aa}, AR ${s.ar}`))),
      h('h2', {}, 'Faculty'), h('ul', {}, ...faculty.map(f => h('li', {}, `${f.name}: MR ${f.mr}, NSR ${f.nsr}`))));
  }
  root.replaceChildren(crumbs, h('h1', {}, info.name), error, h('p', {}, info.description ?? ''), rulesLayout(info, diagram, side));
  const first = chessRules(info)?.pieces[0];
  if (first !== undefined) open(first.letter);
  return () => diagram.destroy();
}

/** The rules in prose beside the pieces and their diagram (one column on a phone): a piece's
 * section in the prose gets a button that opens its diagram. */
export function rulesLayout(info: VariantInfo, diagram: Diagram, side: (Node | string)[]): HTMLElement {
  const aside = h('aside', { class: 'rules-side' }, ...side);
  const text = typeof info.rules_text === 'string' ? info.rules_text : '';
  if (text.trim() === '') return h('div', { class: 'rules-layout no-prose' }, aside);
  const byName = new Map((chessRules(info)?.pieces ?? []).map(p => [p.name.toLowerCase(), p.letter]));
  const prose = proseElement(text, {
    heading: (el, name, level) => {
      const letter = byName.get(name.toLowerCase());
      if (level !== 3 || letter === undefined) return;
      el.append(' ', h('button', { type: 'button', class: 'piece-link', 'data-piece': letter, 'aria-label': `diagram of the ${name}` }, 'diagram'));
      el.lastElementChild?.addEventListener('click', () => {
        diagram.show(letter);
        diagram.element.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      });
    },
  });
  return h('div', { class: 'rules-layout' }, prose, aside);
}

const BRUSHES = { both: 'green', moves: 'blue', captures: 'red', initial: 'yellow' } as const;
const WORDS = { both: 'moves or captures', moves: 'only moves', captures: 'only captures', initial: 'only while unmoved' } as const;

/** A piece's diagram: the piece alone on an empty board, the squares it reaches circled. */
export class Diagram {
  readonly element = h('div', { class: 'diagram' });
  private readonly holder = h('div', { class: 'board' });
  private readonly caption = h('p', { class: 'diagram-caption' });
  private board: Board | null = null;
  private readonly names: Record<string, string> = {};

  private readonly info: ChessRules | null;

  constructor(info: VariantInfo) {
    this.info = chessRules(info);
    for (const p of this.info?.pieces ?? []) this.names[p.letter.toUpperCase()] = p.name;
    this.element.append(this.holder, this.caption);
  }

  /** Shows the piece of `letter`. */
  show(letter: string): void {
    const piece = this.info?.pieces.find(p => p.letter === letter);
    const reach = piece?.reach;
    const files = this.info?.files ?? 8;
    const ranks = this.info?.ranks ?? 8;
    if (piece === undefined || reach === undefined || reach === null) {
      this.caption.textContent = `${piece?.name ?? letter}: no diagram (the server could not work one out).`;
      return;
    }
    const from = keyOfName(reach.from);
    const fen = from === null ? '' : fenWith(files, ranks, reach.from, letter.toUpperCase());
    this.board?.destroy();
    this.holder.replaceChildren();
    const el = h('div', {});
    this.holder.appendChild(el);
    this.board = new Board(el, { variant: this.info?.name ?? '', files, ranks, names: this.names }, { fen, config: { viewOnly: true } });
    const shapes: DrawShape[] = [];
    const told: string[] = [];
    for (const kind of ['both', 'moves', 'captures', 'initial'] as const) {
      for (const sq of reach[kind]) {
        const k = keyOfName(sq);
        if (k !== null) shapes.push({ orig: k, brush: BRUSHES[kind] });
      }
      if (reach[kind].length) told.push(`${BRUSHES[kind]}: ${WORDS[kind]} (${reach[kind].length})`);
    }
    this.board.api.setAutoShapes(shapes);
    const where = told.length ? `${told.join('; ')}.` : 'Alone it goes nowhere.';
    this.caption.textContent = `${piece.name} on ${reach.from}, alone on an empty board. ${where}` +
      ' Moves that need other pieces (a hurdle, a swap partner, a rifle target) do not show here.';
    this.element.dataset['piece'] = letter;
  }

  /** Removes the board. */
  destroy(): void {
    this.board?.destroy();
  }
}

// A FEN with only `letter` on `square`.
function fenWith(files: number, ranks: number, square: string, letter: string): string {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1)) - 1;
  const rows: string[] = [];
  for (let r = ranks - 1; r >= 0; r--) {
    rows.push(r === rank ? `${file > 0 ? file : ''}${letter}${files - file - 1 > 0 ? files - file - 1 : ''}` : String(files));
  }
  return `${rows.join('/')} w - - 0 1`;
}
