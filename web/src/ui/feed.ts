// A game's WebSocket feed: numbered events and the game's view after them, reconnecting by itself
// and asking for what it missed.

import type { CafeteriaView, GameEvent, PresenceMessage, ViewMessage } from './api.js';
import { cafeteriaSentence, NO_NAMES, WalkMemory, type CafeteriaNames } from './cafeteria-words.js';
import { actionWords } from './chess-words.js';

/** What a feed hands its page. */
export interface FeedHandlers {
  /** Each numbered event once, in order (a `state` message too: the full state after a long gap). */
  event: (e: GameEvent) => void;
  /** The clocks, every second while one runs. */
  clock: (e: GameEvent) => void;
  /** The game after the events just handed over, with the seat's legal actions for a seat. */
  view: (v: ViewMessage) => void;
  /** Every seat's presence, on connecting and whenever a seat comes or goes. */
  presence: (p: PresenceMessage) => void;
  /** Events were missed (a number skipped): the page reads the whole state again. */
  gap: () => void;
  /** The connection is up or down; `again` when it is up after a drop. */
  status: (online: boolean, again: boolean) => void;
}

/** Follows a game's events from `since`. */
export class Feed {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 500;
  private opened = false;

  constructor(
    private readonly game: string,
    private last: number,
    private readonly token: string | undefined,
    private readonly on: FeedHandlers,
  ) {
    this.open();
  }

  /** The number of the last event seen. */
  get seen(): number {
    return this.last;
  }

  /** Moves the count on (after a state fetched some other way). */
  caughtUp(n: number): void {
    this.last = Math.max(this.last, n);
  }

  /** Stops following. */
  close(): void {
    this.closed = true;
    this.ws?.close();
  }

  private open(): void {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    // The seat's token goes in the handshake's subprotocols, not the URL (which logs keep).
    const protocols = this.token === undefined ? ['messhall'] : ['messhall', `messhall-token.${this.token}`];
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.game}/ws?since=${this.last}`, protocols);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.on.status(true, this.opened);
      this.opened = true;
    };
    ws.onmessage = m => {
      let e: GameEvent;
      try {
        e = JSON.parse(String(m.data)) as GameEvent;
      } catch {
        return;
      }
      if (e.type === 'clock') {
        this.on.clock(e);
        return;
      }
      if (e.type === 'view') {
        this.on.view(e as ViewMessage);
        return;
      }
      if (e.type === 'presence') {
        this.on.presence(e as PresenceMessage);
        return;
      }
      if (typeof e.n !== 'number' || e.n <= this.last) return;
      const skipped = e.n > this.last + 1 && e.type !== 'state';
      this.last = e.n;
      this.on.event(e);
      if (skipped) this.on.gap();
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.on.status(false, this.opened);
      setTimeout(() => {
        if (!this.closed) this.open();
      }, this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }
}

// The walk whose steps the log is telling (one line for the walk, not one per step).
const walking = new WalkMemory();

/** An event in words, for the game's log (the dice rolls of the PieceEater and the cafeteria); null
 * for one that needs no line of its own. A chess action's events read best together: see
 * `actionWords`. `foods` names the cafeteria's food and tables. */
export function describe(e: GameEvent, names: (seat: number) => string, caf: CafeteriaView | null, foods: CafeteriaNames = NO_NAMES): string | null {
  const who = typeof e['seat'] === 'number' ? names(e['seat']) : '';
  switch (e.type) {
    case 'joined':
      return `${String(e['name'] ?? who)} joined`;
    case 'moved':
    case 'chance':
    case 'energy':
    case 'removed':
    case 'passed':
      return actionWords([e], null);
    case 'acted':
      // A student's action is told by the events it causes ("Rock throws the milk at Connie: a
      // hit"); a walk's steps make one line.
      walking.acted(e['action']);
      return null;
    case 'cafeteria': {
      const ev = e['event'];
      const moved = typeof ev === 'object' && ev !== null ? (ev as { Moved?: { student?: unknown; to?: unknown } }).Moved : undefined;
      if (moved !== undefined) {
        const walk = walking.step(moved.to, moved.student, caf);
        if (walk !== undefined) return walk;
      }
      return cafeteriaSentence(ev, caf, foods);
    }
    case 'hidden':
      // What another seat alone may see (the food its student took or put down face down): the
      // events everyone sees say what a watcher may know of it.
      return null;
    case 'taken-back':
      return 'a move was taken back';
    case 'draw-offered':
      return `${who} offers a draw`;
    case 'draw-declined':
      return `${who} declines the draw`;
    case 'takeback-requested':
      return `${who} asks to take back`;
    case 'takeback-declined':
      return `${who} refuses the take-back`;
    case 'ended':
      // The cafeteria's own event (GameOver) has told the result.
      return (e['ending'] as { by?: unknown } | undefined)?.by === 'cafeteria' ? null : 'the game is over';
    default:
      return null;
  }
}
