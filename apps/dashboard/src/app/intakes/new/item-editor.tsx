import {
  ActionIcon,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type MessageKey } from '../../i18n/catalogues/en';
import { useText } from '../../i18n/use-text';
import {
  ASSIGNEES,
  type ItemDraft,
  type ItemProblems,
  ITEM_TYPES,
  type ItemType,
  type Problem,
  TYPE_RULES,
} from './item-builder';

interface Props {
  draft: ItemDraft;
  number: number;
  count: number;
  problems: ItemProblems;
  show: (problem: Problem | undefined) => string | undefined;
  change: (next: Partial<ItemDraft>) => void;
  changeLabel: (label: string) => void;
  move: (by: number) => void;
  remove: () => void;
}

const NUMBER_LABELS = {
  min_width: 'new_intake.item_min_width',
  max_bytes: 'new_intake.item_max_bytes',
  max_chars: 'new_intake.item_max_chars',
  min_count: 'new_intake.item_min_count',
  max_count: 'new_intake.item_max_count',
} as const satisfies Record<keyof ItemDraft['numbers'], MessageKey>;

/** One requested item: its label, key, type and who supplies it, then the fields its type takes. */
export function ItemEditor({ draft, number, count, problems, show, change, changeLabel, move, remove }: Props) {
  const text = useText();
  const rules = TYPE_RULES[draft.type];
  const id = `item-${draft.id}`;
  return (
    <li data-item-draft={number}>
      <Fieldset legend={text('new_intake.item_heading', { number })}>
        <Stack gap="sm">
          <Group justify="flex-end" gap={4}>
            <ActionIcon
              variant="subtle"
              id={`${id}-up`}
              disabled={number === 1}
              aria-label={text('new_intake.move_up', { number })}
              onClick={() => move(-1)}
            >
              <span aria-hidden>↑</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              id={`${id}-down`}
              disabled={number === count}
              aria-label={text('new_intake.move_down', { number })}
              onClick={() => move(1)}
            >
              <span aria-hidden>↓</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={text('new_intake.remove_item', { number })}
              onClick={remove}
            >
              <span aria-hidden>✕</span>
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              id={`${id}-label`}
              label={text('new_intake.item_label')}
              required
              value={draft.label}
              error={show(problems.label)}
              onChange={(event) => changeLabel(event.currentTarget.value)}
            />
            <TextInput
              id={`${id}-key`}
              label={text('new_intake.item_key')}
              description={text('new_intake.item_key_hint')}
              required
              value={draft.key}
              error={show(problems.key)}
              onChange={(event) => change({ key: event.currentTarget.value, keyEdited: true })}
            />
            <NativeSelect
              id={`${id}-type`}
              label={text('new_intake.item_type')}
              value={draft.type}
              data={ITEM_TYPES.map((type) => ({ value: type, label: text(`new_intake.type.${type}`) }))}
              onChange={(event) => change({ type: event.currentTarget.value as ItemType })}
            />
            <NativeSelect
              id={`${id}-assignee`}
              label={text('new_intake.item_assignee')}
              value={draft.assignee}
              data={ASSIGNEES.map((assignee) => ({ value: assignee, label: text(`new_intake.assignee.${assignee}`) }))}
              onChange={(event) => change({ assignee: event.currentTarget.value as ItemDraft['assignee'] })}
            />
          </SimpleGrid>
          <Checkbox
            label={text('new_intake.item_required')}
            checked={draft.required}
            onChange={(event) => change({ required: event.currentTarget.checked })}
          />
          <Textarea
            label={text('new_intake.item_help')}
            autosize
            minRows={1}
            value={draft.help}
            error={show(problems.help)}
            onChange={(event) => change({ help: event.currentTarget.value })}
          />
          {rules.options && (
            <Textarea
              label={text('new_intake.item_options')}
              required
              autosize
              minRows={3}
              value={draft.options}
              error={show(problems.options)}
              onChange={(event) => change({ options: event.currentTarget.value })}
            />
          )}
          {rules.formats && (
            <TextInput
              label={text('new_intake.item_formats')}
              description={text('new_intake.item_formats_hint')}
              value={draft.formats}
              error={show(problems.formats)}
              onChange={(event) => change({ formats: event.currentTarget.value })}
            />
          )}
          {rules.numbers.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {rules.numbers.map((name) => (
                <TextInput
                  key={name}
                  label={text(NUMBER_LABELS[name])}
                  inputMode="numeric"
                  value={draft.numbers[name]}
                  error={show(problems[name])}
                  onChange={(event) => change({ numbers: { ...draft.numbers, [name]: event.currentTarget.value } })}
                />
              ))}
            </SimpleGrid>
          )}
          {rules.transparent && (
            <Checkbox
              label={text('new_intake.item_transparent')}
              checked={draft.transparent}
              onChange={(event) => change({ transparent: event.currentTarget.checked })}
            />
          )}
          {rules.pattern && (
            <TextInput
              label={text('new_intake.item_pattern')}
              description={text('new_intake.item_pattern_hint')}
              value={draft.pattern}
              error={show(problems.pattern)}
              onChange={(event) => change({ pattern: event.currentTarget.value })}
            />
          )}
          {rules.schema && (
            <Textarea
              label={text('new_intake.item_schema')}
              description={text('new_intake.item_schema_hint')}
              autosize
              minRows={4}
              value={draft.schema}
              error={show(problems.schema)}
              onChange={(event) => change({ schema: event.currentTarget.value })}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
          )}
        </Stack>
      </Fieldset>
    </li>
  );
}
