// The analysis board of a chess game: its positions stepped through (buttons, the arrow keys, a
// clickable move list, the graph), and where the engine may help nobody (see analysisAllowed)
// the game analysed whole: an evaluation bar, a graph of the scores with mistakes and blunders
// marked, the best move as an arrow, and moves of your own tried from any position shown, each
// analysed. The server answers every move and score; the page draws. Opens at `?ply=N` or
// `?ply=end`.

import type * as cg from 'chessgroundx/types';
import { Board } from '../board.js';
import { readBoard } from '../fen.js';
import { call, type Analysis, type AnalysisRequest, type GameAnalysis, type GameState, type MoveView, type PositionMoves, type PositionRequest, type PositionStep, type Positions, type VariantInfo } from './api.js';
import { analysisAllowed, analysisPanel, lineWords, scoreWords } from './analysis.js';
import { button, h, link, showError } from './dom.js';
import { EvalBar, evalGraph, markShown, qualities } from './eval-graph.js';
import { qualityMark } from './eval-words.js';
import { resultToken } from './end-words.js';
import { icon } from './icons.js';
import { positionWords } from './position-words.js';
import { keyOfName, squaresIn } from './squares.js';

/** A mate's score in centipawns (the server's), less ten a move to it. */
const MATE_CP = 10000;

/** A score of the side to move (`cp 35`, `mate -2`) from White's view, in centipawns. */
export function whiteCp(score: string | null, fen: string): number | null {
  const m = /^(cp|mate) (-?\d+)$/.exec(score ?? '');
  if (m === null || m[2] === undefined) return null;
  const n = Number(m[2]);
  const cp = m[1] === 'mate' ? Math.sign(n) * (MATE_CP - 10 * Math.abs(n)) : n;
  return fen.split(' ')[1] === 'b' ? -cp : cp;
}

