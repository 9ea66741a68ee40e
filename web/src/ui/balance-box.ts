// A published variant's balance report on its page: the reports of the version (made once per
// request, by the server's workers), one asked for with its games and strength, its progress
// while it runs (with a cancel button for who asked), and its figures once made: the first
// mover's score with its interval, draws, length and piece values, and its full page.

import { call, type ReportList, type ReportView } from './api.js';
import { button, h, showError } from './dom.js';

/** How often a report under way is asked for its progress. */
const POLL_MS = 1000;

interface Share { games: number; score: number; low: number; high: number; draws: number }
interface PieceValue { name: string; letter: string; fitted: number | null; engine: number }
interface Made {
  strength: string;
  games_played: number;
  partial: boolean;
  chess?: { first_mover: Share; draw_rate: number; length: { mean: number }; piece_values: { unit: string; pieces: PieceValue[] } };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** A made report's figures in a few lines. */
function figures(r: ReportView): HTMLElement {
  const made = r.report as unknown as Made | null;
  const box = h('div', { class: 'report-figures', 'data-report': r.status });
  if (made?.chess === undefined) {
    box.append(h('p', {}, r.error ?? `The report ${r.status === 'cancelled' ? 'was cancelled before a game was played' : 'holds no chess figures'}.`));
    return box;
  }
  const c = made.chess;
  const f = c.first_mover;
  const values = c.piece_values.pieces.map(p => `${p.name} ${p.fitted === null ? `(${p.engine.toFixed(2)} by the engine; not fitted)` : p.fitted.toFixed(2)}`);
  box.append(
    h('p', { 'data-first-mover': f.score.toFixed(4) }, `White scores ${pct(f.score)} (95% interval ${pct(f.low)} to ${pct(f.high)}) over ${f.games} games at ${made.strength}; ${pct(c.draw_rate)} drawn; ${c.length.mean.toFixed(0)} plies on average.`),
    h('p', {}, `Piece values (a ${c.piece_values.unit} is 1), fitted from the games: ${values.join(', ')}.`),
    ...(made.partial ? [h('p', { class: 'partial' }, `Partial: ${made.games_played} games were played before it stopped.${r.error ? ` ${r.error}` : ''}`)] : []),
    h('p', {}, h('a', { href: `/api/reports/${encodeURIComponent(r.id)}/html`, target: '_blank', rel: 'noopener', 'data-control': 'report-page' }, 'The whole report (charts, endings, branching, skill trace, openings)')),
  );
  return box;
}

/** The balance box of version `hash` of variant `id`; `stop` ends its asking. */
export function balanceBox(id: string, hash: string): { element: HTMLElement; stop: () => void } {
  const base = `/api/studio/variants/${encodeURIComponent(id)}/versions/${encodeURIComponent(hash)}/reports`;
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const shown = h('div', { class: 'report' });
  const games = h('select', { name: 'report-games', 'aria-label': 'games' }, ...[10, 40, 100, 200].map(n => h('option', { value: String(n) }, `${n} games`)));
  games.value = '40';
  const nodes = h('select', { name: 'report-nodes', 'aria-label': 'strength' }, ...[500, 2000, 5000, 20000].map(n => h('option', { value: String(n) }, `${n.toLocaleString('en-GB')} nodes a move`)));
  nodes.value = '2000';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const draw = (r: ReportView | null): void => {
    if (r === null) {
      shown.replaceChildren(h('p', { 'data-report': 'none' }, 'No report yet for this version: run one below.'));
      return;
    }
    if (r.status === 'queued' || r.status === 'running') {
      const bar = h('progress', { max: String(r.total_games), value: String(r.done_games), 'aria-label': 'games played' });
      shown.replaceChildren(h('p', { 'data-report': r.status }, r.status === 'queued' ? 'Waiting for a worker… ' : `Playing: ${r.done_games} of ${r.total_games} games. `, bar,
        ...(r.yours ? [' ', button('cancel', () => void call<ReportView>('POST', `/api/reports/${r.id}/cancel`, {}).then(follow, e => showError(error, e)), { 'data-control': 'cancel-report' })] : [])));
      if (!stopped) timer = setTimeout(() => void call<ReportView>('GET', `/api/reports/${r.id}`).then(follow, e => showError(error, e)), POLL_MS);
      return;
    }
    if (r.status === 'failed') {
      shown.replaceChildren(h('p', { 'data-report': 'failed' }, `The report failed: ${r.error ?? 'no reason given'}.`));
      return;
    }
    shown.replaceChildren(figures(r));
  };
  const follow = (r: ReportView): void => draw(r);
  const run = button('Run a balance report', () => {
    error.hidden = true;
    call<ReportView>('POST', base, { games: Number(games.value), nodes: Number(nodes.value) }).then(follow, e => showError(error, e));
  }, { 'data-control': 'run-report' });
  void call<ReportList>('GET', base).then(list => {
    // The newest one under way, or else the newest made.
    const going = list.reports.find(r => r.status === 'queued' || r.status === 'running');
    draw(going ?? list.reports.find(r => r.status === 'done') ?? list.reports[0] ?? null);
  }, e => showError(error, e));
  const element = h('section', { class: 'balance-box' }, h('h2', {}, 'Balance report'),
    h('p', {}, 'Self-play by the engine: the first mover\'s score, draws, game length, and piece values fitted from the games. Reports run on the server\'s workers; the same request is made once and kept.'),
    error, shown, h('div', { class: 'form' }, games, nodes, run));
  return {
    element,
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
