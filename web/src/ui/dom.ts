// Small DOM helpers of the pages.

/** An element with attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/** A button that runs `action` when clicked. */
export function button(label: string, action: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = h('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', action);
  return b;
}

/** Goes to one of the UI's routes without reloading. */
export function go(path: string): void {
  history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A link to one of the UI's routes. */
export function link(path: string, label: string): HTMLAnchorElement {
  const a = h('a', { href: path }, label);
  a.addEventListener('click', e => {
    if (e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    go(path);
  });
  return a;
}

/** A line saying what went wrong, in the page's error box. */
export function showError(box: HTMLElement, e: unknown): void {
  box.textContent = e instanceof Error ? e.message : String(e);
  box.hidden = false;
}