/** Draws the analysis board of game `id`. */
export async function replayPage(root: HTMLElement, id: string): Promise<() => void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const crumbs = h('nav', { class: 'crumbs' }, link('/', 'home'), ' · ', link('/games', 'games'), ' · ', link(`/game/${id}`, 'the game'));
  let state: GameState;
  let positions: PositionStep[];
  try {
    state = await call<GameState>('GET', `/api/games/${id}`);
    positions = (await call<Positions>('GET', `/api/games/${id}/positions`)).positions;
  } catch (e) {
    root.replaceChildren(crumbs, h('h1', {}, 'Analysis board'), error);
    showError(error, e);
    return () => {};
  }
  const b = state.board;
  if (b === null || positions.length === 0) {
    root.replaceChildren(crumbs, h('h1', {}, 'Analysis board'), h('p', {}, 'Only chess games have an analysis board.'));
    return () => {};
  }
  const allowed = analysisAllowed(state);
  const size = { files: b.files, ranks: b.ranks };
  const names: Record<string, string> = {};
  for (const p of b.pieces) names[p.letter.toUpperCase()] = p.name;
  const words = positionWords(positions, state.moves);
  const holder = h('div', { class: 'board' });
  const bar = new EvalBar();
  bar.element.hidden = !allowed;
  const label = h('p', { class: 'status', 'aria-live': 'polite' });
  const engineLine = h('p', { class: 'engine-line', 'aria-live': 'polite' });
  const odds = h('div', { class: 'odds' });
  const mine = h('p', { class: 'own-line' });
  const graphBox = h('div', { class: 'graph-box' }, allowed ? (state.result !== null ? 'Analysing the game…' : '') : 'The engine helps no seat while the game is played: its analysis comes at the end.');
  const list = h('ol', { class: 'moves analysis-moves' });
  // The server analyses one position or game at a time for a browser: each waits its turn here.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = turn.then(work, work);
    turn = next.catch(() => {});
    return next;
  };
  const panel = analysisPanel(id, () => shownFen(), error, () => turn);
  panel.element.hidden = !allowed;
  const step = (name: 'first' | 'back' | 'forward' | 'last', text: string, to: () => number, control: string): HTMLButtonElement => {
    const bt = button('', () => go(to()), { 'aria-label': text, title: text, 'data-control': control });
    bt.append(icon(name));
    return bt;
  };
  const gameLine = button('back to the game line', () => go(at), { 'data-control': 'game-line', hidden: '' });
  // The game's name for people (`PieceEater Chess`), from its rules.
  const title = await call<VariantInfo>('GET', `/api/games/${id}/rules`).then(r => r.title, () => state.game);
  root.replaceChildren(crumbs, h('h1', {}, `Analysis board: ${title}`), error,
    h('div', { class: 'play' }, h('div', { class: 'board-col with-bar' }, bar.element, holder),
      h('div', { class: 'side-col' }, label,
        h('div', { class: 'controls' }, step('first', 'start', () => 0, 'start'), step('back', 'back', () => at - 1, 'back'),
          step('forward', 'forward', () => at + 1, 'forward'), step('last', 'end', () => positions.length - 1, 'end')),
        graphBox, list, mine, gameLine, odds, engineLine,
        h('p', { class: 'hint' }, allowed ? 'Arrow keys step; Home and End jump. Move a piece to try a line of your own.' : 'Arrow keys step; Home and End jump.'),
        panel.element)));
  const board = new Board(holder, { variant: state.game, files: b.files, ranks: b.ranks, names }, {
    fen: positions[0]?.fen ?? b.fen,
    orientation: state.you === 1 ? 'black' : 'white',
    config: {
      movable: { free: false, showDests: true, events: { after: (o, d) => void tried(o, d) } },
      draggable: { enabled: true },
    },
  });

  // The game's position shown, and a line of your own from it (its positions and moves).
  let at = 0;
  let own: { fen: string; san: string }[] = [];
  let here: PositionMoves | null = null;
  let whole: GameAnalysis | null = null;
  let graph: SVGSVGElement | null = null;
  let marks: ('blunder' | 'mistake' | null)[] = [];
  const shownFen = (): string | null => own.at(-1)?.fen ?? positions[at]?.fen ?? null;

  function drawList(): void {
    const items: HTMLElement[] = [];
    let row: HTMLElement | null = null;
    positions.forEach((p, i) => {
      if (i === 0) return;
      if (row === null || p.seat === 0) {
        row = h('li', {});
        items.push(row);
      }
      const mark = marks[i] ?? null;
      const text = `${words[i] ?? ''}${qualityMark(mark)}`;
      const cell = button(text, () => go(i), { class: `ply${mark ? ` ${mark}` : ''}${i === at && own.length === 0 ? ' current' : ''}`, 'data-ply': String(i) });
      row.append(cell);
    });
    const token = state.result !== null ? resultToken(state.result) : null;
    if (token !== null) items.push(h('li', { class: 'result', 'data-result': token }, token));
    list.replaceChildren(...items);
    list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  }

  // The position shown drawn: the board, the last move, the bar and the best move's arrow.
  function draw(fen: string, action: string | null): void {
    board.setFen(fen);
    const keys = action !== null ? squaresIn(action) : [];
    const from = keys[0];
    const last = keys.at(-1);
    board.api.set({ lastMove: from !== undefined && last !== undefined ? [from, last] : [], check: [] });
    board.api.setAutoShapes([]);
    delete board.api.state.movable.color;
    board.api.state.movable.dests = new Map();
    odds.replaceChildren();
    engineLine.textContent = '';
    panel.clear();
    markShown(graph, own.length === 0 ? at : -1);
    if (allowed) void moves(fen);
  }

  function arrow(coordinates: string | null | undefined): void {
    const keys = coordinates ? squaresIn(coordinates) : [];
    const from = keys[0];
    const to = keys.at(-1);
    if (from === undefined) return;
    board.api.setAutoShapes([to !== undefined && to !== from ? { orig: from, dest: to, brush: 'paleGreen' } : { orig: from, brush: 'paleGreen' }]);
  }

  function go(to: number): void {
    at = Math.max(0, Math.min(positions.length - 1, to));
    own = [];
    const p = positions[at];
    if (p === undefined) return;
    draw(p.fen, p.action);
    gameLine.hidden = true;
    mine.textContent = '';
    const what = p.action === null ? 'the start' : `${p.seat === 0 ? 'White' : 'Black'}: ${words[at] ?? p.action}`;
    label.textContent = `${at} of ${positions.length - 1}: ${what}`;
    const seen = whole?.positions[at];
    if (seen !== undefined) {
      bar.show(seen.white_cp);
      arrow(seen.engine?.best_coordinates);
      // A marked move with the engine's choice instead, then the best from here on.
      const mark = marks[at] ?? null;
      const instead = whole?.positions[at - 1]?.engine?.best;
      const verdict = mark ? `${words[at] ?? ''} was a ${mark}${instead ? `: ${instead} was best` : ''}. ` : '';
      const next = seen.engine?.best ? `Best now: ${seen.engine.best}${seen.engine.line.length > 1 ? ` (${lineWords(seen.engine.line, p.fen)})` : ''}.` : '';
      engineLine.textContent = `${verdict}${next}`;
    }
    drawList();
    void walked(at);
  }

  // The PieceEater's walk after the move that led to position `i`: each step's odds, and the
  // one the dice chose (where it stands now).
  async function walked(i: number): Promise<void> {
    const before = positions[i - 1];
    const p = positions[i];
    if (before === undefined || p === undefined || p.action === null || !before.fen.includes('*') || !/^([a-p]\d|[A-Z]@)/.test(p.action)) return;
    try {
      const answer = await call<PositionMoves>('POST', '/api/positions/moves', { game: id, fen: before.fen, play: p.action } satisfies PositionRequest);
      if (at !== i || own.length || answer.chance.length === 0) return;
      const now = readBoard(p.fen, size.files, size.ranks).pieces.filter(x => x.letter === '*').map(x => `${String.fromCharCode(97 + x.file)}${x.rank + 1}`);
      const steps = answer.chance.map(o => {
        const went = now.includes(o.to) ? ' ← the dice' : '';
        return `${o.from === o.to ? `stays on ${o.from}` : `${o.from}–${o.to}`} ${o.odds}${went}`;
      });
      odds.replaceChildren(h('span', { class: 'walk' }, `Then the PieceEater walked: ${steps.join(', ')}.`));
    } catch (e) {
      showError(error, e);
    }
  }

  // The moves of the position shown, from the server, for the board (or the dice's odds).
  async function moves(fen: string): Promise<void> {
    try {
      const answer = await call<PositionMoves>('POST', '/api/positions/moves', { game: id, fen } satisfies PositionRequest);
      if (shownFen() !== fen) return;
      here = answer;
      const dests = new Map<cg.Key, cg.Key[]>();
      for (const [sq, ms] of Object.entries(answer.moves)) {
        const k = keyOfName(sq);
        if (k === null) continue;
        const ds = ms.map(m => keyOfName(m.to)).filter((d): d is cg.Key => d !== null && d !== k);
        if (ds.length) dests.set(k, [...new Set(ds)]);
      }
      const side = fen.split(' ')[1] === 'b' ? 'black' : 'white';
      board.api.set({ turnColor: side, movable: { color: side, dests } });
      if (answer.chance.length) {
        odds.replaceChildren(h('span', {}, answer.chance[0]?.steered ? 'The PieceEater is steered: ' : 'The PieceEater walks by the dice: '),
          ...answer.chance.map(o => button(`${o.from === o.to ? `stays on ${o.from}` : `${o.from}–${o.to}`} (${o.odds})`, () => void play(`${o.from}-${o.to}`), { 'data-outcome': `${o.from}-${o.to}` })));
      }
    } catch (e) {
      showError(error, e);
    }
  }

  // A move made on the board: one of the position's, or a choice among several (a promotion).
  async function tried(orig: cg.Key, dest: cg.Key): Promise<void> {
    const from = Object.entries(here?.moves ?? {}).find(([sq]) => keyOfName(sq) === orig)?.[1] ?? [];
    const choices: MoveView[] = from.filter(m => keyOfName(m.to) === dest);
    if (choices.length === 1 && choices[0] !== undefined) await play(choices[0].coordinates);
    else if (choices.length > 1) odds.replaceChildren(h('span', {}, 'Which move? '), ...choices.map(m => button(m.san, () => void play(m.coordinates))));
    else board.setFen(shownFen() ?? '');
  }

  // A move (or a chance outcome) played from the position shown, then that position analysed.
  async function play(text: string): Promise<void> {
    const fen = shownFen();
    if (fen === null) return;
    try {
      const answer = await call<PositionMoves>('POST', '/api/positions/moves', { game: id, fen, play: text } satisfies PositionRequest);
      own.push({ fen: answer.fen, san: answer.played ?? text });
      draw(answer.fen, /^[a-p]\d/.test(text) ? text : null);
      gameLine.hidden = false;
      mine.textContent = `Your line from move ${at}: ${own.map(m => m.san).join(' ')}`;
      label.textContent = `Your move ${answer.played ?? text}`;
      drawList();
      await evaluate(answer.fen);
    } catch (e) {
      showError(error, e);
      board.setFen(shownFen() ?? '');
    }
  }

  // A position of your own line, analysed (about a second); the bar and the arrow show it.
  let asking = false;
  async function evaluate(fen: string): Promise<void> {
    if (asking) return;
    asking = true;
    bar.show(null);
    engineLine.textContent = 'thinking…';
    try {
      const a = await inTurn(() => call<Analysis>('POST', '/api/analysis', { game: id, fen } satisfies AnalysisRequest));
      if (shownFen() !== fen) return;
      bar.show(a.over ? null : whiteCp(a.score, fen));
      arrow(a.best_coordinates);
      engineLine.textContent = a.over ? 'No move: the game would be over here.' : `${scoreWords(a.score, fen)}. Best: ${lineWords(a.line, fen) || 'none'}.`;
    } catch (e) {
      engineLine.textContent = '';
      showError(error, e);
    } finally {
      asking = false;
    }
  }

  // The game analysed whole, once over: the graph and each move's mark.
  async function analyseGame(): Promise<void> {
    try {
      whole = await inTurn(() => call<GameAnalysis>('GET', `/api/games/${id}/analysis`));
    } catch (e) {
      graphBox.textContent = '';
      showError(error, e);
      return;
    }
    const scores = whole.positions.map(p => p.white_cp);
    marks = qualities(scores, positions.map(p => p.seat), positions.map(p => p.action), whole.positions.map(p => p.engine?.best_coordinates));
    graph = evalGraph(scores, marks, i => go(i));
    const count = (q: string): number => marks.filter(m => m === q).length;
    graphBox.replaceChildren(graph, h('p', { class: 'graph-key' }, `Mistakes (a pawn or more lost): ${count('mistake')}; blunders (three or more): ${count('blunder')}. Each position searched up to ${whole.nodes} nodes.`));
    if (own.length === 0) go(at);
  }

  const keys = (e: KeyboardEvent): void => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const to: Record<string, () => number> = { ArrowLeft: () => (own.length ? at : at - 1), ArrowRight: () => at + 1, Home: () => 0, End: () => positions.length - 1 };
    const f = to[e.key];
    if (f !== undefined) {
      e.preventDefault();
      go(f());
    }
  };
  document.addEventListener('keydown', keys);
  const wanted = new URLSearchParams(location.search).get('ply');
  go(wanted === 'end' ? positions.length - 1 : Number(wanted ?? 0) || 0);
  if (allowed && state.result !== null) void analyseGame();
  return () => {
    document.removeEventListener('keydown', keys);
    board.destroy();
  };
}
