/** The answer form of a value item: text-like inputs, choices, or a structured item's fields. */
import { h, ids } from '../dom';
import type { FieldMessage } from '../messages';
import type { ItemType } from '../types';
import { charsLeft, readTextAnswer } from '../values';
import { idOf, type ItemContext, type PageContext } from './context';
import { act, type ErrorBoard, errorBoard, showErrors } from './forms';
import { choiceGroup, type Field } from './field';
import { schemaNode } from './structured';

/** What the controls of an answer are built with. */
interface FieldScope {
  page: PageContext;
  ctx: ItemContext;
  ro: boolean;
  /** Ids of the item's help, hints and revision note and of the form's error line. */
  describedBy: string | null;
  board: ErrorBoard;
}

export function valueForm(
  page: PageContext,
  ctx: ItemContext,
  ro: boolean,
): { node: HTMLElement; labelFor?: string | null } {
  const { t } = page.text;
  const item = ctx.item;
  const general = h('p', { id: idOf(ctx, 'error'), class: 'field-error', hidden: true });
  const board = errorBoard(general);
  const field = buildField({ page, ctx, ro, describedBy: ids(ctx.describedBy, general.id), board });
  const form = h('form', { class: 'answer', novalidate: true }, [field.node, general]);
  if (!ro) {
    const button = h('button', {
      type: 'submit',
      id: idOf(ctx, 'send'),
      class: 'button primary',
      text: item.status === 'pending' ? t('send') : t('send_again'),
    });
    form.appendChild(h('div', { class: 'actions' }, [button]));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (ctx.busy) return;
      board.clear();
      const local: FieldMessage[] = [];
      const value = field.get(local);
      if (local.length) return showErrors(page, board, local);
      act(page, ctx, button, board, {
        method: 'PUT',
        path: '',
        body: { value },
        flash: t('saved', { label: item.label }),
      });
    });
  }
  return { node: form, labelFor: field.labelFor };
}

function buildField(scope: FieldScope): Field {
  const { page, ctx, ro, describedBy, board } = scope;
  const item = ctx.item;
  if (item.type === 'select' || item.type === 'multiselect' || item.type === 'boolean') {
    return choiceField(scope);
  }
  if (item.type === 'structured') {
    const node = schemaNode(page.text, item.schema || { type: 'object' }, item.value, 'value', {
      base: idOf(ctx, 's'),
      counter: { n: 0 },
      ro,
      board,
      top: true,
      labelledBy: idOf(ctx, 'title'),
      describedBy,
    });
    return {
      node: h('div', { class: 'structured' }, [node.node]),
      labelFor: node.labelFor,
      get(errors) {
        const value = node.get(errors);
        if ((value === null || value === undefined) && !errors.length) {
          errors.push({ path: 'value', text: page.text.t('err_required') });
        }
        return value;
      },
    };
  }
  return textField(scope);
}

const INPUT_TYPES: Partial<Record<ItemType, string>> = {
  secret: 'password',
  email: 'email',
  url: 'url',
  number: 'number',
  date: 'date',
};
const INPUT_MODES: Partial<Record<ItemType, string>> = { email: 'email', url: 'url', number: 'decimal' };

