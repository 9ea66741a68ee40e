// A game's chat on its page: the players' room for a seat, the spectators' for everyone else.
// Messages are shown as text (never as markup), asked for every two seconds after the last one
// shown; muting hides the chat and stops asking, and the browser remembers it.

import { call, type ChatLog } from './api.js';
import { button, h } from './dom.js';

const MUTE_KEY = 'messhall.chat-muted';

/** The chat panel of game `id`; `close` stops it. */
export function chatPanel(id: string): { panel: HTMLElement; close: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const list = h('ol', { class: 'chat-log', 'aria-live': 'polite' });
  const input = h('input', { type: 'text', maxlength: '280', placeholder: 'say something', 'aria-label': 'chat message', name: 'chat' });
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const title = h('h2', {}, 'Chat');
  const show = (log: ChatLog): void => {
    title.textContent = log.room === 'players' ? 'Chat with your opponents' : 'Spectators’ chat';
    for (const m of log.messages) {
      if (m.n <= last) continue;
      last = m.n;
      // textContent: a message is text whatever it holds.
      const name = h('strong', {});
      name.textContent = m.name || 'Anonymous';
      const text = h('span', { class: 'chat-text' });
      text.textContent = m.text;
      list.append(h('li', { 'data-n': String(m.n) }, name, ' ', text));
    }
    list.scrollTop = list.scrollHeight;
  };
  const fetchNew = async (): Promise<void> => {
    try {
      show(await call<ChatLog>('GET', `/api/games/${id}/chat?after=${last}`));
    } catch {
      // Asked again in two seconds.
    }
  };
  const send = async (): Promise<void> => {
    const text = input.value.trim();
    if (!text) return;
    error.hidden = true;
    try {
      show(await call<ChatLog>('POST', `/api/games/${id}/chat`, { text }));
      input.value = '';
    } catch (e) {
      error.textContent = e instanceof Error ? e.message : String(e);
      error.hidden = false;
    }
  };
  input.addEventListener('keydown', e => {
    if (e.key === 'Enter') void send();
  });
  const body = h('div', { class: 'chat-body' }, list, error, h('div', { class: 'form' }, input, button('send', () => void send(), { 'data-control': 'chat-send' })));
  const muted = (): boolean => localStorage.getItem(MUTE_KEY) === '1';
  const mute = button('', () => {
    localStorage.setItem(MUTE_KEY, muted() ? '0' : '1');
    apply();
  }, { 'data-control': 'chat-mute' });
  const apply = (): void => {
    body.hidden = muted();
    mute.textContent = muted() ? 'show chat' : 'mute chat';
    if (muted() && timer !== null) {
      clearInterval(timer);
      timer = null;
    } else if (!muted() && timer === null) {
      void fetchNew();
      timer = setInterval(() => void fetchNew(), 2000);
    }
  };
  apply();
  return {
    panel: h('section', { class: 'chat' }, title, mute, body),
    close: () => {
      if (timer !== null) clearInterval(timer);
    },
  };
}
