import { Stack, Text } from '@mantine/core';
import { useMe } from '../../auth/session';
import { useText } from '../../i18n/use-text';
import { type IntakeStatus, type Item } from './item-actions';
import { ItemCard } from './item-card';

/** The intake page's items, each with its submitted value and the review actions it allows. */
export function ReviewItems({
  intakeId,
  intakeStatus,
  items,
}: {
  intakeId: string;
  intakeStatus: IntakeStatus;
  items: readonly Item[];
}) {
  const text = useText();
  const role = useMe().data?.role;
  if (items.length === 0) return <Text>{text('detail.no_items')}</Text>;
  return (
    <Stack gap="sm" component="ul" className="plain-list">
      {items.map((item) => (
        <ItemCard key={item.key} intakeId={intakeId} intakeStatus={intakeStatus} item={item} role={role} />
      ))}
    </Stack>
  );
}
