// The cafeteria part of the game page: the map with its squares named, the students, staff and
// food, the student to act ringed; the turn in a line (whose, AA left, AR); the actions as buttons
// in the rules' words (food named), grouped, with a drawing where one helps; and the map itself to
// click: a square one step away or farther is one action, its way drawn before it is sent. The
// map works from the keyboard too: it takes the focus, the arrow keys move a cursor square, Enter
// does what a click there does.

import { cafeteria } from 'messhall:catalog';
import { bundleBase } from '../board.js';
import { characterArt } from '../cafeteria-art.js';
import { drawCafeteria, squareName, type MapThing } from '../cafeteria-map.js';
import type { FacultyInfo, GameEvent, GameState } from './api.js';
import { pathShape, spotKey, waysBySquare, type Spot, type Way } from './cafeteria-path.js';
import { NO_NAMES, type CafeteriaNames } from './cafeteria-words.js';
import { actionGroup, actionIcon, GROUPS, type ActionGroup } from './cafeteria-actions.js';
import { button, h } from './dom.js';
import './cafeteria.css';

/** The game's fixed data the view names things by: staff numbers, foods and tables. */
export interface CafeteriaData extends CafeteriaNames {
  faculty: readonly FacultyInfo[];
}

type Student = NonNullable<GameState['cafeteria']>['students'][number];

const SVG = 'http://www.w3.org/2000/svg';
// Where a student may stand: these squares carry their names on the map.
const STANDING = new Set(['floor', 'chair', 'start', 'entrance', 'exit', 'can']);

/** Draws the cafeteria and sends the action the user picks through `act`. */
export class CafeteriaView {
  readonly element = h('div', { class: 'cafeteria' });
  /** The turn and the actions: beside the map on a wide screen (the page puts it in its side
   * column), under it on a narrow one. */
  readonly panel = h('div', { class: 'cafeteria cafeteria-panel' });
  private readonly map = h('div', { class: 'map' });
  private readonly turn = h('div', { class: 'turn-line' });
  private readonly actions = h('div', { class: 'actions' });
  private readonly table = h('table', { class: 'students' });
  private readonly staff = h('table', { class: 'students staff' });
  private readonly way = h('p', { class: 'way', hidden: '', 'aria-live': 'polite' });
  /** The live line under the map: what is under the keyboard cursor. */
  private readonly say = h('p', { class: 'map-say', 'aria-live': 'polite' });
  private cursor: Spot | null = null;
  private ways = new Map<string, Way>();
  /** A square tapped once on a touch screen: its way is shown, a second tap sends it. */
  private chosen: string | null = null;
  private touch = false;

  private state: GameState;

  constructor(state: GameState, private readonly act: (text: string) => void, private readonly data: CafeteriaData = { ...NO_NAMES, faculty: [] }) {
    this.state = state;
    const tables = h('div', { class: 'tables' }, this.table, this.staff);
    this.element.append(this.map, this.way, this.say, tables);
    this.panel.append(this.turn, this.actions);
    this.map.tabIndex = 0;
    this.map.setAttribute('role', 'application');
    this.map.setAttribute('aria-label', 'cafeteria map: the arrow keys move the cursor, Enter plays the move or walk there');
    this.map.addEventListener('keydown', e => this.key(e));
    // Only a keyboard's focus shows the cursor (a click plays at once).
    this.map.addEventListener('focus', () => {
      if (this.map.matches(':focus-visible')) this.moveCursor(0, 0);
    });
    // The pointer takes over from the cursor.
    this.map.addEventListener('pointerdown', e => {
      this.touch = e.pointerType === 'touch' || e.pointerType === 'pen';
      this.cursor = null;
      this.map.querySelector('svg .kb-cursor')?.remove();
    });
    this.map.addEventListener('blur', () => {
      this.map.querySelector('svg .kb-cursor')?.remove();
      if (this.chosen === null) this.showWay(null);
    });
    this.map.addEventListener('click', e => this.clicked(e));
    this.map.addEventListener('mousemove', e => {
      if (this.chosen === null) this.showWay(this.squareAt(e));
    });
    this.map.addEventListener('mouseleave', () => {
      if (this.chosen === null) this.showWay(null);
    });
    this.update(state);
  }

