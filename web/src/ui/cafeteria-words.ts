// The cafeteria's events and actions in words, read from their data without knowing each kind:
// `{"TookCan": {"student": 0, "roll": 4, "fullness": 5}}` reads "Rock took can: roll 4, fullness 5".

import { squareName } from '../cafeteria-map.js';
import type { CafeteriaView } from './api.js';

// `TookCanAgain` -> "took can again".
function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function isSq(v: unknown): v is { x: number; y: number } {
  return typeof v === 'object' && v !== null && typeof (v as { x?: unknown }).x === 'number' && typeof (v as { y?: unknown }).y === 'number';
}

/** A value in words: a square by its name, a student by name, a list joined. */
function value(key: string, v: unknown, caf: CafeteriaView | null): string {
  if (isSq(v)) return squareName(v.x, v.y);
  if ((key === 'student' || key === 'target' || key === 'by' || key === 'victim') && typeof v === 'number') return studentName(v, caf);
  if (Array.isArray(v)) return v.map(x => value(key, x, caf)).join(', ');
  if (typeof v === 'object' && v !== null) return thing(v, caf);
  return String(v);
}

function studentName(id: number, caf: CafeteriaView | null): string {
  const s = caf?.students.find(x => (x as { id?: unknown }).id === id) ?? caf?.students[id];
  return s?.name ?? `student ${id}`;
}

/** An event or action of the cafeteria in words. */
export function thing(data: unknown, caf: CafeteriaView | null): string {
  if (typeof data !== 'object' || data === null) return typeof data === 'string' ? words(data) : String(data);
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length !== 1 || entries[0] === undefined) {
    return entries.map(([k, v]) => `${words(k)} ${value(k, v, caf)}`).join(', ');
  }
  const [kind, body] = entries[0];
  if (typeof body !== 'object' || body === null || isSq(body)) {
    const v = typeof body === 'number' && /Student|Lost|Left|Again|Stunned/.test(kind) ? studentName(body, caf) : value(kind, body, caf);
    return `${words(kind)}: ${v}`;
  }
  const fields = { ...(body as Record<string, unknown>) };
  const who = typeof fields['student'] === 'number' ? studentName(fields['student'], caf) : null;
  delete fields['student'];
  const rest = Object.entries(fields).map(([k, v]) => `${words(k)} ${value(k, v, caf)}`).join(', ');
  return `${who !== null ? `${who} ` : ''}${words(kind)}${rest ? `: ${rest}` : ''}`;
}

function facultyName(id: unknown, caf: CafeteriaView | null): string {
  return typeof id === 'number' ? (caf?.faculty[id]?.name ?? `staff member ${id}`) : 'a staff member';
}

// A target (`{"Student": 2}` or `{"Faculty": 0}`) by name.
function targetName(t: unknown, caf: CafeteriaView | null): string {
  if (typeof t !== 'object' || t === null) return 'someone';
  const o = t as { Student?: unknown; Faculty?: unknown };
  if (typeof o.Student === 'number') return studentName(o.Student, caf);
  return facultyName(o.Faculty, caf);
}

const HOW: Readonly<Record<string, string>> = {
  Throw: 'throws food at', Squirt: 'squirts the pumper at', DumpBowl: 'dumps the bowl on', DumpTray: 'dumps a tray item on',
  LastDitch: 'throws in a Last Ditch Assault at', FoodOff: 'attacks in the Food-Off',
};

/** The cafeteria's events told as a person would, the dice included: hit or miss, where the food
 * landed, slips, who the staff caught. Null for an event with no sentence of its own (then
 * {@link thing} names it). */
