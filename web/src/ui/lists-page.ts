// The games lists: this player's games (those waiting for its move first), games being played
// (and waiting for a player, with a button to take the open seat) and finished ones.

import { call, keepToken, tokenFor, type GameList, type GameSummary, type Joined, type JoinRequest, type PlayerPage, type VariantList } from './api.js';
import { button, go, h, link, showError } from './dom.js';
import { endSentence, resultToken } from './end-words.js';
import { me } from './session.js';

/** Takes the first open seat of listed game `id` and goes to it. */
async function takeSeat(id: string, error: HTMLElement): Promise<void> {
  try {
    const r = await call<Joined>('POST', `/api/games/${id}/join`, {} satisfies JoinRequest);
    keepToken(id, r.token);
    go(`/game/${id}`);
  } catch (e) {
    showError(error, e);
  }
}

/** `g`'s line; `titles` the games' names for people by their names (a variant file's game is its own);
 * `join` the button that takes its open seat, for a game that waits for someone else. */
function row(g: GameSummary, titles: Map<string, string>, join?: HTMLElement): HTMLElement {
  // The names the seats show; never a computer's specification (`level=3`).
  const names = g.seats.map(s => s.name || (s.kind === 'computer' ? 'Computer' : s.kind === 'open' ? 'an open seat' : 'Anonymous'));
  const who = names.join(' vs ');
  const said = g.result ? endSentence(g.result, { you: null, seat: i => `${names[i] ?? ''} (${i === 0 ? 'White' : 'Black'})`, royal: () => 'royal piece' }) : null;
  const result = g.result ? ` ${resultToken(g.result) ?? g.result.scores.join('-')}${said !== null ? ` · ${said}` : ` (${g.result.ending.by})`}` : '';
  const mine = tokenFor(g.id) !== undefined ? ' · your game' : '';
  return h('li', { 'data-game': g.id }, link(`/game/${g.id}`, `${titles.get(g.game) ?? g.game}: ${who}`), ` ${g.status}${result}${mine}`, ...(join ? [' ', join] : []));
}

/** Draws the lists. */
export async function listsPage(root: HTMLElement): Promise<void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const yours = h('ul', { class: 'games yours' });
  const yoursBox = h('section', { hidden: '' }, h('h2', {}, 'Your games'), yours);
  const ongoing = h('ul', { class: 'games ongoing' });
  const over = h('ul', { class: 'games over' });
  root.replaceChildren(h('nav', { class: 'crumbs' }, link('/', 'home')), h('h1', {}, 'Games'), error, yoursBox,
    h('h2', {}, 'Being played or waiting'), ongoing, h('h2', {}, 'Finished'), over);
  try {
    const player = await me();
    const [a, b, variants, mine] = await Promise.all([
      call<GameList>('GET', '/api/games?status=ongoing&limit=50'),
      call<GameList>('GET', '/api/games?status=over&limit=50'),
      call<VariantList>('GET', '/api/variants'),
      player === null ? Promise.resolve(null) : call<PlayerPage>('GET', '/api/me/games').catch(() => null),
    ]);
    const titles = new Map(variants.games.map(v => [v.name, v.title]));
    // This player's unfinished games, those waiting for its move first.
    const current = (mine?.games ?? []).filter(g => g.game.status !== 'over').sort((x, y) => Number(y.your_turn) - Number(x.your_turn));
    yoursBox.hidden = current.length === 0;
    yours.replaceChildren(...current.map(g => {
      const line = row(g.game, titles);
      if (g.your_turn) line.append(' ', h('strong', { class: 'your-turn' }, 'your turn'));
      line.dataset['yourTurn'] = g.your_turn ? 'yes' : 'no';
      return line;
    }));
    const seated = (g: GameSummary): boolean => tokenFor(g.id) !== undefined || g.seats.some(s => player !== null && s.player_id === player.id);
    const joinButton = (g: GameSummary): HTMLElement | undefined =>
      g.status === 'waiting' && !seated(g) && g.seats.some(s => s.kind === 'open')
        ? button('join', () => void takeSeat(g.id, error), { class: 'primary', 'data-control': 'take-seat' })
        : undefined;
    ongoing.replaceChildren(...(a.games.length ? a.games.map(g => row(g, titles, joinButton(g))) : [h('li', {}, 'none')]));
    over.replaceChildren(...(b.games.length ? b.games.map(g => row(g, titles)) : [h('li', {}, 'none')]));
  } catch (e) {
    showError(error, e);
  }
}
