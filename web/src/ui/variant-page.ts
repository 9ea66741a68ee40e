// A variant file pasted, or uploaded (a file chosen or dropped on the page), checked by the server,
// and played against the computer.

import { ApiError, call, chessRules, type VariantFile, type VariantInfo } from './api.js';
import { button, h, link, showError } from './dom.js';
import { startGame } from './home-page.js';
import { fetchLevels, levelOptions } from './levels.js';
import { Diagram, pieceTable, rulesLayout } from './rules-page.js';

/** The server's limits on a variant file (docs/server.md, `bad-variant`) and its name. */
const MAX_BYTES = 32 * 1024;
const MAX_NAME = 40;

/** Draws the page; the function it returns removes its diagram's board. */
export function variantPage(root: HTMLElement): () => void {
  let diagram: Diagram | null = null;
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const name = h('input', { type: 'text', value: 'mine.toml', 'aria-label': 'file name', maxlength: String(MAX_NAME) });
  const text = h('textarea', { rows: '18', cols: '70', 'aria-label': 'variant file', spellcheck: 'false', placeholder: 'name = "mine"\nfiles = 8\nranks = 8\n...' });
  const result = h('div', { class: 'checked' });
  const level = h('select', { 'aria-label': 'opponent' }, h('option', { value: 'random' }, 'computer, random moves'));
  // The levels as the server names them; until they come (or if they cannot), random moves.
  void fetchLevels().then(levels => level.prepend(...levelOptions(levels)), () => undefined);

  const runCheck = async (): Promise<void> => {
    error.hidden = true;
    result.replaceChildren();
    try {
      const info = chessRules(await call<VariantInfo>('POST', '/api/variants/check', { name: name.value, text: text.value } satisfies VariantFile));
      if (info === null) throw new ApiError('bad-variant', 'a variant file describes a chess game');
      diagram?.destroy();
      diagram = new Diagram(info);
      const shown = diagram;
      const side = [h('div', { class: 'rules-grid' }, pieceTable(info, l => shown.show(l)), shown.element)];
      const about = (info.description ?? '').replace(/[.\s]*$/, '');
      result.append(h('p', {}, `${info.name}: ${info.files}x${info.ranks}.${about === '' ? '' : ` ${about}.`} Click a piece for its diagram.`), rulesLayout(info, shown, side));
      const first = info.pieces[0];
      if (first !== undefined) shown.show(first.letter);
    } catch (e) {
      showError(error, e);
    }
  };

  // A file from the disk: a .toml of at most the server's size, in UTF-8; then checked at once.
  const upload = async (file: File): Promise<void> => {
    error.hidden = true;
    try {
      if (!/\.toml$/i.test(file.name)) throw new Error(`${file.name}: not a .toml file (a variant file is TOML, see docs/variant-files.md)`);
      if (file.size > MAX_BYTES) throw new Error(`${file.name}: ${file.size} bytes; a variant file is at most ${MAX_BYTES / 1024} KB`);
      let body: string;
      try {
        body = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
      } catch {
        throw new Error(`${file.name}: not UTF-8 text`);
      }
      name.value = file.name.length > MAX_NAME ? `${file.name.slice(0, MAX_NAME - 5)}.toml` : file.name;
      text.value = body;
      loaded.textContent = `${file.name}: ${file.size} bytes read.`;
    } catch (e) {
      result.replaceChildren();
      loaded.textContent = '';
      showError(error, e);
      return;
    }
    await runCheck();
  };

  const picker = h('input', { type: 'file', accept: '.toml,application/toml,text/plain', 'aria-label': 'upload a variant file', 'data-control': 'upload' });
  picker.addEventListener('change', () => {
    const file = picker.files?.[0];
    picker.value = '';
    if (file !== undefined) void upload(file);
  });
  const loaded = h('span', { class: 'loaded', 'aria-live': 'polite' });
  const dropZone = h('div', { class: 'drop-zone', 'data-control': 'drop-zone' }, h('label', {}, 'Upload a .toml file: ', picker), h('span', {}, ' or drop one here. '), loaded);
  // Files dropped on the zone or the text box are uploaded; dropped text goes into the box as usual.
  const targets: HTMLElement[] = [dropZone, text];
  for (const target of targets) {
    target.addEventListener('dragover', e => {
      if (!(e.dataTransfer?.types.includes('Files') ?? false)) return;
      e.preventDefault();
      dropZone.classList.add('over');
    });
    target.addEventListener('dragleave', () => dropZone.classList.remove('over'));
    target.addEventListener('drop', e => {
      dropZone.classList.remove('over');
      const files = e.dataTransfer?.files;
      if (files === undefined || files.length === 0) return;
      e.preventDefault();
      if (files.length > 1) {
        showError(error, new Error(`${files.length} files dropped; drop one variant file`));
        return;
      }
      const file = files[0];
      if (file !== undefined) void upload(file);
    });
  }

  const check = button('Check', () => void runCheck(), { 'data-control': 'check' });
  const play = button('Play it against the computer', () => {
    error.hidden = true;
    void startGame(root, { variant: { name: name.value, text: text.value }, seats: [{ player: 'me' }, { player: level.value }] }, error);
  }, { class: 'primary', 'data-control': 'play-variant' });
  root.replaceChildren(h('nav', { class: 'crumbs' }, link('/', 'home')), h('h1', {}, 'Your own variant'),
    h('p', {}, 'Paste a variant file (the format of docs/variant-files.md) or upload one; the server checks it and says where a fault is. A file may tell its rules in prose in its rules_text field.'),
    error, dropZone, h('div', { class: 'form' }, name), text, h('div', { class: 'form' }, check, level, play), result);
  return () => diagram?.destroy();
}
