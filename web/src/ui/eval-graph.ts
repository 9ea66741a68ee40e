// The evaluation bar beside the board and the graph of a game's scores: one point a position
// (a click shows it), White's advantage above the line, mistakes and blunders marked where they
// were made. Scores are centipawns from White's view (null: none, as where the dice are due).

import { h } from './dom.js';
import { barShare, graphY, moveQuality, scoreLabel } from './eval-words.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 400;
const HEIGHT = 140;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** The evaluation bar: White's share from the bottom, the score written on it. */
export class EvalBar {
  readonly element = h('div', { class: 'eval-bar', role: 'img', 'aria-label': 'evaluation' });
  private readonly white = h('div', { class: 'eval-white' });
  private readonly text = h('span', { class: 'eval-text' });

  constructor() {
    this.element.append(this.white, this.text);
    this.show(null);
  }

  /** Shows score `cp` (null: unknown). */
  show(cp: number | null): void {
    this.white.style.height = `${(barShare(cp) * 100).toFixed(1)}%`;
    this.text.textContent = cp === null ? '' : scoreLabel(cp);
    this.element.dataset['cp'] = cp === null ? '' : String(cp);
    this.element.setAttribute('aria-label', cp === null ? 'evaluation unknown' : `evaluation ${scoreLabel(cp)}`);
  }
}

/** Each move's quality (index: the position it led to; 0, the start, has none): what it lost in
 * its mover's view, unless it was the move the engine found best (a short search's scores
 * waver from one position to the next; its own choice is no mistake). */
export function qualities(scores: (number | null)[], seats: (number | null)[], played: (string | null)[], best: (string | null | undefined)[]): ('blunder' | 'mistake' | null)[] {
  return scores.map((cp, i) => {
    if (i === 0 || (played[i] != null && played[i] === best[i - 1])) return null;
    return moveQuality(scores[i - 1] ?? null, cp, seats[i] ?? 0);
  });
}

/** The graph of `scores`; `pick(i)` when position i's point is clicked. */
export function evalGraph(scores: (number | null)[], marks: ('blunder' | 'mistake' | null)[], pick: (i: number) => void): SVGSVGElement {
  const root = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'eval-graph', role: 'group', 'aria-label': 'evaluation graph: click a point to see its position' });
  root.append(svg('rect', { x: '0', y: '0', width: String(WIDTH), height: String(HEIGHT), class: 'graph-black' }));
  const step = scores.length > 1 ? WIDTH / (scores.length - 1) : WIDTH;
  const xs = scores.map((_, i) => i * step);
  // White's area: under the line down to the bottom; unknown scores carry the last one known.
  let last = 0;
  const ys = scores.map(cp => {
    if (cp !== null) last = cp;
    return graphY(last, HEIGHT);
  });
  const line = xs.map((x, i) => `${x.toFixed(1)},${(ys[i] ?? HEIGHT / 2).toFixed(1)}`).join(' ');
  root.append(svg('polygon', { points: `0,${HEIGHT} ${line} ${WIDTH},${HEIGHT}`, class: 'graph-white' }));
  root.append(svg('line', { x1: '0', y1: String(HEIGHT / 2), x2: String(WIDTH), y2: String(HEIGHT / 2), class: 'graph-mid' }));
  root.append(svg('polyline', { points: line, class: 'graph-line' }));
  scores.forEach((cp, i) => {
    const mark = marks[i] ?? null;
    const dot = svg('circle', {
      cx: (xs[i] ?? 0).toFixed(1),
      cy: (ys[i] ?? 0).toFixed(1),
      r: mark ? '5' : '3',
      class: `graph-point${mark ? ` ${mark}` : ''}`,
      'data-ply': String(i),
      tabindex: '-1',
    });
    const title = svg('title', {});
    title.textContent = `${i === 0 ? 'start' : `move ${i}`}: ${scoreLabel(cp)}${mark ? ` (${mark})` : ''}`;
    dot.append(title);
    dot.addEventListener('click', () => pick(i));
    root.append(dot);
  });
  // A wide invisible band per position, so that a click near a point finds it.
  root.addEventListener('click', e => {
    if (e.target instanceof SVGCircleElement) return;
    const box = root.getBoundingClientRect();
    if (box.width === 0) return;
    const x = ((e.clientX - box.left) / box.width) * WIDTH;
    pick(Math.max(0, Math.min(scores.length - 1, Math.round(x / step))));
  });
  return root;
}

/** Marks position `i` as the one shown. */
export function markShown(graph: SVGSVGElement | null, i: number): void {
  if (graph === null) return;
  for (const c of graph.querySelectorAll('circle.graph-point')) c.classList.toggle('shown', c.getAttribute('data-ply') === String(i));
}
