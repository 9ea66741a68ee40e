// The rules pages: each game's description and its pieces (letter, name, moves in XBetza, value),
// and for a piece clicked, a diagram of where it goes from the middle of an empty board as the
// server's move generator says.

import { Board, keyOf } from '../board.js';
import { call, type VariantInfo } from './api.js';
import { h, link, showError } from './dom.js';
import { keyOfName } from './squares.js';

interface Diagram {
  files: number;
  ranks: number;
  fen: string;
  from: string;
  moves: string[];
  captures: string[];
}

/** The table of a game's pieces; a click on a row calls `open` with the piece's letter. */
export function pieceTable(info: VariantInfo, open?: (letter: string) => void): HTMLElement {
  const table = h('table', { class: 'pieces-table' }, h('tr', {}, ...['letter', 'piece', 'moves (XBetza)', 'value', ''].map(t => h('th', {}, t))));
  for (const p of info.pieces ?? []) {
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
      const all = await call<{ games: { name: string; description: string }[] }>('GET', '/api/variants');
      list.append(...all.games.map(g => h('li', {}, link(`/rules/${g.name}`, g.name), `: ${g.description}`)));
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
  const holder = h('div', { class: 'diagram' });
  const caption = h('p', { class: 'diagram-caption' });
  let board: Board | null = null;
  const names: Record<string, string> = {};
  for (const p of info.pieces ?? []) names[p.letter.toUpperCase()] = p.name;
  const open = async (letter: string): Promise<void> => {
    error.hidden = true;
    try {
      const d = await call<Diagram>('GET', `/api/variants/${encodeURIComponent(name)}/diagram/${encodeURIComponent(letter)}`);
      board?.destroy();
      holder.replaceChildren();
      const el = h('div', { class: 'board' });
      holder.appendChild(el);
      board = new Board(el, { variant: name, files: d.files, ranks: d.ranks, names }, { fen: d.fen, config: { viewOnly: true } });
      const shapes = [
        ...d.moves.map(s => ({ orig: keyOfName(s) ?? keyOf(0, 0), brush: 'green' })),
        ...d.captures.filter(s => !d.moves.includes(s)).map(s => ({ orig: keyOfName(s) ?? keyOf(0, 0), brush: 'red' })),
      ];
      board.api.setAutoShapes(shapes);
      caption.textContent = `${names[letter.toUpperCase()] ?? letter} on ${d.from}: green circles where it moves, red where it only captures (${d.moves.length} moves, ${d.captures.length} captures with an enemy on every square).`;
    } catch (e) {
      showError(error, e);
    }
  };
  const body: (Node | string)[] = [crumbs, h('h1', {}, info.name), error, h('p', {}, info.description ?? '')];
  if (info.pieces !== undefined) {
    body.push(h('h2', {}, 'Pieces'), h('p', {}, 'Click a piece for its diagram.'), h('div', { class: 'rules-grid' }, pieceTable(info, l => void open(l)), h('div', {}, holder, caption)));
  } else {
    const students = Array.isArray(info['students']) ? (info['students'] as { name: string; aa: number; ar: number }[]) : [];
    const faculty = Array.isArray(info['faculty']) ? (info['faculty'] as { name: string; mr: number; nsr: number }[]) : [];
    body.push(h('h2', {}, 'Students'), h('ul', {}, ...students.map(s => h('li', {}, `${s.name}: AA ${s.aa}, AR ${s.ar}`))),
      h('h2', {}, 'Faculty'), h('ul', {}, ...faculty.map(f => h('li', {}, `${f.name}: MR ${f.mr}, NSR ${f.nsr}`))));
  }
  root.replaceChildren(...body);
  const first = info.pieces?.[0];
  if (first !== undefined) void open(first.letter);
  return () => board?.destroy();
}
