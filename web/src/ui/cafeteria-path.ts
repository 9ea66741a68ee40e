// Where the student to act can go this turn, read from the server's offer: its single steps
// (`move d3`, among the actions) and its walks (`move c6 c5 c4`, each with its squares). A walk is
// one action: drawn whole on the map before it is sent, and sent in one request.

const NS = 'http://www.w3.org/2000/svg';
const TILE = 100;

/** A square of the map, from the top left. */
export interface Spot {
  x: number;
  y: number;
}

/** A way to a square: the action's text, its words and the squares stepped to (the last is the
 * square the way goes to). */
export interface Way {
  text: string;
  words: string;
  path: Spot[];
}

/** The square a `move d3` action names, or null for any other action (a walk too). */
export function stepSquare(text: string): Spot | null {
  const m = /^move ([a-z])([0-9]{1,2})$/.exec(text);
  if (m === null || m[1] === undefined || m[2] === undefined) return null;
  return { x: m[1].charCodeAt(0) - 97, y: Number(m[2]) };
}

/** `x,y` of a square, the key of {@link waysBySquare}. */
export function spotKey(s: Spot): string {
  return `${s.x},${s.y}`;
}

/** Every way open, by the square it goes to: the single steps among `actions`, then the walks (a
 * square one step away keeps its step). The student's own square is never among them. */
export function waysBySquare(
  actions: readonly { text: string; words?: string }[],
  walks: readonly { text: string; words?: string; path: Spot[] }[],
  from: Spot | null,
): Map<string, Way> {
  const ways = new Map<string, Way>();
  const own = from === null ? null : spotKey(from);
  for (const a of actions) {
    const to = stepSquare(a.text);
    if (to !== null && spotKey(to) !== own) ways.set(spotKey(to), { text: a.text, words: a.words ?? a.text, path: [to] });
  }
  for (const w of walks) {
    const to = w.path[w.path.length - 1];
    if (to === undefined || spotKey(to) === own || ways.has(spotKey(to))) continue;
    ways.set(spotKey(to), { text: w.text, words: w.words ?? w.text, path: w.path });
  }
  return ways;
}

/** The drawing of a way: a line from the student through every square stepped to, a dot on each
 * step and a ring on the last. */
export function pathShape(from: Spot, path: readonly Spot[]): SVGGElement {
  const c = (s: Spot): [number, number] => [s.x * TILE + TILE / 2, s.y * TILE + TILE / 2];
  const g = document.createElementNS(NS, 'g');
  g.setAttribute('class', 'path');
  g.setAttribute('pointer-events', 'none');
  const line = document.createElementNS(NS, 'polyline');
  line.setAttribute('points', [from, ...path].map(s => c(s).join(',')).join(' '));
  g.appendChild(line);
  path.forEach((s, i) => {
    const [cx, cy] = c(s);
    const dot = document.createElementNS(NS, 'circle');
    dot.setAttribute('cx', String(cx));
    dot.setAttribute('cy', String(cy));
    const last = i === path.length - 1;
    dot.setAttribute('r', String(last ? TILE / 3 : TILE / 9));
    dot.setAttribute('class', last ? 'target' : 'step');
    g.appendChild(dot);
  });
  return g;
}
