// The cafeteria's actions sorted for the buttons: a group each (attacks, food, moving, putting
// down...), and the drawing that goes with one where it helps (the target's face, a tray, a can).

import { characterArt } from '../cafeteria-art.js';
import type { CafeteriaView } from './api.js';
import { studentName } from './cafeteria-words.js';

/** A group of buttons. */
export type ActionGroup = 'miss' | 'food-off' | 'attack' | 'food' | 'move' | 'put-down' | 'end';

/** The groups in the order shown, with their titles. */
export const GROUPS: readonly { id: ActionGroup; title: string }[] = [
  { id: 'miss', title: 'Where the missed food lands' },
  { id: 'food-off', title: 'Food-Off' },
  { id: 'attack', title: 'Attack' },
  { id: 'food', title: 'Get food' },
  { id: 'move', title: 'Step to' },
  { id: 'put-down', title: 'Put down' },
  { id: 'end', title: 'End' },
];

const GROUP_OF: Readonly<Record<string, ActionGroup>> = {
  PlaceMiss: 'miss', FoodOff: 'food-off',
  Throw: 'attack', Dump: 'attack', Squirt: 'attack', DumpBowl: 'attack', SpillCan: 'attack',
  FoodLine: 'food', SearchTable: 'food', PickUp: 'food', TakeTray: 'food', PickSalad: 'food', TakeCan: 'food',
  Move: 'move', Walk: 'move', TipTable: 'move', StayHidden: 'move',
  Drop: 'put-down', DropTray: 'put-down', DropHeld: 'put-down', FeedCan: 'put-down',
  EndTurn: 'end',
};

// The action's kind: the key of its data (`{"Throw": {...}}`) or the data itself (`"EndTurn"`).
function kindOf(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null) return Object.keys(action)[0] ?? '';
  return '';
}

/** The group of an action (as the server gives its data). */
export function actionGroup(action: unknown): ActionGroup {
  return GROUP_OF[kindOf(action)] ?? 'end';
}

const ART_OF: Readonly<Record<string, string>> = {
  FoodLine: 'tray', TakeTray: 'tray', DropTray: 'tray', SearchTable: 'table', PickUp: 'table', TipTable: 'tipped-table',
  StayHidden: 'tipped-table', SpillCan: 'can', TakeCan: 'can', FeedCan: 'can', DropHeld: 'can', PlaceMiss: 'spilled-food',
  PickSalad: 'vegetables',
};

/** The drawing for an action's button: the face of whom it is aimed at, else the thing it uses;
 * null for one with none (a step, ending the turn). */
export function actionIcon(action: unknown, caf: CafeteriaView | null): string | null {
  const kind = kindOf(action);
  const body = typeof action === 'object' && action !== null ? (action as Record<string, unknown>)[kind] : undefined;
  const target = kind === 'FoodOff' ? { Student: (body as { target?: unknown } | undefined)?.target }
    : kind === 'Throw' ? (body as { target?: unknown } | undefined)?.target
      : kind === 'Dump' || kind === 'Squirt' || kind === 'DumpBowl' ? body : undefined;
  if (typeof target === 'object' && target !== null) {
    const t = target as { Student?: unknown; Faculty?: unknown };
    const name = typeof t.Student === 'number' ? studentName(t.Student, caf)
      : typeof t.Faculty === 'number' ? caf?.faculty[t.Faculty]?.name : undefined;
    const art = name === undefined ? undefined : characterArt(name);
    if (art !== undefined) return art;
  }
  return ART_OF[kind] ?? null;
}
