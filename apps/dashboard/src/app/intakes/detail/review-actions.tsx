import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { type MessageKey } from '../../i18n/catalogues/en';
import { useText } from '../../i18n/use-text';
import { ErrorPanel } from '../../ui/feedback';
import { allowedActions, type IntakeStatus, type Item, type ReviewAction, type Role } from './item-actions';
import { RevealSecret } from './reveal-secret';

/** An action done on the item, with what its dialog collected. */
type Command =
  | { action: 'approve' | 'undo_received_outside' | 'unwaive' | 'waiver_accept' | 'waiver_decline' }
  | { action: 'revision'; note: string }
  | { action: 'received_outside'; note: string }
  | { action: 'waive'; reason: string }
  | { action: 'decide'; value: string | string[] };

/** The actions done at once; the others open a dialog first. */
const IMMEDIATE: ReadonlySet<ReviewAction> = new Set(['approve', 'waiver_accept']);

const LABELS: Readonly<Record<Exclude<ReviewAction, 'reveal'>, MessageKey>> = {
  approve: 'review.approve',
  revision: 'review.revision',
  received_outside: 'review.received_outside_action',
  undo_received_outside: 'review.undo_received_outside',
  waive: 'review.waive',
  unwaive: 'review.unwaive',
  waiver_accept: 'review.waiver_accept',
  waiver_decline: 'review.waiver_decline',
  decide: 'review.decide',
};

/** Each dialog's title, explanation and confirming button. */
const DIALOGS: Readonly<Partial<Record<ReviewAction, [MessageKey, MessageKey, MessageKey]>>> = {
  revision: ['review.revision_title', 'review.revision_hint', 'review.revision_confirm'],
  received_outside: ['review.received_title', 'review.received_hint', 'review.received_confirm'],
  undo_received_outside: ['review.undo_received_title', 'review.undo_received_hint', 'review.undo_received_confirm'],
  waive: ['review.waive_title', 'review.waive_hint', 'review.waive_confirm'],
  unwaive: ['review.unwaive_title', 'review.unwaive_hint', 'review.unwaive_confirm'],
  waiver_decline: ['review.decline_title', 'review.decline_hint', 'review.decline_confirm'],
  decide: ['review.decide_title', 'review.decide_hint', 'review.decide_confirm'],
};

function send(intakeId: string, key: string, command: Command): Promise<unknown> {
  const path = { id: intakeId, key };
  switch (command.action) {
    case 'approve':
      return unwrap(api.POST('/v1/intakes/{id}/items/{key}/approve', { params: { path }, body: {} }));
    case 'revision':
      return unwrap(
        api.POST('/v1/intakes/{id}/revision', {
          params: { path: { id: intakeId } },
          body: { item_key: key, note: command.note },
        }),
      );
    case 'received_outside':
      return unwrap(
        api.POST('/v1/intakes/{id}/items/{key}/received-outside', {
          params: { path },
          body: command.note ? { note: command.note } : {},
        }),
      );
    case 'undo_received_outside':
      return unwrap(api.DELETE('/v1/intakes/{id}/items/{key}/received-outside', { params: { path } }));
    case 'waive':
      return unwrap(
        api.POST('/v1/intakes/{id}/items/{key}/waive', {
          params: { path },
          body: command.reason ? { reason: command.reason } : {},
        }),
      );
    case 'unwaive':
      return unwrap(api.DELETE('/v1/intakes/{id}/items/{key}/waive', { params: { path } }));
    case 'waiver_accept':
    case 'waiver_decline':
      return unwrap(
        api.POST('/v1/intakes/{id}/items/{key}/waive/decision', {
          params: { path },
          body: { accept: command.action === 'waiver_accept' },
        }),
      );
    case 'decide':
      return unwrap(
        api.POST('/v1/intakes/{id}/items/{key}/answer', { params: { path }, body: { value: command.value } }),
      );
  }
}

/**
 * The owner's actions on one item, only those its state allows (allowedActions). What discards,
 * sends or closes something asks first in a dialog; a failure is shown as a sentence.
 */
