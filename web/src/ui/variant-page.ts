// A variant file pasted, checked by the server, and played against the computer.

import { call, type VariantInfo } from './api.js';
import { button, h, link, showError } from './dom.js';
import { startGame } from './home-page.js';
import { Diagram, pieceTable } from './rules-page.js';

/** Draws the page; the function it returns removes its diagram's board. */
export function variantPage(root: HTMLElement): () => void {
  let diagram: Diagram | null = null;
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const name = h('input', { type: 'text', value: 'mine.toml', 'aria-label': 'file name', maxlength: '40' });
  const text = h('textarea', { rows: '18', cols: '70', 'aria-label': 'variant file', spellcheck: 'false', placeholder: 'name = "mine"\nfiles = 8\nranks = 8\n...' });
  const result = h('div', { class: 'checked' });
  const level = h('select', { 'aria-label': 'opponent' }, ...[1, 3, 5, 7, 10].map(l => h('option', { value: `level=${l}` }, `computer, level ${l}`)), h('option', { value: 'random' }, 'computer, random moves'));
  const check = button('Check', async () => {
    error.hidden = true;
    result.replaceChildren();
    try {
      const info = await call<VariantInfo>('POST', '/api/variants/check', { name: name.value, text: text.value });
      diagram?.destroy();
      diagram = new Diagram(info);
      const shown = diagram;
      result.append(h('p', {}, `${info.name}: ${info.files}x${info.ranks}. ${info.description ?? ''} Click a piece for its diagram.`),
        h('div', { class: 'rules-grid' }, pieceTable(info, l => shown.show(l)), shown.element));
      const first = info.pieces?.[0];
      if (first !== undefined) shown.show(first.letter);
    } catch (e) {
      showError(error, e);
    }
  }, { 'data-control': 'check' });
  const play = button('Play it against the computer', () => {
    error.hidden = true;
    void startGame(root, { variant: { name: name.value, text: text.value }, seats: [{ player: 'me' }, { player: level.value }] }, error);
  }, { class: 'primary', 'data-control': 'play-variant' });
  root.replaceChildren(h('nav', { class: 'crumbs' }, link('/', 'home')), h('h1', {}, 'Your own variant'),
    h('p', {}, 'Paste a variant file (the format of docs/variant-files.md); the server checks it and says where a fault is.'),
    error, h('div', { class: 'form' }, name), text, h('div', { class: 'form' }, check, level, play), result);
  return () => diagram?.destroy();
}
