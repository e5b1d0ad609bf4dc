/** A structured item's schema as a generated form. */
import { type Attrs, h, hiddenName, ids } from '../dom';
import type { FieldMessage } from '../messages';
import type { Text } from '../text';
import type { Schema } from '../types';
import { fieldPath, humanize, readJson, readLines, readScalar, type Report } from '../values';
import { required } from './context';
import type { ErrorBoard } from './forms';
import { choiceGroup, type Field } from './field';

export interface NodeOptions {
  /** Prefix of the generated ids; `counter` numbers the nodes. */
  base: string;
  counter: { n: number };
  ro: boolean;
  board: ErrorBoard;
  /** The schema's root: labelled by the item's title, not by a label of its own. */
  top: boolean;
  label?: string;
  required?: boolean;
  /** Return an object even when every field is empty (a row of a list). */
  keep?: boolean;
  labelledBy?: string | null;
  describedBy?: string | null;
}

const SCALARS = ['string', 'number', 'integer'];
const isEmpty = (v: unknown) => v === null || v === undefined;

/** One node of a structured item's schema as form controls; get() gives its value, null when left empty. */
export function schemaNode(text: Text, schema: Schema, value: unknown, path: string, o: NodeOptions): Field {
  const { t } = text;
  o.counter.n += 1;
  const id = o.base + '-' + o.counter.n;
  const type: string = schema.type;
  const errorEl = h('p', { id: id + '-error', class: 'field-error', hidden: true });
  const descId = schema.description && !o.top ? id + '-desc' : null;
  const desc = descId ? h('p', { id: descId, class: 'muted small', text: schema.description }) : null;
  const describedBy = ids(o.top ? o.describedBy : null, descId, errorEl.id);
  const labelled = (): (string | HTMLElement | null | undefined)[] => [o.label, required(text, o.required)];
  const label = (forId: string) => (o.top ? null : h('label', { for: forId }, labelled()));
  const field = (control: HTMLElement | null, nodes: (HTMLElement | null)[]) => {
    o.board.add(path, control, errorEl);
    return h('div', { class: 'field' }, nodes.concat([errorEl]));
  };
  const reporter = (errors: FieldMessage[]) => (key: string) => errors.push({ path, text: t(key) });
  // A textarea with advice under its label (`note` names the advice in ids).
  const noteArea = (
    initial: string,
    note: string,
    advice: string,
    read: (raw: string, report: Report) => unknown,
    extra?: Attrs,
  ): Field => {
    const area = h('textarea', {
      id,
      rows: 4,
      disabled: o.ro,
      value: initial,
      'aria-describedby': ids(describedBy, id + '-' + note),
      ...extra,
    });
    return {
      node: field(area, [label(id), desc, h('p', { id: id + '-' + note, class: 'muted small', text: advice }), area]),
      labelFor: id,
      get: (errors) => read(area.value, reporter(errors)),
    };
  };
  const child: ChildNode = (childSchema, childValue, childPath, extra) =>
    schemaNode(text, childSchema, childValue, childPath, {
      base: o.base,
      counter: o.counter,
      ro: o.ro,
      board: o.board,
      top: false,
      ...extra,
    });

  if (type === 'object' && schema.properties) {
    const isObject = value && typeof value === 'object' && !Array.isArray(value);
    const current = (isObject ? value : {}) as Record<string, unknown>;
    const children = Object.entries(schema.properties).map(([name, property]) => ({
      name,
      node: child(property, current[name], fieldPath(path, name), {
        label: humanize(name),
        required: (schema.required || []).includes(name),
      }),
    }));
    const box = o.top
      ? h('div', { class: 'fields', role: 'group', 'aria-labelledby': o.labelledBy, 'aria-describedby': describedBy })
      : h('fieldset', { class: 'fields', 'aria-describedby': describedBy }, [h('legend', null, labelled()), desc]);
    for (const c of children) box.appendChild(c.node.node);
    box.appendChild(errorEl);
    o.board.add(path, null, errorEl);
    return {
      node: box,
      get(errors) {
        const result: Record<string, unknown> = {};
        for (const c of children) result[c.name] = c.node.get(errors) ?? null;
        const anything = children.some((c) => !isEmpty(result[c.name]));
        return anything || o.top || o.required || o.keep ? result : null;
      },
    };
  }

  const items = type === 'array' ? schema.items : undefined;
  if (items?.enum) {
    const current = Array.isArray(value) ? (value as unknown[]) : [];
    const labelId = o.top ? (o.labelledBy ?? null) : id + '-label';
    const group = choiceGroup(
      id,
      'checkbox',
      items.enum,
      String,
      (v) => current.includes(v),
      o.ro,
      labelId,
      describedBy,
    );
    return {
      node: field(group.inputs[0] ?? null, [
        o.top ? null : h('p', { id: labelId, class: 'label' }, labelled()),
        desc,
        group.node,
      ]),
      get: () => (group.chosen().length ? group.chosen() : null),
    };
  }

  if (items && SCALARS.includes(items.type)) {
    const itemType = items.type;
    return noteArea(Array.isArray(value) ? value.join('\n') : '', 'lines', t('one_per_line'), (raw, report) =>
      readLines(itemType, raw, report),
    );
  }

  if (items) return repeatingNode(text, items, value, path, o, { id, desc, errorEl, child });

  if (type === 'boolean') {
    const box = h('input', {
      type: 'checkbox',
      id,
      disabled: o.ro,
      checked: value === true,
      'aria-describedby': describedBy,
    });
    return {
      node: field(box, [h('div', { class: 'choice' }, [box, label(id)]), desc]),
      labelFor: id,
      get: () => box.checked,
    };
  }

  if (SCALARS.includes(type) && schema.enum) {
    const options = schema.enum;
    const select = h('select', { id, disabled: o.ro, 'aria-describedby': describedBy }, [
      h('option', { value: '', text: t('choose') }),
      ...options.map((option, index) =>
        h('option', { value: String(index), text: String(option), selected: option === value }),
      ),
    ]);
    return {
      node: field(select, [label(id), desc, select]),
      labelFor: id,
      get: () => (select.value === '' ? null : options[Number(select.value)]),
    };
  }

  if (SCALARS.includes(type)) {
    const numeric = type !== 'string';
    const input = h('input', {
      id,
      type: numeric ? 'number' : 'text',
      step: type === 'integer' ? '1' : numeric ? 'any' : null,
      inputmode: type === 'integer' ? 'numeric' : numeric ? 'decimal' : null,
      disabled: o.ro,
      value: isEmpty(value) ? '' : String(value),
      'aria-describedby': describedBy,
      'aria-required': o.required ? 'true' : null,
    });
    return {
      node: field(input, [label(id), desc, input]),
      labelFor: id,
      get: (errors) => readScalar(type, input.value, reporter(errors)),
    };
  }

  // An object without properties or an array without items: free-form JSON.
  return noteArea(isEmpty(value) ? '' : JSON.stringify(value, null, 2), 'json', t('json_hint'), readJson, {
    spellcheck: 'false',
  });
}

