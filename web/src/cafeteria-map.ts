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
  const bySquare = new Map<string, MapThing[]>();
  for (const thing of things) {
    const at = parseSquare(thing.square);
    if (at === null || at.y >= rows.length || at.x >= (rows[at.y]?.length ?? 0)) {
      throw new MapError(`cafeteria thing "${thing.art}": "${thing.square}" is not a square of the map`);
    }
    if (!(thing.art in CAFETERIA_ART)) throw new MapError(`cafeteria thing at ${thing.square}: no drawing "${thing.art}"`);
    const here = bySquare.get(thing.square) ?? [];
    here.push(thing);
    bySquare.set(thing.square, here);
  }
  for (const [square, here] of bySquare) {
    const at = parseSquare(square) ?? { x: 0, y: 0 };
    const boxes = thingBoxes(here.length);
    here.slice(0, boxes.length).forEach((thing, i) => {
      const b = boxes[i] ?? { x: 0, y: 0, size: 0 };
      const img = image(assets, thing.art, at.x * TILE + b.x, at.y * TILE + b.y, b.size);
      img.setAttribute('class', 'thing');
      img.setAttribute('data-square', square);
      img.appendChild(el('title', {}, `${square}: ${thingName(thing)}`));
      svg.appendChild(img);
    });
    const rest = here.slice(boxes.length);
    if (rest.length) {
      // The last cell counts those not drawn; its title names them.
      const g = el('g', { class: 'more', 'data-square': square });
      g.appendChild(el('title', {}, `${square}: also ${rest.map(thingName).join(', ')}`));
      const m = MORE_BOX;
      g.appendChild(el('rect', { x: at.x * TILE + m.x, y: at.y * TILE + m.y, width: m.size, height: m.size, rx: 10, fill: 'rgb(43 33 24 / 0.8)' }));
      g.appendChild(text(at.x * TILE + m.x + m.size / 2, at.y * TILE + m.y + m.size / 2 + 1, `+${rest.length}`, 26, '#fff'));
      svg.appendChild(g);
    }
  }
  return svg;
}

/** A box within a square's tile (0 to 100 across), where one thing standing there is drawn. */
export interface ThingBox {
  x: number;
  y: number;
  size: number;
}

/** The quarter of a tile that counts the things not drawn there (the last of four). */
export const MORE_BOX: Readonly<ThingBox> = { x: 52, y: 52, size: 44 };

/**
 * Where `count` things on one square are drawn: one fills the tile, two stand side by side, three
 * or four share its quarters. Past four, the first three are drawn and the fourth quarter is left
 * for a count of the rest, so fewer boxes than `count` come back.
 */
export function thingBoxes(count: number): ThingBox[] {
  if (count <= 0) return [];
  if (count === 1) return [{ x: 6, y: 6, size: TILE - 12 }];
  if (count === 2) return [{ x: 2, y: 26, size: 48 }, { x: 50, y: 26, size: 48 }];
  const quarters = [{ x: 4, y: 4, size: 44 }, { x: 52, y: 4, size: 44 }, { x: 4, y: 52, size: 44 }, MORE_BOX];
  return count <= 4 ? quarters.slice(0, count) : quarters.slice(0, 3);
}

function thingName(thing: MapThing): string {
  return thing.title ?? CAFETERIA_ART[thing.art]?.name ?? thing.art;
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
