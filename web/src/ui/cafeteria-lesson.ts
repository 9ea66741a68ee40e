// The cafeteria's map for a lesson (`/learn/cafeteria`): the game page's CafeteriaView drawn from
// a lesson step's cafeteria and the learner's actions (from `GET /api/lessons/cafeteria`), every
// action it sends handed to the lesson to judge instead of to a game.

import type { CafeteriaView as CafeteriaState, GameState, Legal, VariantInfo } from './api.js';
import { call } from './api.js';
import { CafeteriaView, type CafeteriaData } from './cafeteria-view.js';
import { NO_NAMES } from './cafeteria-words.js';

/** A game's state as the cafeteria view reads it: the step's cafeteria, the learner's actions
 * (none while an answer shows), nothing else happening. */
function stepState(cafeteria: CafeteriaState, legal: Legal | null): GameState {
  return {
    id: 'lesson', game: 'cafeteria', you: 0,
    legal: legal ?? { kind: 'nothing' },
    events: [], status: 'playing', listed: false, ply: 0, event: 0, seats: [], turn: null, board: null, cafeteria, clock: null,
    draw_offers: [], takeback_request: null, result: null, moves: [], seed: null,
    presence: [], turn_since_ms: 0, claim_after_ms: null, now_ms: 0,
  } as GameState;
}

/** The map and the action buttons of a cafeteria lesson. */
export class CafeteriaLessonMap {
  private constructor(private readonly view: CafeteriaView) {}

  /** The map (with its tables of students and staff). */
  get element(): HTMLElement {
    return this.view.element;
  }

  /** The turn line and the action buttons. */
  get panel(): HTMLElement {
    return this.view.panel;
  }

  /** A map that hands each action's text to `played`; the foods, tables and staff are named from
   * the game's rules (a failure to read them leaves food as "a food"). */
  static async make(first: CafeteriaState, legal: Legal, played: (text: string) => void): Promise<CafeteriaLessonMap> {
    let data: CafeteriaData = { ...NO_NAMES, faculty: [] };
    try {
      const info = await call<VariantInfo>('GET', '/api/variants/cafeteria');
      if ('foods' in info) data = { faculty: info.faculty, foods: info.foods, tables: info.tables };
    } catch {
      // The lesson still plays; its buttons name food by the rules' words from the server.
    }
    return new CafeteriaLessonMap(new CafeteriaView(stepState(first, legal), played, data));
  }

  /** Shows `cafeteria`, with the learner's `legal` actions or none. */
  show(cafeteria: CafeteriaState, legal: Legal | null): void {
    this.view.update(stepState(cafeteria, legal));
  }
}
