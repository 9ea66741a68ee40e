// The home page: each game with a picture of its start, what makes it different, and three ways
// in (play the computer, play a friend, learn); a form that chooses everything (the opponents:
// the computer at a level, bots, friends by link; the colour; a clock); and the join page a
// friend's link opens.

import { cafeteria, variants as catalogVariants } from 'messhall:catalog';
import { bundleBase } from '../board.js';
import { drawCafeteria } from '../cafeteria-map.js';
import { ApiError, call, keepToken, type CreateGame, type Created, type Invitation, type JoinRequest, type Joined, type SeatRequest, type VariantInfo, type VariantList, type VariantSummary } from './api.js';
import { boardPicture } from './board-picture.js';
import { button, go, h, link, showError } from './dom.js';
import { clockWords, invitePanel, keepInvites, seatWord } from './invite.js';
import { levelOptions, levelSentence, type Levels } from './levels.js';
import { me } from './session.js';

/** Creates a game from the form's choices and goes to it (or shows the friend's link first). */
export async function startGame(root: HTMLElement, body: CreateGame, error: HTMLElement): Promise<void> {
  try {
    const made = await call<Created>('POST', '/api/games', body);
    for (const t of made.tokens) keepToken(made.id, t.token);
    if (made.joins.length) {
      const invites = made.joins.map(j => ({ seat: j.seat, code: j.code }));
      keepInvites(made.id, invites);
      root.replaceChildren(h('h1', {}, invites.length > 1 ? 'Invite your friends' : 'Invite a friend'),
        invitePanel(made.id, invites, seat => seatWord(made.state, seat)),
        link(`/game/${made.id}`, 'go to the game (the links stay there until the seats are taken)'));
      return;
    }
    go(`/game/${made.id}`);
  } catch (e) {
    showError(error, e);
  }
}

/** The games the home page shows first, each with its picture and ways in; the others (the
 * PieceEater's steered and checkmate forms) are in the form below. */
const FEATURED = ['foodfight', 'calorie', 'pieceeater', 'friendly', 'cafeteria', 'chess'];

/** White or Black at random, for "play the computer" and "play a friend". */
function randomSides(me: SeatRequest, other: SeatRequest): SeatRequest[] {
  return Math.random() < 0.5 ? [me, other] : [other, me];
}

