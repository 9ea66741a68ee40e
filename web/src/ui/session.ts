// This browser's player: made on the first visit (an anonymous player with a session cookie the
// server sets), shown in the site's bar, and changed by the account page.

import { call, type MeView, type Player, type PlayerPage } from './api.js';
import { h, link } from './dom.js';

let current: Promise<Player | null> | null = null;
const listeners: ((p: Player | null) => void)[] = [];

/** This browser's player, made on the first call if it has none. */
export function me(): Promise<Player | null> {
  const made = current ?? (async (): Promise<Player | null> => {
    try {
      const seen = await call<MeView>('GET', '/api/me');
      if (seen.player != null) return seen.player;
      return (await call<MeView>('POST', '/api/me')).player ?? null;
    } catch {
      // No player (the server refused or is away): the pages work as a spectator's, and the
      // next page asks again.
      current = null;
      return null;
    }
  })();
  current = made;
  return made;
}

/** Sets this browser's player after a login, a registration, a rename or a logout. */
export function setMe(player: Player | null): void {
  current = Promise.resolve(player);
  for (const f of listeners) f(player);
}

/** After a logout: this browser becomes a new anonymous player. */
export async function newMe(): Promise<void> {
  current = null;
  const player = await me();
  for (const f of listeners) f(player);
}

/** How often the bar asks which games wait for this player's move (a correspondence game's
 * opponent may move while the player is on another page). */
const TURNS_EVERY_MS = 30_000;

const turnsBadge = h('span', { class: 'turns', hidden: '', 'data-turns': '0' });

/** Asks again which of this player's games wait for its move, and shows how many on the bar. */
export async function refreshTurns(): Promise<void> {
  const player = await me();
  let n = 0;
  if (player !== null) {
    try {
      const page = await call<PlayerPage>('GET', '/api/me/games');
      n = page.games.filter(g => g.your_turn).length;
    } catch {
      return;
    }
  }
  turnsBadge.textContent = String(n);
  turnsBadge.title = `${n} ${n === 1 ? 'game waits' : 'games wait'} for your move`;
  turnsBadge.dataset['turns'] = String(n);
  turnsBadge.hidden = n === 0;
}

/** The site's bar: home, the lobby, the games (with how many wait for this player's move), the
 * rules, the variant studio, and this browser's player. */
export function siteBar(): HTMLElement {
  const who = h('span', { class: 'who' });
  const show = (p: Player | null): void => {
    who.replaceChildren(...(p === null ? [link('/account', 'log in')] : [link(`/player/${p.id}`, p.name), ' · ', link('/account', p.account ? 'account' : 'sign up or log in')]));
    who.dataset['player'] = p?.id ?? '';
  };
  listeners.push(show);
  listeners.push(() => void refreshTurns());
  void me().then(show);
  setInterval(() => void refreshTurns(), TURNS_EVERY_MS);
  const games = link('/games', 'games');
  games.append(turnsBadge);
  return h('nav', { class: 'site-bar', 'aria-label': 'site' },
    link('/', 'messhall'), link('/lobby', 'lobby'), games, link('/rules', 'rules'), link('/studio', 'studio'), who);
}
