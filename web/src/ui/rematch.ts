// A rematch between people on a finished game's page: each player offers (the button), the
// page asks every two seconds who has, and when every player has, everyone goes to the new game
// (a page opened after that links to it).

import { call, type GameState } from './api.js';
import { button, go, h, link } from './dom.js';
import type { components } from './api-types.js';

type RematchView = components['schemas']['RematchView'];

/** Whether the server makes this game's rematch: every seat a person seated by its session, and
 * each a different player (one browser holding every seat offers the others a new link instead). */
export function serverRematch(state: GameState): boolean {
  const players = state.seats.map(s => (s.kind === 'human' ? s.player_id : null));
  return players.every(p => p != null) && new Set(players).size === players.length;
}

/** The rematch box of game `id` for seat `you`; `stop` ends its asking. */
export function rematchBox(id: string, you: number, names: (seat: number) => string): { box: HTMLElement; stop: () => void } {
  const said = h('span', { class: 'rematch-said', role: 'status' });
  const offer = button('rematch', () => void send(), { 'data-control': 'rematch', class: 'primary' });
  const box = h('span', { class: 'rematch' }, offer, said);
  let stopped = false;
  // A rematch made before this page opened is linked, not followed: the player came back to
  // look at this game.
  let first = true;
  const show = (r: RematchView): void => {
    const already = first;
    first = false;
    if (r.game != null) {
      stopped = true;
      if (already) box.replaceChildren(link(`/game/${r.game}`, 'the rematch'));
      else go(`/game/${r.game}`);
      return;
    }
    const mine = r.offers.includes(you);
    const others = r.offers.filter(s => s !== you);
    offer.textContent = !mine && others.length ? 'accept rematch' : 'rematch';
    offer.toggleAttribute('disabled', mine);
    said.textContent = mine ? ' Rematch offered: waiting.' : others.length ? ` ${others.map(names).join(', ')} offer${others.length > 1 ? '' : 's'} a rematch.` : '';
  };
  const send = async (): Promise<void> => show(await call<RematchView>('POST', `/api/games/${id}/rematch`, {}));
  const ask = async (): Promise<void> => {
    if (stopped) return;
    try {
      show(await call<RematchView>('GET', `/api/games/${id}/rematch`));
    } catch {
      // Asked again.
    }
  };
  void ask();
  const timer = setInterval(() => void ask(), 2000);
  return {
    box,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
