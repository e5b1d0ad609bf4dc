/** One item's card: title, status, rules, revision note, its answer form, waiver and note. */
import { h, ids, swap } from '../dom';
import { hintsOf } from '../messages';
import { isFileItem } from '../types';
import { idOf, type ItemContext, type PageContext, readOnly } from './context';
import { noteBlock, waiverBlock } from './extras';
import { fileBlock } from './files';
import { valueForm } from './value-form';

/** Draws the item (again, in place, keeping focus) from `ctx.item`. */
export function renderItem(page: PageContext, ctx: ItemContext): HTMLElement {
  const { t, has, moment } = page.text;
  const item = ctx.item;
  const ro = readOnly(page, ctx);
  const hints = hintsOf(page.text, item);
  const revision = item.status === 'needs_revision' && item.revision_note;
  const helpId = item.help ? idOf(ctx, 'help') : '';
  const hintsId = hints.length ? idOf(ctx, 'hints') : '';
  const revisionId = revision ? idOf(ctx, 'revision') : '';
  ctx.describedBy = ids(helpId, hintsId, revisionId);
  ctx.fileBox = null;
  const answerBlock = isFileItem(item) ? fileBlock(page, ctx, ro) : valueForm(page, ctx, ro);
  const title = h('h3', { id: idOf(ctx, 'title'), tabindex: '-1' }, [
    answerBlock.labelFor ? h('label', { for: answerBlock.labelFor, text: item.label }) : item.label,
  ]);
  const el = h(
    'section',
    { class: 'item card', 'data-item-key': item.key, 'data-status': item.status, 'aria-labelledby': title.id },
    [
      h('div', { class: 'item-head' }, [
        title,
        h('span', {
          class: 'badge badge-' + item.status,
          text: has('status_' + item.status) ? t('status_' + item.status) : item.status,
        }),
      ]),
      h('p', { class: 'muted small', text: item.required ? t('required') : t('optional') }),
      helpId ? h('p', { id: helpId, class: 'text', text: item.help }) : null,
      hintsId
        ? h(
            'ul',
            { id: hintsId, class: 'hints' },
            hints.map((hint) => h('li', { text: hint })),
          )
        : null,
      revision
        ? h('div', { id: revisionId, class: 'notice warn' }, [
            h('strong', { text: t('revision_note') }),
            h('p', { class: 'text', text: revision }),
          ])
        : null,
      item.submitted_at && item.status !== 'pending'
        ? h('p', { class: 'muted small', text: t('sent_at', { date: moment(item.submitted_at) }) })
        : null,
      ctx.flash ? h('p', { class: 'flash', text: ctx.flash }) : null,
      answerBlock.node,
      waiverBlock(page, ctx, ro),
      noteBlock(page, ctx),
    ],
  );
  const old = ctx.el;
  ctx.el = el;
  if (old) swap(old, el, title);
  return el;
}
