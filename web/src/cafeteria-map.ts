// The cafeteria drawn as an SVG map from the game's own map text and legend (the files in
// crates/games/cafeteria/data): one tile per square by its kind, table names on the tables, and
// the things of a moment (students, staff, food, garbage...) on top.

import { CAFETERIA_ART } from './cafeteria-art.js';

/** One character of the map, as legend.toml describes it. */
export interface LegendEntry {
  kind: string;
  name: string;
  index?: number;
  family?: string;
  faculty?: string;
}

/** Something standing or lying on a square: a drawing of CAFETERIA_ART. */
export interface MapThing {
  /** Column letter and row number from 0 at the top, as the game names squares (`b9`). */
  square: string;
  art: string;
  /** What a pointer over it says; the drawing's name by default. */
  title?: string;
}

/** A map this module cannot draw, with where it goes wrong. */
export class MapError extends Error {
  override name = 'MapError';
}

const SVG = 'http://www.w3.org/2000/svg';
const TILE = 100;
const PLAIN: Readonly<Record<string, string>> = { floor: '#e4dccb', wall: '#4b4540', lounge: '#7a5a8c', start: '#e4dccb' };
const TILE_ART: Readonly<Record<string, string>> = {
  chair: 'chair', table: 'table', counter: 'counter', entrance: 'entrance', exit: 'exit', entry: 'door',
  office: 'office', 'garbage-pile': 'garbage',
};
// Drawn over the floor, not instead of it.
const ON_FLOOR: Readonly<Record<string, string>> = { can: 'can' };

/**
 * Draws `map` (rows of legend characters) with `things` on it and the tables named in `tipped`
 * (`Table E`) on their sides, the drawings loaded from `assets` + `cafeteria/<id>.svg`.
 *
 * Throws a {@link MapError} for a character the legend lacks, a thing on no square of the map, or
 * a tipped table the map does not have.
 */