  /** Puts the turn and the actions at the top of `side` (the page's side column) on a wide screen,
   * under the map on a narrow one (where the side column comes only after the map's tables). */
  placePanel(side: HTMLElement): () => void {
    const narrow = window.matchMedia('(max-width: 760px)');
    const place = (): void => {
      if (narrow.matches) this.say.after(this.panel);
      else side.prepend(this.panel);
    };
    place();
    narrow.addEventListener('change', place);
    return () => narrow.removeEventListener('change', place);
  }

  /** The names of the game's foods and tables, for the log's words. */
  get names(): CafeteriaNames {
    return this.data;
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

  // The student to act (this seat's), if any.
  private me(): Student | undefined {
    const legal = this.state.legal;
    if (legal.kind !== 'student') return undefined;
    return this.state.cafeteria?.students.find(s => s.id === legal.student);
  }

  // A click on the map: the way there is sent (on a touch screen, the first tap shows it).
  private clicked(e: MouseEvent): void {
    const at = this.squareAt(e);
    if (at === null) return;
    const way = this.ways.get(spotKey(at));
    if (way !== undefined && this.touch && this.chosen !== spotKey(at)) {
      this.chosen = spotKey(at);
      this.showWay(at);
      return;
    }
    this.chosen = null;
    if (way !== undefined) this.act(way.text);
    else this.showWay(at);
  }

  // The squares of the Principal's Office, left to right.
  private officeSquares(): Spot[] {
    const out: Spot[] = [];
    this.rows().forEach((row, y) => [...row].forEach((ch, x) => {
      if (cafeteria.legend[ch]?.kind === 'office') out.push({ x, y });
    }));
    return out;
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
      const way = this.ways.get(spotKey(this.cursor));
      this.say.textContent = way === undefined ? `${squareName(this.cursor.x, this.cursor.y)}: no move or walk there` : `plays ${way.text}`;
      if (way !== undefined) this.act(way.text);
    } else if (e.key === 'Escape') {
      this.map.blur();
    }
  }

  // Moves the keyboard cursor (starting on the student to move), draws it and says what is there.
  private moveCursor(dx: number, dy: number): void {
    const rows = this.rows();
    this.cursor ??= this.me()?.square ?? { x: 0, y: 0 };
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
    svg.appendChild(shape('rect', { x: this.cursor.x * 100 + 4, y: this.cursor.y * 100 + 4, width: 92, height: 92, rx: 10, class: 'kb-cursor' }));
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
    const way = this.ways.get(spotKey(at));
    return `${sq}: ${place?.name ?? 'off the map'}${there.length ? `, ${there.join(', ')}` : ''}${way !== undefined ? `; Enter plays ${way.words}` : ''}`;
  }

  // The way to a square, drawn on the map and told under it; nothing for the student's own square
  // or one out of reach.
  private showWay(target: Spot | null): void {
    this.map.querySelector('svg g.path')?.remove();
    const me = this.me();
    const svg = this.map.querySelector('svg');
    if (target === null || me === undefined || svg === null) {
      this.way.hidden = true;
      return;
    }
    const sq = squareName(target.x, target.y);
    const way = this.ways.get(spotKey(target));
    if (way === undefined) {
      const own = target.x === me.square.x && target.y === me.square.y;
      this.way.textContent = own ? `${me.name} stands on ${sq}` : `${sq}: out of reach this turn`;
      this.way.hidden = false;
      return;
    }
    svg.appendChild(pathShape(me.square, way.path));
    const steps = way.path.length === 1 ? '1 step' : `${way.path.length} steps`;
    const how = this.chosen === spotKey(target) ? `tap ${sq} again to go` : 'click to go';
    this.way.textContent = `${capital(way.words)} (${steps}, ${way.path.length} AA): ${how}`;
    this.way.hidden = false;
  }

  // Each staff member's square, MR, and NSR as a bar of the damage taken this round.
  private drawStaff(): void {
    const c = this.state.cafeteria;
    if (c === null || this.data.faculty.length === 0) return;
    const hurt = hurtThisRound(this.state.events);
    this.staff.replaceChildren(
      h('tr', {}, ...['staff', 'square', 'MR', 'NSR (hurt this round)'].map(t => h('th', {}, t))),
      ...this.data.faculty.map((f, i) => {
        const where = c.faculty[i]?.square ?? null;
        const d = hurt.get(i) ?? 0;
        return h('tr', {}, h('td', {}, f.name), h('td', {}, where === null ? 'in the Lounge' : squareName(where.x, where.y)),
          h('td', {}, String(f.mr)), h('td', {}, bar(d, f.nsr, `${d}/${f.nsr}`, 'nsr')));
      }),
    );
  }

