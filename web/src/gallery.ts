// The gallery page: every game's start position, every piece large with its name on both sides,
// lettered tokens, boards from 8x8 to 16x16, and the cafeteria map with its people and things.

import './gallery.css';
import { cafeteria, variants } from 'messhall:catalog';
import { Board, artOf, bundleBase } from './board.js';
import { CAFETERIA_ART } from './cafeteria-art.js';
import { drawCafeteria, type MapThing } from './cafeteria-map.js';
import { ART } from './pieces.js';

const assets = bundleBase;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function section(id: string, title: string, intro: string): HTMLElement {
  const s = h('section', { id }, h('h2', {}, title), h('p', {}, intro));
  document.body.appendChild(s);
  return s;
}

function gameBoard(
  parent: HTMLElement,
  title: string,
  note: string,
  game: { variant: string; files: number; ranks: number; names?: Record<string, string> },
  fen: string,
  orientation: 'white' | 'black' = 'white',
): void {
  const holder = h('div', { class: 'board' });
  const fig = h('figure', { class: 'game', 'data-board': `${game.variant}-${game.files}x${game.ranks}-${orientation}` }, h('figcaption', {}, h('strong', {}, title), ` ${note}`), holder);
  parent.appendChild(fig);
  new Board(holder, game, { fen, assets, orientation, config: { viewOnly: true } });
  const legend = h('ul', { class: 'legend' });
  for (const [letter, name] of Object.entries(game.names ?? {})) {
    const art = artOf(game, letter);
    legend.appendChild(h('li', {}, h('code', {}, letter), ` ${name}${art === null ? ' (token)' : ''}`));
  }
  fig.appendChild(legend);
}

document.body.appendChild(h('h1', {}, 'messhall: piece art and boards'));
document.body.appendChild(
  h('nav', {}, ...['games', 'pieces', 'tokens', 'sizes', 'cafeteria'].map(id => h('a', { href: `#${id}` }, id))),
);

const games = section('games', 'Start positions', 'Every game as the engine sets it up (read from its variant file), White at the bottom.');
for (const v of variants) {
  gameBoard(games, v.name, v.builtIn ? `(${v.files}x${v.ranks})` : `(${v.files}x${v.ranks}, example file)`, { variant: v.name, files: v.files, ranks: v.ranks, names: v.names }, v.start);
}

const pieces = section('pieces', 'Every piece', 'White and Black, large and at 40 px (a square of a 12x12 board 480 px wide).');
for (const set of ['fide', 'food', 'friendly', 'neutral'] as const) {
  const title = { fide: 'FIDE pieces (chess, Calorie, PieceEater)', food: 'Food Fight chess', friendly: 'A "Friendly" Game of Chess', neutral: 'PieceEater Chess: the neutral monster' }[set];
  const grid = h('div', { class: 'pieces' });
  pieces.append(h('h3', {}, title), grid);
  for (const [id, art] of Object.entries(ART)) {
    if (art.set !== set) continue;
    const sides = art.kind === 'sided' ? ['white', 'black'] : ['neutral'];
    const card = h('figure', { class: 'piece', 'data-art': id });
    for (const side of sides) {
      const src = `${assets}pieces/${side}/${id}.svg`;
      card.append(h('img', { src, width: '96', height: '96', alt: `${side} ${art.name}` }), h('img', { src, width: '40', height: '40', alt: '' }));
    }
    card.appendChild(h('figcaption', {}, art.name));
    grid.appendChild(card);
  }
}

const tokens = section('tokens', 'Lettered tokens', 'A piece of a user variant with no art of its own is drawn as a token with its letter; a piece named like one of ours (a Knight, an Archer) gets our art.');
gameBoard(tokens, 'a user variant', '(10x8: pieces named like ours get our art, the rest are tokens)', {
  variant: 'user-example', files: 10, ranks: 8,
  names: { N: 'Knight', A: 'Archbishop', C: 'Chancellor', W: 'Wizard', P: 'Pawn', K: 'King' },
}, 'rnacwkcanr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNACWKCANR w - - 0 1');

const sizes = section('sizes', 'Board sizes', 'chessgroundx draws any size from 8x8 to 16x16; a1 is a dark square whichever way the board is turned.');
gameBoard(sizes, '16x16', '', { variant: 'foodfight', files: 16, ranks: 16 }, 'rscbmnkmbcsr4/dmfwueeuwfmd4/ppppggggpppp4/16/16/16/16/8I7/16/16/16/16/16/PPPPGGGGPPPP4/DMFWUEEUWFMD4/RSCBMNKMBCSR4 w - - 0 1');
gameBoard(sizes, '9x10', '', { variant: 'chess', files: 9, ranks: 10 }, 'rnbqkqbnr/ppppppppp/9/9/9/9/9/9/PPPPPPPPP/RNBQKQBNR w - - 0 1');
gameBoard(sizes, 'Calorie energies and a hand', '(counters in braces are badges)', { variant: 'pieceeater', files: 8, ranks: 8 }, 'r1bqk{7}b1r/pppp{3}1ppp/2n5/4p{6}3/2B*P3/5N{2}2/PPPP1PPP/RNBQK2R[PPNrb] w KQkq - 0 1');

const friendly = variants.find(v => v.name === 'friendly');
if (friendly) {
  gameBoard(sizes, 'friendly from Black’s side', '(12x12, turned)', { variant: friendly.name, files: 12, ranks: 12, names: friendly.names }, friendly.start, 'black');
}

const caf = section('cafeteria', 'The cafeteria', 'The map from the game’s data folder, with its people and things as they might stand in round 3 (Table E tipped).');
const things: MapThing[] = [
  { square: 'c3', art: 'rock' }, { square: 'h7', art: 'connie' }, { square: 'p9', art: 'dwayne' }, { square: 'f14', art: 'lennie' },
  { square: 'l14', art: 'coach' }, { square: 'v9', art: 'oscar' }, { square: 'i2', art: 'pallid' },
  { square: 'e4', art: 'tray' }, { square: 'i7', art: 'spilled-food' }, { square: 'j7', art: 'spilled-food' },
  { square: 'o7', art: 'garbage' }, { square: 'r10', art: 'can' },
];
caf.appendChild(h('div', { class: 'map' }, drawCafeteria(cafeteria.map, cafeteria.legend, things, assets, ['Table E'])));
const cgrid = h('div', { class: 'pieces' });
caf.appendChild(cgrid);
for (const [id, art] of Object.entries(CAFETERIA_ART)) {
  const src = `${assets}cafeteria/${id}.svg`;
  cgrid.appendChild(h('figure', { class: 'piece', 'data-art': id }, h('img', { src, width: '96', height: '96', alt: art.name }), h('img', { src, width: '32', height: '32', alt: '' }), h('figcaption', {}, `${art.name} (${art.kind})`)));
}
