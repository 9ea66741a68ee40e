// The game page: a chess board or the cafeteria, whose turn it is, clocks, the move list, the
// game's events in words, resign / draw / take-back, board flip, a move typed in, downloads, and
// the WebSocket feed that keeps it up to date: its events and the game's view after them are
// applied as they come, so the page reads the whole state only on a reconnect, a gap or a refusal.

import { call, chessRules, keepToken, text, tokenFor, type ActRequest, type Joined, type JoinRequest, type ChessRules, type FeedEvent, type GameEvent, type GameOrigin, type GameState, type Positions, type VariantInfo, type ViewMessage } from './api.js';
import { pieceLegend } from './piece-legend.js';
import { CafeteriaView, type CafeteriaData } from './cafeteria-view.js';
import { resultSentence, studentName } from './cafeteria-words.js';
import { ChessView } from './chess-view.js';
import { button, go, h, link, showError } from './dom.js';
import { analysisAllowed, analysisPanel } from './analysis.js';
import { actionWords } from './chess-words.js';
import { describe, Feed } from './feed.js';
import { muteButton, play } from './sounds.js';
import { endSentence, resultToken } from './end-words.js';
import { rematchBody, royalKeys, royalName } from './game-end.js';
import { ratingChange } from './rating-change.js';
import { chatPanel } from './chat.js';
import { rematchBox, serverRematch } from './rematch.js';
import { startGame } from './home-page.js';
import { invitePanel, invitesFor, seatWord } from './invite.js';
import { LiveSteps } from './live-steps.js';
import { absences, claimIn, markTitle, ServerTime, span } from './presence.js';

/** The page's clean-up when the user leaves it. */
export type Leave = () => void;