function textField({ page, ctx, ro, describedBy, board }: FieldScope): Field {
  const { t } = page.text;
  const item = ctx.item;
  const type = item.type;
  const id = idOf(ctx, 'value');
  const maxChars = item.constraints?.max_chars;
  const counter =
    maxChars && !ro && ['text', 'longtext', 'secret'].includes(type)
      ? h('p', { id: idOf(ctx, 'count'), class: 'counter muted small' })
      : null;
  const value = item.value === null || item.value === undefined || type === 'secret' ? '' : String(item.value);
  const attrs = {
    id,
    name: item.key,
    value,
    disabled: ro,
    required: item.required && !ro,
    'aria-describedby': ids(describedBy, counter?.id),
  };
  const control =
    type === 'longtext'
      ? h('textarea', { ...attrs, rows: 6 })
      : h('input', {
          type: INPUT_TYPES[type] || 'text',
          ...attrs,
          autocomplete: type === 'secret' ? 'new-password' : 'off',
          inputmode: INPUT_MODES[type],
          step: type === 'number' ? 'any' : null,
          placeholder: type === 'url' ? 'https://' : null,
          spellcheck: ['email', 'url', 'secret'].includes(type) ? 'false' : null,
        });
  let nodes: HTMLElement[] = [control];
  if (type === 'secret' && !ro) {
    const toggle = h('button', {
      type: 'button',
      class: 'button small',
      'aria-pressed': 'false',
      'aria-controls': id,
      text: t('show'),
    });
    toggle.addEventListener('click', () => {
      const input = control as HTMLInputElement;
      const shown = input.type === 'text';
      input.type = shown ? 'password' : 'text';
      toggle.setAttribute('aria-pressed', String(!shown));
      toggle.textContent = shown ? t('show') : t('hide');
    });
    nodes = [h('div', { class: 'with-button' }, [control, toggle])];
  }
  if (counter && maxChars) {
    const update = () => {
      const left = charsLeft(control.value, maxChars);
      counter.textContent = left >= 0 ? t('chars_left', { n: left }) : t('chars_over', { n: -left });
      counter.classList.toggle('bad', left < 0);
    };
    control.addEventListener('input', update);
    update();
    nodes.push(counter);
  }
  board.add('value', control);
  return {
    node: h('div', { class: 'field' }, nodes),
    labelFor: id,
    get(errors) {
      const answer = readTextAnswer(type, control.value, (key) => errors.push({ path: 'value', text: t(key) }));
      // A bare address got https:// in front: show what is sent.
      if (type === 'url' && typeof answer === 'string' && answer !== control.value.trim()) control.value = answer;
      return answer;
    },
  };
}

/** boolean (yes/no radios), select (radios, or a drop-down for many options) and multiselect (checkboxes). */
function choiceField({ page, ctx, ro, describedBy, board }: FieldScope): Field {
  const { t } = page.text;
  const item = ctx.item;
  const id = idOf(ctx, 'value');
  const multiple = item.type === 'multiselect';
  const options: unknown[] = item.type === 'boolean' ? [true, false] : item.options || [];
  const labelOf = (o: unknown) => (o === true ? t('yes') : o === false ? t('no') : String(o));
  if (item.type === 'select' && options.length > 6) {
    const select = h(
      'select',
      { id, name: item.key, disabled: ro, required: item.required && !ro, 'aria-describedby': describedBy },
      [
        h('option', { value: '', text: t('choose') }),
        ...options.map((option, index) =>
          h('option', { value: String(index), text: String(option), selected: option === item.value }),
        ),
      ],
    );
    board.add('value', select);
    return {
      node: h('div', { class: 'field' }, [select]),
      labelFor: id,
      get(errors) {
        if (select.value === '') errors.push({ path: 'value', text: t('err_choose') });
        return select.value === '' ? null : options[Number(select.value)];
      },
    };
  }
  const chosen = multiple ? (Array.isArray(item.value) ? (item.value as unknown[]) : []) : [item.value];
  const group = choiceGroup(
    id,
    multiple ? 'checkbox' : 'radio',
    options,
    labelOf,
    (o) => chosen.includes(o),
    ro,
    idOf(ctx, 'title'),
    describedBy,
  );
  if (!multiple && item.required && !ro) group.node.setAttribute('aria-required', 'true');
  board.add('value', group.inputs[0] ?? null);
  return {
    node: group.node,
    get(errors) {
      const values = group.chosen();
      if (!values.length) errors.push({ path: 'value', text: t('err_choose') });
      return multiple ? values : values.length ? values[0] : null;
    },
  };
}
