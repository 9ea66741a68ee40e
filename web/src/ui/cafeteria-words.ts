// The cafeteria's events, actions and result in sentences, read from their data: students, staff,
// food and tables by their names (the names come from the rules' data through the API), never an
// id. A front end renders; the rules (in crates/games/cafeteria) decide.

import { squareName } from '../cafeteria-map.js';
import type { CafeteriaView } from './api.js';

/** The names the game's data gives its numbered things: food counters and tables, by number. */
export interface CafeteriaNames {
  foods: readonly string[];
  tables: readonly string[];
}

/** No names known (yet): food is "a food", a table "a table". */
export const NO_NAMES: CafeteriaNames = { foods: [], tables: [] };

type Body = Record<string, unknown>;

function isSq(v: unknown): v is { x: number; y: number } {
  return typeof v === 'object' && v !== null && typeof (v as { x?: unknown }).x === 'number' && typeof (v as { y?: unknown }).y === 'number';
}

function sq(v: unknown): string {
  return isSq(v) ? squareName(v.x, v.y) : 'somewhere';
}

/** A student by number, as the view names it. */
export function studentName(id: unknown, caf: CafeteriaView | null): string {
  if (typeof id !== 'number') return 'a student';
  const s = caf?.students.find(x => x.id === id) ?? caf?.students[id];
  return s?.name ?? 'a student';
}

function facultyName(id: unknown, caf: CafeteriaView | null): string {
  return typeof id === 'number' ? (caf?.faculty[id]?.name ?? 'a staff member') : 'a staff member';
}

/** A food counter by number: "the milk" (or "a food" when the name is not known). */
export function foodName(id: unknown, names: CafeteriaNames): string {
  const name = typeof id === 'number' ? names.foods[id] : undefined;
  return name === undefined ? 'a food' : `the ${name}`;
}

function tableName(id: unknown, names: CafeteriaNames): string {
  const name = typeof id === 'number' ? names.tables[id] : undefined;
  return name ?? 'a table';
}

/** A target (`{"Student": 2}` or `{"Faculty": 0}`) by name. */
function targetName(t: unknown, caf: CafeteriaView | null): string {
  if (typeof t !== 'object' || t === null) return 'someone';
  const o = t as { Student?: unknown; Faculty?: unknown };
  if (typeof o.Student === 'number') return studentName(o.Student, caf);
  return facultyName(o.Faculty, caf);
}

/** `a`, `a and b`, `a, b and c`. */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

function foods(list: unknown, names: CafeteriaNames): string {
  if (!Array.isArray(list) || list.length === 0) return 'nothing';
  return andList(list.map(f => foodName(f, names)));
}

