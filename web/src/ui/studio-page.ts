// The variant studio's pages: the list of public variants with a search (`/studio`), and each
// variant's page (`/studio/ID`, `?version=HASH` for an older version): its rules in prose, pieces
// with diagrams and start position, play buttons, its versions, fork and edit for who may, its
// visibility for its owner, and its balance reports (balance-box.ts).

import { call, type SeekAnswer, type StudioList, type StudioSummary, type StudioVariant, type VariantVersion, type Visibility } from './api.js';
import { button, go, h, link, showError } from './dom.js';
import { balanceBox } from './balance-box.js';
import { checkedRules, playButtons, rulesSection } from './studio-rules.js';

const VISIBILITY_WORDS: Record<Visibility, string> = {
  private: 'private: you alone',
  unlisted: 'unlisted: anyone with the link',
  public: 'public: listed in the studio',
};

/** A variant as a list's item. */
function item(v: StudioSummary): HTMLElement {
  return h('li', { 'data-variant': v.id }, link(`/studio/${v.id}`, v.title), ` (${v.name}) by ${v.owner.name}`,
    v.visibility === 'public' ? '' : `, ${v.visibility}`, v.description ? `: ${v.description}` : '');
}

/** The list of public variants, searched by `?q=` and paged by `?page=`, and this player's own. */
export async function studioList(root: HTMLElement): Promise<void> {
  const params = new URLSearchParams(location.search);
  const q = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0);
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const search = h('input', { type: 'search', name: 'q', value: q, placeholder: 'name, title or description', 'aria-label': 'search the variants' });
  const form = h('form', { class: 'form', role: 'search' }, search, h('button', { type: 'submit' }, 'search'));
  const to = (query: string, p: number): string => `/studio?${new URLSearchParams({ ...(query ? { q: query } : {}), ...(p ? { page: String(p) } : {}) }).toString()}`;
  form.addEventListener('submit', e => {
    e.preventDefault();
    go(to(search.value.trim(), 0));
  });
  const list = h('ul', { class: 'studio-list' });
  const pages = h('p', { class: 'pages' });
  const mine = h('section', { class: 'my-variants', hidden: '' });
  const write = link('/studio/new', 'Write a new variant');
  write.classList.add('play-link');
  root.replaceChildren(h('nav', { class: 'crumbs' }, link('/', 'home')), h('h1', {}, 'Variant studio'),
    h('p', {}, 'Games written by the players: each one\'s rules, pieces and diagrams, to play against the computer, a friend or the lobby. ', write),
    error, form, list, pages, mine);
  try {
    const found = await call<StudioList>('GET', `/api/studio/variants?${new URLSearchParams({ q, page: String(page) }).toString()}`);
    list.replaceChildren(...found.variants.map(item));
    if (found.variants.length === 0) list.append(h('li', { class: 'none' }, q ? `No public variant holds "${q}".` : 'No public variant yet.'));
    const last = Math.max(0, Math.ceil(found.total / found.per_page) - 1);
    pages.replaceChildren(`${found.total} ${found.total === 1 ? 'variant' : 'variants'}; page ${page + 1} of ${last + 1}. `,
      ...(page > 0 ? [link(to(q, page - 1), 'previous'), ' '] : []), ...(page < last ? [link(to(q, page + 1), 'next')] : []));
  } catch (e) {
    showError(error, e);
  }
  try {
    const own = await call<StudioList>('GET', '/api/me/variants');
    if (own.variants.length) {
      mine.replaceChildren(h('h2', {}, 'Your variants'), h('ul', { class: 'studio-list' }, ...own.variants.map(item)));
      mine.hidden = false;
    }
  } catch {
    // No player yet: nothing of its own to list.
  }
}

/** A variant's page: the version `hash` (or the latest). */
export async function studioVariantPage(root: HTMLElement, id: string, hash: string | null): Promise<() => void> {
  const error = h('p', { class: 'error', hidden: '', role: 'alert' });
  const crumbs = h('nav', { class: 'crumbs' }, link('/', 'home'), ' · ', link('/studio', 'studio'));
  const base = `/api/studio/variants/${encodeURIComponent(id)}`;
  let v: StudioVariant;
  let version: VariantVersion;
  try {
    v = await call<StudioVariant>('GET', base);
    version = hash === null ? v.current : await call<VariantVersion>('GET', `${base}/versions/${encodeURIComponent(hash)}`);
  } catch (e) {
    root.replaceChildren(crumbs, h('h1', {}, 'A variant'), error);
    showError(error, e);
    return () => {};
  }
  const which = { id: v.id, version: version.hash };
  const meta = h('p', { class: 'variant-meta' }, `${v.name} · by `, link(`/player/${v.owner.id}`, v.owner.name), ` · ${v.visibility} · version `,
    h('code', { 'data-version': version.short }, version.short), version.latest ? ' (the current one)' : ' (an older one)');
  if (v.forked_from) {
    meta.append(' · forked from ', link(`/studio/${v.forked_from.id}?version=${v.forked_from.version}`, `the variant it came from (version ${v.forked_from.version.slice(0, 12)})`));
  }
  const actions = h('div', { class: 'form variant-actions' });
  if (v.yours) {
    const edit = link(`/studio/${v.id}/edit`, 'Make a new version');
    edit.dataset['control'] = 'edit';
    const visibility = h('select', { name: 'visibility', 'aria-label': 'who may see it' },
      ...(Object.keys(VISIBILITY_WORDS) as Visibility[]).map(k => h('option', { value: k }, VISIBILITY_WORDS[k])));
    visibility.value = v.visibility;
    actions.append(edit, visibility, button('Change who may see it', () => {
      error.hidden = true;
      call<StudioVariant>('POST', `${base}/visibility`, { visibility: visibility.value as Visibility })
        .then(() => go(location.pathname + location.search), e => showError(error, e));
    }, { 'data-control': 'set-visibility' }));
  }
  actions.append(button('Fork it', () => {
    error.hidden = true;
    call<StudioVariant>('POST', `${base}/fork`, {}).then(f => go(`/studio/${f.id}`), e => showError(error, e));
  }, { 'data-control': 'fork' }));
  const versions = h('ol', { class: 'versions', reversed: '' }, ...v.versions.map(s => {
    const li = h('li', { 'data-hash': s.short }, link(`/studio/${v.id}?version=${s.hash}`, s.short), ` ${new Date(s.created_ms).toLocaleString('en-GB')}`,
      s.hash === v.latest ? ' (current)' : '');
    if (s.hash === version.hash) li.setAttribute('aria-current', 'true');
    return li;
  }));
  const rules = h('div', { class: 'variant-rules' });
  const balance = balanceBox(v.id, version.hash);
  const seek = (): Promise<SeekAnswer> => call<SeekAnswer>('POST', '/api/seeks', { game: '', variant: which, colour: 'random' });
  root.replaceChildren(crumbs, h('h1', {}, v.title), meta, h('p', {}, v.description), error,
    playButtons(root, () => ({ studio: which }), error, seek), actions,
    h('h2', {}, 'Versions'), h('p', {}, 'Each version is named by the SHA-256 of its text and never changes; a game keeps the version it was made from.'), versions,
    balance.element,
    rules);
  let shown: ReturnType<typeof rulesSection> | null = null;
  try {
    const info = await checkedRules(v.name, version.text);
    shown = rulesSection(info, null, el => rules.replaceChildren(h('h2', {}, 'Rules'), el));
  } catch (e) {
    showError(error, e);
  }
  return () => {
    balance.stop();
    shown?.destroy();
  };
}
