// The cafeteria game's drawings: data only. Each id is a file web/art/cafeteria/<id>.svg, copied to
// dist/cafeteria/. Students are round tokens, staff square ones, so the two are told apart at a
// glance; the rest are the map's tiles and the things lying on them.

/** What a drawing shows. */
export type CafeteriaArtKind = 'student' | 'staff' | 'place' | 'thing' | 'stack';

/** One cafeteria drawing. */
export interface CafeteriaArt {
  /** The name the game uses. */
  name: string;
  kind: CafeteriaArtKind;
}

/** Every cafeteria drawing, by id. */
export const CAFETERIA_ART: Readonly<Record<string, CafeteriaArt>> = {
  rock: { name: 'Rock', kind: 'student' },
  connie: { name: 'Connie', kind: 'student' },
  dwayne: { name: 'Dwayne', kind: 'student' },
  lennie: { name: 'Lennie', kind: 'student' },
  pallid: { name: 'Ms. Pallid', kind: 'staff' },
  adenoid: { name: 'Dr. Adenoid', kind: 'staff' },
  wrench: { name: 'The Wrench', kind: 'staff' },
  annie: { name: 'Crazy Annie', kind: 'staff' },
  oscar: { name: 'Mad Oscar', kind: 'staff' },
  coach: { name: 'Coach', kind: 'staff' },
  table: { name: 'table', kind: 'place' },
  'tipped-table': { name: 'tipped table', kind: 'place' },
  chair: { name: 'chair', kind: 'place' },
  counter: { name: 'Food Line counter', kind: 'place' },
  entrance: { name: 'Food Line Entrance', kind: 'place' },
  exit: { name: 'Food Line Exit', kind: 'place' },
  lounge: { name: 'Faculty/Staff Lounge', kind: 'place' },
  door: { name: 'staff entry', kind: 'place' },
  office: { name: "Principal's Office", kind: 'place' },
  tray: { name: 'tray', kind: 'thing' },
  can: { name: 'garbage can', kind: 'thing' },
  'spilled-food': { name: 'spilled food', kind: 'thing' },
  garbage: { name: 'garbage', kind: 'thing' },
  beverages: { name: 'Beverages stack', kind: 'stack' },
  breads: { name: 'Breads stack', kind: 'stack' },
  vegetables: { name: 'Vegetables stack', kind: 'stack' },
  'main-dishes': { name: 'Main Dishes stack', kind: 'stack' },
  desserts: { name: 'Desserts stack', kind: 'stack' },
};

/** The drawing of a student or staff member by the name the game gives it, if there is one. */
export function characterArt(name: string): string | undefined {
  for (const [id, art] of Object.entries(CAFETERIA_ART)) {
    if ((art.kind === 'student' || art.kind === 'staff') && art.name === name) return id;
  }
  return undefined;
}
