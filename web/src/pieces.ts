// The piece art and which letter of which game it draws: data only. Each art id is a file
// web/art/<set>/<id>.svg; the build makes a white and a black copy of every sided piece
// (dist/pieces/white/<id>.svg, dist/pieces/black/<id>.svg) and one of every neutral piece
// (dist/pieces/neutral/<id>.svg). A letter a game's table leaves out is drawn as a lettered token.

/** How a piece's art is coloured: per side, or one look for a piece nobody owns. */
export type ArtKind = 'sided' | 'neutral';

/** One piece drawing. */
export interface Art {
  /** The folder under web/art/. */
  set: 'fide' | 'food' | 'friendly' | 'neutral';
  /** The piece's name in its game's own words. */
  name: string;
  kind: ArtKind;
}

/** Every piece drawing, by id (its file name without `.svg`). */
export const ART: Readonly<Record<string, Art>> = {
  // FIDE chess
  king: { set: 'fide', name: 'King', kind: 'sided' },
  queen: { set: 'fide', name: 'Queen', kind: 'sided' },
  rook: { set: 'fide', name: 'Rook', kind: 'sided' },
  bishop: { set: 'fide', name: 'Bishop', kind: 'sided' },
  knight: { set: 'fide', name: 'Knight', kind: 'sided' },
  pawn: { set: 'fide', name: 'Pawn', kind: 'sided' },
  // Food Fight chess
  chef: { set: 'food', name: 'Chef', kind: 'sided' },
  pancake: { set: 'food', name: 'Pancake', kind: 'sided' },
  meatball: { set: 'food', name: 'Meatball', kind: 'sided' },
  rutabaga: { set: 'food', name: 'Rutabaga', kind: 'sided' },
  cantaloupe: { set: 'food', name: 'Cantaloupe', kind: 'sided' },
  sausage: { set: 'food', name: 'Sausage', kind: 'sided' },
  rhubarb: { set: 'food', name: 'Rhubarb', kind: 'sided' },
  pepperoni: { set: 'food', name: 'Pepperoni', kind: 'sided' },
  mushroom: { set: 'food', name: 'Mushroom', kind: 'sided' },
  waffle: { set: 'food', name: 'Waffle', kind: 'sided' },
  falafel: { set: 'food', name: 'Falafel', kind: 'sided' },
  doughnut: { set: 'food', name: 'Doughnut', kind: 'sided' },
  pie: { set: 'food', name: 'Pie', kind: 'sided' },
  fish: { set: 'food', name: 'Fish pawn', kind: 'sided' },
  piglet: { set: 'food', name: 'Piglet pawn', kind: 'sided' },
  // A "Friendly" Game of Chess
  friend: { set: 'friendly', name: 'Friend', kind: 'sided' },
  archer: { set: 'friendly', name: 'Archer', kind: 'sided' },
  bodyguard: { set: 'friendly', name: 'Bodyguard', kind: 'sided' },
  buffalo: { set: 'friendly', name: 'Buffalo', kind: 'sided' },
  caliph: { set: 'friendly', name: 'Caliph', kind: 'sided' },
  dayrider: { set: 'friendly', name: 'Dayrider', kind: 'sided' },
  squirrel: { set: 'friendly', name: 'Displacer Squirrel', kind: 'sided' },
  gerbil: { set: 'friendly', name: 'Gerbil', kind: 'sided' },
  hangman: { set: 'friendly', name: 'Hangman', kind: 'sided' },
  impala: { set: 'friendly', name: 'Impala', kind: 'sided' },
  jellyfish: { set: 'friendly', name: 'Jellyfish', kind: 'sided' },
  lady: { set: 'friendly', name: 'Lady in Waiting', kind: 'sided' },
  midnighter: { set: 'friendly', name: 'Midnighter', kind: 'sided' },
  mtawala: { set: 'friendly', name: 'Mtawala', kind: 'sided' },
  poison: { set: 'friendly', name: 'Poison', kind: 'sided' },
  samurai: { set: 'friendly', name: 'Samurai', kind: 'sided' },
  sniper: { set: 'friendly', name: 'Sniper', kind: 'sided' },
  'standard-pawn': { set: 'friendly', name: 'Standard Pawn', kind: 'sided' },
  'berolina-pawn': { set: 'friendly', name: 'Berolina Pawn', kind: 'sided' },
  'chicken-pawn': { set: 'friendly', name: 'Chicken Pawn', kind: 'sided' },
  'mecklenbeck-pawn': { set: 'friendly', name: 'Mecklenbeck Pawn', kind: 'sided' },
  'patient-pawn': { set: 'friendly', name: 'Patient Pawn', kind: 'sided' },
  'scorpion-pawn': { set: 'friendly', name: 'Scorpion Pawn', kind: 'sided' },
  // PieceEater Chess
  pieceeater: { set: 'neutral', name: 'PieceEater', kind: 'neutral' },
};

const FIDE: Readonly<Record<string, string>> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

/** The art of each game's letters (upper case; `*` is the neutral PieceEater), by variant name. */
export const VARIANT_ART: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  chess: FIDE,
  calorie: FIDE,
  pieceeater: { ...FIDE, '*': 'pieceeater' },
  'pieceeater-mate': { ...FIDE, '*': 'pieceeater' },
  'pieceeater-steered': { ...FIDE, '*': 'pieceeater' },
  'drops-king-capture': FIDE,
  'court-powers': { ...FIDE, A: 'archer' },
  foodfight: {
    K: 'chef', C: 'cantaloupe', D: 'doughnut', F: 'falafel', M: 'meatball', U: 'mushroom', N: 'pancake',
    I: 'pie', E: 'pepperoni', R: 'rhubarb', B: 'rutabaga', S: 'sausage', W: 'waffle', P: 'fish', G: 'piglet',
  },
  friendly: {
    F: 'friend', A: 'archer', B: 'bodyguard', U: 'buffalo', C: 'caliph', D: 'dayrider', Q: 'squirrel',
    G: 'gerbil', H: 'hangman', I: 'impala', J: 'jellyfish', L: 'lady', M: 'midnighter', T: 'mtawala',
    O: 'poison', K: 'samurai', S: 'sniper', P: 'standard-pawn', E: 'berolina-pawn', Y: 'chicken-pawn',
    X: 'mecklenbeck-pawn', V: 'patient-pawn', Z: 'scorpion-pawn',
  },
};

/** The neutral PieceEater's art, whatever game a `*` stands in. */
export const NEUTRAL_ART = 'pieceeater';
