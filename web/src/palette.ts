// The two sides' colours, shared by the piece art (the build writes them into each sided SVG) and
// the lettered tokens drawn for pieces without art. Light body with dark ink for White, dark body
// with light ink for Black; food stands on a plate of its side's colour.

/** A side's colours. */
export interface Palette {
  /** Outlines and details. */
  ink: string;
  /** The main fill of a piece that is not food. */
  body: string;
  /** A second tone of the body. */
  shade: string;
  /** The plate under a food piece. */
  plate: string;
}

/** The palettes of White and Black. */
export const PALETTES: Readonly<Record<'white' | 'black', Palette>> = {
  white: { ink: '#2b2118', body: '#fbf7ee', shade: '#d9ccb4', plate: '#fffdf7' },
  black: { ink: '#f6eedc', body: '#2a2730', shade: '#5b5665', plate: '#2e2b34' },
};

/**
 * The `<style>` a sided SVG gets for one side: classes `i` (ink stroke), `k` (ink fill), `b` (body
 * fill), `h` (shade fill), `s` (body stroke: a line drawn over a wider ink line stays
 * visible on both square colours) and `p` (plate: plate fill, ink rim).
 */
export function sideStyle(p: Palette): string {
  return `<style>.i{stroke:${p.ink}}.k{fill:${p.ink}}.b{fill:${p.body}}.h{fill:${p.shade}}.s{stroke:${p.body}}.p{fill:${p.plate};stroke:${p.ink}}</style>`;
}
