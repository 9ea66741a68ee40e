// A chess action in words, as a person would tell it: "White's Pancake e5 takes Black's Pie on
// g6", "the PieceEater rolls 3 of 5, steps from d4 to c4 and eats White's Bishop", a rifle shot, a
// withdrawal, a poisoned capture, a drop, a promotion, a pass, check. Read from the events the
// server sends for one action (the move, what it removed, the energies, the neutral piece's step);
// no rules here.

import type { GameEvent } from './api.js';

type Side = 'white' | 'black';

interface PieceData {
  color?: Side;
}

const SIDE: Record<string, string> = { white: 'White', black: 'Black' };

function side(c: unknown): string {
  return typeof c === 'string' ? (SIDE[c] ?? c) : 'someone';
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

// "Black's Pie on g6".
function whose(e: GameEvent): string {
  const piece = e['piece'] as PieceData | undefined;
  return `${side(piece?.color)}'s ${str(e['name']) || 'piece'} on ${str(e['square'])}`;
}

// "a Knight", "an Archer".
function article(name: string): string {
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
}

interface MoveData {
  from?: string;
  to?: string;
  kind?: string | { Drop?: unknown };
  extra?: string;
  poisoned?: boolean;
}

/** The words of one action's events: a `moved` (or a `chance`) first, then what it removed and the
 * energies it left. `energyName` is the variant's word for energy (`Cal`), if pieces carry one. */
export function actionWords(events: GameEvent[], energyName: string | null): string {
  const parts: string[] = [];
  let removed = events.filter(e => e.type === 'removed');
  for (const e of events) {
    if (e.type === 'moved') {
      const victims = removed.filter(r => r['cause'] === 'captured');
      parts.push(moveWords(e, victims));
      removed = removed.filter(r => !victims.includes(r));
      for (const r of removed.filter(x => x['cause'] === 'poisoned')) parts.push(`the poison kills ${whose(r)} too`);
      removed = removed.filter(r => r['cause'] !== 'poisoned');
    } else if (e.type === 'chance') {
      parts.push(chanceWords(e, removed.filter(r => r['cause'] === 'eaten')));
      removed = removed.filter(r => r['cause'] !== 'eaten');
    } else if (e.type === 'passed') {
      parts.push(`${side(e['seat'] === 0 ? 'white' : 'black')} has no move and passes`);
    }
  }
  for (const r of removed) parts.push(`${whose(r)} leaves the board`);
  const energies = events.filter(e => e.type === 'energy');
  if (energies.length) {
    const unit = energyName ?? 'energy';
    parts.push(energies.map(e => `${whose(e)} has ${String(e['value'])} ${unit}${e['value'] === 0 ? ' and cannot move' : ''}`).join(', '));
  }
  return parts.join('; ');
}

function moveWords(e: GameEvent, victims: GameEvent[]): string {
  const mv = (e['move'] ?? {}) as MoveData;
  const piece = e['piece'] as PieceData | null | undefined;
  const who = side(piece?.color ?? (e['seat'] === 1 ? 'black' : 'white'));
  const name = str(e['name']) || 'piece';
  const from = str(mv.from);
  const to = str(mv.to);
  const san = str(e['san']);
  const kind = typeof mv.kind === 'string' ? mv.kind : mv.kind !== undefined && 'Drop' in mv.kind ? 'Drop' : '';
  const took = victims.map(whose);
  const list = took.length > 1 ? `${took.slice(0, -1).join(', ')} and ${took.at(-1) ?? ''}` : (took[0] ?? '');
  let words: string;
  switch (kind) {
    case 'Pass':
      words = `${who} passes`;
      break;
    case 'Drop':
      words = `${who} drops ${article(name)} on ${to}`;
      break;
    case 'Castle':
      words = `${who} castles: ${name} ${from} to ${to}`;
      break;
    case 'Rifle':
      words = `${who}'s ${name} on ${from} shoots ${list || `the piece on ${to}`} and stays where it is`;
      break;
    case 'Withdrawal':
      words = `${who}'s ${name} withdraws from ${from} to ${to} and so captures ${list || `the piece on ${str(mv.extra)}`}`;
      break;
    case 'Swap':
      words = `${who}'s ${name} on ${from} swaps places with the ${str(e['partner_name']) || 'piece'} on ${to}`;
      break;
    case 'EnPassant':
      words = `${who}'s ${name} ${from} takes ${list} en passant, landing on ${to}`;
      break;
    case 'Locust':
      words = `${who}'s ${name} leaps from ${from} to ${to}, cutting down ${list}`;
      break;
    default:
      words = took.length ? `${who}'s ${name} ${from} takes ${list}` : `${who}'s ${name} ${from} to ${to}`;
  }
  const promotion = str(e['promotion_name']);
  if (promotion) words += ` and promotes to ${article(promotion)}`;
  if (san.endsWith('#')) words += ': checkmate';
  else if (san.endsWith('+')) words += ': check';
  return words;
}

function chanceWords(e: GameEvent, eaten: GameEvent[]): string {
  const piece = str(e['piece']) || 'neutral piece';
  const outcome = (e['outcome'] ?? {}) as { from?: string; to?: string };
  const still = outcome.from === outcome.to;
  const eats = eaten.length ? ` and eats ${eaten.map(whose).join(' and ')}` : '';
  if (typeof e['steered_by'] === 'number') {
    const who = side(e['steered_by'] === 0 ? 'white' : 'black');
    return `${who} steers the ${piece} ${still ? `to stay on ${str(outcome.from)}` : `from ${str(outcome.from)} to ${str(outcome.to)}`}${eats}`;
  }
  const face = e['face'];
  const of = e['of'];
  const roll = typeof of === 'number' && of > 1 ? `the ${piece} rolls ${String(face)} of ${of}` : `the ${piece} has one way to go`;
  return `${roll} and ${still ? `stays on ${str(outcome.from)}` : `steps from ${str(outcome.from)} to ${str(outcome.to)}`}${eats}`;
}
