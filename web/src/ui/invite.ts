// Invitations: a game's join links with a copy button and a QR code, kept in this browser so that
// the game's page shows them again until every seat is taken; and the words for what a link joins.

import qrcode from 'qrcode-generator';
import type { GameState } from './api.js';
import { copyButton, h } from './dom.js';

/** A seat's join code as `POST /api/games` gives it (once). */
export interface Invite {
  seat: number;
  code: string;
}

const KEY = 'messhall.invites';

function stored(): Record<string, Invite[]> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v !== null && typeof v === 'object' ? (v as Record<string, Invite[]>) : {};
  } catch {
    return {};
  }
}

/** Keeps a new game's join codes: the server keeps only their hashes, so this browser is where
 * the game's page finds them again. */
export function keepInvites(game: string, invites: Invite[]): void {
  const all = stored();
  all[game] = invites;
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** The join codes this browser made for `game`'s seats that are still open. */
export function invitesFor(game: string, state: GameState): Invite[] {
  return (stored()[game] ?? []).filter(i => state.seats[i.seat]?.kind === 'open');
}

/** The join link of an open seat. */
export function joinLink(id: string, code: string): string {
  return `${location.origin}/join/${id}/${code}`;
}

const SVG = 'http://www.w3.org/2000/svg';

/** `text` as a QR code: an SVG of dark modules on a light quiet zone, drawn from the code's
 * matrix (no markup is parsed). */
export function qrCode(text: string, label: string): SVGSVGElement {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const n = code.getModuleCount();
  const margin = 4;
  const size = n + 2 * margin;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  const back = document.createElementNS(SVG, 'rect');
  back.setAttribute('width', String(size));
  back.setAttribute('height', String(size));
  back.setAttribute('fill', '#fff');
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (code.isDark(row, col)) d += `M${col + margin} ${row + margin}h1v1h-1z`;
  }
  const dark = document.createElementNS(SVG, 'path');
  dark.setAttribute('d', d);
  dark.setAttribute('fill', '#000');
  svg.append(back, dark);
  return svg;
}

/** The links of `invites` to game `id`, each with its copy button and QR code; `seatWord` names a seat. */
export function invitePanel(id: string, invites: Invite[], seatWord: (seat: number) => string): HTMLElement {
  const many = invites.length > 1;
  const items = invites.map(i => {
    const url = joinLink(id, i.code);
    return h('li', { 'data-invite': String(i.seat) },
      h('span', { class: 'invite-seat' }, seatWord(i.seat)),
      h('input', { type: 'text', readonly: '', value: url, size: '52', 'aria-label': `the invitation link (${seatWord(i.seat)})`, 'data-join': String(i.seat) }),
      copyButton(() => url, 'copy link'),
      qrCode(url, `QR code of the invitation link (${seatWord(i.seat)})`));
  });
  return h('section', { class: 'invites' },
    h('p', {}, many ? 'Send each friend one of these links (or let them scan its code); the game starts when every seat is taken. Each link works once.' : 'Send this link, or let your friend scan the code; the game starts when the seat is taken. It works once.'),
    h('ul', {}, ...items));
}

/** A clock in words: `5 min + 3 s`, `3 days a move` or `no clock`. */
export function clockWords(c: { base_ms?: number; increment_ms?: number; days_per_move?: number | null } | null | undefined): string {
  if (c == null) return 'no clock';
  if (c.days_per_move != null) return `${c.days_per_move} ${c.days_per_move === 1 ? 'day' : 'days'} a move`;
  const minutes = (c.base_ms ?? 0) / 60000;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min + ${(c.increment_ms ?? 0) / 1000} s`;
}

/** The seat's name for people: White or Black in chess, player N in the cafeteria. */
export function seatWord(state: GameState, seat: number): string {
  return state.board !== null ? (seat === 0 ? 'White' : 'Black') : `player ${seat + 1} of ${state.seats.length}`;
}
