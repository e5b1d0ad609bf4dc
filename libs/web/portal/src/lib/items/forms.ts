/** Sending an item's form and showing what was wrong with it. */
import type { Detail, Method, Problem } from '../api';
import { h } from '../dom';
import { type FieldMessage, problemMessages } from '../messages';
import type { PortalView } from '../types';
import { nearestPath } from '../values';
import { idOf, type ItemContext, itemPath, type PageContext } from './context';

type Control = HTMLElement | null;

/** The errors of one form, each next to the field its path names (value, value.name, value[2]). */
export interface ErrorBoard {
  /** A field at `path`: its control is marked invalid, its message goes to `errorEl` (or the form's). */
  add(path: string, control: Control, errorEl?: HTMLElement): void;
  clear(): void;
  /** Shows the messages and moves focus to the first control they are about. */
  show(messages: readonly FieldMessage[]): void;
}

export function errorBoard(general: HTMLElement): ErrorBoard {
  const fields = new Map<string, { control: Control; errorEl: HTMLElement }>();
  return {
    add(path, control, errorEl) {
      fields.set(path, { control, errorEl: errorEl || general });
    },
    clear() {
      for (const field of [...fields.values(), { control: null, errorEl: general }]) {
        field.errorEl.hidden = true;
        field.errorEl.textContent = '';
        field.control?.removeAttribute('aria-invalid');
      }
    },
    show(messages) {
      let first: Control = null;
      for (const message of messages) {
        const target = fields.get(nearestPath(message.path, (path) => fields.has(path))) ?? {
          control: null,
          errorEl: general,
        };
        const el = target.errorEl;
        el.textContent = (el.textContent ? el.textContent + ' ' : '') + message.text;
        el.hidden = false;
        target.control?.setAttribute('aria-invalid', 'true');
        first = first || target.control;
      }
      first?.focus();
    },
  };
}

/** Shows a form's errors and says them. */
export function showErrors(page: PageContext, board: ErrorBoard, messages: readonly FieldMessage[]): void {
  board.show(messages);
  page.announce(page.text.t('fix_errors') + ' ' + messages.map((m) => m.text).join(' '));
}

/** The button says "Sending…" and cannot be pressed while the item's request runs. */
export function setBusy(page: PageContext, ctx: ItemContext, button: HTMLButtonElement, busy: boolean): void {
  ctx.busy = busy;
  button.disabled = busy;
  if (busy) {
    button.setAttribute('aria-busy', 'true');
    button.dataset['label'] = button.textContent ?? '';
    button.textContent = page.text.t('sending');
  } else {
    button.removeAttribute('aria-busy');
    if (button.dataset['label']) button.textContent = button.dataset['label'];
  }
}

export interface Action {
  method: Method;
  /** Under the item's path: '' for its value, `/submit`, `/waiver`, `/note`. */
  path: string;
  body?: unknown;
  /** Shown with the item once it succeeded. */
  flash: string;
  /** How a 422 detail reads (the API's message in the client's language by default). */
  detailText?: (detail: Detail) => string;
}

/** Sends one request for an item with its button busy meanwhile; the fresh view goes on the page. */
export function act(
  page: PageContext,
  ctx: ItemContext,
  button: HTMLButtonElement,
  board: ErrorBoard,
  action: Action,
): void {
  if (ctx.busy) return;
  board.clear();
  setBusy(page, ctx, button, true);
  void page.call<PortalView>(action.method, itemPath(ctx, action.path), action.body).then((res) => {
    setBusy(page, ctx, button, false);
    if (res.ok && res.body) page.applyView(res.body, ctx.item.key, action.flash);
    else if (res.ok) page.reload();
    else report(page, res.problem, board, action.detailText);
  });
}

/** A refused write: archived → the read-only page; 422 details → next to their fields; else one message. */
export function report(
  page: PageContext,
  problem: Problem,
  board: ErrorBoard,
  detailText?: (detail: Detail) => string,
): void {
  if (problem.reason === 'intake_archived') return page.becameArchived();
  showErrors(page, board, problemMessages(page.text, problem, detailText));
}

/** A textarea with its label, error line and button, for the waiver proposal and the note. */
export function textForm(
  ctx: ItemContext,
  part: string,
  options: {
    path: string;
    label: string;
    button: string;
    initial: string;
    onSubmit: (text: string, button: HTMLButtonElement, board: ErrorBoard) => void;
  },
): HTMLFormElement {
  const areaId = idOf(ctx, part);
  const errorEl = h('p', { id: areaId + '-error', class: 'field-error', hidden: true });
  const board = errorBoard(errorEl);
  const area = h('textarea', {
    id: areaId,
    rows: 3,
    maxlength: 2000,
    value: options.initial,
    'aria-describedby': errorEl.id,
  });
  board.add(options.path, area, errorEl);
  const button = h('button', { type: 'submit', id: areaId + '-send', class: 'button', text: options.button });
  const form = h('form', { novalidate: true }, [
    h('label', { for: areaId, text: options.label }),
    area,
    errorEl,
    h('div', { class: 'actions' }, [button]),
  ]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    options.onSubmit(area.value.trim(), button, board);
  });
  return form;
}
