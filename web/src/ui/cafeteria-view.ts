// The cafeteria part of the game page: the map with its students, staff and food, the student's
// actions as buttons (and clicks on the squares they name, or farther, with the way shown), each
// student's AR and AA and each staff member's NSR as bars. The map works from the keyboard too: it
// takes the focus, the arrow keys move a cursor square, Enter does what a click there does.

import { cafeteria } from 'messhall:catalog';
import { bundleBase } from '../board.js';
import { characterArt } from '../cafeteria-art.js';
import { drawCafeteria, squareName, type MapThing } from '../cafeteria-map.js';
import { call, type FacultyInfo, type GameEvent, type GameState, type VariantInfo } from './api.js';
import { firstStep, pathShape, stepSquare, type Spot, type Step } from './cafeteria-path.js';
import { button, h } from './dom.js';


/** Draws the cafeteria and sends the action the user picks through `act`. */
export class CafeteriaView {
  readonly element = h('div', { class: 'cafeteria' });
  private readonly map = h('div', { class: 'map' });
  private readonly actions = h('div', { class: 'actions' });
  private readonly table = h('table', { class: 'students' });
  private readonly staff = h('table', { class: 'students staff' });
  private readonly way = h('p', { class: 'way', hidden: '' });
  /** The staff's fixed numbers from the rules data: Movement Rating, Needed to Stun Rating. */
  private faculty: FacultyInfo[] = [];
  /** The live line under the map: what is under the keyboard cursor. */
  private readonly say = h('p', { class: 'map-say', 'aria-live': 'polite' });
  private cursor: Spot | null = null;

  private state: GameState;

  constructor(state: GameState, private readonly act: (text: string) => void) {
    this.state = state;
    this.element.append(this.map, this.say, this.way, this.actions, this.table, this.staff);
    this.map.tabIndex = 0;
    this.map.setAttribute('role', 'application');
    this.map.setAttribute('aria-label', 'cafeteria map: the arrow keys move the cursor, Enter plays the action there or the step toward it');
    this.map.addEventListener('keydown', e => this.key(e));
    // Only a keyboard's focus shows the cursor (a click plays at once).
    this.map.addEventListener('focus', () => {
      if (this.map.matches(':focus-visible')) this.moveCursor(0, 0);
    });
    // The pointer takes over from the cursor.
    this.map.addEventListener('pointerdown', () => {
      this.cursor = null;
      this.map.querySelector('svg .kb-cursor')?.remove();
    });
    this.map.addEventListener('blur', () => {
      this.map.querySelector('svg .kb-cursor')?.remove();
      this.showWay(null);
    });
    this.map.addEventListener('click', e => this.clicked(e));
    this.map.addEventListener('mousemove', e => this.pointed(e));
    this.map.addEventListener('mouseleave', () => this.showWay(null));
    this.update(state);
    call<VariantInfo>('GET', '/api/variants/cafeteria').then(info => {
      this.faculty = 'faculty' in info ? info.faculty : [];
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

  // A click on the map: what Enter does on that square.
  private clicked(e: MouseEvent): void {
    const at = this.squareAt(e);
    if (at !== null) this.playAt(at);
  }

  // The action that names the square (`move d3`), else the listed step toward it.
  private actionAt(at: Spot): string | null {
    if (this.state.legal.kind !== 'student') return null;
    const sq = squareName(at.x, at.y);
    const action = this.state.legal.actions.find(a => a.text.split(' ').at(-1) === sq);
    if (action !== undefined) return action.text;
    const s = this.steps();
    return s === null ? null : (firstStep(s.from, at, s.steps)?.text ?? null);
  }

  private playAt(at: Spot): void {
    const text = this.actionAt(at);
    if (text !== null) this.act(text);
  }

  // The map's rows (of legend characters).
  private rows(): string[] {
    return cafeteria.map.split('\n');
  }

  private key(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const d: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const step = d[e.key];
    if (step !== undefined) {
      e.preventDefault();
      this.moveCursor(step[0], step[1]);
    } else if ((e.key === 'Enter' || e.key === ' ') && this.cursor !== null) {
      e.preventDefault();
      const text = this.actionAt(this.cursor);
      this.say.textContent = text === null ? `${squareName(this.cursor.x, this.cursor.y)}: no action here` : `plays ${text}`;
      if (text !== null) this.act(text);
    } else if (e.key === 'Escape') {
      this.map.blur();
    }
  }

  // Moves the keyboard cursor (starting on the student to move), draws it and says what is there.
  private moveCursor(dx: number, dy: number): void {
    const rows = this.rows();
    if (this.cursor === null) {
      const legal = this.state.legal;
      const me = legal.kind === 'student' ? this.state.cafeteria?.students.find((s, i) => (s.id ?? i) === (legal.student ?? -1)) : undefined;
      this.cursor = me?.square ?? { x: 0, y: 0 };
    }
    const y = Math.max(0, Math.min(rows.length - 1, this.cursor.y + dy));
    const x = Math.max(0, Math.min((rows[y]?.length ?? 1) - 1, this.cursor.x + dx));
    this.cursor = { x, y };
    this.drawCursor();
    this.showWay(this.cursor);
    this.say.textContent = this.squareWords(this.cursor);
  }

  private drawCursor(): void {
    const svg = this.map.querySelector('svg');
    svg?.querySelector('.kb-cursor')?.remove();
    if (svg === null || this.cursor === null || document.activeElement !== this.map) return;
    svg.appendChild(cursorShape(this.cursor));
  }

  // A square in words: its name, what the map has there, who stands there, and what Enter does.
  private squareWords(at: Spot): string {
    const c = this.state.cafeteria;
    const sq = squareName(at.x, at.y);
    const ch = this.rows()[at.y]?.[at.x];
    const place = ch === undefined ? undefined : cafeteria.legend[ch];
    const there: string[] = [];
    for (const s of c?.students ?? []) if (s.square.x === at.x && s.square.y === at.y) there.push(`${s.name} (player ${s.player + 1}${s.stunned ? ', stunned' : ''})`);
    for (const f of c?.faculty ?? []) if (f.square !== null && f.square.x === at.x && f.square.y === at.y) there.push(f.name);
    if ((c?.floor ?? []).some(f => f.x === at.x && f.y === at.y)) there.push('spilled food');
    const text = this.actionAt(at);
    return `${sq}: ${place?.name ?? 'off the map'}${there.length ? `, ${there.join(', ')}` : ''}${text !== null ? `; Enter plays ${text}` : ''}`;
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
    try {
      this.map.replaceChildren(drawCafeteria(cafeteria.map, cafeteria.legend, things, bundleBase));
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
    this.drawCursor();
    if (this.cursor !== null && document.activeElement === this.map) this.showWay(this.cursor);
  }
}

// The keyboard cursor on the map: a ring round the square.
function cursorShape(at: Spot): SVGRectElement {
  const r = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  for (const [k, v] of Object.entries({ x: at.x * 100 + 4, y: at.y * 100 + 4, width: 92, height: 92, rx: 10, class: 'kb-cursor' })) r.setAttribute(k, String(v));
  r.setAttribute('pointer-events', 'none');
  return r;
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
