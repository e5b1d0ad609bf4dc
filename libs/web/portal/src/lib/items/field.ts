/** Form controls for (part of) an answer, and groups of choices. */
import { h } from '../dom';
import type { FieldMessage } from '../messages';

/** Form controls for (part of) an answer; get() reads the value and reports what is wrong with it. */
export interface Field {
  node: HTMLElement;
  /** The control the item's title labels, if there is one. */
  labelFor?: string | null;
  get(errors: FieldMessage[]): unknown;
}

/** Radios or checkboxes, one per option, in a group labelled by `labelledBy`. */
export function choiceGroup<T>(
  base: string,
  kind: 'radio' | 'checkbox',
  options: readonly T[],
  labelOf: (option: T) => string,
  isChecked: (option: T) => boolean,
  ro: boolean,
  labelledBy: string | null,
  describedBy: string | null,
): { node: HTMLElement; inputs: HTMLInputElement[]; chosen: () => T[] } {
  const node = h('div', {
    class: 'choices',
    role: kind === 'radio' ? 'radiogroup' : 'group',
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
  });
  const inputs = options.map((option, index) => {
    const input = h('input', {
      type: kind,
      id: base + '-' + index,
      name: base,
      value: String(index),
      checked: !!isChecked(option),
      disabled: ro,
    });
    node.appendChild(h('div', { class: 'choice' }, [input, h('label', { for: input.id, text: labelOf(option) })]));
    return input;
  });
  return { node, inputs, chosen: () => options.filter((_option, index) => inputs[index]?.checked) };
}
