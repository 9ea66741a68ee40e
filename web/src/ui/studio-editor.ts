// The studio's editor (`/studio/new`, `/studio/ID/edit`): a variant file written in the browser,
// checked by the server a moment after each change, its faults marked at their lines in a gutter
// and listed; its pieces' diagrams and its start position redrawn from each checked text; perft
// 1-3 from the start; a playtest against the computer in one click; and Publish (a new variant,
// or a new version of one: a published version never changes).

import { ApiError, call, type PerftAnswer, type Problem, type StudioVariant, type Visibility } from './api.js';
import { button, go, h, link, showError } from './dom.js';
import { me } from './session.js';
import { checkedRules, playButtons, rulesSection } from './studio-rules.js';

/** How long the editor waits after a change before it asks the server to check the file. */
const CHECK_AFTER_MS = 500;

/** A file to start from: a small game that checks. */
const TEMPLATE = `name = "my-variant"
title = "My Variant"
description = "Kings and knights on a small board"
files = 8
ranks = 8
start = "k6n/8/8/8/8/8/8/N6K w - - 0 1"

[[piece]]
letter = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
letter = "N"
name = "Knight"
betza = "N"
`;

/** The perft counts in words; `over` for a depth the server would not count. */
function perftWords(counts: number[], over: boolean): string {
  const told = counts.map((n, i) => `${i + 1}: ${n.toLocaleString('en')}`);
  if (over) told.push(`${counts.length + 1}: over the server's bound`);
  return `Perft from the start (move sequences by depth): ${told.join(' · ')}.`;
}

