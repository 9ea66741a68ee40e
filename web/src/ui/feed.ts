// A game's WebSocket feed: numbered events, reconnecting by itself and asking for what it missed.

import type { CafeteriaView, GameEvent } from './api.js';
import { cafeteriaSentence, thing } from './cafeteria-words.js';
import { actionWords } from './chess-words.js';

/** Follows a game's events from `since`; `onEvent` gets each numbered event once, in order. */
export class Feed {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 500;

  constructor(
    private readonly game: string,
    private last: number,
    private readonly token: string | undefined,
    private readonly onEvent: (e: GameEvent) => void,
    private readonly onClock: (e: GameEvent) => void,
    private readonly onStatus: (online: boolean) => void,
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
      this.onStatus(true);
    };
    ws.onmessage = m => {
      let e: GameEvent;
      try {
        e = JSON.parse(String(m.data)) as GameEvent;
      } catch {
        return;
      }
      if (e.type === 'clock') {
        this.onClock(e);
        return;
      }
      if (typeof e.n !== 'number' || e.n <= this.last) return;
      this.last = e.n;
      this.onEvent(e);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.onStatus(false);
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
