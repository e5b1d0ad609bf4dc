/**
 * The client's note on the whole request, below the items: a textarea saved by
 * PUT /portal/v1/{slug}/note (null clears it). Read-only text once the intake is archived.
 * Kept apart from the items: saving it redraws only this block and the page's view.
 */
import { h, swap } from './dom';
import { type PageContext } from './items/context';
import { errorBoard, report } from './items/forms';
import type { PortalView } from './types';

/** The most characters the API keeps (as for a note on an item). */
export const INTAKE_NOTE_MAX = 2000;

/** The note's block, or null when the intake is archived and there is no note to show. */
export function intakeNoteBlock(
  page: PageContext,
  view: PortalView,
  saved: (fresh: PortalView) => void,
  flash = '',
): HTMLElement | null {
  const { t } = page.text;
  const note = view.client_note || '';
  const heading = h('h2', { id: 'intake-note-title', text: t('intake_note_heading') });
  const attrs = { class: 'card intake-note', id: 'intake-note', 'aria-labelledby': 'intake-note-title' };
  if (page.archived) return note ? h('section', attrs, [heading, h('p', { class: 'text', text: note })]) : null;

  const errorEl = h('p', { id: 'intake-note-error', class: 'field-error', hidden: true });
  const board = errorBoard(errorEl);
  const area = h('textarea', {
    id: 'intake-note-text',
    rows: 4,
    maxlength: INTAKE_NOTE_MAX,
    value: note,
    'aria-describedby': 'intake-note-help intake-note-error',
  });
  board.add('note', area, errorEl);
  const button = h('button', {
    type: 'submit',
    id: 'intake-note-send',
    class: 'button',
    text: t('intake_note_button'),
  });
  const form = h('form', { novalidate: true }, [
    h('label', { for: area.id, text: t('intake_note_label') }),
    area,
    errorEl,
    h('div', { class: 'actions' }, [button]),
  ]);
  const block = h('section', attrs, [
    heading,
    h('p', { id: 'intake-note-help', class: 'muted', text: t('intake_note_help') }),
    form,
    flash ? h('p', { class: 'flash', text: flash }) : null,
  ]);
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const text = area.value.trim();
    board.clear();
    busy = true;
    button.disabled = true;
    void page.call<PortalView>('PUT', '/note', { note: text || null }).then((res) => {
      busy = false;
      button.disabled = false;
      if (!res.ok) return report(page, res.problem, board);
      const fresh = res.body ?? { ...view, client_note: text || null };
      const message = text ? t('intake_note_saved') : t('intake_note_cleared');
      const next = intakeNoteBlock(page, fresh, saved, message);
      if (next) swap(block, next, next.querySelector('textarea'));
      page.announce(message);
      saved(fresh);
    });
  });
  return block;
}