/** Draws the editor: a new variant (`id` null) or a new version of the variant `id`. */
export async function studioEditor(root: HTMLElement, id: string | null): Promise<() => void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const crumbs = h('nav', { class: 'crumbs' }, link('/', 'home'), ' · ', link('/studio', 'studio'));
  let editing: StudioVariant | null = null;
  if (id !== null) {
    try {
      editing = await call<StudioVariant>('GET', `/api/studio/variants/${encodeURIComponent(id)}`);
    } catch (e) {
      root.replaceChildren(crumbs, h('h1', {}, 'Edit a variant'), error);
      showError(error, e);
      return () => {};
    }
  }
  const name = h('input', { type: 'text', name: 'variant-name', value: editing?.name ?? '', maxlength: '40', placeholder: 'its name in the studio', 'aria-label': 'name' });
  const visibility = h('select', { name: 'visibility', 'aria-label': 'who may see it' },
    ...(['private', 'unlisted', 'public'] as const).map(v => h('option', { value: v }, v === 'private' ? 'private: you alone' : v === 'unlisted' ? 'unlisted: anyone with the link' : 'public: listed in the studio')));
  visibility.value = 'unlisted';
  const text = h('textarea', { name: 'variant-text', rows: '26', wrap: 'off', spellcheck: 'false', autocapitalize: 'off', 'aria-label': 'variant file', 'aria-describedby': 'faults' });
  text.value = editing?.current.text ?? TEMPLATE;
  const gutter = h('div', { class: 'gutter', 'aria-hidden': 'true' });
  const faults = h('ul', { class: 'faults', id: 'faults', 'aria-live': 'polite' });
  const status = h('p', { class: 'check-status', 'aria-live': 'polite' });
  const perft = h('p', { class: 'perft', 'aria-live': 'polite' });
  const rules = h('div', { class: 'editor-rules' });
  let shown: ReturnType<typeof rulesSection> | null = null;
  let problems: Problem[] = [];

  const fileName = (): string => (name.value.trim() || editing?.name || 'new variant');

  // The line numbers beside the text, a fault's lines marked with its messages on hover.
  const drawGutter = (): void => {
    const lines = text.value.split('\n').length;
    const rows: HTMLElement[] = [];
    for (let i = 1; i <= lines; i++) {
      const here = problems.filter(p => p.line === i);
      const row = h('div', { class: here.length ? 'line fault' : 'line', 'data-line': String(i) }, String(i));
      if (here.length) row.title = here.map(p => p.message).join('\n');
      rows.push(row);
    }
    gutter.replaceChildren(...rows);
    gutter.scrollTop = text.scrollTop;
  };
  text.addEventListener('scroll', () => (gutter.scrollTop = text.scrollTop));

  // The caret to the start of `line`.
  const goToLine = (line: number): void => {
    const before = text.value.split('\n').slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0);
    text.focus();
    text.setSelectionRange(before, before);
  };

  const mark = (found: Problem[]): void => {
    problems = found;
    drawGutter();
    faults.replaceChildren(...found.map(p => {
      const where = p.line > 0 ? `line ${p.line}, column ${p.column}` : 'missing';
      const li = h('li', { 'data-line': String(p.line) }, h('strong', {}, where), p.field ? ` (${p.field})` : '', `: ${p.message}`);
      if (p.line > 0) {
        li.tabIndex = 0;
        li.addEventListener('click', () => goToLine(p.line));
        li.addEventListener('keydown', e => { if (e.key === 'Enter') goToLine(p.line); });
      }
      return li;
    }));
  };

  const countPerft = async (mine: number): Promise<void> => {
    perft.textContent = 'Counting perft…';
    const ask = (depth: number): Promise<PerftAnswer> => call<PerftAnswer>('POST', '/api/variants/perft', { name: fileName(), text: text.value, depth });
    try {
      let over = false;
      let answer: PerftAnswer;
      try {
        answer = await ask(3);
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== 'too-many-nodes') throw e;
        over = true;
        answer = await ask(2);
      }
      if (mine === checks) perft.textContent = perftWords(answer.counts, over);
    } catch (e) {
      if (mine === checks) perft.textContent = `Perft: ${e instanceof Error ? e.message : String(e)}`;
    }
  };

  let checks = 0;
  const runCheck = async (): Promise<void> => {
    const mine = ++checks;
    status.textContent = 'Checking…';
    try {
      const info = await checkedRules(fileName(), text.value);
      if (mine !== checks) return;
      mark([]);
      status.textContent = `No faults: ${info.title}, ${info.files}x${info.ranks}, ${info.pieces.length} pieces.`;
      status.dataset['state'] = 'ok';
      const letter = shown?.diagram.element.dataset['piece'] ?? null;
      shown?.destroy();
      shown = null;
      try {
        shown = rulesSection(info, letter, el => rules.replaceChildren(el));
      } catch (e) {
        // The rules are sound, but the browser's boards draw 8x8 to 16x16 only.
        rules.replaceChildren(h('p', { class: 'error' }, `The diagrams cannot be drawn: ${e instanceof Error ? e.message : String(e)}.`));
      }
      await countPerft(mine);
    } catch (e) {
      if (mine !== checks) return;
      const found = e instanceof ApiError ? e.problems : [];
      mark(found);
      perft.textContent = 'Perft: counted once the file has no faults.';
      status.dataset['state'] = 'faults';
      status.textContent = found.length ? `${found.length} ${found.length === 1 ? 'fault' : 'faults'}: the diagrams show the last text without faults.` : (e instanceof Error ? e.message : String(e));
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  text.addEventListener('input', () => {
    drawGutter();
    clearTimeout(timer);
    timer = setTimeout(() => void runCheck(), CHECK_AFTER_MS);
  });

  const publish = button(editing === null ? 'Publish' : 'Publish as a new version', () => {
    error.hidden = true;
    const done = (v: StudioVariant): void => go(`/studio/${v.id}`);
    const asked = editing === null
      ? call<StudioVariant>('POST', '/api/studio/variants', { name: name.value, text: text.value, visibility: visibility.value as Visibility })
      : call<StudioVariant>('POST', `/api/studio/variants/${encodeURIComponent(editing.id)}/versions`, { text: text.value });
    asked.then(done, e => showError(error, e));
  }, { class: 'primary', 'data-control': 'publish' });
  const account = h('p', { class: 'account-note' });
  void me().then(p => {
    if (p?.account !== true) account.replaceChildren('Publishing needs an account: ', link('/account', 'sign up or log in'), '. Checking and playtesting do not.');
  });
  const intro = editing === null
    ? h('p', {}, 'Write a variant file (the format of docs/variant-files.md). The server checks it a moment after each change: its faults are marked at their lines, and each piece\'s diagram is drawn from its XBetza.')
    : h('p', {}, `Version ${editing.current.short} of ${editing.name} is published and never changes: games keep the version they were made from. What you publish here becomes a new version.`);
  const publishRow = editing === null ? h('div', { class: 'form' }, name, visibility, publish) : h('div', { class: 'form' }, publish);
  root.replaceChildren(crumbs, h('h1', {}, editing === null ? 'A new variant' : `New version of ${editing.title}`), intro, account, error,
    h('div', { class: 'editor' }, gutter, text), status, faults, perft,
    playButtons(root, () => ({ variant: { name: fileName(), text: text.value } }), error, null), publishRow, rules);
  drawGutter();
  await runCheck();
  return () => {
    clearTimeout(timer);
    shown?.destroy();
  };
}