/** Draws game `id` in `root`. */
export async function gamePage(root: HTMLElement, id: string): Promise<Leave> {
  const token = tokenFor(id);
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  let state: GameState;
  try {
    state = await call<GameState>('GET', `/api/games/${id}`, undefined, token);
  } catch (e) {
    root.replaceChildren(h('h1', {}, 'Game not found'), h('p', {}, e instanceof Error ? e.message : String(e)), link('/', 'home'));
    return () => {};
  }
  const names: Record<string, string> = {};
  // The game's pieces by name (for the art of pieces in hand too) and in words, for the legend.
  let rules: ChessRules | null = null;
  // The game's name for people (`Food Fight chess`), from its rules.
  let gameTitle = state.game;
  // The cafeteria's staff, foods and tables by name, from its rules' data.
  let cafeteriaData: CafeteriaData | undefined;
  try {
    const info = await call<VariantInfo>('GET', `/api/games/${id}/rules`);
    gameTitle = info.title;
    if ('foods' in info) cafeteriaData = { faculty: info.faculty, foods: info.foods, tables: info.tables };
    rules = chessRules(info);
    for (const p of rules?.pieces ?? []) names[p.letter.toUpperCase()] = p.name;
    if (rules?.neutral) names['*'] = rules.neutral.name;
  } catch (e) {
    showError(error, e);
  }
  for (const p of state.board?.pieces ?? []) names[p.letter.toUpperCase()] ??= p.name;
  const seatName = (seat: number): string => {
    const s = state.seats[seat];
    const who = s?.name || (s?.player === 'human' ? (seat === state.you ? 'you' : 'a friend') : s?.kind === 'computer' || s?.player?.includes('=') ? `computer ${s.player.replace('=', ' ')}` : s?.player) || `seat ${seat + 1}`;
    return state.board !== null ? `${who} (${seat === 0 ? 'White' : 'Black'})` : `${who} (player ${seat + 1})`;
  };

  let busy = false;
  const act = async (path: string, body: unknown): Promise<void> => {
    if (busy) return;
    busy = true;
    error.hidden = true;
    try {
      show(await call<GameState>('POST', `/api/games/${id}/${path}`, body, token));
    } catch (e) {
      showError(error, e);
      await refresh();
    } finally {
      busy = false;
    }
  };
  const move = (action: string): void => void act('act', { ply: state.ply, action } satisfies ActRequest);

  const title = h('h1', {}, gameTitle);
  const status = h('p', { class: 'status', 'aria-live': 'polite' });
  // While seats are open: this browser's invitation links, or a stranger's way into a listed game.
  const waitingBox = h('div', { class: 'waiting-box', hidden: '' });
  let waitingShown = '';
  const drawWaiting = (): void => {
    const invites = state.status === 'waiting' && state.you !== null ? invitesFor(id, state) : [];
    const open = state.seats.findIndex(s => s.kind === 'open');
    const joinable = state.status === 'waiting' && state.you === null && state.listed && open >= 0;
    const key = `${invites.map(i => i.seat).join(',')}|${joinable ? open : ''}`;
    if (key === waitingShown) return;
    waitingShown = key;
    waitingBox.hidden = invites.length === 0 && !joinable;
    if (invites.length) waitingBox.replaceChildren(invitePanel(id, invites, seat => seatWord(state, seat)));
    else if (joinable) {
      waitingBox.replaceChildren(button(`Take the open seat (${seatWord(state, open)})`, async () => {
        try {
          const r = await call<Joined>('POST', `/api/games/${id}/join`, { seat: open } satisfies JoinRequest);
          keepToken(id, r.token);
          go(`/game/${id}`);
        } catch (e) {
          showError(error, e);
        }
      }, { class: 'primary', 'data-control': 'take-seat' }));
    } else waitingBox.replaceChildren();
  };
  // A rated game's end: the player's new rating, asked for once.
  const ratingLine = h('p', { class: 'rating-change', hidden: '' });
  let ratingAsked = false;
  // Who is gone from the table, and when this seat may claim the game from the seat to move.
  const absence = h('p', { class: 'presence', 'aria-live': 'polite', hidden: '' });
  const serverTime = new ServerTime();
  serverTime.heard(state.now_ms);
  const clocks = h('div', { class: 'clocks' });
  const moves = h('ol', { class: 'moves' });
  const movesTitle = h('h2', {}, 'Moves');
  const log = h('ul', { class: 'log' });
  const online = h('p', { class: 'online', role: 'status', hidden: '' });
  const boardHolder = h('div', { class: 'board' });
  const input = h('input', { type: 'text', placeholder: state.board !== null ? 'type a move (e4, Nf3, e7e8q, P@e5)' : 'type an action (move d3)', 'aria-label': 'move', list: 'legal-moves', autocomplete: 'off' });
  const datalist = h('datalist', { id: 'legal-moves' });
  const form = h('form', { class: 'move-input' }, input, datalist, h('button', { type: 'submit' }, 'play'));
  form.addEventListener('submit', e => {
    e.preventDefault();
    const t = input.value.trim();
    if (t) move(t);
    input.value = '';
  });
  const controls = h('div', { class: 'controls' });
  const downloads = h('div', { class: 'downloads' });
  // The engine's view, only where it helps no seat against its opponent (see analysisAllowed).
  const analysis = analysisPanel(id, () => state.board?.fen ?? null, error);
  let analysedPly = state.ply;
  const analysisBox = h('section', { class: 'analysis-box', hidden: '' }, h('h2', {}, 'Analysis'), analysis.element);

  let chess: ChessView | null = null;
  let caf: CafeteriaView | null = null;
  const main = h('div', { class: 'play' });
  if (state.board !== null) {
    main.append(h('div', { class: 'board-col' }, boardHolder));
  } else {
    caf = new CafeteriaView(state, move, cafeteriaData);
    main.append(h('div', { class: 'board-col' }, caf.element));
  }
  // The legend of the pieces, in the side column so that it pushes nothing under the board.
  const legend = rules !== null && state.board !== null
    ? pieceLegend(rules, { variant: state.game, files: state.board.files, ranks: state.board.ranks, names })
    : '';
  const chat = chatPanel(id);
  // A rematch between people, once the game is over.
  let rematchBoxNow: { box: HTMLElement; stop: () => void } | null = null;
  // Who is away, this page's own connection and a rated end's new rating, beside the board: their
  // coming and going never moves the board under a pointer.
  const side = h('div', { class: 'side-col' }, online, absence, ratingLine, clocks, controls, form, legend, movesTitle, moves, h('h2', {}, 'What happened'), log, chat.panel, downloads, analysisBox);
  main.append(side);
  const unplace = caf?.placePanel(side);
  const origin = h('p', { class: 'studio-origin', hidden: '' });
  root.replaceChildren(h('nav', { class: 'crumbs' }, link('/', 'home'), ' · ', link('/games', 'games')), title, origin, status, waitingBox, error, main);
  void showOrigin(id, origin);
  if (state.board !== null) {
    chess = new ChessView(boardHolder, state, names, move);
    boardHolder.parentElement?.append(chess.die, chess.friend.element, chess.picker, chess.drops);
  }
  // Stepping back through the game without leaving it; the live board comes back on return.
  const steps = new LiveSteps(id, chess, () => state, () => show(state), error);
  if (chess !== null) side.insertBefore(steps.element, movesTitle);

  let clockAt = performance.now();
  const fmt = (ms: number): string => {
    const s = Math.max(0, Math.ceil(ms / 1000));
    // A correspondence move's days: "1 d 23 h", "5 h 12 min".
    if (s >= 3600) return span(s - (s % 60));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  const drawClocks = (): void => {
    const c = state.clock;
    if (c === null) {
      clocks.hidden = true;
      return;
    }
    clocks.hidden = false;
    const spent = performance.now() - clockAt;
    clocks.replaceChildren(...c.left_ms.map((ms, seat) => {
      const running = c.running === seat && state.status === 'playing';
      return h('div', { class: `clock${running ? ' running' : ''}`, 'data-seat': String(seat) }, h('span', {}, seatName(seat)), h('strong', {}, fmt(running ? ms - spent : ms)));
    }));
  };
  // Whether the claim buttons are shown: redrawn when the wait for a claim runs out.
  let claimShown = false;
  const drawPresence = (): void => {
    const now = serverTime.now();
    const lines = absences(state, now, seatName);
    const wait = claimIn(state, now);
    if (wait !== null && wait > 0) lines.push(`You may claim the win or a draw in ${wait} s if it stays away.`);
    if (wait === 0) lines.push('You may claim the win or a draw.');
    absence.textContent = lines.join(' ');
    absence.hidden = lines.length === 0;
    if ((wait === 0) !== claimShown) drawControls();
    const yours = state.result === null && state.turn !== null && state.turn.seat === state.you;
    document.title = markTitle(document.title, yours);
  };
  const ticker = setInterval(() => {
    drawClocks();
    drawPresence();
  }, 250);

  function show(next: GameState): void {
    // An action's answer may come after the feed has shown what followed it (a computer's reply).
    if (next.ply < state.ply || next.event < state.event) return;
    if (sounding && state.result === null && next.result !== null) play('end');
    state = next;
    if (next.now_ms) serverTime.heard(next.now_ms);
    feed.caughtUp(next.event);
    // A state fetched or returned by an action may be ahead of the feed, which then skips what it
    // brought: its events are logged here, each once.
    for (const e of next.events) logEvent(e);
    clockAt = performance.now();
    if (!steps.away()) chess?.update(next);
    steps.moved(next);
    caf?.update(next);
    // The royal piece mated or taken, marked as a check is.
    const marked = royalKeys(next, rules);
    if (chess !== null && marked.length && !steps.away()) chess.board.api.set({ check: marked });
    const you = next.you === null ? 'You are watching.' : `You play ${next.board !== null ? (next.you === 0 ? 'White' : 'Black') : `player ${next.you + 1}`}.`;
    let line: string;
    const ending = next.result?.ending as { by?: string; kind?: unknown; winners?: unknown } | undefined;
    const said = next.result !== null && ending?.by !== 'cafeteria' ? endSentence(next.result, { you: next.you, seat: seatName, royal: () => royalName(rules) }) : null;
    if (ending?.by === 'cafeteria') {
      line = `Game over: ${resultSentence(ending.kind, ending.winners, next.cafeteria)}.`;
    } else if (said !== null) {
      line = said;
    } else if (next.result !== null) {
      const scores = next.result.scores.map((s, i) => `${seatName(i)} ${s}`).join(', ');
      line = `Game over (${next.result.ending.by}${typeof next.result.ending.seat === 'number' ? `: ${seatName(next.result.ending.seat)}` : ''}): ${scores}.`;
    } else if (next.status === 'waiting') {
      line = next.you !== null ? 'Waiting for every seat to be taken: send the join link.' : next.listed ? 'Waiting for a player: anyone may take the open seat.' : 'Waiting for its invited players.';
    } else if (next.turn !== null) {
      const student = next.turn.kind === 'student' ? ` with ${studentName(next.turn.student, next.cafeteria)}` : '';
      line = next.turn.seat === next.you ? (student ? `Your turn${student}.` : `Your turn (${next.turn.kind}).`) : `${seatName(next.turn.seat)} to play${student}.`;
    } else {
      line = next.status;
    }
    status.textContent = next.result !== null && next.board !== null ? line : `${line} ${you}`;
    drawWaiting();
    status.dataset['over'] = next.result !== null ? 'yes' : 'no';
    const holder = next.you !== null ? next.seats[next.you]?.player_id : undefined;
    if (next.result !== null && holder != null && !ratingAsked) {
      ratingAsked = true;
      void ratingChange(id, holder).then(said => {
        if (said === null) return;
        ratingLine.textContent = said;
        ratingLine.hidden = false;
      }).catch(() => {});
    }
    status.dataset['turn'] = next.turn !== null && next.turn.seat === next.you && next.result === null ? 'you' : 'other';
    // Chess moves in pairs, White's and Black's, under one number.
    const texts = next.moves.map(m => m.san || m.coordinates);
    const rows: string[][] = [];
    if (next.board !== null) for (let i = 0; i < texts.length; i += 2) rows.push(texts.slice(i, i + 2));
    else for (const t of texts) rows.push([t]);
    moves.replaceChildren(...rows.map(r => h('li', {}, ...r.map(t => h('span', { class: 'ply' }, t)))));
    const token = next.result !== null && next.board !== null ? resultToken(next.result) : null;
    if (token !== null) moves.appendChild(h('li', { class: 'result', 'data-result': token }, token));
    movesTitle.hidden = texts.length === 0 && next.board === null;
    moves.scrollTop = moves.scrollHeight;
    datalist.replaceChildren();
    if (next.legal.kind === 'moves') {
      for (const ms of Object.values(next.legal.from)) for (const m of ms) datalist.appendChild(h('option', { value: m.san }));
    }
    form.hidden = next.you === null || next.result !== null;
    drawControls();
    drawClocks();
    drawPresence();
  }

  function drawControls(): void {
    controls.replaceChildren();
    claimShown = claimIn(state, serverTime.now()) === 0;
    if (claimShown) {
      controls.append(
        button('claim the win', () => void act('claim/win', {}), { 'data-control': 'claim-win', class: 'primary' }),
        button('claim a draw', () => void act('claim/draw', {}), { 'data-control': 'claim-draw' }),
      );
    }
    if (chess !== null) controls.appendChild(button('flip board', () => chess?.flip(), { 'data-control': 'flip' }));
    controls.appendChild(muteButton());
    if (state.you !== null && state.result === null) {
      controls.appendChild(button('resign', () => {
        if (confirm('Resign this game?')) void act('resign', {});
      }, { 'data-control': 'resign' }));
      const offered = state.draw_offers.filter(s => s !== state.you);
      // The computer plays every game out: no draw to offer it.
      const people = state.seats.some((s, i) => i !== state.you && s.kind !== 'computer');
      if (offered.length) controls.appendChild(button('accept draw', () => void act('draw/accept', {}), { 'data-control': 'draw-accept' }));
      else if (people) controls.appendChild(button('offer draw', () => void act('draw/offer', {}), { 'data-control': 'draw' }));
      if (offered.length) controls.appendChild(button('decline draw', () => void act('draw/decline', {})));
      if (state.takeback_request !== null && state.takeback_request !== state.you) {
        controls.appendChild(button('grant take-back', () => void act('takeback/accept', {})));
        controls.appendChild(button('refuse take-back', () => void act('takeback/decline', {})));
      } else {
        controls.appendChild(button('take back', () => void act('takeback/request', {}), { 'data-control': 'takeback' }));
      }
    }
    if (state.result !== null && chess !== null) {
      const you = state.you;
      if (you !== null && serverRematch(state)) {
        rematchBoxNow ??= rematchBox(id, you, seatName);
        controls.appendChild(rematchBoxNow.box);
      } else if (you !== null) controls.appendChild(button('rematch', () => void rematch(you), { 'data-control': 'rematch', class: 'primary' }));
      controls.appendChild(button('new game', () => go('/'), { 'data-control': 'new-game' }));
      controls.appendChild(button('analyse the game', () => go(`/replay/${id}?ply=end`), { 'data-control': 'analyse-game' }));
    }
    downloads.replaceChildren();
    if (state.result !== null) {
      downloads.append(button('download record (JSON)', () => void download('record', `${id}.json`)));
      if (state.board !== null) downloads.append(button('download PGN', () => void download('pgn', `${id}.pgn`)));
      if (state.board !== null) downloads.append(link(`/replay/${id}`, 'replay'), ' · ', link(`/replay/${id}?ply=end`, 'analysis board: the game analysed, every position'));
    }
    const allowed = analysisAllowed(state);
    // An answer is about the position it was asked for.
    if (!allowed || state.ply !== analysedPly) analysis.clear();
    analysedPly = state.ply;
    analysisBox.hidden = !allowed;
  }

  // A new game with the colours swapped: against the computer it starts; a person is sent a link.
  async function rematch(you: number): Promise<void> {
    let start: string | null = null;
    try {
      start = (await call<Positions>('GET', `/api/games/${id}/positions`)).positions[0]?.fen ?? null;
    } catch (e) {
      showError(error, e);
      return;
    }
    if (start === rules?.start) start = null;
    await startGame(root, rematchBody(state, you, start), error);
  }

  async function download(what: 'record' | 'pgn', file: string): Promise<void> {
    try {
      const body = what === 'pgn' ? await text(`/api/games/${id}/pgn`, token) : JSON.stringify(await call('GET', `/api/games/${id}/record`, undefined, token), null, 1);
      const a = h('a', { href: URL.createObjectURL(new Blob([body], { type: 'text/plain' })), download: file });
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      showError(error, e);
    }
  }

  async function refresh(): Promise<void> {
    try {
      show(await call<GameState>('GET', `/api/games/${id}`, undefined, token));
    } catch (e) {
      showError(error, e);
    }
  }
  // A chess action's events (the move, what it removed, energies, the neutral piece's step) share
  // the ply they were stored at: they make one line of the log, rewritten as each arrives, and
  // the board's live line says it.
  const CHESS_EVENTS = ['moved', 'removed', 'chance', 'passed', 'energy'];
  let action: { ply: number | null | undefined; events: GameEvent[]; li: HTMLElement } | null = null;
  let logged = 0;
  // Sounds are for what happens while the page is open, not for the events it loads with.
  let sounding = false;
  let soundTimer: number | undefined;
  const logEvent = (e: GameEvent): void => {
    if (typeof e.n === 'number') {
      if (e.n <= logged) return;
      logged = e.n;
    }
    if (chess !== null && CHESS_EVENTS.includes(e.type)) {
      const ply = typeof e.ply === 'number' ? e.ply : null;
      let current = action;
      if (current === null || current.ply !== ply || e.type === 'moved') {
        current = { ply, events: [], li: h('li', { 'data-type': e.type }) };
        action = current;
        log.prepend(current.li);
      }
      current.events.push(e);
      current.li.textContent = actionWords(current.events, state.board?.energy_name ?? null);
      chess.cursor.tell(current.li.textContent);
      // One sound a move, once its events are in: a capture's if it removed a piece.
      if (sounding && (e.type === 'moved' || e.type === 'removed')) {
        const events = current.events;
        window.clearTimeout(soundTimer);
        soundTimer = window.setTimeout(() => play(events.some(x => x.type === 'removed') ? 'capture' : 'move'), 40);
      }
    } else {
      const words = describe(e, seatName, state.cafeteria, caf?.names);
      if (words === null) return;
      log.prepend(h('li', { 'data-type': e.type }, words));
    }
    while (log.children.length > 60) log.lastElementChild?.remove();
  };
  // The state's last events, kept as the feed brings them (the die and the staff's damage read
  // them), as many as a state carries.
  const LAST_EVENTS = 20;
  const apply = (v: ViewMessage): void => {
    // A view brings no time of the server's: the offset stays as last measured.
    show({ ...state, ...v.view, legal: v.legal ?? { kind: 'nothing' }, now_ms: 0 });
  };
  const feed = new Feed(id, state.event, token, {
    event: e => {
      if (e.type === 'state') {
        show(e['state'] as GameState);
        return;
      }
      logEvent(e);
      state.events = [...state.events, e as FeedEvent].slice(-LAST_EVENTS);
    },
    view: apply,
    presence: p => {
      state.presence = p.seats;
      serverTime.heard(p.now_ms);
      drawPresence();
    },
    gap: () => void refresh(),
    clock: e => {
      if (state.clock !== null && Array.isArray(e['left_ms'])) {
        state.clock.left_ms = e['left_ms'] as number[];
        state.clock.running = typeof e['running'] === 'number' ? e['running'] : null;
        clockAt = performance.now();
      }
    },
    status: (up, again) => {
      // This page's own connection: the game goes on without it, and it catches up on return.
      online.textContent = up ? '' : 'Connection lost: reconnecting…';
      online.hidden = up;
      online.dataset['connection'] = up ? 'up' : 'down';
      if (up && again) void refresh();
    },
  });
  show(state);
  sounding = true;

  const keys = (e: KeyboardEvent): void => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    // The board's own cursor takes the arrow keys while the board has the focus.
    if (!e.defaultPrevented && steps.key(e)) return;
    if (e.key === 'f' && chess !== null) chess.flip();
    else if (e.key === '/' || e.key === 'm') {
      e.preventDefault();
      input.focus();
    }
  };
  document.addEventListener('keydown', keys);
  return () => {
    chat.close();
    rematchBoxNow?.stop();
    document.title = markTitle(document.title, false);
    feed.close();
    unplace?.();
    clearInterval(ticker);
    document.removeEventListener('keydown', keys);
    chess?.board.destroy();
    chess?.names.destroy();
  };
}

/** Under the title of a game made from a published variant: its version, linked to its page (the
 * game keeps that version whatever versions come after it). */
async function showOrigin(id: string, line: HTMLElement): Promise<void> {
  try {
    const origin = await call<GameOrigin>('GET', `/api/games/${id}/studio`);
    if (!origin.variant) return;
    const { id: variant, version } = origin.variant;
    line.replaceChildren('A variant from the studio, ', link(`/studio/${variant}?version=${version}`, `version ${version.slice(0, 12)}`), '.');
    line.hidden = false;
  } catch {
    // Not told where the game came from: the game plays as well without.
  }
}
