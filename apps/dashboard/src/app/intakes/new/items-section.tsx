import { Button, Stack, Text, Title } from '@mantine/core';
import { useText } from '../../i18n/use-text';
import { ItemEditor } from './item-editor';
import {
  emptyItem,
  type ItemDraft,
  type ItemProblems,
  LIMITS,
  moveItem,
  type Problem,
  withLabel,
} from './item-builder';

interface Props {
  items: readonly ItemDraft[];
  setItems: (update: (items: readonly ItemDraft[]) => readonly ItemDraft[]) => void;
  problems: Record<string, ItemProblems>;
  listProblem: Problem | undefined;
  show: (problem: Problem | undefined) => string | undefined;
}

/** The requested items in order: add, change, move and remove them. */
export function ItemsSection({ items, setItems, problems, listProblem, show }: Props) {
  const text = useText();
  const update = (id: string, next: (draft: ItemDraft, all: readonly ItemDraft[]) => ItemDraft) =>
    setItems((all) => all.map((draft) => (draft.id === id ? next(draft, all) : draft)));
  const add = () => {
    const draft = emptyItem();
    setItems((all) => [...all, draft]);
    // The new item's label takes the focus, so the keyboard carries on where the item appeared.
    requestAnimationFrame(() => document.getElementById(`item-${draft.id}-label`)?.focus());
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="new-intake-items">
      <Title order={2} size="h3" id="new-intake-items">
        {text('new_intake.section_items')}
      </Title>
      <Text size="sm" c="dimmed">
        {text('new_intake.items_hint')}
      </Text>
      {show(listProblem) && (
        <Text size="sm" c="red.8" role="alert">
          {show(listProblem)}
        </Text>
      )}
      <Stack gap="sm" component="ol" className="plain-list">
        {items.map((draft, index) => (
          <ItemEditor
            key={draft.id}
            draft={draft}
            number={index + 1}
            count={items.length}
            problems={problems[draft.id] ?? {}}
            show={show}
            change={(next) => update(draft.id, (current) => ({ ...current, ...next }))}
            changeLabel={(label) => update(draft.id, (current, all) => withLabel(current, label, all))}
            move={(by) => {
              setItems((all) => moveItem(all, index, by));
              // The focus stays with the moved item's button (the other one where it reached an end).
              const target =
                index + by === 0 || index + by === items.length - 1 ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down';
              requestAnimationFrame(() => document.getElementById(`item-${draft.id}-${target}`)?.focus());
            }}
            remove={() => {
              setItems((all) => all.filter((other) => other.id !== draft.id));
              requestAnimationFrame(() => document.getElementById('new-intake-add-item')?.focus());
            }}
          />
        ))}
      </Stack>
      <div>
        <Button id="new-intake-add-item" variant="light" onClick={add} disabled={items.length >= LIMITS.itemsMax}>
          {text('new_intake.add_item')}
        </Button>
      </div>
    </Stack>
  );
}