type ChildNode = (schema: Schema, value: unknown, path: string, extra: Partial<NodeOptions>) => Field;

/** An array of objects (or of arrays): a group of fields per entry, with add and remove buttons. */
function repeatingNode(
  text: Text,
  items: Schema,
  value: unknown,
  path: string,
  o: NodeOptions,
  parts: { id: string; desc: HTMLElement | null; errorEl: HTMLElement; child: ChildNode },
): Field {
  const { t } = text;
  let rows: { node: Field; el: HTMLElement }[] = [];
  const list = h('div', { class: 'rows' });
  const box = h('fieldset', { class: 'fields', id: parts.id }, [
    o.top ? null : h('legend', null, [o.label, required(text, o.required)]),
    parts.desc,
    list,
  ]);
  o.board.add(path, null, parts.errorEl);
  // Rows are rebuilt after a removal so that row n is always value[n] in the server's error paths.
  const build = (values: unknown[]) => {
    rows = values.map((rowValue, index) => {
      const entry = t('entry', { n: index + 1 });
      const node = parts.child(items, rowValue, path + '[' + index + ']', { label: entry, keep: true });
      const el = h('div', { class: 'row' }, [node.node]);
      if (!o.ro) {
        el.appendChild(
          h('button', { type: 'button', class: 'button small', onclick: () => remove(index) }, [
            t('remove'),
            hiddenName(entry),
          ]),
        );
      }
      return { node, el };
    });
    list.replaceChildren(...rows.map((row) => row.el));
  };
  const remove = (index: number) => {
    const values = rows.map((row) => row.node.get([]));
    values.splice(index, 1);
    build(values);
    add.focus();
  };
  const add = h('button', {
    type: 'button',
    class: 'button small',
    text: t('add_entry'),
    onclick: () => {
      build(rows.map((row) => row.node.get([])).concat([undefined]));
      rows[rows.length - 1]?.el.querySelector<HTMLElement>('input, select, textarea')?.focus();
    },
  });
  build(Array.isArray(value) ? value : []);
  if (!o.ro) box.appendChild(add);
  box.appendChild(parts.errorEl);
  return {
    node: box,
    get(errors) {
      const values = rows.map((row) => row.node.get(errors));
      return values.length ? values : null;
    },
  };
}
