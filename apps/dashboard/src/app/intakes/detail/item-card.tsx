import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useText } from '../../i18n/use-text';
import { ItemStatusBadge } from '../../ui/status';
import { type IntakeStatus, type Item, type Role } from './item-actions';
import { ItemValue } from './item-value-view';
import { ReviewActions } from './review-actions';

/** One item: its status, what was submitted (files previewed), the notes around it, and the review actions. */
export function ItemCard({
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
  const notes: string[] = [];
  if (item.status === 'needs_revision' && item.revision_note)
    notes.push(text('review.revision_note', { note: item.revision_note }));
  if (item.client_note) notes.push(text('review.client_note', { note: item.client_note }));
  if (item.waiver.state === 'pending' && item.status !== 'waived')
    notes.push(
      item.waiver.reason
        ? text('review.waiver_proposed', { reason: item.waiver.reason })
        : text('review.waiver_proposed_no_reason'),
    );
  if (item.status === 'waived' && item.waiver.reason)
    notes.push(text('review.waived_reason', { reason: item.waiver.reason }));
  if (item.received_outside)
    notes.push(
      item.received_outside_note
        ? text('review.received_outside_note', { note: item.received_outside_note })
        : text('review.received_outside'),
    );
  if (item.decision?.proposed_value && item.decision.decided_by !== 'owner')
    notes.push(
      text('review.proposed', { value: ([] as string[]).concat(item.decision.proposed_value).join(', ') }) +
        (item.decision.proposed_rationale ? ` – ${item.decision.proposed_rationale}` : ''),
    );
  return (
    <Paper component="li" withBorder p="md" radius="md" data-item-key={item.key} data-status={item.status}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h5">
              {item.label}
            </Title>
            <Text size="xs" c="dimmed">
              {text(item.required ? 'detail.required' : 'detail.optional')}
              {item.assignee === 'owner' ? ` · ${text('review.owner_item')}` : ''}
              {item.submitted_at ? ` · ${text('detail.submitted_at', { date: text.dateTime(item.submitted_at) })}` : ''}
            </Text>
          </Stack>
          <ItemStatusBadge status={item.status} />
        </Group>
        <ItemValue intakeId={intakeId} item={item} />
        {notes.map((note) => (
          <Text key={note} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {note}
          </Text>
        ))}
        <ReviewActions intakeId={intakeId} intakeStatus={intakeStatus} item={item} role={role} />
      </Stack>
    </Paper>
  );
}
