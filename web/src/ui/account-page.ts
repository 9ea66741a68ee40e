// The account page: this browser's player's name, an account (a login name and password that
// keep its games and ratings in any browser), logging in and out.

import { call, type MeView } from './api.js';
import { button, go, h, showError } from './dom.js';
import { me, newMe, setMe } from './session.js';

/** Draws the account page. */
export async function accountPage(root: HTMLElement): Promise<void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const player = await me();
  const send = async (path: string, body: unknown): Promise<void> => {
    error.hidden = true;
    try {
      const r = await call<MeView>('POST', path, body);
      if (path === '/api/logout') await newMe();
      else setMe(r.player ?? null);
      await accountPage(root);
    } catch (e) {
      showError(error, e);
    }
  };
  const field = (name: string, type: string, label: string): HTMLInputElement =>
    h('input', { type, name, 'aria-label': label, placeholder: label, autocomplete: type === 'password' ? 'current-password' : 'username' });
  const parts: HTMLElement[] = [h('h1', {}, 'Account'), error];
  if (player !== null) {
    parts.push(h('p', {}, `You play as ${player.name}${player.account ? ', with an account' : ', an anonymous player known by this browser'}.`),
      button('your page', () => go(`/player/${player.id}`)));
  }
  if (player !== null && !player.account) {
    const name = h('input', { type: 'text', name: 'display-name', maxlength: '40', value: player.name, 'aria-label': 'your name' });
    parts.push(h('h2', {}, 'Your name'), h('div', { class: 'form' }, name, button('rename', () => void send('/api/me/name', { name: name.value }), { 'data-control': 'rename' })));
    const login = field('new-name', 'text', 'login name');
    const password = field('new-password', 'password', 'password');
    password.setAttribute('autocomplete', 'new-password');
    parts.push(h('h2', {}, 'Sign up'),
      h('p', {}, 'A login name and password keep this player, its games and ratings, in any browser.'),
      h('div', { class: 'form', 'data-form': 'register' }, login, password,
        button('sign up', () => void send('/api/accounts', { name: login.value, password: password.value }), { class: 'primary', 'data-control': 'register' })));
  }
  if (player === null || !player.account) {
    const login = field('name', 'text', 'login name');
    const password = field('password', 'password', 'password');
    parts.push(h('h2', {}, 'Log in'), h('div', { class: 'form', 'data-form': 'login' }, login, password,
      button('log in', () => void send('/api/login', { name: login.value, password: password.value }), { class: 'primary', 'data-control': 'login' })));
  }
  if (player !== null) parts.push(h('h2', {}, 'Log out'), button('log out', () => void send('/api/logout', {}), { 'data-control': 'logout' }));
  root.replaceChildren(...parts);
}