export function ReviewActions({
  intakeId,
  intakeStatus,
  item,
  role,
}: {
  intakeId: string;
  intakeStatus: IntakeStatus;
  item: Item;
  role: Role | undefined;
}) {
  const text = useText();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<ReviewAction | null>(null);
  const [note, setNote] = useState('');
  const [choice, setChoice] = useState<string[]>([]);
  const run = useMutation({
    mutationFn: (command: Command) => send(intakeId, item.key, command),
    onSuccess: async () => {
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: ['intake', intakeId] });
    },
  });
  const actions = allowedActions(item, intakeStatus, role);
  if (actions.length === 0) return null;

  const open = (action: ReviewAction) => {
    run.reset();
    if (IMMEDIATE.has(action)) {
      run.mutate({ action } as Command);
      return;
    }
    setNote('');
    const decided = item.decision?.value ?? item.decision?.proposed_value ?? null;
    setChoice(Array.isArray(decided) ? decided.map(String) : decided === null ? [] : [String(decided)]);
    setDialog(action);
  };
  const confirm = () => {
    if (!dialog) return;
    if (dialog === 'revision') run.mutate({ action: 'revision', note: note.trim() });
    else if (dialog === 'received_outside') run.mutate({ action: 'received_outside', note: note.trim() });
    else if (dialog === 'waive') run.mutate({ action: 'waive', reason: note.trim() });
    else if (dialog === 'decide')
      run.mutate({ action: 'decide', value: item.type === 'multiselect' ? choice : (choice[0] ?? '') });
    else run.mutate({ action: dialog } as Command);
  };
  const texts = dialog ? DIALOGS[dialog] : undefined;
  const options = item.options ?? [];
  const confirmDisabled = (dialog === 'revision' && note.trim() === '') || (dialog === 'decide' && choice.length === 0);

  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-label={text('review.actions_label', { label: item.label })}>
        {actions.map((action) =>
          action === 'reveal' ? (
            <RevealSecret key={action} intakeId={intakeId} item={item} />
          ) : (
            <Button
              key={action}
              size="xs"
              variant={action === 'approve' || action === 'waiver_accept' ? 'filled' : 'light'}
              loading={run.isPending && run.variables?.action === action}
              disabled={run.isPending}
              onClick={() => open(action)}
            >
              {text(LABELS[action])}
            </Button>
          ),
        )}
      </Group>
      {!dialog && run.isError && <ErrorPanel error={run.error} />}
      <Modal
        opened={dialog !== null}
        onClose={() => {
          setDialog(null);
          run.reset();
        }}
        title={texts ? text(texts[0], { label: item.label }) : ''}
        closeButtonProps={{ 'aria-label': text('review.cancel') }}
        // Its scroll lock injects a <style> element without the page's CSP nonce.
        lockScroll={false}
        centered
      >
        {texts && (
          <Stack gap="sm">
            <Text size="sm">{text(texts[1])}</Text>
            {(dialog === 'revision' || dialog === 'received_outside' || dialog === 'waive') && (
              <Textarea
                label={text(
                  dialog === 'revision'
                    ? 'review.revision_note_label'
                    : dialog === 'waive'
                      ? 'review.waive_reason_label'
                      : 'review.received_note_label',
                )}
                required={dialog === 'revision'}
                autosize
                minRows={3}
                maxLength={2000}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                data-autofocus
              />
            )}
            {dialog === 'decide' &&
              (item.type === 'multiselect' ? (
                <MultiSelect
                  label={text('review.decide_label')}
                  data={options}
                  value={choice}
                  onChange={setChoice}
                  comboboxProps={{ withinPortal: true }}
                  data-autofocus
                />
              ) : (
                <Select
                  label={text('review.decide_label')}
                  data={options}
                  value={choice[0] ?? null}
                  onChange={(value) => setChoice(value ? [value] : [])}
                  allowDeselect={false}
                  data-autofocus
                />
              ))}
            {item.decision?.proposed_value && dialog === 'decide' && (
              <Text size="xs" c="dimmed">
                {text('review.proposed', {
                  value: ([] as string[]).concat(item.decision.proposed_value).join(', '),
                })}
                {item.decision.proposed_rationale ? ` – ${item.decision.proposed_rationale}` : ''}
              </Text>
            )}
            {run.isError && <ErrorPanel error={run.error} />}
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                onClick={() => {
                  setDialog(null);
                  run.reset();
                }}
              >
                {text('review.cancel')}
              </Button>
              <Button
                color={dialog === 'decide' || dialog === 'received_outside' ? undefined : 'red.9'}
                loading={run.isPending}
                disabled={confirmDisabled}
                onClick={confirm}
              >
                {text(texts[2])}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
