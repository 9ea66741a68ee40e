// The lessons of a game (`/learn/NAME`): short steps from the server (`GET /api/lessons/{game}`),
// each a position on the real board with the real legal moves, what to try, and what to say. A
// move that passes shows the position after it and its sentence; another legal move gets the
// step's hint and the position back. The cafeteria's steps are its map with the learner's actions
// (cafeteria-lesson.ts), and a passing action also tells what its seeded dice did. Finished
// lessons are remembered in this browser.

import type { BoardView, GameState, LessonList, LessonStep } from './api.js';
import { call } from './api.js';
import { CafeteriaLessonMap } from './cafeteria-lesson.js';
import { ChessView } from './chess-view.js';
import { button, go, h, link, showError } from './dom.js';

const DONE_KEY = 'messhall.lessons';

/** The lessons of each game this browser has finished, by their numbers. */
function finished(game: string): Set<number> {
  try {
    const all = JSON.parse(localStorage.getItem(DONE_KEY) ?? '{}') as Record<string, number[]>;
    return new Set(all[game] ?? []);
  } catch {
    return new Set();
  }
}

function markFinished(game: string, lesson: number): void {
  try {
    const all = JSON.parse(localStorage.getItem(DONE_KEY) ?? '{}') as Record<string, number[]>;
    all[game] = [...new Set([...(all[game] ?? []), lesson])];
    localStorage.setItem(DONE_KEY, JSON.stringify(all));
  } catch {
    // A browser that keeps nothing forgets the progress; the lessons still work.
  }
}

/** A game's state as the board view reads it: the step's position, its legal moves for the side
 * to move, nothing else happening. */
function stepState(game: string, board: BoardView, step: LessonStep | null): GameState {
  const white = board.side_to_move === 'white';
  return {
    id: 'lesson', game, you: white ? 0 : 1,
    legal: step === null ? { kind: 'nothing' } : { kind: 'moves', from: step.legal },
    events: [], status: 'playing', listed: false, ply: 0, event: 0, seats: [], turn: null, board, cafeteria: null, clock: null,
    draw_offers: [], takeback_request: null, result: null, moves: [], seed: null,
    presence: [], turn_since_ms: 0, claim_after_ms: null, now_ms: 0,
  } as GameState;
}