  // The names of the squares a student may stand on, under what stands there.
  private squareLabels(svg: SVGSVGElement): void {
    const g = shape('g', { class: 'sq-names', 'pointer-events': 'none', 'aria-hidden': 'true' });
    this.rows().forEach((row, y) => [...row].forEach((ch, x) => {
      const kind = cafeteria.legend[ch]?.kind;
      if (kind === undefined || !STANDING.has(kind)) return;
      const t = shape('text', { x: x * 100 + 5, y: y * 100 + 22 });
      t.textContent = squareName(x, y);
      g.appendChild(t);
    }));
    svg.insertBefore(g, svg.querySelector('.thing, g.more'));
  }

  // Where the student to act can go (tinted), and a ring round that student.
  private marks(svg: SVGSVGElement): void {
    const me = this.me() ?? this.state.cafeteria?.students.find(s => s.id === this.state.cafeteria?.to_move);
    const g = shape('g', { class: 'marks', 'pointer-events': 'none' });
    for (const way of this.ways.values()) {
      const to = way.path[way.path.length - 1];
      if (to !== undefined) g.appendChild(shape('rect', { x: to.x * 100 + 3, y: to.y * 100 + 3, width: 94, height: 94, rx: 12, class: way.path.length === 1 ? 'reach step' : 'reach' }));
    }
    if (me !== undefined) {
      const ring = shape('circle', { cx: me.square.x * 100 + 50, cy: me.square.y * 100 + 50, r: 47, class: 'acting' });
      const title = shape('title', {});
      title.textContent = `${me.name} is to act`;
      ring.appendChild(title);
      g.appendChild(ring);
    }
    svg.insertBefore(g, svg.querySelector('.thing, g.more'));
  }

  // The line over the map: the round, whose turn, that student's AA left and AR.
  private drawTurn(): void {
    const c = this.state.cafeteria;
    if (c === null) return;
    const acting = c.students.find(s => s.id === c.to_move);
    const parts: (Node | string)[] = [h('span', { class: 'round' }, `Round ${c.round}`)];
    if (this.state.result !== null) {
      parts.push(' · the game is over');
    } else if (acting !== undefined) {
      const art = characterArt(acting.name);
      if (art !== undefined) parts.push(icon(art, ''));
      const yours = this.state.legal.kind === 'student';
      parts.push(h('strong', { class: 'who' }, `${acting.name}${yours ? ' (yours)' : ''} is to act`));
      const left = c.aa_left ?? acting.aa;
      parts.push(h('span', { class: 'aa-left', title: `${left} of ${acting.aa} AA left this turn` }, `AA ${left} of ${acting.aa} left `, pips(left, acting.aa)));
      parts.push(h('span', { class: 'ar' }, `AR ${acting.ar}/${acting.max_ar}`));
    }
    this.turn.replaceChildren(...parts);
  }

  // The actions as buttons, by group; the single steps as a row of squares.
  // Attacks aimed at someone are a row per food ("Throw the milk at" then a face for each target),
  // and putting down a row of the things held; each button is named in full for a screen reader
  // and a pointer's title.
  private drawActions(): void {
    this.actions.replaceChildren();
    const legal = this.state.legal;
    if (legal.kind !== 'student') return;
    const groups = new Map<ActionGroup, HTMLElement[]>();
    const rows = new Map<string, HTMLElement>();
    for (const a of legal.actions) {
      const group = actionGroup(a.action);
      const words = capital(a.words ?? a.text);
      const aimed = group === 'attack' || group === 'food-off' ? /^(.* (?:at|on)) ([A-Z][^,:]*)$/.exec(words)
        : group === 'put-down' ? /^(Put down) the (.+)$/.exec(words) : null;
      const label = aimed?.[2] ?? (group === 'move' && /^Move to /.test(words) ? words.slice(8) : words);
      const art = actionIcon(a.action, this.state.cafeteria);
      const b = button('', () => this.act(a.text), { 'data-action': a.text, title: words, 'aria-label': words });
      if (art !== null) b.append(icon(art, ''));
      b.append(label);
      const list = groups.get(group) ?? [];
      const lead = aimed?.[1];
      if (lead === undefined) {
        list.push(b);
      } else {
        let row = rows.get(lead);
        if (row === undefined) {
          row = h('div', { class: 'targets' });
          rows.set(lead, row);
          // The group's title says it already ("Put down").
          const said = GROUPS.find(g => g.id === group)?.title === lead;
          list.push(h('div', { class: 'aimed' }, said ? '' : h('span', { class: 'lead' }, lead), row));
        }
        row.appendChild(b);
      }
      groups.set(group, list);
    }
    for (const g of GROUPS) {
      const list = groups.get(g.id);
      if (list === undefined) continue;
      const head = g.id === 'move' && this.ways.size > list.length ? `${g.title} (or click a square on the map to walk there in one go)` : g.title;
      this.actions.appendChild(h('div', { class: `group ${g.id}` }, h('span', { class: 'group-title' }, head), ...list));
    }
  }

