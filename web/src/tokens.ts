// Lettered tokens: the drawing of a piece that has no art (a user variant's own pieces), made from
// data: a disc in its side's colours with its letter.

import { PALETTES } from './palette.js';

/** An SVG of a round token with `letter` for `side`, as a `data:` URL for CSS. */
export function tokenUrl(letter: string, side: 'white' | 'black'): string {
  const p = PALETTES[side];
  const ch = escapeXml(letter.toUpperCase().slice(0, 2));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<circle cx="50" cy="50" r="42" fill="${p.body}" stroke="${p.ink}" stroke-width="6"/>` +
    `<circle cx="50" cy="50" r="33" fill="none" stroke="${p.ink}" stroke-width="2"/>` +
    `<text x="50" y="51" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" ` +
    `font-weight="bold" font-size="44" fill="${p.ink}">${ch}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, c => `&#${c.charCodeAt(0)};`);
}
