// The way toward a square clicked or pointed at on the cafeteria map. The server lists only the
// student's single steps (`move d3`), so this is a display, not a route: the listed step that
// ends nearest the square (fewest king steps, then straight-line distance), drawn solid from the
// student, and a dashed line on from there to the square. A click sends that first step.

const NS = 'http://www.w3.org/2000/svg';
const TILE = 100;

/** A square of the map, from the top left. */
export interface Spot {
  x: number;
  y: number;
}

/** A listed step: the action's text and the square it ends on. */
export interface Step {
  text: string;
  to: Spot;
}

/** The square a `move d3` action names, or null for any other action. */
export function stepSquare(text: string): Spot | null {
  const m = /^move ([a-z])([0-9]{1,2})$/.exec(text);
  if (m === null || m[1] === undefined || m[2] === undefined) return null;
  return { x: m[1].charCodeAt(0) - 97, y: Number(m[2]) };
}

/** The listed step toward `target`, or null when none brings the student nearer than it is. */
export function firstStep(from: Spot, target: Spot, steps: Step[]): Step | null {
  const king = (a: Spot, b: Spot): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
  const line = (a: Spot, b: Spot): number => Math.hypot(a.x - b.x, a.y - b.y);
  let best: Step | null = null;
  for (const s of steps) {
    if (best === null || king(s.to, target) < king(best.to, target)
      || (king(s.to, target) === king(best.to, target) && line(s.to, target) < line(best.to, target))) best = s;
  }
  if (best === null || king(best.to, target) >= king(from, target)) return null;
  return best;
}

/** The drawing of the way: the step solid, then dashed on to the target (if it is farther). */
export function pathShape(from: Spot, step: Spot, target: Spot): SVGGElement {
  const c = (s: Spot): string => `${s.x * TILE + TILE / 2},${s.y * TILE + TILE / 2}`;
  const g = document.createElementNS(NS, 'g');
  g.setAttribute('class', 'path');
  g.setAttribute('pointer-events', 'none');
  const line = (a: Spot, b: Spot, cls: string): void => {
    const p = document.createElementNS(NS, 'polyline');
    p.setAttribute('points', `${c(a)} ${c(b)}`);
    p.setAttribute('class', cls);
    g.appendChild(p);
  };
  line(from, step, 'first');
  if (step.x !== target.x || step.y !== target.y) line(step, target, 'rest');
  const dot = document.createElementNS(NS, 'circle');
  const [cx, cy] = c(target).split(',');
  dot.setAttribute('cx', cx ?? '0');
  dot.setAttribute('cy', cy ?? '0');
  dot.setAttribute('r', String(TILE / 5));
  dot.setAttribute('class', 'target');
  g.appendChild(dot);
  return g;
}
