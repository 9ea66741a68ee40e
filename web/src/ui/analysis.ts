// The engine's view of a position, asked of the server (`POST /api/analysis`, about a second's
// search) and put into words: who stands better and by how much, and the best line as numbered
// SAN moves. Offered where it cannot help a seat against its opponent: replays, finished games,
// games watched between computers (see `analysisAllowed`).

import { call, type Analysis, type AnalysisRequest, type GameState } from './api.js';
import { button, h, showError } from './dom.js';

const SIDES = { w: 'White', b: 'Black' } as const;

/** Whether this browser may see the engine's advice in `state`: never while one of its seats plays
 * on against a person or the computer; when the game is over, or for a watcher of a game with no
 * human seat. */
export function analysisAllowed(state: GameState): boolean {
  if (state.board === null) return false;
  if (state.result !== null) return true;
  return state.you === null && state.seats.every(s => s.kind === 'computer');
}

/** The score in words, for the side to move in `fen`: "White is better by 0.35 pawns". */
export function scoreWords(score: string | null, fen: string): string {
  const field = fen.split(' ')[1];
  const mover = field === 'b' ? SIDES.b : SIDES.w;
  const other = field === 'b' ? SIDES.w : SIDES.b;
  const m = /^(cp|mate) (-?\d+)$/.exec(score ?? '');
  if (m === null || m[2] === undefined) return 'no score';
  const n = Number(m[2]);
  if (m[1] === 'mate') return n > 0 ? `${mover} mates in ${n}` : `${other} mates in ${-n}`;
  if (Math.abs(n) < 15) return 'the sides are level';
  return `${n > 0 ? mover : other} is better by ${(Math.abs(n) / 100).toFixed(2)} pawns`;
}

/** The line as numbered moves from the FEN's move number: "12... Nf6 13. e5". */
export function lineWords(line: string[], fen: string): string {
  const fields = fen.split(' ');
  let number = Number(fields[5]);
  if (!Number.isInteger(number) || number < 1) number = 1;
  let black = fields[1] === 'b';
  const out: string[] = [];
  line.forEach((san, i) => {
    if (!black) out.push(`${number}. ${san}`);
    else {
      out.push(i === 0 ? `${number}... ${san}` : san);
      number++;
    }
    black = !black;
  });
  return out.join(' ');
}

/** A button and an answer line: the analysis of the position `fen()` gives when pressed (after
 * `before`, an analysis of this browser's under way: the server runs one a client). `game` is a
 * built-in's name or the game's id. */
export function analysisPanel(game: string, fen: () => string | null, error: HTMLElement, before: () => Promise<unknown> = async () => {}): { element: HTMLElement; clear: () => void } {
  const answer = h('p', { class: 'analysis', 'aria-live': 'polite' });
  const ask = async (): Promise<void> => {
    const f = fen();
    if (f === null) return;
    answer.textContent = 'thinking…';
    error.hidden = true;
    try {
      await before();
      const a = await call<Analysis>('POST', '/api/analysis', { game, fen: f } satisfies AnalysisRequest);
      answer.textContent = a.over
        ? 'No legal move: the game is over here.'
        : `Depth ${a.depth}, score ${a.score ?? '?'}: ${scoreWords(a.score, f)}. Best line: ${lineWords(a.line, f) || 'none'}.`;
    } catch (e) {
      answer.textContent = '';
      showError(error, e);
    }
  };
  const element = h('div', { class: 'analysis-panel' }, button('analyse this position', () => void ask(), { 'data-control': 'analyse' }), answer);
  return { element, clear: () => (answer.textContent = '') };
}