export function drawCafeteria(
  map: string,
  legend: Readonly<Record<string, LegendEntry>>,
  things: readonly MapThing[],
  assets: string,
  tipped: readonly string[] = [],
): SVGSVGElement {
  const rows = map.split('\n');
  const width = Math.max(...rows.map(r => r.length));
  const svg = el('svg', { viewBox: `0 0 ${width * TILE} ${rows.length * TILE}`, class: 'mh-cafeteria', role: 'img' });
  svg.appendChild(el('title', {}, 'The cafeteria'));
  const tables = new Map<string, { name: string; x0: number; y0: number; x1: number; y1: number }>();
  let lounge: { x0: number; x1: number; y: number } | undefined;
  rows.forEach((row, y) => {
    [...row].forEach((c, x) => {
      const entry = legend[c];
      if (entry === undefined) throw new MapError(`cafeteria map row ${y}, column ${x + 1}: '${c}' is not in the legend`);
      const g = el('g', { transform: `translate(${x * TILE} ${y * TILE})` });
      g.appendChild(el('title', {}, `${squareName(x, y)}: ${entry.faculty ? `${entry.name} (${entry.faculty})` : entry.name}`));
      const art = entry.kind === 'stack' ? entry.family : TILE_ART[entry.kind];
      if (art !== undefined && art in CAFETERIA_ART) {
        g.appendChild(image(assets, art, 0, 0, TILE));
      } else {
        g.appendChild(el('rect', { width: TILE, height: TILE, fill: PLAIN[entry.kind] ?? PLAIN['floor'] ?? '' }));
        if (entry.kind === 'floor' || entry.kind === 'start' || entry.kind in ON_FLOOR) {
          g.appendChild(el('rect', { x: 1, y: 1, width: TILE - 2, height: TILE - 2, fill: 'none', stroke: '#d3c9b3', 'stroke-width': 2 }));
        }
        const over = ON_FLOOR[entry.kind];
        if (over !== undefined) g.appendChild(image(assets, over, 10, 10, TILE - 20));
        if (entry.kind === 'start') {
          g.appendChild(el('circle', { cx: 50, cy: 50, r: 26, fill: 'none', stroke: '#8a7a5a', 'stroke-width': 5, 'stroke-dasharray': '8 6' }));
          g.appendChild(text(50, 52, String(entry.index ?? ''), 34, '#8a7a5a'));
        }
      }
      svg.appendChild(g);
      if (entry.kind === 'table') {
        const t = tables.get(entry.name) ?? { name: entry.name, x0: x, y0: y, x1: x, y1: y };
        t.x0 = Math.min(t.x0, x);
        t.y0 = Math.min(t.y0, y);
        t.x1 = Math.max(t.x1, x);
        t.y1 = Math.max(t.y1, y);
        tables.set(entry.name, t);
      }
      if (entry.kind === 'lounge') lounge = lounge ? { ...lounge, x1: x } : { x0: x, x1: x, y };
    });
  });
  for (const name of tipped) {
    const t = tables.get(name);
    if (t === undefined) throw new MapError(`tipped table "${name}" is not a table of the map`);
    const [w, hgt] = [(t.x1 - t.x0 + 1) * TILE, (t.y1 - t.y0 + 1) * TILE];
    svg.appendChild(el('rect', { x: t.x0 * TILE, y: t.y0 * TILE, width: w, height: hgt, fill: 'rgb(60 30 10 / 0.45)' }));
    const size = Math.min(w, hgt);
    svg.appendChild(image(assets, 'tipped-table', t.x0 * TILE + (w - size) / 2, t.y0 * TILE + (hgt - size) / 2, size));
  }
  for (const t of tables.values()) {
    if (tipped.includes(t.name)) continue;
    const label = t.name.startsWith('Table ') ? t.name.slice(6) : 'Salad bar';
    const size = label.length > 1 ? 42 : 70;
    svg.appendChild(text(((t.x0 + t.x1 + 1) * TILE) / 2, ((t.y0 + t.y1 + 1) * TILE) / 2, label, size, 'rgb(255 255 255 / 0.55)'));
  }
  if (lounge) {
    svg.appendChild(image(assets, 'lounge', lounge.x0 * TILE, lounge.y * TILE, TILE));
    svg.appendChild(text(((lounge.x0 + lounge.x1 + 1) * TILE) / 2, lounge.y * TILE + 52, 'Faculty/Staff Lounge', 56, '#f3ecff'));
  }
  for (const thing of things) {
    const at = parseSquare(thing.square);
    if (at === null || at.y >= rows.length || at.x >= (rows[at.y]?.length ?? 0)) {
      throw new MapError(`cafeteria thing "${thing.art}": "${thing.square}" is not a square of the map`);
    }
    if (!(thing.art in CAFETERIA_ART)) throw new MapError(`cafeteria thing at ${thing.square}: no drawing "${thing.art}"`);
    const img = image(assets, thing.art, at.x * TILE + 6, at.y * TILE + 6, TILE - 12);
    img.appendChild(el('title', {}, `${thing.square}: ${thing.title ?? CAFETERIA_ART[thing.art]?.name ?? thing.art}`));
    svg.appendChild(img);
  }
  return svg;
}

/** The game's name of the square in column `x` and row `y` (`b9`). */
export function squareName(x: number, y: number): string {
  return `${String.fromCharCode(97 + x)}${y}`;
}

function parseSquare(name: string): { x: number; y: number } | null {
  const m = /^([a-z])([0-9]{1,2})$/.exec(name);
  if (m === null || m[1] === undefined || m[2] === undefined) return null;
  return { x: m[1].charCodeAt(0) - 97, y: Number(m[2]) };
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, content?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (content !== undefined) e.textContent = content;
  return e;
}

function image(assets: string, art: string, x: number, y: number, size: number): SVGElement {
  return el('image', { href: `${assets}cafeteria/${art}.svg`, x, y, width: size, height: size });
}

function text(x: number, y: number, s: string, size: number, fill: string): SVGElement {
  return el('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-family': 'sans-serif', 'font-weight': 'bold', 'font-size': size, fill }, s);
}
