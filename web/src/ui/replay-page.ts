// The replay of a finished chess game: its board after each action, from the server, stepped
// through with a slider, buttons or the arrow keys, each position analysed on request. It opens
// at `?ply=N` (or `?ply=end`) when asked: the game page's way to its analysis board.

import { Board } from '../board.js';
import { call, type GameState, type PositionStep, type Positions } from './api.js';
import { analysisPanel } from './analysis.js';
import { button, h, link, showError } from './dom.js';
import { squaresIn } from './squares.js';

/** Draws the replay of game `id`. */
export async function replayPage(root: HTMLElement, id: string): Promise<() => void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const crumbs = h('nav', { class: 'crumbs' }, link('/', 'home'), ' · ', link('/games', 'games'), ' · ', link(`/game/${id}`, 'the game'));
  let state: GameState;
  let positions: PositionStep[];
  try {
    state = await call<GameState>('GET', `/api/games/${id}`);
    positions = (await call<Positions>('GET', `/api/games/${id}/positions`)).positions;
  } catch (e) {
    root.replaceChildren(crumbs, h('h1', {}, 'Replay'), error);
    showError(error, e);
    return () => {};
  }
  const b = state.board;
  if (b === null || positions.length === 0) {
    root.replaceChildren(crumbs, h('h1', {}, 'Replay'), h('p', {}, 'Only chess games have a replay.'));
    return () => {};
  }
  const names: Record<string, string> = {};
  for (const p of b.pieces) names[p.letter.toUpperCase()] = p.name;
  const holder = h('div', { class: 'board' });
  const slider = h('input', { type: 'range', min: '0', max: String(positions.length - 1), value: '0', 'aria-label': 'ply', class: 'slider' });
  const label = h('p', { class: 'status', 'aria-live': 'polite' });
  const analysis = analysisPanel(state.game, () => positions[at]?.fen ?? null, error);
  const sans = state.moves.map(m => m.san ?? m.coordinates ?? '');
  root.replaceChildren(crumbs, h('h1', {}, `Replay: ${state.game}`), error,
    h('div', { class: 'play' }, h('div', { class: 'board-col' }, holder),
      h('div', { class: 'side-col' }, label, slider,
        h('div', { class: 'controls' }, button('⏮', () => go(0), { 'aria-label': 'start' }), button('◀', () => go(at - 1), { 'aria-label': 'back' }),
          button('▶', () => go(at + 1), { 'aria-label': 'forward', 'data-control': 'forward' }), button('⏭', () => go(positions.length - 1), { 'aria-label': 'end' })),
        h('p', {}, 'Arrow keys step; Home and End jump.'),
        analysis.element)));
  const first = positions[0];
  const board = new Board(holder, { variant: state.game, files: b.files, ranks: b.ranks, names }, { fen: first?.fen ?? b.fen, config: { viewOnly: true } });
  let at = 0;
  let moveIndex: number[] = [];
  // The SAN of each position's move, where the moves line up with the actions.
  let n = 0;
  moveIndex = positions.map(p => (p.action !== null && /^([a-p][0-9]|[A-Z]@)/.test(p.action) ? n++ : -1));
  function go(to: number): void {
    at = Math.max(0, Math.min(positions.length - 1, to));
    const p = positions[at];
    if (p === undefined) return;
    board.setFen(p.fen);
    const keys = p.action !== null ? squaresIn(p.action) : [];
    const from = keys[0];
    const last = keys.at(-1);
    board.api.set({ lastMove: from !== undefined && last !== undefined ? [from, last] : [] });
    slider.value = String(at);
    const i = moveIndex[at] ?? -1;
    const what = p.action === null ? 'the start' : `${p.seat === 0 ? 'White' : 'Black'}: ${i >= 0 && sans[i] ? sans[i] : p.action}`;
    analysis.clear();
    label.textContent = `${at} of ${positions.length - 1}: ${what}`;
  }
  slider.addEventListener('input', () => go(Number(slider.value)));
  const keys = (e: KeyboardEvent): void => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    const step: Record<string, () => number> = { ArrowLeft: () => at - 1, ArrowRight: () => at + 1, Home: () => 0, End: () => positions.length - 1 };
    const f = step[e.key];
    if (f !== undefined) {
      e.preventDefault();
      go(f());
    }
  };
  document.addEventListener('keydown', keys);
  const wanted = new URLSearchParams(location.search).get('ply');
  go(wanted === 'end' ? positions.length - 1 : Number(wanted ?? 0) || 0);
  return () => {
    document.removeEventListener('keydown', keys);
    board.destroy();
  };
}
