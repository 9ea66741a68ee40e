// The home page: pick a game, the opponents (the computer at a level, bots, a friend by link) and
// a clock, and start; and the join page a friend's link opens.

import { ApiError, call, keepToken, type CreateGame, type Created, type JoinRequest, type Joined, type SeatRequest, type VariantList, type VariantSummary } from './api.js';
import { button, go, h, link, showError } from './dom.js';
import { levelOptions, levelSentence, type Levels } from './levels.js';

/** The join link of an open seat. */
export function joinLink(id: string, code: string): string {
  return `${location.origin}/join/${id}/${code}`;
}

/** Creates a game from the form's choices and goes to it (or shows the friend's link first). */
export async function startGame(root: HTMLElement, body: CreateGame, error: HTMLElement): Promise<void> {
  try {
    const made = await call<Created>('POST', '/api/games', body);
    for (const t of made.tokens) keepToken(made.id, t.token);
    if (made.joins.length) {
      const links = made.joins.map(j => h('li', {}, h('input', { type: 'text', readonly: '', value: joinLink(made.id, j.code), size: '60', 'data-join': String(j.seat) })));
      root.replaceChildren(h('h1', {}, 'Invite a friend'), h('p', {}, 'Send this link; the game starts when the seat is taken. It works once.'), h('ul', {}, ...links), link(`/game/${made.id}`, 'go to the game'));
      return;
    }
    go(`/game/${made.id}`);
  } catch (e) {
    showError(error, e);
  }
}

/** Draws the home page. */
export async function homePage(root: HTMLElement): Promise<void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  let variants: VariantSummary[] = [];
  let levels: Levels = { levels: [], default_level: 1 };
  // A server just (re)starting may drop the first request: asked again before giving up.
  for (const wait of [500, 1000, 2000, null]) {
    try {
      const list = await call<VariantList>('GET', '/api/variants');
      variants = list.games;
      levels = list;
      break;
    } catch (e) {
      if (wait === null || !(e instanceof ApiError) || e.code !== 'network') {
        showError(error, e);
        break;
      }
      await new Promise(r => setTimeout(r, wait));
    }
  }
  const game = h('select', { name: 'game', 'aria-label': 'game' }, ...variants.map(v => h('option', { value: v.name }, v.name)));
  const about = h('p', { class: 'about' });
  const levelAbout = h('p', { class: 'about', 'data-level-about': '' });
  const opponent = h('select', { name: 'opponent', 'aria-label': 'opponent' });
  const players = h('select', { name: 'players', 'aria-label': 'players' }, ...[2, 3, 4].map(n => h('option', { value: String(n) }, `${n} players`)));
  const side = h('select', { name: 'side', 'aria-label': 'side' }, h('option', { value: 'white' }, 'I play White'), h('option', { value: 'black' }, 'I play Black'));
  const clock = h('select', { name: 'clock', 'aria-label': 'clock' },
    h('option', { value: '' }, 'no clock'), h('option', { value: '180000+2000' }, '3 min + 2 s'),
    h('option', { value: '300000+3000' }, '5 min + 3 s'), h('option', { value: '900000+10000' }, '15 min + 10 s'));
  const name = h('input', { type: 'text', name: 'name', placeholder: 'your name', maxlength: '40', 'aria-label': 'your name' });
  // Listed games are on the games page for anyone to watch; the others are found by their link.
  const listed = h('input', { type: 'checkbox', name: 'listed', checked: '' });
  const listedLabel = h('label', { class: 'listed' }, listed, ' show it on the games page');
  const otherChessOpponents = [['random', 'computer, random moves'], ['greedy', 'computer, greedy'], ['open', 'a friend (by link)']];
  const cafeteriaOpponents = [['rules', 'bots that follow the rules'], ['search', 'bots that search'], ['random', 'random bots'], ['open', 'friends (by link)']];
  const refill = (): void => {
    const v = variants.find(x => x.name === game.value);
    about.textContent = v?.description ?? '';
    const list = v?.chess === false ? cafeteriaOpponents : otherChessOpponents;
    const options = list.map(([value, label]) => h('option', { value: value ?? '' }, label ?? ''));
    opponent.replaceChildren(...(v?.chess === false ? [] : levelOptions(levels)), ...options);
    levelAbout.textContent = levelSentence(levels, opponent.value);
    players.hidden = v?.chess !== false;
    side.hidden = v?.chess === false;
  };
  game.addEventListener('change', refill);
  // A rules page's "play this game" link names the game.
  const asked = new URLSearchParams(location.search).get('game');
  if (asked !== null && variants.some(v => v.name === asked)) game.value = asked;
  opponent.addEventListener('change', () => { levelAbout.textContent = levelSentence(levels, opponent.value); });
  refill();
  const start = button('Play', () => {
    const v = variants.find(x => x.name === game.value);
    const me: SeatRequest = { player: 'me', ...(name.value.trim() ? { name: name.value.trim() } : {}) };
    const other: SeatRequest = { player: opponent.value };
    let seats: SeatRequest[];
    if (v?.chess === false) seats = [me, ...Array.from({ length: Number(players.value) - 1 }, () => other)];
    else seats = side.value === 'black' ? [other, me] : [me, other];
    const body: CreateGame = { game: game.value, seats, listed: listed.checked };
    const [base, inc] = clock.value.split('+');
    if (base !== undefined && inc !== undefined) body['clock'] = { base_ms: Number(base), increment_ms: Number(inc) };
    void startGame(root, body, error);
  }, { class: 'primary', 'data-control': 'start' });
  root.replaceChildren(
    h('h1', {}, 'messhall'),
    h('p', {}, 'Food fights on a chessboard and in the cafeteria.'),
    error,
    h('section', { class: 'new-game' }, h('h2', {}, 'New game'),
      h('div', { class: 'form' }, game, opponent, players, side, clock, name, listedLabel, start), about, levelAbout),
    h('nav', { class: 'links' }, link('/games', 'games being played and finished'), ' · ', link('/rules', 'rules'), ' · ', link('/variant', 'play your own variant file')),
  );
}

/** The page a friend's link opens: a name, then the seat. */
export function joinPage(root: HTMLElement, id: string, code: string): void {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const name = h('input', { type: 'text', placeholder: 'your name', maxlength: '40', 'aria-label': 'your name' });
  const take = button('Take the seat', async () => {
    try {
      const r = await call<Joined>('POST', `/api/games/${id}/join`, { code, ...(name.value.trim() ? { name: name.value.trim() } : {}) } satisfies JoinRequest);
      keepToken(id, r.token);
      go(`/game/${id}`);
    } catch (e) {
      showError(error, e);
    }
  }, { class: 'primary', 'data-control': 'join' });
  root.replaceChildren(h('h1', {}, 'Join a game'), error, h('div', { class: 'form' }, name, take), link(`/game/${id}`, 'just watch'));
}