function count(n: unknown, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${String(n)} ${many}`;
}

// How an attack's food was sent, for "Rock throws the milk at Connie".
const HOW: Readonly<Record<string, string>> = {
  Throw: 'throws', Squirt: 'squirts', DumpBowl: 'dumps', DumpTray: 'dumps', LastDitch: 'throws', FoodOff: 'throws',
};
const HOW_TAIL: Readonly<Record<string, string>> = {
  Throw: 'at', Squirt: 'at', DumpBowl: 'on', DumpTray: 'on', LastDitch: 'in a Last Ditch Assault at', FoodOff: 'in the Food-Off at',
};

/** One of the cafeteria's events told as a person would, the dice included; null for one a
 * watcher learns nothing new from. */
export function cafeteriaSentence(data: unknown, caf: CafeteriaView | null, names: CafeteriaNames = NO_NAMES): string | null {
  if (typeof data === 'string') {
    switch (data) {
      case 'FightStarted': return 'The first food flies: the alarm sounds and the staff will come';
      case 'FoodOffStarts': return 'The last round is over: the students still in the fight hold a Food-Off';
      case 'NoThrow': return 'Nobody has thrown anything for ten rounds';
      default: return null;
    }
  }
  if (typeof data !== 'object' || data === null) return null;
  const [kind, body] = Object.entries(data as Body)[0] ?? ['', null];
  const b = (typeof body === 'object' && body !== null ? body : {}) as Body;
  const st = (v: unknown): string => studentName(v, caf);
  const fa = (v: unknown): string => facultyName(v, caf);
  switch (kind) {
    case 'StartsOn': return `${st(b['student'])} starts on ${sq(b['sq'])}`;
    case 'RoundStarted': return `Round ${String(body)} begins`;
    case 'CanBack': return `A garbage can is back in its place at ${sq(b['sq'])}`;
    case 'TurnLost': return `${st(body)} is still stunned and loses the turn`;
    case 'TurnStarted': return `${st(b['student'])}'s turn, with ${String(b['aa'])} AA`;
    case 'TurnEnded': return `${st(b['student'])} ends the turn${Number(b['unused']) > 0 ? ` (${String(b['unused'])} AA unused)` : ''}`;
    case 'MysteryRevealed': return `The Mystery Meat turns out to have range ${String(b['range'])}, slipperiness ${String(b['slip'])}, damage ${String(b['damage'])} and to hit ${String(b['to_hit'])}`;
    case 'FoodLine': return `${st(b['student'])} goes through the Food Line and takes ${b['tray'] === true ? 'a tray and ' : ''}${count(b['count'], 'food', 'foods')} face down`;
    case 'Gets': return `${st(b['student'])} gets ${foods(b['foods'], names)} (only you see this)`;
    case 'Gives': return `${st(b['student'])} no longer holds ${foods(b['foods'], names)} (only you see this)`;
    case 'Moved': return `${st(b['student'])} steps to ${sq(b['to'])}`;
    case 'LeftTable': return `${st(body)} comes out from behind the tipped table, which is set upright`;
    case 'TookCan': return `${st(b['student'])} picks up the garbage can (fullness ${String(b['fullness'])}, rolled ${String(b['roll'])})`;
    case 'TookCanAgain': return `${st(body)} picks the garbage can up again`;
    case 'SlipRoll': {
      const slips = Number(b['roll']) <= Number(b['slipperiness']);
      return `${st(b['student'])} steps into spilled food: rolls ${String(b['roll'])} against slipperiness ${String(b['slipperiness'])}, ${slips ? 'and slips' : 'and keeps their feet'}`;
    }
    case 'Slipped': {
      const what = [b['loses_items'] === true ? 'drops everything' : '', b['hurt'] === true ? 'gets hurt' : '', Number(b['aa_lost']) > 0 ? `loses ${String(b['aa_lost'])} AA` : '', b['stunned'] === true ? 'is stunned' : ''].filter(Boolean);
      return `${st(b['student'])} slips (roll ${String(b['roll'])})${what.length ? ` and ${andList(what)}` : ' but nothing worse happens'}`;
    }
    case 'StudentHurt': return `${st(b['student'])} takes ${String(b['damage'])} damage (AR ${String(b['ar'])} left)`;
    case 'Retired': return `${st(body)} has no AR left and retires from the fight`;
    case 'StudentStunned': return `${st(body)} is stunned and drops everything`;
    case 'FacultyHurt': return `${fa(b['faculty'])} takes ${String(b['damage'])} damage (${String(b['total'])} of NSR ${String(b['nsr'])} this round)`;
    case 'FacultyImmobilized': return `${fa(body)} is stunned through the next round`;
    case 'StunRoll': {
      const stunned = Number(b['roll']) >= Number(b['on']);
      return `Stun roll for ${targetName(b['target'], caf)}: ${String(b['roll'])} (stuns on ${String(b['on'])}), ${stunned ? 'stunned' : 'not stunned'}`;
    }
    case 'FallsShort': return `${st(b['student'])}'s ${foodName(b['food'], names).slice(4) || 'food'} falls short of ${targetName(b['target'], caf)}`;
    case 'Attack': {
      const how = String(b['how']);
      const result = b['hit'] === true ? 'a hit' : 'a miss';
      return `${st(b['student'])} ${HOW[how] ?? 'throws'} ${foodName(b['food'], names)} ${HOW_TAIL[how] ?? 'at'} ${targetName(b['target'], caf)}: rolls ${String(b['roll'])} on 2d6 (${String(b['to_hit'])} or less hits), ${result}`;
    }
    case 'DumpedTray': return `${st(b['student'])} dumps a whole tray on ${targetName(b['target'], caf)}`;
    case 'FoodOffDamage': return `${st(b['student'])} ends the Food-Off with ${String(b['damage'])} damage taken`;
    case 'Lands': return `The missed ${foodName(b['food'], names).slice(4) || 'food'} lands on ${sq(b['sq'])}`;
    case 'NoRoom': return `The missed ${foodName(body, names).slice(4) || 'food'} finds no room on the floor and leaves play`;
    case 'DroppedTray': return `${st(body)} puts the tray down`;
    case 'DroppedHeld': return `${st(body)} puts down what both hands held`;
    case 'Dropped': return `${st(body)} puts a food down`;
    case 'FedCan': return `${st(b['student'])} throws a food into a garbage can`;
    case 'TookTray': return `${st(b['student'])} takes the tray from ${tableName(b['table'], names)}`;
    case 'TookSalad': return `${st(b['student'])} takes ${foodName(b['food'], names)} from the salad bar`;
    case 'Searched':
      return Number(b['found']) > 0
        ? `${st(b['student'])} searches ${tableName(b['table'], names)}: rolls ${String(b['roll'])}, finds ${count(b['found'], 'food', 'foods')} face down`
        : `${st(b['student'])} searches ${tableName(b['table'], names)}: rolls ${String(b['roll'])}, finds nothing`;
    case 'PickedUp': return `${st(b['student'])} picks up ${count(b['count'], 'food', 'foods')} face down`;
    case 'Spilled': return `${st(b['student'])} spills a garbage can (fullness ${String(b['fullness'])}) toward ${String(b['dir'] ?? '').toLowerCase() || 'the floor'}`;
    case 'SpillRoll':
      return `The garbage reaches ${targetName(b['target'], caf)} (${String(b['distance'])} away): attack ${String(b['attack'])} against defence ${String(b['defence'])}, ${Number(b['attack']) > Number(b['defence']) ? 'a hit' : 'a miss'}`;
    case 'TipRoll': {
      const fails = Number(b['value']) > Number(b['aa']);
      return `${st(b['student'])} tries to tip ${tableName(b['table'], names)}: rolls ${String(b['roll'])}, ${String(b['value'])} against AA ${String(b['aa'])}${fails ? ', and fails' : ''}`;
    }
    case 'Tipped': return `${st(b['student'])} tips ${tableName(b['table'], names)} over and hides behind it`;
    case 'Noticed': return `${fa(b['faculty'])} notices the tipped ${tableName(b['table'], names)}`;
    case 'Entered': return `${fa(body)} enters the cafeteria`;
    case 'GoesFor': return `${fa(b['faculty'])} goes for ${st(b['student'])}`;
    case 'FacultyMoved': return `${fa(b['faculty'])} moves to ${sq(b['to'])}`;
    case 'Wades': return `${fa(b['faculty'])} wades into spilled food: rolls ${String(b['roll'])} against MR ${String(b['mr'])}${Number(b['roll']) > Number(b['mr']) ? ', and has to stop' : ''}`;
    case 'FoundHiding': return `${fa(b['faculty'])} finds ${st(b['student'])} hiding behind the tipped table`;
    case 'Caught': return `${fa(b['faculty'])} catches ${st(b['student'])}`;
    case 'LastDitch': return `${st(body)} makes a Last Ditch Assault`;
    case 'CanEmptied': return `The garbage can empties over ${fa(body)}`;
    case 'Escaped': return `${st(b['student'])} fights off ${fa(b['faculty'])} and escapes`;
    case 'HauledAway': return `${fa(b['faculty'])} hauls ${st(b['student'])} away to the Principal's Office`;
    case 'GameOver': return `Game over: ${resultSentence(b['kind'], b['winners'], caf)}`;
    default: return null;
  }
}

