// Square names of the server (`a1`, `l12`) as chessgroundx keys (ranks above 9 are `:` to `@`).

import type * as cg from 'chessgroundx/types';
import { keyOf } from '../board.js';

/** The chessgroundx key of a square name, or null when it is not one. */
export function keyOfName(name: string): cg.Key | null {
  const m = /^([a-p])([0-9]{1,2})$/.exec(name);
  if (m === null || m[1] === undefined || m[2] === undefined) return null;
  const rank = Number(m[2]);
  if (rank < 1 || rank > 16) return null;
  return keyOf(m[1].charCodeAt(0) - 97, rank - 1);
}

/** The square name of a chessgroundx key. */
export function nameOfKey(key: string): string {
  return `${key[0] ?? ''}${(key.charCodeAt(1) - 48)}`;
}

/** The squares named in a move's coordinates (`e2e4`, `b7b8q`, `P@e5`), in order. */
export function squaresIn(text: string): cg.Key[] {
  const keys: cg.Key[] = [];
  for (const m of text.matchAll(/[a-p](1[0-6]|[1-9])/g)) {
    const k = keyOfName(m[0]);
    if (k !== null) keys.push(k);
  }
  return keys;
}
