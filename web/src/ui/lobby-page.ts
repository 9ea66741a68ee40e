// The lobby: the seeks of everyone, live over its WebSocket; quick pairing for the common clocks;
// a form to post a seek; and the games' leaderboards.

import { call, type LobbyMessage, type SeekAnswer, type SeekView, type VariantList } from './api.js';
import { button, go, h, link, showError } from './dom.js';
import { me } from './session.js';

/** The clocks of quick pairing, as `base+increment` in ms, and their words. */
const CLOCKS: [string, string][] = [['180000+2000', '3+2'], ['300000+3000', '5+3'], ['900000+10000', '15+10']];

/** Correspondence clocks a seek may have, as `days:N`: such a seek waits a week without its poster. */
const CORRESPONDENCE: [string, string][] = [['days:1', '1 day a move'], ['days:3', '3 days a move'], ['days:7', '7 days a move']];

function clockWords(seek: SeekView): string {
  const c = seek.clock;
  if (c == null) return 'no clock';
  if (c.days_per_move != null) return `${c.days_per_move} ${c.days_per_move === 1 ? 'day' : 'days'} a move`;
  const minutes = (c.base_ms ?? 0) / 60000;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min + ${(c.increment_ms ?? 0) / 1000} s`;
}

function clockOf(value: string): { base_ms: number; increment_ms: number } | { days_per_move: number } | null {
  if (value.startsWith('days:')) return { days_per_move: Number(value.slice(5)) };
  const [base, inc] = value.split('+');
  return base !== undefined && inc !== undefined ? { base_ms: Number(base), increment_ms: Number(inc) } : null;
}

/** Draws the lobby; the function that leaves it (its WebSocket closed). */
export async function lobbyPage(root: HTMLElement): Promise<() => void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const waiting = h('p', { class: 'waiting', hidden: '', role: 'status' });
  const table = h('tbody', {});
  const [player, variants] = await Promise.all([me(), call<VariantList>('GET', '/api/variants').catch(() => ({ games: [] }) as unknown as VariantList)]);
  const titles = new Map(variants.games.map(v => [v.name, v.title]));
  const title = (name: string): string => titles.get(name) ?? name;
  const chessGames = variants.games.filter(v => v.chess);
  let seeks: SeekView[] = [];

  const act = async (method: 'POST', path: string, body?: unknown): Promise<void> => {
    error.hidden = true;
    try {
      const r = await call<SeekAnswer>(method, path, body);
      const seek = r.seek;
      if (r.game != null) go(`/game/${r.game}`);
      else if (seek != null && seek.players[0]?.id === player?.id) {
        const away = seek.clock?.days_per_move != null ? ' It stays a week even if you leave: the game will be in your games.' : '';
        waiting.textContent = `Your seek for ${title(seek.game)} (${clockWords(seek)}) is in the lobby: waiting for ${seek.seats > 2 ? 'players' : 'an opponent'}.${away}`;
        waiting.hidden = false;
      }
    } catch (e) {
      showError(error, e);
    }
  };

  const row = (s: SeekView): HTMLElement => {
    const mine = s.players[0]?.id === player?.id;
    const inIt = s.players.some(p => p.id === player?.id);
    const actions: HTMLElement[] = [];
    if (mine) {
      if (s.bots) actions.push(button(s.players.length < s.seats ? 'start with bots' : 'start', () => void act('POST', `/api/seeks/${s.id}/start`), { 'data-control': 'start-seek' }));
      actions.push(button('cancel', () => void leave(s), { 'data-control': 'cancel-seek' }));
    } else if (inIt) {
      actions.push(button('leave', () => void leave(s), { 'data-control': 'leave-seek' }));
    } else {
      actions.push(button('join', () => void act('POST', `/api/seeks/${s.id}/join`), { class: 'primary', 'data-control': 'join-seek' }));
    }
    const poster = s.players[0];
    const side = s.seats === 2 ? (s.colour === 'random' ? 'random colour' : `poster plays ${s.colour}`) : `${s.players.length} of ${s.seats} seats${s.bots ? ', bots may fill the rest' : ''}`;
    return h('tr', { 'data-seek': s.id, 'data-game': s.game },
      h('td', {}, poster !== undefined ? link(`/player/${poster.id}`, poster.name) : ''),
      h('td', {}, title(s.game)),
      h('td', {}, clockWords(s)),
      h('td', {}, s.rated ? 'rated' : 'casual'),
      h('td', {}, side, s.players.length > 1 ? ` (${s.players.map(p => p.name).join(', ')})` : ''),
      h('td', {}, ...actions));
  };
  const draw = (): void => {
    table.replaceChildren(...(seeks.length ? seeks.map(row) : [h('tr', {}, h('td', { colspan: '6' }, 'No seeks yet: post one, or use a quick-pairing button.'))]));
    if (!seeks.some(s => s.players.some(p => p.id === player?.id))) waiting.hidden = true;
  };
  const leave = async (s: SeekView): Promise<void> => {
    try {
      await call('POST', `/api/seeks/${s.id}/leave`);
    } catch (e) {
      showError(error, e);
    }
  };

  // Quick pairing: a button per chess game and clock.
  const quick = h('table', { class: 'quick' },
    h('thead', {}, h('tr', {}, h('th', {}, ''), ...CLOCKS.map(([, words]) => h('th', { scope: 'col' }, words)))),
    h('tbody', {}, ...chessGames.map(v => h('tr', {}, h('th', { scope: 'row' }, v.title),
      ...CLOCKS.map(([value, words]) => h('td', {}, button(words, () => void act('POST', '/api/lobby/quick', { game: v.name, clock: clockOf(value) }), { 'data-quick': `${v.name} ${words}`, 'aria-label': `${v.title} ${words}` })))))));

  // A seek of one's own.
  const game = h('select', { name: 'game', 'aria-label': 'game' }, ...variants.games.map(v => h('option', { value: v.name }, v.title)));
  game.value = 'foodfight';
  const clock = h('select', { name: 'clock', 'aria-label': 'clock' }, h('option', { value: '' }, 'no clock'), ...CLOCKS.map(([value, words]) => h('option', { value }, `${words}`)),
    ...CORRESPONDENCE.map(([value, words]) => h('option', { value }, words)));
  const rated = h('input', { type: 'checkbox', name: 'rated', checked: '' });
  const colour = h('select', { name: 'colour', 'aria-label': 'colour' }, h('option', { value: 'random' }, 'random colour'), h('option', { value: 'white' }, 'I play White'), h('option', { value: 'black' }, 'I play Black'));
  const seats = h('select', { name: 'seats', 'aria-label': 'seats' }, ...[4, 3, 2].map(n => h('option', { value: String(n) }, `${n} players`)));
  const bots = h('input', { type: 'checkbox', name: 'bots', checked: '' });
  const botsLabel = h('label', {}, bots, ' I may start with bots in the seats left');
  const refit = (): void => {
    const cafeteria = variants.games.find(v => v.name === game.value)?.chess === false;
    colour.hidden = cafeteria;
    seats.hidden = !cafeteria;
    botsLabel.hidden = !cafeteria;
  };
  game.addEventListener('change', refit);
  refit();
  const post = button('post the seek', () => {
    const cafeteria = variants.games.find(v => v.name === game.value)?.chess === false;
    void act('POST', '/api/seeks', {
      game: game.value, clock: clockOf(clock.value), rated: rated.checked,
      ...(cafeteria ? { seats: Number(seats.value), bots: bots.checked } : { colour: colour.value }),
    });
  }, { class: 'primary', 'data-control': 'post-seek' });

  root.replaceChildren(
    h('h1', {}, 'Lobby'), error, waiting,
    h('section', { class: 'seeks' }, h('h2', {}, 'Seeks'),
      h('table', { class: 'seek-list' }, h('thead', {}, h('tr', {}, ...['player', 'game', 'clock', '', '', ''].map(t => h('th', { scope: 'col' }, t)))), table)),
    h('section', {}, h('h2', {}, 'Quick pairing'), h('p', {}, 'A rated game at once against the first player waiting with the same game and clock, or a seek of your own until one comes.'), quick),
    h('section', {}, h('h2', {}, 'Post a seek'), h('div', { class: 'form' }, game, clock, h('label', {}, rated, ' rated'), colour, seats, botsLabel, post)),
    h('section', {}, h('h2', {}, 'Leaderboards'), h('p', {}, ...variants.games.flatMap((v, i) => [i > 0 ? ' · ' : '', link(`/leaderboard/${v.name}`, v.title)]))),
  );
  draw();

  // The lobby's WebSocket: the seeks, then each change; a seek of this player's that became a
  // game takes the page there. Opened again if it drops.
  let socket: WebSocket | null = null;
  let closed = false;
  const connect = (): void => {
    socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/lobby/ws`);
    socket.addEventListener('message', m => {
      const msg = JSON.parse(String(m.data)) as LobbyMessage;
      if (msg.type === 'seeks') seeks = msg.seeks;
      else if (msg.type === 'seek') {
        const i = seeks.findIndex(s => s.id === msg.seek.id);
        if (i >= 0) seeks[i] = msg.seek;
        else seeks.push(msg.seek);
      } else {
        seeks = seeks.filter(s => s.id !== msg.id);
        if (msg.game != null && player !== null && msg.players.includes(player.id)) {
          go(`/game/${msg.game}`);
          return;
        }
      }
      draw();
    });
    socket.addEventListener('close', () => {
      if (!closed) setTimeout(connect, 1000);
    });
  };
  connect();
  return () => {
    closed = true;
    socket?.close();
  };
}