/** How a cafeteria game ended, naming the winners (`winners`: student numbers) and why. */
export function resultSentence(kind: unknown, winners: unknown, caf: CafeteriaView | null): string {
  const won = Array.isArray(winners) ? winners.map(w => studentName(w, caf)) : [];
  const who = andList(won);
  const one = won.length === 1;
  switch (kind) {
    case 'FoodOff':
      if (won.length === 0) return 'nobody wins the Food-Off';
      return one ? `${who} wins the Food-Off, having taken the least damage in it` : `${who} share the win: the Food-Off left them level`;
    case 'LastStudent':
      if (won.length === 0) return 'nobody is left to win';
      return one ? `${who} wins, the last student left in the fight` : `${who} win: only their player's students are left in the fight`;
    case 'NoSurvivor':
      return 'nobody wins: every student was hauled away or retired';
    case 'NoThrow':
      return 'nobody wins: ten rounds went by without a throw';
    default:
      return won.length ? `${who} ${one ? 'wins' : 'win'}` : 'nobody wins';
  }
}

/** The steps of the walk being told, so that its steps make one line of the log. */
export class WalkMemory {
  private path: string[] = [];
  private next = 0;

  /** A student's action: a walk's squares are remembered (anything else forgets them). */
  acted(action: unknown): void {
    const walk = typeof action === 'object' && action !== null ? (action as { Walk?: unknown }).Walk : undefined;
    this.path = Array.isArray(walk) ? walk.map(sq) : [];
    this.next = 0;
  }

  /** A step to `to`: undefined when it is no step of the walk (told on its own), null for a step
   * on the way (not told), the walk's sentence for its last step. */
  step(to: unknown, student: unknown, caf: CafeteriaView | null): string | null | undefined {
    if (this.path[this.next] !== sq(to)) return undefined;
    this.next += 1;
    if (this.next < this.path.length) return null;
    const way = this.path;
    this.path = [];
    return `${studentName(student, caf)} walks to ${way[way.length - 1] ?? ''} by ${andList(way.slice(0, -1))} (${way.length} steps)`;
  }
}
