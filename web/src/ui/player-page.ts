// A player's page: its name, its rating in each game with a chart of its history, and its games;
// and a game's leaderboard.

import { call, type Leaderboard, type PlayerPage, type RatingView, type VariantList } from './api.js';
import { h, link, showError } from './dom.js';
import { endSentence, resultToken } from './end-words.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** A rating as shown: whole numbers for Glicko-2, one decimal for Weng-Lin, `?` while provisional. */
export function ratingWords(r: RatingView): string {
  const n = r.model === 'Glicko-2' ? Math.round(r.rating).toString() : r.rating.toFixed(1);
  return r.provisional ? `${n}?` : n;
}

/** A line chart of one game's ratings after each rated game. */
function chart(points: { rating: number }[], label: string): SVGSVGElement {
  const [w, hgt, pad] = [320, 120, 8];
  const values = points.map(p => p.rating);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  // One value (or all equal): drawn across the middle.
  const span = hi - lo || 2;
  const mid = hi === lo ? 1 : 0;
  const x = (i: number): number => pad + (points.length < 2 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (points.length - 1));
  const y = (v: number): number => hgt - pad - ((v - lo + mid) * (hgt - 2 * pad)) / span;
  const root = svg('svg', { viewBox: `0 0 ${w} ${hgt}`, class: 'rating-chart', role: 'img', 'aria-label': label });
  root.appendChild(svg('polyline', { points: values.map((v, i) => `${x(i)},${y(v)}`).join(' '), fill: 'none', stroke: '#8a4b1f', 'stroke-width': '2' }));
  values.forEach((v, i) => root.appendChild(svg('circle', { cx: String(x(i)), cy: String(y(v)), r: '3', fill: '#8a4b1f' })));
  return root;
}

/** Draws the page of player `id`. */
export async function playerPage(root: HTMLElement, id: string): Promise<void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  root.replaceChildren(h('h1', {}, 'Player'), error);
  try {
    const [page, variants] = await Promise.all([
      call<PlayerPage>('GET', `/api/players/${encodeURIComponent(id)}`),
      call<VariantList>('GET', '/api/variants'),
    ]);
    const titles = new Map(variants.games.map(v => [v.name, v.title]));
    const title = (g: string): string => titles.get(g) ?? g;
    const ratings = page.ratings.length
      ? h('table', { class: 'ratings' },
        h('thead', {}, h('tr', {}, ...['game', 'rating', 'games', 'model'].map(t => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...page.ratings.map(r => h('tr', { 'data-rating': r.game },
          h('td', {}, title(r.game)),
          h('td', { 'data-value': r.rating.toFixed(6), title: `deviation ${r.deviation.toFixed(1)}${r.provisional ? ', provisional' : ''}` }, ratingWords(r)),
          h('td', {}, String(r.games)),
          h('td', {}, r.model)))))
      : h('p', {}, 'No rated games yet.');
    const charts = page.ratings.map(r => {
      // From the rating every player starts at, so one game already draws a line.
      const points = [{ rating: r.model === 'Glicko-2' ? 1500 : 25 }, ...page.history.filter(p => p.game === r.game)];
      return points.length > 1 ? h('figure', { class: 'chart' }, chart(points, `${title(r.game)} rating after each rated game`), h('figcaption', {}, `${title(r.game)}: ${ratingWords(r)}`)) : h('span', {});
    });
    const games = h('ul', { class: 'games' }, ...(page.games.length ? page.games.map(g => {
      const names = g.game.seats.map(s => s.name || (s.kind === 'computer' ? 'Computer' : 'Anonymous'));
      const said = g.game.result ? endSentence(g.game.result, { you: null, seat: i => names[i] ?? '', royal: () => 'royal piece' }) : null;
      const result = g.game.result ? ` ${resultToken(g.game.result) ?? ''}${said !== null ? ` · ${said}` : ''}` : ` ${g.game.status}`;
      return h('li', { 'data-game': g.game.id, ...(g.your_turn ? { 'data-your-turn': '' } : {}) },
        link(`/game/${g.game.id}`, `${title(g.game.game)}: ${names.join(' vs ')}`), result, g.your_turn ? ' · to move' : '');
    }) : [h('li', {}, 'none')]));
    root.replaceChildren(
      h('h1', {}, page.player.name), error,
      h('p', {}, page.player.account ? 'A player with an account' : 'An anonymous player', `, here since ${new Date(page.player.created_ms).toLocaleDateString()}.`),
      h('h2', {}, 'Ratings'), ratings, h('div', { class: 'charts' }, ...charts),
      h('h2', {}, 'Games'), games);
  } catch (e) {
    showError(error, e);
  }
}

/** Draws the leaderboard of `game`. */
export async function leaderboardPage(root: HTMLElement, game: string): Promise<void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  root.replaceChildren(h('h1', {}, 'Leaderboard'), error);
  try {
    const [board, variants] = await Promise.all([
      call<Leaderboard>('GET', `/api/leaderboard/${encodeURIComponent(game)}`),
      call<VariantList>('GET', '/api/variants'),
    ]);
    const title = variants.games.find(v => v.name === game)?.title ?? game;
    root.replaceChildren(h('h1', {}, `${title}: leaderboard`), error,
      board.players.length ? h('ol', { class: 'leaderboard' }, ...board.players.map(r => h('li', { 'data-player': r.player.id },
        link(`/player/${r.player.id}`, r.player.name), ` ${ratingWords(r.rating)} (${r.rating.games} rated game${r.rating.games === 1 ? '' : 's'})`)))
        : h('p', {}, 'No rated games yet.'),
      h('p', {}, 'A rating with ? is provisional: too few games to say much.'));
  } catch (e) {
    showError(error, e);
  }
}
