// The cafeteria part of the game page: the map with its students, staff and food, the student's
// actions as buttons (and clicks on the squares they name, or farther, with the way shown), each
// student's AR and AA and each staff member's NSR as bars.

import { cafeteria } from 'messhall:catalog';
import { bundleBase } from '../board.js';
import { characterArt } from '../cafeteria-art.js';
import { drawCafeteria, squareName, type MapThing } from '../cafeteria-map.js';
import { call, type GameEvent, type GameState } from './api.js';
import { firstStep, pathShape, stepSquare, type Spot, type Step } from './cafeteria-path.js';
import { button, h } from './dom.js';

/** A staff member's fixed numbers from the rules data: Movement Rating, Needed to Stun Rating. */
interface FacultySpec {
  name: string;
  mr: number;
  nsr: number;
}

/** Draws the cafeteria and sends the action the user picks through `act`. */
export class CafeteriaView {
  readonly element = h('div', { class: 'cafeteria' });
  private readonly map = h('div', { class: 'map' });
  private readonly actions = h('div', { class: 'actions' });
  private readonly table = h('table', { class: 'students' });
  private readonly staff = h('table', { class: 'students staff' });
  private readonly way = h('p', { class: 'way', hidden: '' });
  private faculty: FacultySpec[] = [];

  private state: GameState;

  constructor(state: GameState, private readonly act: (text: string) => void) {
    this.state = state;
    this.element.append(this.map, this.way, this.actions, this.table, this.staff);
    this.map.addEventListener('click', e => this.clicked(e));
    this.map.addEventListener('mousemove', e => this.pointed(e));
    this.map.addEventListener('mouseleave', () => this.showWay(null));
    this.update(state);
    call<{ faculty?: FacultySpec[] }>('GET', '/api/variants/cafeteria').then(info => {
      this.faculty = info.faculty ?? [];
      this.drawStaff();
    }, (e: unknown) => {
      this.staff.replaceChildren(h('caption', { class: 'error' }, `the staff's numbers cannot be read: ${String(e)}`));
    });
  }

  // The map square under the pointer.
  private squareAt(e: MouseEvent): Spot | null {
    const svg = this.map.querySelector('svg');
    if (svg === null) return null;
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    const x = Math.floor(((e.clientX - box.left) / box.width) * view.width / 100);
    const y = Math.floor(((e.clientY - box.top) / box.height) * view.height / 100);
    return { x, y };
  }

  // The student moving now and its listed single steps.
  private steps(): { from: Spot; steps: Step[] } | null {
    const legal = this.state.legal;
    if (legal.kind !== 'student') return null;
    const me = this.state.cafeteria?.students.find((s, i) => (s.id ?? i) === (legal.student ?? -1));
    if (me === undefined) return null;
    const steps: Step[] = [];
    for (const a of legal.actions) {
      const to = stepSquare(a.text);
      if (to !== null) steps.push({ text: a.text, to });
    }
    return { from: me.square, steps };
  }

  // A click on the map: the action that names the square clicked (`move d3`), else the listed
  // step toward a square farther away.
  private clicked(e: MouseEvent): void {
    const at = this.squareAt(e);
    if (at === null || this.state.legal.kind !== 'student') return;
    const sq = squareName(at.x, at.y);
    const action = this.state.legal.actions.find(a => a.text.split(' ').at(-1) === sq);
    if (action !== undefined) {
      this.act(action.text);
      return;
    }
    const s = this.steps();
    const step = s === null ? null : firstStep(s.from, at, s.steps);
    if (step !== null) this.act(step.text);
  }

  private pointed(e: MouseEvent): void {
    this.showWay(this.squareAt(e));
  }

  // The way toward a square: the listed first step and the direction on.
  private showWay(target: Spot | null): void {
    this.map.querySelector('svg g.path')?.remove();
    const s = target === null ? null : this.steps();
    const step = s === null || target === null ? null : firstStep(s.from, target, s.steps);
    const svg = this.map.querySelector('svg');
    if (s === null || step === null || target === null || svg === null) {
      this.way.hidden = true;
      return;
    }
    svg.appendChild(pathShape(s.from, step.to, target));
    const there = step.to.x === target.x && step.to.y === target.y;
    this.way.textContent = there
      ? `${step.text}`
      : `toward ${squareName(target.x, target.y)}: a click plays ${step.text} (the first step; the dashed line is only the direction)`;
    this.way.hidden = false;
  }

  // Each staff member's square, MR, and NSR as a bar of the damage taken this round.
  private drawStaff(): void {
    const c = this.state.cafeteria;
    if (c === null || this.faculty.length === 0) return;
    const hurt = hurtThisRound(this.state.events);
    this.staff.replaceChildren(
      h('tr', {}, ...['staff', 'square', 'MR', 'NSR (hurt this round)'].map(t => h('th', {}, t))),
      ...this.faculty.map((f, i) => {
        const where = c.faculty[i]?.square ?? null;
        const d = hurt.get(i) ?? 0;
        return h('tr', {}, h('td', {}, f.name), h('td', {}, where === null ? 'off the map' : squareName(where.x, where.y)),
          h('td', {}, String(f.mr)), h('td', {}, bar(d, f.nsr, `${d}/${f.nsr}`, 'nsr')));
      }),
    );
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
          h('td', {}, squareName(s.square.x, s.square.y)), h('td', {}, bar(s.ar, s.max_ar, `${s.ar}/${s.max_ar}`, 'ar')), h('td', {}, bar(s.aa, 10, String(s.aa), 'aa')),
          h('td', {}, String(s.carrying)))),
    );
    this.actions.replaceChildren();
    if (state.legal.kind === 'student') {
      this.actions.appendChild(h('p', {}, `Round ${c.round}: your student's move`));
      for (const a of state.legal.actions) this.actions.appendChild(button(a.text, () => this.act(a.text), { 'data-action': a.text }));
    } else {
      this.actions.appendChild(h('p', {}, `Round ${c.round}`));
    }
    this.way.hidden = true;
    this.drawStaff();
  }
}

// Each staff member's damage since the last round started among the state's events (the
// `FacultyHurt` events' running totals); none counted when the round's start is not among them.
function hurtThisRound(events: GameEvent[]): Map<number, number> {
  const hurt = new Map<number, number>();
  for (const e of events) {
    if (e.type !== 'cafeteria') continue;
    const ev = e['event'] as Record<string, unknown> | string | null | undefined;
    if (ev === null || ev === undefined || typeof ev !== 'object') continue;
    if ('RoundStarted' in ev) hurt.clear();
    const fh = ev['FacultyHurt'] as { faculty?: unknown; total?: unknown } | undefined;
    if (fh !== undefined && typeof fh.faculty === 'number' && typeof fh.total === 'number') hurt.set(fh.faculty, fh.total);
  }
  return hurt;
}

// A number as a bar with its value written on it.
function bar(value: number, max: number, label: string, kind: string): HTMLElement {
  const fill = h('span', { class: 'fill' });
  fill.style.width = `${Math.max(0, Math.min(100, (value / Math.max(1, max)) * 100))}%`;
  return h('span', { class: `bar ${kind}`, title: label }, fill, h('span', { class: 'label' }, label));
}
