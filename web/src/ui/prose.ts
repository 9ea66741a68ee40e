// The rules in prose (a game's `rules_text`): a small Markdown subset read into blocks, then drawn
// with elements and text nodes only, so a variant file's text can never inject markup.
//
// Read: `#`, `##`, `###` headings; paragraphs (lines joined until a blank line); `-` or `*` lists and
// `1.` numbered lists, a list item going on over indented lines; inline `**bold**`, `*italic*` and
// `` `code` ``. Anything else is text as written.

/** A run of inline text. */
export type Span = { kind: 'text' | 'bold' | 'italic' | 'code'; text: string };

/** A block of the prose. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string; spans: Span[] }
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'list'; ordered: boolean; items: Span[][] };

const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;
const ITEM = /^([-*]|\d{1,3}[.)])\s+(.*)$/;

/** Reads prose into blocks. */
export function parseProse(text: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: { ordered: boolean; items: string[][] } | null = null;
  const flush = (): void => {
    if (para.length) blocks.push({ kind: 'paragraph', spans: parseSpans(para.join(' ')) });
    para = [];
    if (list !== null) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(i => parseSpans(i.join(' '))) });
    list = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\t/g, '    ');
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading !== null) {
      flush();
      const words = heading[2] ?? '';
      blocks.push({ kind: 'heading', level: (heading[1] ?? '#').length as 1 | 2 | 3, text: plain(words), spans: parseSpans(words) });
      continue;
    }
    const item = ITEM.exec(line);
    if (item !== null) {
      const ordered = !/^[-*]$/.test(item[1] ?? '');
      if (para.length || (list !== null && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push([(item[2] ?? '').trim()]);
      continue;
    }
    const last = list?.items[list.items.length - 1];
    if (last !== undefined && /^\s/.test(line)) {
      last.push(line.trim());
      continue;
    }
    if (list !== null) flush();
    para.push(line.trim());
  }
  flush();
  return blocks;
}

/** Reads inline marks: `code` first (nothing inside it is a mark), then **bold**, then *italic*. */
export function parseSpans(text: string): Span[] {
  const spans: Span[] = [];
  const push = (kind: Span['kind'], t: string): void => {
    if (t === '') return;
    const prev = spans[spans.length - 1];
    if (kind === 'text' && prev !== undefined && prev.kind === 'text') prev.text += t;
    else spans.push({ kind, text: t });
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const mark = c === '`' ? '`' : text.startsWith('**', i) ? '**' : c === '*' ? '*' : null;
    if (mark !== null) {
      const end = text.indexOf(mark, i + mark.length);
      // An italic mark must close on a word, not on the first star of a bold mark.
      if (end > i + mark.length && !(mark === '*' && text[end + 1] === '*')) {
        push(mark === '`' ? 'code' : mark === '**' ? 'bold' : 'italic', text.slice(i + mark.length, end));
        i = end + mark.length;
        continue;
      }
      push('text', mark);
      i += mark.length;
      continue;
    }
    let next = i + 1;
    while (next < text.length && text[next] !== '`' && text[next] !== '*') next++;
    push('text', text.slice(i, next));
    i = next;
  }
  return spans;
}

function plain(text: string): string {
  return parseSpans(text).map(s => s.text).join('');
}

/** Options of {@link proseElement}. */
export interface ProseOptions {
  /** Called with each heading drawn (to add a control to a piece's section, say). */
  heading?: (element: HTMLElement, text: string, level: number) => void;
}

/** Draws the prose into a `div.prose`, with text nodes only. */
export function proseElement(text: string, options: ProseOptions = {}): HTMLElement {
  const root = document.createElement('div');
  root.className = 'prose';
  for (const block of parseProse(text)) {
    if (block.kind === 'heading') {
      const el = document.createElement(block.level === 3 ? 'h3' : 'h2');
      el.append(...spanNodes(block.spans));
      root.append(el);
      options.heading?.(el, block.text, block.level);
    } else if (block.kind === 'paragraph') {
      const p = document.createElement('p');
      p.append(...spanNodes(block.spans));
      root.append(p);
    } else {
      const list = document.createElement(block.ordered ? 'ol' : 'ul');
      for (const item of block.items) {
        const li = document.createElement('li');
        li.append(...spanNodes(item));
        list.append(li);
      }
      root.append(list);
    }
  }
  return root;
}

const TAGS = { bold: 'strong', italic: 'em', code: 'code' } as const;

function spanNodes(spans: Span[]): Node[] {
  return spans.map(s => {
    if (s.kind === 'text') return document.createTextNode(s.text);
    const el = document.createElement(TAGS[s.kind]);
    el.textContent = s.text;
    return el;
  });
}