export function cafeteriaSentence(data: unknown, caf: CafeteriaView | null): string | null {
  if (typeof data !== 'object' || data === null) {
    if (data === 'FightStarted') return 'The first food flies: the alarm sounds and the staff will come';
    if (data === 'FoodOffStarts') return 'A Food-Off begins';
    if (data === 'NoThrow') return 'Nothing can be thrown';
    return null;
  }
  const [kind, body] = Object.entries(data as Record<string, unknown>)[0] ?? ['', null];
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const st = (v: unknown): string => (typeof v === 'number' ? studentName(v, caf) : 'someone');
  const sq = (v: unknown): string => (isSq(v) ? squareName(v.x, v.y) : '?');
  switch (kind) {
    case 'RoundStarted':
      return `Round ${String(body)} begins`;
    case 'TurnStarted':
      return `${st(b['student'])}'s turn, with ${String(b['aa'])} AA`;
    case 'TurnLost':
      return `${st(body)} is still stunned and loses the turn`;
    case 'Moved':
      return `${st(b['student'])} steps to ${sq(b['to'])}`;
    case 'Attack': {
      const verb = HOW[String(b['how'])] ?? 'attacks';
      const result = b['hit'] === true ? 'a hit' : 'a miss';
      return `${st(b['student'])} ${verb} ${targetName(b['target'], caf)}: rolls ${String(b['roll'])} on 2d6 (${String(b['to_hit'])} or less hits), ${result}`;
    }
    case 'FallsShort':
      return `${st(b['student'])}'s throw at ${targetName(b['target'], caf)} falls short`;
    case 'Lands':
      return `The missed food lands on ${sq(b['sq'])}`;
    case 'NoRoom':
      return 'The missed food finds no room on the floor and leaves play';
    case 'DumpedTray':
      return `${st(b['student'])} dumps a tray on ${targetName(b['target'], caf)}`;
    case 'StunRoll': {
      const stunned = Number(b['roll']) >= Number(b['on']);
      return `Stun roll for ${targetName(b['target'], caf)}: ${String(b['roll'])} (stuns on ${String(b['on'])}), ${stunned ? 'stunned' : 'not stunned'}`;
    }
    case 'StudentHurt':
      return `${st(b['student'])} takes ${String(b['damage'])} damage (AR ${String(b['ar'])} left)`;
    case 'StudentStunned':
      return `${st(body)} is stunned and drops everything`;
    case 'Retired':
      return `${st(body)} has no AR left and retires`;
    case 'FacultyHurt':
      return `${facultyName(b['faculty'], caf)} takes ${String(b['damage'])} damage (${String(b['total'])} of NSR ${String(b['nsr'])} this round)`;
    case 'FacultyImmobilized':
      return `${facultyName(body, caf)} is stunned through the next round`;
    case 'SlipRoll': {
      const slips = Number(b['roll']) <= Number(b['slipperiness']);
      return `${st(b['student'])} steps into spilled food: rolls ${String(b['roll'])} against slipperiness ${String(b['slipperiness'])}, ${slips ? 'and slips' : 'and keeps their feet'}`;
    }
    case 'Slipped': {
      const what = [b['loses_items'] === true ? 'drops everything' : '', Number(b['aa_lost']) > 0 ? `loses ${String(b['aa_lost'])} AA` : '', b['stunned'] === true ? 'is stunned' : ''].filter(Boolean);
      return `${st(b['student'])} slips (roll ${String(b['roll'])})${what.length ? `: ${what.join(', ')}` : ''}`;
    }
    case 'DroppedTray':
      return `${st(body)} puts the tray down`;
    case 'DroppedHeld':
      return `${st(body)} puts down what both hands held`;
    case 'Dropped':
      return `${st(body)} puts a food down`;
    case 'Entered':
      return `${facultyName(body, caf)} enters the cafeteria`;
    case 'GoesFor':
      return `${facultyName(b['faculty'], caf)} goes for ${st(b['student'])}`;
    case 'FacultyMoved':
      return `${facultyName(b['faculty'], caf)} moves to ${sq(b['to'])}`;
    case 'Caught':
      return `${facultyName(b['faculty'], caf)} catches ${st(b['student'])}`;
    case 'FoundHiding':
      return `${facultyName(b['faculty'], caf)} finds ${st(b['student'])} hiding on the tipped table`;
    case 'HauledAway':
      return `${facultyName(b['faculty'], caf)} hauls ${st(b['student'])} away`;
    case 'Escaped':
      return `${st(b['student'])} fights off ${facultyName(b['faculty'], caf)} and escapes`;
    case 'LastDitch':
      return `${st(body)} makes a Last Ditch Assault`;
    case 'Spilled':
      return `${st(b['student'])} spills a garbage can (fullness ${String(b['fullness'])})`;
    case 'SpillRoll':
      return `The garbage reaches ${targetName(b['target'], caf)} (${String(b['distance'])} away): attack ${String(b['attack'])} against defence ${String(b['defence'])}, ${Number(b['attack']) > Number(b['defence']) ? 'a hit' : 'a miss'}`;
    case 'Tipped':
      return `${st(b['student'])} tips a table over and hides behind it`;
    case 'Searched':
      return `${st(b['student'])} searches a table: rolls ${String(b['roll'])}, finds ${String(b['found'])}`;
    case 'FoodLine':
      return `${st(b['student'])} goes through the Food Line: ${b['tray'] === true ? 'a tray and ' : ''}${String(b['count'])} food`;
    default:
      return null;
  }
}
