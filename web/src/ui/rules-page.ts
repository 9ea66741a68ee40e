// The rules pages: each game's description, its start position drawn, a link to play it, and its
// pieces (drawing, name, moves in plain words, XBetza, value); for a piece clicked, a diagram of
// where it goes from the middle of an empty board, and small example positions for the moves that
// need another piece (a hurdle, a swap partner, a target, a lender, an attacker), as the server's
// move generator says (each piece's `reach` and `examples` in the rules metadata).

import { cafeteria } from 'messhall:catalog';
import { Board, bundleBase } from '../board.js';
import { drawCafeteria } from '../cafeteria-map.js';
import { balanceSection } from './balance-section.js';
import { call, chessRules, type ChessRules, type RulePiece, type VariantInfo, type VariantList } from './api.js';
import type { DrawShape } from 'chessgroundx/draw';
import { h, link, showError } from './dom.js';
import { keyOfName } from './squares.js';
import { proseElement } from './prose.js';
import { gameSpecOf, pieceImage } from './piece-legend.js';

/** The table of a game's pieces; a click on a row calls `open` with the piece's letter. */
export function pieceTable(info: ChessRules, open?: (letter: string) => void): HTMLElement {
  const game = gameSpecOf(info);
  const table = h('table', { class: 'pieces-table' }, h('tr', {}, ...['', 'piece', 'moves', 'value'].map(t => h('th', {}, t))));
  for (const p of info.pieces) {
    const notes = [p.royal ? 'royal' : '', p.pawn ? 'pawn' : ''].filter(Boolean).join(', ');
    const tr = h('tr', { 'data-piece': p.letter },
      h('td', {}, pieceImage(game, p.letter, p.name)),
      h('td', {}, h('strong', {}, p.name), h('br'), h('span', { class: 'letter' }, `${p.letter}${notes ? `, ${notes}` : ''}`)),
      h('td', {}, h('span', { class: 'words' }, p.description), h('br'), h('code', { title: 'XBetza' }, p.betza || '(does not move)')),
      h('td', {}, String(p.value)));
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

/** The cafeteria's map as the game starts: the students come in from the numbered start squares
 * and the staff wait in their lounge. */
function cafeteriaSetup(): HTMLElement {
  const figure = h('figure', { class: 'setup cafeteria-setup' });
  try {
    figure.append(h('div', { class: 'map' }, drawCafeteria(cafeteria.map, cafeteria.legend, [], bundleBase)));
  } catch (e) {
    figure.append(h('p', {}, `The map could not be drawn: ${e instanceof Error ? e.message : String(e)}`));
  }
  figure.append(h('figcaption', {}, 'The cafeteria: the Food Line on the left, the tables, the staff lounge across the top with its doors; point at a square for its name.'));
  return figure;
}

/** The start position drawn in our art, with the neutral piece's words where the game has one. */
export function setupDiagram(info: ChessRules): { element: HTMLElement; destroy: () => void } {
  const holder = h('div', { class: 'board' });
  const element = h('figure', { class: 'setup' }, holder, h('figcaption', {}, `The start: White below, ${info.files}x${info.ranks}.` +
    (info.neutral !== null ? ` The ${info.neutral.name} ${info.neutral.description}.` : '')));
  const el = h('div', {});
  holder.appendChild(el);
  let board: Board | null = null;
  try {
    board = new Board(el, gameSpecOf(info), { fen: info.start, config: { viewOnly: true } });
  } catch {
    holder.replaceChildren(h('p', {}, 'The start position could not be drawn.'));
  }
  return { element, destroy: () => board?.destroy() };
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
      list.append(...all.games.map(g => h('li', {}, link(`/rules/${g.name}`, g.title), `: ${g.description ?? ''}`)));
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
  let setup: { element: HTMLElement; destroy: () => void } | null = null;
  if ('pieces' in info) {
    setup = setupDiagram(info);
    side.push(h('h2', {}, 'Setup'), setup.element,
      h('h2', {}, 'Pieces'), h('p', {}, 'Click a piece for its diagram.'), h('div', { class: 'rules-grid' }, pieceTable(info, open), diagram.element));
  } else {
    const { students, faculty } = info;
    side.push(h('h2', {}, 'Setup'), cafeteriaSetup());
    side.push(h('h2', {}, 'Students'), h('ul', {}, ...students.map(s => h('li', {}, `${s.name}: AA ${s.aa}, AR ${s.ar}`))),
      h('h2', {}, 'Faculty'), h('ul', {}, ...faculty.map(f => h('li', {}, `${f.name}: MR ${f.mr}, NSR ${f.nsr}`))));
  }
  const balance = balanceSection(info.balance);
  if (balance !== null) side.push(balance);
  const play = link(`/?game=${encodeURIComponent(info.name)}`, 'Play this game');
  play.classList.add('play-link');
  root.replaceChildren(crumbs, h('h1', {}, info.title), error, h('p', {}, info.description ?? '', ' ', play), rulesLayout(info, diagram, side));
  const first = chessRules(info)?.pieces[0];
  if (first !== undefined) open(first.letter);
  return () => {
    diagram.destroy();
    setup?.destroy();
  };
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
/** An example's marks: their circles' colours and words. */
const MARKS = {
  both: ['green', 'moves or captures'],
  move: ['blue', 'moves'],
  capture: ['red', 'captures'],
  swap: ['yellow', 'changes places'],
} as const;

type Example = RulePiece['examples'][number];

/** What an example shows, in words. */
function exampleWords(piece: RulePiece, e: Example): string {
  const helper = `${e.helper_name} on ${e.helper}`;
  switch (e.need) {
    case 'hurdle': return `With a piece to hop over (a friendly ${helper}), the ${piece.name} on ${e.from} also reaches these squares.`;
    case 'partner': return `The ${piece.name} on ${e.from} may change places with the friendly ${helper}.`;
    case 'target': return e.marks.some(m => m.mark === 'move')
      ? `The ${piece.name} on ${e.from} captures the enemy ${helper} by moving to the blue square.`
      : `The ${piece.name} on ${e.from} shoots the enemy ${helper} without moving.`;
    case 'lender': return `Guarded by the friendly ${helper}, the ${piece.name} on ${e.from} borrows its moves and powers.`;
    case 'attacker': return `Attacked by the enemy ${helper}, the ${piece.name} on ${e.from} gains these moves.`;
    case 'castling': return `Castling: the ${piece.name} on ${e.from}, never moved, goes to a blue square and its ${e.helper_name} jumps to its other side (the squares between empty, none of the ${piece.name}'s attacked).`;
    case 'en-passant': return `En passant: the enemy ${e.helper_name} on ${e.helper} has just stepped two squares past the blue square; the ${piece.name} on ${e.from} takes it by moving there.`;
  }
}

/** A piece's diagrams: the piece alone on an empty board with the squares it reaches circled,
 * then an example position for each kind of move that needs another piece. */
export class Diagram {
  readonly element = h('div', { class: 'diagram' });
  private readonly holder = h('div', { class: 'board' });
  private readonly caption = h('p', { class: 'diagram-caption' });
  private readonly examples = h('div', { class: 'examples' });
  private boards: Board[] = [];
  private readonly names: Record<string, string> = {};

  private readonly info: ChessRules | null;

  constructor(info: VariantInfo) {
    this.info = chessRules(info);
    for (const p of this.info?.pieces ?? []) this.names[p.letter.toUpperCase()] = p.name;
    this.element.append(this.holder, this.caption, this.examples);
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
    this.destroy();
    this.holder.replaceChildren();
    this.examples.replaceChildren();
    const from = keyOfName(reach.from);
    const fen = from === null ? '' : fenWith(files, ranks, reach.from, letter.toUpperCase());
    const board = this.board(this.holder, fen);
    const shapes: DrawShape[] = [];
    const told: string[] = [];
    for (const kind of ['both', 'moves', 'captures', 'initial'] as const) {
      for (const sq of reach[kind]) {
        const k = keyOfName(sq);
        if (k !== null) shapes.push({ orig: k, brush: BRUSHES[kind] });
      }
      if (reach[kind].length) told.push(`${BRUSHES[kind]}: ${WORDS[kind]} (${reach[kind].length})`);
    }
    board.api.setAutoShapes(shapes);
    const where = told.length ? `${told.join('; ')}.` : 'Alone it goes nowhere.';
    const more = piece.examples.length ? ' Below: what it does beside other pieces.' : '';
    this.caption.replaceChildren(h('strong', {}, piece.name), ` ${piece.description}.`, h('br'), `Here on ${reach.from}, alone on an empty board. ${where}${more}`);
    for (const e of piece.examples) this.example(piece, e);
    this.element.dataset['piece'] = letter;
  }

  // An example position with its marks, an arrow for the helper's part, and its words.
  private example(piece: RulePiece, e: Example): void {
    const holder = h('div', { class: 'board' });
    const caption = h('p', { class: 'diagram-caption' });
    this.examples.append(h('figure', { class: 'example', 'data-need': e.need }, holder, caption));
    let board: Board;
    try {
      board = this.board(holder, e.fen);
    } catch {
      caption.textContent = `${exampleWords(piece, e)} (the position could not be drawn)`;
      return;
    }
    const shapes: DrawShape[] = [];
    const counts = new Map<string, number>();
    for (const m of e.marks) {
      const k = keyOfName(m.square);
      if (k !== null) shapes.push({ orig: k, brush: MARKS[m.mark][0] });
      counts.set(m.mark, (counts.get(m.mark) ?? 0) + 1);
    }
    const from = keyOfName(e.from);
    const helper = keyOfName(e.helper);
    if (from !== null && helper !== null) {
      if (e.need === 'lender') shapes.push({ orig: helper, dest: from, brush: 'paleBlue' });
      else if (e.need === 'attacker') shapes.push({ orig: helper, dest: from, brush: 'paleRed' });
      else if (e.need === 'partner') shapes.push({ orig: from, dest: helper, brush: 'yellow' });
      else if (e.need === 'hurdle') shapes.push({ orig: helper, brush: 'paleGrey' });
      else if (e.need === 'castling' || e.need === 'en-passant') {
        for (const m of e.marks.filter(x => x.mark === 'move')) {
          const to = keyOfName(m.square);
          if (to !== null) shapes.push({ orig: from, dest: to, brush: 'paleBlue' });
        }
      } else if (e.need === 'target') {
        const landing = e.marks.find(m => m.mark === 'move');
        const to = landing === undefined ? helper : keyOfName(landing.square);
        if (to !== null) shapes.push({ orig: from, dest: to, brush: landing === undefined ? 'paleRed' : 'paleBlue' });
      }
    }
    board.api.setAutoShapes(shapes);
    const told = [...counts].map(([mark, n]) => `${MARKS[mark as keyof typeof MARKS][0]}: ${MARKS[mark as keyof typeof MARKS][1]} (${n})`);
    caption.textContent = `${exampleWords(piece, e)} ${told.join('; ')}.`;
  }

  // A view-only board of the game in `holder`.
  private board(holder: HTMLElement, fen: string): Board {
    const el = h('div', {});
    holder.appendChild(el);
    const b = new Board(el, { variant: this.info?.name ?? '', files: this.info?.files ?? 8, ranks: this.info?.ranks ?? 8, names: this.names }, { fen, config: { viewOnly: true } });
    this.boards.push(b);
    return b;
  }

  /** Removes the boards. */
  destroy(): void {
    for (const b of this.boards) b.destroy();
    this.boards = [];
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
