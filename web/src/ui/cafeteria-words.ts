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
