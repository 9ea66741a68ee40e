// The computer's levels as the server names them (`GET /api/variants`), for the opponent selects.

import { call, type LevelInfo, type VariantList } from './api.js';
import { h } from './dom.js';

/** The levels and the one offered first. */
export type Levels = Pick<VariantList, 'levels' | 'default_level'>;

/** The options of a select of levels: each level's name and number, its sentence on hover; the
 * default level selected. */
export function levelOptions(levels: Levels): HTMLOptionElement[] {
  return levels.levels.map((l: LevelInfo) => {
    const option = h('option', { value: `level=${l.number}`, title: `${l.name}: ${l.description}` }, `computer: ${l.name} (level ${l.number})`);
    option.selected = l.number === levels.default_level;
    return option;
  });
}

/** What the level a select holds does, in a sentence ('' for another player). */
export function levelSentence(levels: Levels, value: string): string {
  const level = levels.levels.find(l => `level=${l.number}` === value);
  return level === undefined ? '' : `The computer, ${level.name}: ${level.description}.`;
}

/** The levels from the server. */
export async function fetchLevels(): Promise<Levels> {
  return call<VariantList>('GET', '/api/variants');
}
