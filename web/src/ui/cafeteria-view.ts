// The cafeteria part of the game page: the map with its students, staff and food, the student's
// actions as buttons (and clicks on the squares they name), and each student's numbers as bars.

import { cafeteria } from 'messhall:catalog';
import { bundleBase } from '../board.js';
import { characterArt } from '../cafeteria-art.js';
import { drawCafeteria, squareName, type MapThing } from '../cafeteria-map.js';
import type { GameState } from './api.js';
import { button, h } from './dom.js';

/** Draws the cafeteria and sends the action the user picks through `act`. */
export class CafeteriaView {
  readonly element = h('div', { class: 'cafeteria' });
  private readonly map = h('div', { class: 'map' });
  private readonly actions = h('div', { class: 'actions' });
  private readonly table = h('table', { class: 'students' });

  private state: GameState;

  constructor(state: GameState, private readonly act: (text: string) => void) {
    this.state = state;
    this.element.append(this.map, this.actions, this.table);
    this.map.addEventListener('click', e => this.clicked(e));
    this.update(state);
  }

  // A click on the map: the action that names the square clicked (`move d3`), if there is one.
  private clicked(e: MouseEvent): void {
    const svg = this.map.querySelector('svg');
    if (svg === null || this.state.legal.kind !== 'student') return;
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    const x = Math.floor(((e.clientX - box.left) / box.width) * view.width / 100);
    const y = Math.floor(((e.clientY - box.top) / box.height) * view.height / 100);
    const sq = squareName(x, y);
    const action = this.state.legal.actions.find(a => a.text.split(' ').at(-1) === sq);
    if (action !== undefined) this.act(action.text);
  }

  /** Shows a new state. */
  update(state: GameState): void {
    this.state = state;
    const c = state.cafeteria;
    if (c === null) return;
    const things: MapThing[] = [];
    for (const s of c.students) {
      const art = characterArt(s.name);
      if (art !== undefined) things.push({ square: squareName(s.square.x, s.square.y), art, title: `${s.name} (player ${s.player + 1})` });
    }
    for (const f of c.faculty) {
      const art = characterArt(f.name);
      if (art !== undefined && f.square !== null) things.push({ square: squareName(f.square.x, f.square.y), art, title: f.name });
    }
    for (const sq of c.floor) things.push({ square: squareName(sq.x, sq.y), art: 'spilled-food' });
    const tipped = Array.isArray(c['tipped']) ? (c['tipped'] as unknown[]).map(String) : [];
    try {
      this.map.replaceChildren(drawCafeteria(cafeteria.map, cafeteria.legend, things, bundleBase, tipped));
    } catch (e) {
      this.map.replaceChildren(h('p', { class: 'error' }, `the map cannot be drawn: ${String(e)}`));
    }
    this.table.replaceChildren(
      h('tr', {}, ...['student', 'player', 'square', 'AR', 'AA', 'food'].map(t => h('th', {}, t))),
      ...c.students.map(s =>
        h('tr', {}, h('td', {}, s.name + (s.stunned ? ' (stunned)' : '')), h('td', {}, String(s.player + 1)),
          h('td', {}, squareName(s.square.x, s.square.y)), h('td', {}, bar(s.ar, s.max_ar, `${s.ar}/${s.max_ar}`)), h('td', {}, bar(s.aa, 10, String(s.aa))),
          h('td', {}, String(s.carrying)))),
    );
    this.actions.replaceChildren();
    if (state.legal.kind === 'student') {
      this.actions.appendChild(h('p', {}, `Round ${c.round}: your student's move`));
      for (const a of state.legal.actions) this.actions.appendChild(button(a.text, () => this.act(a.text), { 'data-action': a.text }));
    } else {
      this.actions.appendChild(h('p', {}, `Round ${c.round}`));
    }
  }
}

// A number as a bar with its value written on it.
function bar(value: number, max: number, label: string): HTMLElement {
  const fill = h('span', { class: 'fill' });
  fill.style.width = `${Math.max(0, Math.min(100, (value / Math.max(1, max)) * 100))}%`;
  return h('span', { class: 'bar', title: label }, fill, h('span', { class: 'label' }, label));
}
