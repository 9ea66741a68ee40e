// A game's WebSocket feed: numbered events, reconnecting by itself and asking for what it missed.

import type { CafeteriaView, GameEvent } from './api.js';
import { thing } from './cafeteria-words.js';

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
    const token = this.token === undefined ? '' : `&token=${encodeURIComponent(this.token)}`;
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.game}/ws?since=${this.last}${token}`);
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

/** An event in words, for the game's log (the dice rolls of the PieceEater and the cafeteria). */
export function describe(e: GameEvent, names: (seat: number) => string, caf: CafeteriaView | null): string | null {
  const who = typeof e['seat'] === 'number' ? names(e['seat']) : '';
  switch (e.type) {
    case 'joined':
      return `${String(e['name'] ?? who)} joined`;
    case 'moved':
      return `${who} played ${String(e['san'] ?? e['coordinates'] ?? '')}`;
    case 'chance': {
      const face = e['face'];
      const of = e['of'];
      const steered = e['steered_by'];
      const dice = typeof face === 'number' && typeof of === 'number' ? ` rolled ${face} of ${of}` : ' moved';
      const by = typeof steered === 'number' ? ` (steered by ${names(steered)})` : '';
      return `${String(e['piece'] ?? 'the die')}${dice}${by}`;
    }
    case 'energy':
      return `energy of ${String(e['square'] ?? '')} is now ${String(e['value'] ?? '')}`;
    case 'removed':
      return `${String(e['square'] ?? e['piece'] ?? 'a piece')} removed`;
    case 'passed':
      return `${who} passed`;
    case 'acted':
      return `${who}: ${thing(e['action'], caf)}`;
    case 'cafeteria':
      return thing(e['event'], caf);
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
