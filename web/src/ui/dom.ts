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

/** A button that copies `text()` to the clipboard and says so on itself for a moment. */
export function copyButton(text: () => string, label = 'copy', attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = button(label, () => {
    const value = text();
    const done = (said: string): void => {
      b.textContent = said;
      setTimeout(() => (b.textContent = label), 1500);
    };
    // The clipboard API needs a secure context (https or localhost); elsewhere the text is selected
    // for the user to copy with the keyboard.
    if (navigator.clipboard !== undefined && window.isSecureContext) {
      navigator.clipboard.writeText(value).then(() => done('copied'), () => done('press Ctrl+C'));
    } else {
      const field = b.previousElementSibling;
      if (field instanceof HTMLInputElement) field.select();
      done('press Ctrl+C');
    }
  }, { 'data-copy': '', ...attrs });
  return b;
}
