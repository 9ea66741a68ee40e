// A game's WebSocket feed: numbered events and the game's view after them, reconnecting by itself
// and asking for what it missed.

import type { CafeteriaView, GameEvent, ViewMessage } from './api.js';
import { cafeteriaSentence, thing } from './cafeteria-words.js';
import { actionWords } from './chess-words.js';

/** What a feed hands its page. */
export interface FeedHandlers {
  /** Each numbered event once, in order (a `state` message too: the full state after a long gap). */
  event: (e: GameEvent) => void;
  /** The clocks, every second while one runs. */
  clock: (e: GameEvent) => void;
  /** The game after the events just handed over, with the seat's legal actions for a seat. */
  view: (v: ViewMessage) => void;
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

/** An event in words, for the game's log (the dice rolls of the PieceEater and the cafeteria). A
 * chess action's events read best together: see `actionWords`. */
export function describe(e: GameEvent, names: (seat: number) => string, caf: CafeteriaView | null): string | null {
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
    case 'acted': {
      // The Food Line's action reads as what it is; its counters are told by the events after it.
      const a = e['action'];
      // A step is told by its event ("Rock steps to f8") alone.
      if (typeof a === 'object' && a !== null && 'Move' in a) return null;
      const line = typeof a === 'object' && a !== null && 'FoodLine' in a;
      return `${who}: ${line ? 'goes through the Food Line' : thing(a, caf)}`;
    }
    case 'cafeteria':
      return cafeteriaSentence(e['event'], caf) ?? thing(e['event'], caf);
    case 'hidden':
      return 'something hidden happened';
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
      return 'the game is over';
    default:
      return null;
  }
}
