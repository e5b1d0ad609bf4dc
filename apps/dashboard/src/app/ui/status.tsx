import { Badge } from '@mantine/core';
import type { components } from '@intake/sdk-types';
import { type MessageKey } from '../i18n/catalogues/en';
import { useText } from '../i18n/use-text';

type IntakeStatus = components['schemas']['IntakeView']['status'];
type ItemStatus = components['schemas']['ItemView']['status'];

const INTAKE: Readonly<Record<IntakeStatus, [MessageKey, string]>> = {
  draft: ['status.draft', 'gray'],
  sent: ['status.sent', 'blue'],
  in_progress: ['status.in_progress', 'cyan'],
  completed: ['status.completed', 'teal'],
  archived: ['status.archived', 'dark'],
};

const ITEM: Readonly<Record<ItemStatus, [MessageKey, string]>> = {
  pending: ['item_status.pending', 'gray'],
  submitted: ['item_status.submitted', 'blue'],
  approved: ['item_status.approved', 'teal'],
  needs_revision: ['item_status.needs_revision', 'orange'],
  waived: ['item_status.waived', 'dark'],
};

/**
 * Light badges with their colour's darkest text; a finished state (teal) filled in its darkest
 * shade, as teal's text misses 4.5:1 contrast on its light background.
 */
const badgeColors = (color: string) =>
  color === 'teal'
    ? ({ color: 'teal.9', variant: 'filled' } as const)
    : ({ color, c: `${color}.9`, variant: 'light' } as const);

export const intakeStatusKey = (status: IntakeStatus): MessageKey => INTAKE[status][0];

export function IntakeStatusBadge({ status }: { status: IntakeStatus }) {
  const text = useText();
  const [key, color] = INTAKE[status];
  return (
    <Badge {...badgeColors(color)} data-status={status}>
      {text(key)}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const text = useText();
  const [key, color] = ITEM[status];
  return <Badge {...badgeColors(color)}>{text(key)}</Badge>;
}