  /** Shows a new state. */
  update(state: GameState): void {
    this.state = state;
    const c = state.cafeteria;
    if (c === null) return;
    const legal = state.legal;
    const me = this.me();
    this.ways = legal.kind === 'student' ? waysBySquare(legal.actions, legal.walks ?? [], me?.square ?? null) : new Map();
    if (this.chosen !== null && !this.ways.has(this.chosen)) this.chosen = null;
    const things: MapThing[] = [];
    // A student taken away sits in the Principal's Office, not where it was caught.
    const office = this.officeSquares();
    let gone = 0;
    for (const s of c.students) {
      const art = characterArt(s.name);
      if (art === undefined) continue;
      const at = s.status === 'Gone' ? office[gone++ % Math.max(1, office.length)] ?? s.square : s.square;
      const title = s.status === 'Gone' ? `${s.name} (player ${s.player + 1}), in the Principal's Office` : `${s.name} (player ${s.player + 1}), AR ${s.ar}`;
      things.push({ square: squareName(at.x, at.y), art, title });
    }
    for (const f of c.faculty) {
      const art = characterArt(f.name);
      if (art !== undefined && f.square !== null) things.push({ square: squareName(f.square.x, f.square.y), art, title: f.name });
    }
    for (const sq of c.floor) things.push({ square: squareName(sq.x, sq.y), art: 'spilled-food' });
    try {
      const svg = drawCafeteria(cafeteria.map, cafeteria.legend, things, bundleBase);
      this.squareLabels(svg);
      this.marks(svg);
      this.map.replaceChildren(svg);
    } catch (e) {
      this.map.replaceChildren(h('p', { class: 'error' }, `the map cannot be drawn: ${String(e)}`));
    }
    this.table.replaceChildren(
      h('tr', {}, ...['student', 'player', 'square', 'AR', 'AA', 'carries'].map(t => h('th', {}, t))),
      ...c.students.map(s => {
        const acting = s.id === c.to_move;
        const aa = acting && c.aa_left !== null ? bar(c.aa_left, s.aa, `${c.aa_left} of ${s.aa} left`, 'aa') : bar(s.aa, 10, String(s.aa), 'aa');
        return h('tr', acting ? { class: 'acting' } : {}, h('td', {}, s.name + (s.stunned ? ' (stunned)' : '') + (s.status !== 'Active' ? ` (${s.status.toLowerCase()})` : '') + (acting ? ' · to act' : '')),
          h('td', {}, String(s.player + 1)), h('td', {}, squareName(s.square.x, s.square.y)),
          h('td', {}, bar(s.ar, s.max_ar, `${s.ar}/${s.max_ar}`, 'ar')), h('td', {}, aa),
          h('td', {}, s.carrying === 0 ? 'nothing' : s.carrying === 1 ? '1 food' : `${s.carrying} foods`));
      }),
    );
    this.drawTurn();
    this.drawActions();
    this.way.hidden = true;
    this.drawStaff();
    this.drawCursor();
    if (this.chosen !== null) {
      const [x, y] = this.chosen.split(',').map(Number);
      this.showWay({ x: x ?? 0, y: y ?? 0 });
    } else if (this.cursor !== null && document.activeElement === this.map) {
      this.showWay(this.cursor);
    }
  }
}

function shape(tag: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// A small drawing of the cafeteria's art beside a button's words.
function icon(art: string, alt: string): HTMLImageElement {
  return h('img', { class: 'icon', src: `${bundleBase}cafeteria/${art}.svg`, alt, width: '20', height: '20' });
}

// AA as a row of pips: those left filled.
function pips(left: number, of: number): HTMLElement {
  const row = h('span', { class: 'pips', 'aria-hidden': 'true' });
  for (let i = 0; i < of; i++) row.appendChild(h('span', { class: i < left ? 'pip on' : 'pip' }));
  return row;
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
