import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../../api/client';
import { useText } from '../../i18n/use-text';
import { ErrorPanel, PageLoader } from '../../ui/feedback';
import { ArchiveModal } from './archive-modal';
import { ChaseNow } from './chase-now';
import { ChaseTimeline } from './chase-timeline';
import { RecipientsPanel } from './recipients-panel';
import { ScheduleModal, scheduleSummaryKey } from './schedule-modal';

type Intake = components['schemas']['IntakeView'];

/**
 * The chasing side of an intake's page: its reminder settings with the edit form, "Chase now",
 * the recipients, the timeline of what was sent, and archiving. An archived intake shows all of
 * it read-only.
 */
export function ChasingSection({ intake }: { intake: Intake }) {
  const text = useText();
  const id = intake.intake_id;
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const status = useQuery({
    queryKey: ['intake', id, 'status'],
    queryFn: () => unwrap(api.GET('/v1/intakes/{id}/status', { params: { path: { id } } })),
  });
  // The page polls the intake (detail/live-poll.ts), not this timeline: when the intake the poll
  // brings has changed (completed, stalled, seen by the client), the timeline is asked again.
  // Structural sharing keeps `intake` the same object while nothing changed, so an idle poll
  // costs no second request.
  const refetchStatus = status.refetch;
  const shown = useRef(intake);
  useEffect(() => {
    if (shown.current === intake) return;
    shown.current = intake;
    void refetchStatus();
  }, [intake, refetchStatus]);
  const archived = intake.status === 'archived';
  const max =
    intake.max_reminders === 'unlimited'
      ? text('chasing.settings.unlimited')
      : text('chasing.settings.max', { n: intake.max_reminders });

  return (
    <Stack gap="md" component="section" aria-labelledby="chasing-title">
      <Title order={2} size="h3" id="chasing-title">
        {text('chasing.title')}
      </Title>
      {archived && (
        <Alert color="gray" title={text('chasing.archived.title')} role="status">
          {text('chasing.archived.text')}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
            <Stack gap={2}>
              <Text size="sm">
                <Text span fw={600}>
                  {text('chasing.settings.schedule')}:
                </Text>{' '}
                {text(scheduleSummaryKey(intake.chase_schedule))} · {max}
              </Text>
              <Text size="xs" c="dimmed">
                {text(intake.respect_quiet_hours ? 'chasing.settings.quiet_on' : 'chasing.settings.quiet_off')}
                {' · '}
                {text('chasing.settings.client_zone', { zone: intake.client.timezone })}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button variant="default" size="sm" disabled={archived} onClick={() => setEditing(true)}>
                {text('chasing.schedule.edit')}
              </Button>
              <Button variant="outline" color="red" size="sm" disabled={archived} onClick={() => setArchiving(true)}>
                {text('chasing.archive.button')}
              </Button>
            </Group>
          </Group>
          <Divider />
          <ChaseNow intake={intake} />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <RecipientsPanel intake={intake} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        {status.isPending ? (
          <PageLoader />
        ) : status.isError ? (
          <ErrorPanel error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <ChaseTimeline intake={intake} chases={status.data.chases} />
        )}
      </Paper>
      <ScheduleModal intake={intake} opened={editing} onClose={() => setEditing(false)} />
      <ArchiveModal intake={intake} opened={archiving} onClose={() => setArchiving(false)} />
    </Stack>
  );
}
