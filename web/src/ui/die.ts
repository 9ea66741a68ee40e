// A die face drawn for the PieceEater's last roll: pips for one to six, the number above that
// (the die is as large as the choices the monster has), and the roll's words beside it.

import { h } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';

// Pip centres on a 3x3 grid (0..2) for each face up to six.
const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

function svg(tag: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** A die showing `face`, captioned `rolled FACE of OF`. */
export function dieFace(face: number, of: number, who: string): HTMLElement {
  const pic = svg('svg', { viewBox: '0 0 48 48', width: 40, height: 40, role: 'img', 'aria-label': `die showing ${face}` });
  pic.appendChild(svg('rect', { x: 2, y: 2, width: 44, height: 44, rx: 8, fill: '#fffdf6', stroke: '#3b3226', 'stroke-width': 2.5 }));
  const pips = PIPS[face];
  if (pips !== undefined) {
    for (const [x, y] of pips) pic.appendChild(svg('circle', { cx: 12 + x * 12, cy: 12 + y * 12, r: 4.2, fill: '#3b3226' }));
  } else {
    const t = svg('text', { x: 24, y: 32, 'text-anchor': 'middle', 'font-size': 24, 'font-weight': 700, fill: '#3b3226' });
    t.textContent = String(face);
    pic.appendChild(t);
  }
  return h('div', { class: 'die', 'data-face': String(face), 'data-of': String(of) }, pic as unknown as Node, h('span', {}, `${who} rolled ${face} of ${of}`));
}
