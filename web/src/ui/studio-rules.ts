// A variant file's rules as the studio shows them: checked by the server, then its start position,
// its pieces with their diagrams and its prose, as the rules pages draw them; and the ways to play
// a version (the computer, a friend by link, a lobby seek).

import { ApiError, call, chessRules, type ChessRules, type CreateGame, type SeekAnswer, type VariantFile, type VariantInfo } from './api.js';
import { button, go, h, showError } from './dom.js';
import { startGame } from './home-page.js';
import { fetchLevels, levelOptions } from './levels.js';
import { Diagram, pieceTable, rulesLayout, setupDiagram } from './rules-page.js';

/** A variant file's rules as the server checks them (`POST /api/variants/check`). Throws an
 * {@link ApiError} with the file's faults. */
export async function checkedRules(name: string, text: string): Promise<ChessRules> {
  const info = chessRules(await call<VariantInfo>('POST', '/api/variants/check', { name, text } satisfies VariantFile));
  if (info === null) throw new ApiError('bad-variant', 'a variant file describes a chess game');
  return info;
}

/** The start position, the pieces and the prose, put in the page by `place`; then the diagram of
 * `letter` (or the first piece), drawn once its board is in the page and has its size. `destroy`
 * removes their boards. */
export function rulesSection(info: ChessRules, letter: string | null, place: (element: HTMLElement) => void): { element: HTMLElement; diagram: Diagram; destroy: () => void } {
  const diagram = new Diagram(info);
  const setup = setupDiagram(info);
  const side = [h('h2', {}, 'Start position'), setup.element, h('h2', {}, 'Pieces'), h('p', {}, 'Click a piece for its diagram.'),
    h('div', { class: 'rules-grid' }, pieceTable(info, l => diagram.show(l)), diagram.element)];
  const element = rulesLayout(info, diagram, side);
  place(element);
  const first = info.pieces.find(p => p.letter === letter) ?? info.pieces[0];
  if (first !== undefined) diagram.show(first.letter);
  return { element, diagram, destroy: () => { diagram.destroy(); setup.destroy(); } };
}

/** The buttons that play a game of `rules()` (a published version, or the file being written, as
 * it is when clicked): against the computer at a chosen level; with `lobby`, also with a friend by
 * link and as a lobby seek. */
export function playButtons(root: HTMLElement, rules: () => Pick<CreateGame, 'studio' | 'variant'>, error: HTMLElement, lobby: (() => Promise<SeekAnswer>) | null): HTMLElement {
  const level = h('select', { 'aria-label': 'opponent', 'data-control': 'level' }, h('option', { value: 'random' }, 'computer, random moves'));
  void fetchLevels().then(levels => level.prepend(...levelOptions(levels)), () => undefined);
  const start = (other: string): void => {
    error.hidden = true;
    void startGame(root, { ...rules(), seats: [{ player: 'me' }, { player: other }] }, error);
  };
  const box = h('div', { class: 'form play-buttons' }, level,
    button(lobby === null ? 'Playtest against the computer' : 'Play the computer', () => start(level.value), { class: 'primary', 'data-control': 'play-computer' }));
  if (lobby !== null) {
    box.append(button('Play a friend', () => start('open'), { 'data-control': 'play-friend' }),
      button('Post a lobby seek', () => {
        error.hidden = true;
        lobby().then(() => go('/lobby'), e => showError(error, e));
      }, { 'data-control': 'post-seek' }));
  }
  return box;
}