/** Draws the lessons of `game` in `root`. */
export async function learnPage(root: HTMLElement, game: string): Promise<() => void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  let list: LessonList;
  try {
    list = await call<LessonList>('GET', `/api/lessons/${encodeURIComponent(game)}`);
  } catch (e) {
    root.replaceChildren(h('h1', {}, 'No lessons here'), error, h('p', {}, 'Read the rules instead: '), link(`/rules/${game}`, 'the rules'), ' · ', link('/', 'home'));
    showError(error, e);
    return () => {};
  }
  const done = finished(game);
  const names: Record<string, string> = {};
  for (const l of list.lessons) for (const s of l.steps) for (const p of s.board?.pieces ?? []) names[p.letter.toUpperCase()] = p.name;
  // The cafeteria's map, made once for the first cafeteria step.
  const firstCafeteria = list.lessons.flatMap(l => l.steps).find(s => s.cafeteria !== null)?.cafeteria ?? null;
  const cafeteria = firstCafeteria === null ? null : await CafeteriaLessonMap.make(firstCafeteria.view, firstCafeteria.legal, played);

  const contents = h('ol', { class: 'lesson-list' });
  const heading = h('h2', {}, '');
  const about = h('p', { class: 'about' });
  const counter = h('p', { class: 'step-count' });
  const say = h('p', { class: 'say' });
  const answer = h('p', { class: 'answer', 'aria-live': 'polite' });
  // What a cafeteria action did, in the game's words (its dice's rolls).
  const happened = h('ul', { class: 'happened', hidden: '' });
  const dice = h('p', { class: 'dice', hidden: '' });
  const actions = h('div', { class: 'lesson-actions' });
  const boardHolder = h('div', { class: 'board' });
  const boardCol = h('div', { class: 'board-col' }, cafeteria?.element ?? boardHolder);
  let view: ChessView | null = null;
  let lesson = Math.max(0, list.lessons.findIndex((_, i) => !done.has(i)));
  let step = 0;
  let resetTimer: number | undefined;

  // The board for a position: the view is made again when the side that moves changes, so that
  // the learner's side is always at the bottom.
  const showBoard = (board: BoardView | null, legal: LessonStep | null): void => {
    if (board === null) return;
    const state = stepState(game, board, legal);
    const black = board.side_to_move === 'black';
    if (view === null || (view.board.api.state.orientation === 'black') !== black) {
      view?.board.destroy();
      boardHolder.replaceChildren();
      for (const extra of boardCol.querySelectorAll('.picker, .drops, .last-roll, .friend-hint')) extra.remove();
      view = new ChessView(boardHolder, state, names, played);
      boardCol.append(view.picker, view.drops);
    } else {
      view.update(state);
    }
  };

  const drawContents = (): void => {
    contents.replaceChildren(...list.lessons.map((l, i) => {
      const mark = done.has(i) ? ' ✓' : '';
      const item = h('li', i === lesson ? { class: 'current', 'aria-current': 'step' } : {}, button(`${l.title}${mark}`, () => open(i), { 'data-lesson': String(i) }));
      return item;
    }));
  };

  const current = (): LessonStep | undefined => list.lessons[lesson]?.steps[step];

  const showStep = (): void => {
    window.clearTimeout(resetTimer);
    const l = list.lessons[lesson];
    const s = current();
    if (l === undefined || s === undefined) return;
    heading.textContent = l.title;
    about.textContent = l.about;
    const caf = s.cafeteria;
    const yours = caf?.view.students.filter(x => x.player === 0).map(x => x.name).join(' and ');
    counter.textContent = `Step ${step + 1} of ${l.steps.length}: you play ${caf !== null ? `${yours ?? ''} (player 1)` : s.white ? 'White' : 'Black'}.`;
    say.textContent = s.say;
    answer.textContent = '';
    answer.className = 'answer';
    showHappened([]);
    dice.hidden = caf === null;
    dice.textContent = caf === null ? '' : `This lesson's dice are seeded (seed ${caf.seed}): they fall the same way every time.`;
    actions.replaceChildren(button('Hint', () => { answer.textContent = s.hint; answer.className = 'answer hint'; }, { 'data-control': 'hint' }));
    if (caf !== null) cafeteria?.show(caf.view, caf.legal);
    showBoard(s.board, s);
    drawContents();
  };

  function showHappened(lines: readonly string[]): void {
    happened.hidden = lines.length === 0;
    happened.replaceChildren(...lines.map(line => h('li', {}, line)));
  }

  function open(i: number): void {
    lesson = i;
    step = 0;
    showStep();
  }

  // A move from the board: passed, or legal and not it (the hint, and the position again).
  function played(coordinates: string): void {
    const s = current();
    const l = list.lessons[lesson];
    if (s === undefined || l === undefined) return;
    const pass = s.pass.find(p => p.coordinates === coordinates);
    if (pass === undefined) {
      answer.textContent = `Not this one. ${s.hint}`;
      answer.className = 'answer wrong';
      showBoard(s.board, null);
      const caf = s.cafeteria;
      if (caf !== null) cafeteria?.show(caf.view, null);
      resetTimer = window.setTimeout(() => {
        showBoard(s.board, s);
        if (caf !== null) cafeteria?.show(caf.view, caf.legal);
      }, 900);
      return;
    }
    answer.textContent = `${pass.san.charAt(0).toUpperCase()}${pass.san.slice(1)}: ${pass.good}`;
    answer.className = 'answer right';
    showBoard(pass.board, null);
    if (pass.cafeteria !== null) cafeteria?.show(pass.cafeteria, null);
    showHappened(pass.happened);
    const last = step + 1 >= l.steps.length;
    if (!last) {
      actions.replaceChildren(button('Next step', () => { step++; showStep(); }, { class: 'primary', 'data-control': 'next' }));
      return;
    }
    done.add(lesson);
    markFinished(game, lesson);
    drawContents();
    const next = list.lessons.findIndex((_, i) => !done.has(i));
    actions.replaceChildren(h('strong', { class: 'lesson-done' }, 'Lesson complete.'), ' ',
      next >= 0
        ? button(`Next lesson: ${list.lessons[next]?.title ?? ''}`, () => open(next), { class: 'primary', 'data-control': 'next-lesson' })
        : button('Play the computer', () => go(`/?game=${encodeURIComponent(game)}`), { class: 'primary', 'data-control': 'play' }),
      ' ', button('Again', () => open(lesson), { 'data-control': 'again' }));
  }

  root.replaceChildren(
    h('nav', { class: 'crumbs' }, link('/', 'home'), ' · ', link(`/rules/${game}`, `the rules of ${list.title}`)),
    h('h1', {}, `Learn ${list.title}`), error,
    h('div', { class: 'play lesson' }, boardCol,
      h('div', { class: 'side-col' }, heading, about, counter, say, actions, answer, happened, cafeteria?.panel ?? '', dice, h('h2', {}, 'Lessons'), contents)),
  );
  showStep();
  return () => {
    window.clearTimeout(resetTimer);
    view?.board.destroy();
  };
}
