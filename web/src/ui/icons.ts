// Small inline SVG icons for the step buttons: they draw on any browser, with no font's glyphs
// (a bare Debian chromium has no ⏮ or ⏭).

const SVG = 'http://www.w3.org/2000/svg';

/** The icons: the first position, one back, one forward, the last. */
const PATHS = {
  first: 'M3 2h2v12H3zM14 2v12L6 8z',
  back: 'M12 2v12L4 8z',
  forward: 'M4 2v12l8-6z',
  last: 'M11 2h2v12h-2zM2 2v12l8-6z',
} as const;

/** An icon, 1em square, in the text's colour. */
export function icon(name: keyof typeof PATHS): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '1em');
  svg.setAttribute('height', '1em');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('fill', 'currentColor');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', PATHS[name]);
  svg.appendChild(path);
  return svg;
}
