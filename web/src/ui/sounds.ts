// Move, capture and end-of-game sounds, made with the Web Audio API (no sound files to load), and
// a mute button whose choice this browser remembers. A browser lets a page sound only after the
// user has interacted with it; before that the sounds are skipped silently.

import { h } from './dom.js';

const MUTE_KEY = 'messhall.muted';

/** What happened, as heard. */
export type Sound = 'move' | 'capture' | 'end';

let context: AudioContext | null = null;

function muted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

// A short tone: `pitch` Hz falling to `to` Hz over `seconds`, at `volume`.
function tone(ctx: AudioContext, kind: OscillatorType, pitch: number, to: number, seconds: number, volume: number, delay = 0): void {
  const start = ctx.currentTime + delay;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = kind;
  osc.frequency.setValueAtTime(pitch, start);
  osc.frequency.exponentialRampToValueAtTime(to, start + seconds);
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + seconds);
}

/** Plays `sound` unless muted or not yet allowed. */
export function play(sound: Sound): void {
  if (muted() || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state !== 'running') {
      void context.resume();
      return;
    }
    if (sound === 'move') tone(context, 'triangle', 520, 300, 0.07, 0.25);
    else if (sound === 'capture') {
      tone(context, 'square', 220, 90, 0.12, 0.12);
      tone(context, 'triangle', 700, 350, 0.06, 0.2, 0.02);
    } else {
      tone(context, 'sine', 523, 520, 0.18, 0.2);
      tone(context, 'sine', 659, 656, 0.18, 0.2, 0.16);
      tone(context, 'sine', 784, 780, 0.3, 0.2, 0.32);
    }
  } catch {
    // No audio device: the game goes on in silence.
  }
}

/** The sound on / off button. */
export function muteButton(): HTMLButtonElement {
  const b = h('button', { type: 'button', class: 'mute', 'data-control': 'mute' });
  const draw = (): void => {
    const off = muted();
    b.textContent = off ? 'sound off' : 'sound on';
    b.setAttribute('aria-pressed', String(off));
    b.title = off ? 'turn the move sounds on' : 'turn the move sounds off';
  };
  b.addEventListener('click', () => {
    try {
      localStorage.setItem(MUTE_KEY, muted() ? '0' : '1');
    } catch {
      // Not kept: the choice lasts this page.
    }
    draw();
    // The click is the interaction that lets the page sound from now on.
    if (!muted()) {
      context ??= typeof AudioContext === 'undefined' ? null : new AudioContext();
      void context?.resume();
    }
  });
  draw();
  return b;
}
