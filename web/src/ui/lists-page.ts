// The games lists: games being played (and waiting for a player) and finished ones.

import { call, tokenFor, type GameList, type GameSummary, type VariantList } from './api.js';
import { h, link, showError } from './dom.js';
import { endSentence, resultToken } from './end-words.js';

/** `g`'s line; `titles` the games' names for people by their names (a variant file's game is its own). */
function row(g: GameSummary, titles: Map<string, string>): HTMLElement {
  // The names the seats show; never a computer's specification (`level=3`).
  const names = g.seats.map(s => s.name || (s.kind === 'computer' ? 'Computer' : s.kind === 'open' ? 'an open seat' : 'Anonymous'));
  const who = names.join(' vs ');
  const said = g.result ? endSentence(g.result, { you: null, seat: i => `${names[i] ?? ''} (${i === 0 ? 'White' : 'Black'})`, royal: () => 'royal piece' }) : null;
  const result = g.result ? ` ${resultToken(g.result) ?? g.result.scores.join('-')}${said !== null ? ` · ${said}` : ` (${g.result.ending.by})`}` : '';
  const mine = tokenFor(g.id) !== undefined ? ' · your game' : '';
  return h('li', { 'data-game': g.id }, link(`/game/${g.id}`, `${titles.get(g.game) ?? g.game}: ${who}`), ` ${g.status}${result}${mine}`);
}

/** Draws the lists. */
export async function listsPage(root: HTMLElement): Promise<void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const ongoing = h('ul', { class: 'games ongoing' });
  const over = h('ul', { class: 'games over' });
  root.replaceChildren(h('nav', { class: 'crumbs' }, link('/', 'home')), h('h1', {}, 'Games'), error,
    h('h2', {}, 'Being played or waiting'), ongoing, h('h2', {}, 'Finished'), over);
  try {
    const [a, b, variants] = await Promise.all([
      call<GameList>('GET', '/api/games?status=ongoing&limit=50'),
      call<GameList>('GET', '/api/games?status=over&limit=50'),
      call<VariantList>('GET', '/api/variants'),
    ]);
    const titles = new Map(variants.games.map(v => [v.name, v.title]));
    ongoing.replaceChildren(...(a.games.length ? a.games.map(g => row(g, titles)) : [h('li', {}, 'none')]));
    over.replaceChildren(...(b.games.length ? b.games.map(g => row(g, titles)) : [h('li', {}, 'none')]));
  } catch (e) {
    showError(error, e);
  }
}
