import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { components } from '@intake/sdk-types';
import { type MessageKey } from '../../i18n/catalogues/en';
import { useText } from '../../i18n/use-text';
import {
  type Chase,
  CHASE_STATUS,
  chaseKindKey,
  chaseMoment,
  chasingState,
  inTimelineOrder,
  momentKey,
  reasonKey,
} from './timeline';
import { ZonedTime } from './zoned-time';

type Intake = components['schemas']['IntakeView'];

/** What was sent to the client and when, what is next, and why something did not go out. */
export function ChaseTimeline({ intake, chases }: { intake: Intake; chases: readonly Chase[] }) {
  const text = useText();
  const zone = intake.client.timezone;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {text('chasing.timeline.title')}
      </Title>
      <NextReminder intake={intake} chases={chases} />
      {chases.length === 0 ? (
        <Text size="sm">{text('chasing.timeline.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ol" className="plain-list" aria-label={text('chasing.timeline.title')}>
          {inTimelineOrder(chases).map((chase) => (
            <ChaseEntry key={chase.id} chase={chase} clientZone={zone} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const NOT_NEXT: Readonly<Record<Exclude<ReturnType<typeof chasingState>['kind'], 'next'>, MessageKey>> = {
  draft: 'chasing.next.draft',
  archived: 'chasing.next.archived',
  completed: 'chasing.next.completed',
  stalled: 'chasing.next.stalled',
  off: 'chasing.next.off',
  none: 'chasing.next.none',
};

function NextReminder({ intake, chases }: { intake: Intake; chases: readonly Chase[] }) {
  const text = useText();
  const state = chasingState(intake, chases);
  if (state.kind === 'next') {
    return (
      <Alert color="blue" variant="light" title={text('chasing.next.title')} data-testid="next-reminder">
        <Stack gap={4}>
          <Text size="sm">
            {text(chaseKindKey(state.chase), { number: state.chase.attempt_no })}
            {state.chase.channel === 'sms' ? ` · ${text('chasing.channel.sms')}` : ''}
          </Text>
          {state.chase.scheduled_at && <ZonedTime iso={state.chase.scheduled_at} clientZone={intake.client.timezone} />}
          {intake.respect_quiet_hours && (
            <Text size="xs" c="dimmed">
              {text('chasing.next.quiet_hours')}
            </Text>
          )}
        </Stack>
      </Alert>
    );
  }
  return (
    <Text size="sm" data-testid="next-reminder">
      {text(NOT_NEXT[state.kind])}
    </Text>
  );
}

function ChaseEntry({ chase, clientZone }: { chase: Chase; clientZone: string }) {
  const text = useText();
  const status = CHASE_STATUS[chase.status];
  const moment = chaseMoment(chase);
  const reason = reasonKey(chase);
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-chase-kind={chase.kind} data-chase-status={chase.status}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {text(chaseKindKey(chase), { number: chase.attempt_no })}
            <Text span size="sm" c="dimmed" fw={400}>
              {' · '}
              {text(chase.channel === 'sms' ? 'chasing.channel.sms' : 'chasing.channel.email')}
            </Text>
          </Text>
          <Badge color={status.color} variant={status.variant}>
            {text(status.key)}
          </Badge>
        </Group>
        {moment && (
          <Text size="sm">
            {text(momentKey(chase))} <ZonedTime iso={moment} clientZone={clientZone} />
          </Text>
        )}
        {reason && (
          <Text size="sm" c="dimmed">
            {text(reason)}
          </Text>
        )}
        {chase.missing_items_count !== null && chase.status === 'sent' && (
          <Text size="xs" c="dimmed">
            {text('chasing.missing_items', { n: chase.missing_items_count })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
