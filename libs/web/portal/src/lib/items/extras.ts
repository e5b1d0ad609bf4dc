/** Below an item's answer: the "can't provide this?" waiver request and the client's note. */
import { h } from '../dom';
import { idOf, type ItemContext, type PageContext } from './context';
import { act, textForm } from './forms';

export function waiverBlock(page: PageContext, ctx: ItemContext, ro: boolean): HTMLElement | null {
  const { t, has } = page.text;
  const item = ctx.item;
  const waiver = item.waiver || { state: 'none', reason: null };
  const state = item.status === 'waived' ? 'accepted' : waiver.state;
  const canPropose = !ro && state !== 'pending' && item.status !== 'approved' && item.status !== 'waived';
  const nodes = [
    has('waiver_' + state)
      ? h('div', { class: 'notice' }, [
          h('p', { text: t('waiver_' + state) }),
          waiver.reason ? h('p', { class: 'text quote', text: waiver.reason }) : null,
        ])
      : null,
    canPropose
      ? h('details', { class: 'extra', id: idOf(ctx, 'waiver-box') }, [
          h('summary', { text: t('waiver_summary') }),
          textForm(ctx, 'waiver', {
            path: 'reason',
            label: t('waiver_label'),
            button: t('waiver_button'),
            initial: '',
            onSubmit(reason, button, board) {
              if (!reason) return board.show([{ path: 'reason', text: t('err_required') }]);
              act(page, ctx, button, board, {
                method: 'POST',
                path: '/waiver',
                body: { reason },
                flash: t('waiver_sent', { label: item.label }),
              });
            },
          }),
        ])
      : null,
  ].filter((node) => !!node);
  return nodes.length ? h('div', { class: 'waiver' }, nodes) : null;
}

export function noteBlock(page: PageContext, ctx: ItemContext): HTMLElement | null {
  const { t } = page.text;
  const note = ctx.item.client_note || '';
  if (page.archived) {
    return note
      ? h('div', { class: 'extra' }, [
          h('p', { class: 'label', text: t('note_current') }),
          h('p', { class: 'text', text: note }),
        ])
      : null;
  }
  return h('details', { class: 'extra', id: idOf(ctx, 'note-box'), open: !!note }, [
    h('summary', { text: note ? t('note_summary_edit') : t('note_summary') }),
    textForm(ctx, 'note', {
      path: 'note',
      label: t('note_label'),
      button: t('note_button'),
      initial: note,
      onSubmit(text, button, board) {
        act(page, ctx, button, board, {
          method: 'PUT',
          path: '/note',
          body: { note: text || null },
          flash: text ? t('note_saved') : t('note_cleared'),
        });
      },
    }),
  ]);
}