/** A game's card: its picture, name, what makes it different, and three ways in. */
function gameCard(root: HTMLElement, v: VariantSummary, levels: Levels, error: HTMLElement): HTMLElement {
  const me: SeatRequest = { player: 'me' };
  const art = catalogVariants.find(c => c.name === v.name);
  let picture: Element;
  try {
    picture = v.chess && art !== undefined
      ? boardPicture({ variant: art.name, files: art.files, ranks: art.ranks, names: art.names }, art.start, `${v.title}: the start position`)
      : h('div', { class: 'map', role: 'img', 'aria-label': `${v.title}: the cafeteria's map` }, drawCafeteria(cafeteria.map, cafeteria.legend, [], bundleBase));
  } catch {
    picture = h('p', {}, v.title);
  }
  const computer: SeatRequest = v.chess ? { player: `level=${levels.default_level}` } : { player: 'rules' };
  const level = levels.levels.find(l => l.number === levels.default_level);
  const ways = h('div', { class: 'ways' },
    button(v.chess ? 'Play the computer' : 'Play the bots', () => {
      const seats = v.chess ? randomSides(me, computer) : [me, computer, computer, computer];
      void startGame(root, { game: v.name, seats, listed: true }, error);
    }, { class: 'primary', 'data-play': 'computer', title: v.chess && level ? `${level.name}: ${level.description}` : 'three bots that follow the rules' }),
    button('Play a friend', () => {
      // Unlisted: a listed game's open seat is anyone's to take, and this one is the friend's.
      const seats = v.chess ? randomSides(me, { player: 'open' }) : [me, { player: 'open' }];
      void startGame(root, { game: v.name, seats, listed: false }, error);
    }, { 'data-play': 'friend' }),
    link(`/learn/${v.name}`, 'Learn'));
  ways.lastElementChild?.setAttribute('class', 'learn');
  return h('article', { class: 'game-card', 'data-game': v.name },
    h('a', { href: `/rules/${v.name}`, class: 'picture', tabindex: '-1', 'aria-hidden': 'true' }, picture),
    h('h2', {}, v.title), h('p', {}, v.description ?? ''), ways);
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
  const cards = FEATURED.flatMap(name => variants.filter(v => v.name === name)).map(v => gameCard(root, v, levels, error));
  const game = h('select', { name: 'game', 'aria-label': 'game' }, ...variants.map(v => h('option', { value: v.name }, v.title)));
  const about = h('p', { class: 'about' });
  const levelAbout = h('p', { class: 'about', 'data-level-about': '' });
  const opponent = h('select', { name: 'opponent', 'aria-label': 'opponent' });
  const players = h('select', { name: 'players', 'aria-label': 'players' }, ...[2, 3, 4].map(n => h('option', { value: String(n) }, `${n} players`)));
  const side = h('select', { name: 'side', 'aria-label': 'side' }, h('option', { value: 'white' }, 'I play White'), h('option', { value: 'black' }, 'I play Black'), h('option', { value: 'random' }, 'random colour'));
  const clock = h('select', { name: 'clock', 'aria-label': 'clock' },
    h('option', { value: '' }, 'no clock'), h('option', { value: '180000+2000' }, '3 min + 2 s'),
    h('option', { value: '300000+3000' }, '5 min + 3 s'), h('option', { value: '900000+10000' }, '15 min + 10 s'),
    h('option', { value: 'days:1' }, '1 day a move'), h('option', { value: 'days:3' }, '3 days a move'));
  const name = h('input', { type: 'text', name: 'name', placeholder: 'your name', maxlength: '40', 'aria-label': 'your name' });
  // Listed games are on the games page for anyone to watch; the others are found by their link.
  const listed = h('input', { type: 'checkbox', name: 'listed', checked: '' });
  const listedLabel = h('label', { class: 'listed', title: 'anyone may watch it there, and take an open seat without the link' }, listed, ' show it on the games page');
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
    else if (side.value === 'random') seats = randomSides(me, other);
    else seats = side.value === 'black' ? [other, me] : [me, other];
    const body: CreateGame = { game: game.value, seats, listed: listed.checked };
    const [base, inc] = clock.value.split('+');
    // Correspondence: days a move, each move's afresh.
    if (clock.value.startsWith('days:')) body['clock'] = { days_per_move: Number(clock.value.slice(5)) };
    else if (base !== undefined && inc !== undefined) body['clock'] = { base_ms: Number(base), increment_ms: Number(inc) };
    void startGame(root, body, error);
  }, { class: 'primary', 'data-control': 'start' });
  const custom = h('section', { class: 'new-game', id: 'custom' }, h('h2', {}, 'Choose everything'),
    h('div', { class: 'form' }, game, opponent, players, side, clock, name, listedLabel, start), about, levelAbout);
  root.replaceChildren(
    h('header', { class: 'hero' },
      h('h1', {}, 'messhall'),
      h('p', { class: 'tagline' }, 'Food fights to play and learn: three chess games on unusual rules, a chess game with energy, and a cafeteria dice game for 2-4 players. Play the computer or a friend, or learn a game in ten minutes.')),
    error,
    h('section', { class: 'game-cards', 'aria-label': 'the games' }, ...cards),
    custom,
    h('nav', { class: 'links' }, link('/games', 'games being played and finished'), ' · ', link('/rules', 'rules'), ' · ', link('/variant', 'play your own variant file')),
  );
  // A "play this game" link lands on the form with its game chosen.
  if (asked !== null) custom.scrollIntoView();
}

/** The page a friend's link opens: what it joins (the game, its clock, the seat, who invites),
 * a name, then the seat. */
export async function joinPage(root: HTMLElement, id: string, code: string): Promise<void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const watch = link(`/game/${id}`, 'just watch');
  let seen: Invitation;
  try {
    seen = await call<Invitation>('GET', `/api/games/${id}/join?code=${encodeURIComponent(code)}`);
  } catch (e) {
    root.replaceChildren(h('h1', {}, 'Join a game'), error, h('p', {}, 'This link opens no seat now: it was used, or the game is over or gone.'), watch);
    showError(error, e);
    return;
  }
  const state = seen.state;
  let title = state.game;
  try {
    title = (await call<VariantInfo>('GET', `/api/games/${id}/rules`)).title;
  } catch {
    // The game's own name serves.
  }
  const people = state.seats.flatMap((s, i) => i === seen.seat || s.kind === 'open' ? [] : [`${s.name || (s.kind === 'computer' ? 'the computer' : 'a player')} (${seatWord(state, i)})`]);
  const from = people.length ? `${people.join(', ')} ${people.length > 1 ? 'invite' : 'invites'} you to` : 'You are invited to';
  const name = h('input', { type: 'text', placeholder: 'your name', maxlength: '40', 'aria-label': 'your name' });
  // Left empty, the seat takes this browser's player's name.
  void me().then(p => { if (p !== null) name.placeholder = p.name; });
  const take = button('Take the seat', async () => {
    try {
      const r = await call<Joined>('POST', `/api/games/${id}/join`, { code, ...(name.value.trim() ? { name: name.value.trim() } : {}) } satisfies JoinRequest);
      keepToken(id, r.token);
      go(`/game/${id}`);
    } catch (e) {
      showError(error, e);
    }
  }, { class: 'primary', 'data-control': 'join' });
  root.replaceChildren(h('h1', {}, `Join a game of ${title}`), error,
    h('p', { class: 'invitation' }, `${from} ${title}, ${clockWords(state.clock)}. You would play ${seatWord(state, seen.seat)}.`),
    h('div', { class: 'form' }, name, take), watch);
}
