/**
 * Building the page: elements from attributes and children. Everything from the API reaches the
 * DOM as text or attribute values, never as HTML.
 */

export type AttrValue = string | number | boolean | null | undefined | ((event: Event) => void);
export type Attrs = Readonly<Record<string, AttrValue>>;
export type Child = Node | string | null | undefined | false;

/**
 * An element. Attributes that are null, undefined or false are left out, `true` is an empty
 * attribute; `text` is the text content, `class` the class name, `value` the control's value and a
 * function an event listener (`onclick` listens to `click`).
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  children?: readonly Child[],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'text') el.textContent = String(value);
    else if (name === 'class') el.className = String(value);
    else if (name === 'value') (el as HTMLInputElement).value = String(value);
    else if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children ?? []) {
    if (child !== null && child !== undefined && child !== false) {
      el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    }
  }
  return el;
}

/** An id list for aria-describedby and the like; null (no attribute) when empty. */
export const ids = (...list: (string | null | undefined | false)[]): string | null =>
  list.filter(Boolean).join(' ') || null;

/** Words only a screen reader says, e.g. which file a "Remove" button removes. */
export const hiddenName = (name: string): HTMLSpanElement => h('span', { class: 'visually-hidden', text: ' ' + name });

/** Replaces a block and keeps keyboard focus on the control with the same id (or on the fallback). */
export function swap(oldEl: Element | null, newEl: Element, fallback?: HTMLElement | null): void {
  const active = document.activeElement;
  const hadFocus = !!(oldEl && active && oldEl.contains(active));
  if (oldEl?.parentNode) oldEl.parentNode.replaceChild(newEl, oldEl);
  if (!hadFocus || !active) return;
  const target = active.id ? document.getElementById(active.id) : null;
  if (target && !(target as HTMLButtonElement).disabled) target.focus();
  else fallback?.focus();
}

/**
 * Says something through the live region. Emptied first and filled a moment later, so that a
 * screen reader also repeats a message that has not changed.
 */
export function createAnnouncer(live: { textContent: string | null }, delay = 60): (text: string) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (text) => {
    if (!text) return;
    clearTimeout(timer);
    live.textContent = '';
    timer = setTimeout(() => (live.textContent = text), delay);
  };
}
