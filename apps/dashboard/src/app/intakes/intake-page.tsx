import { Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { useText } from '../i18n/use-text';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { IntakeStatusBadge } from '../ui/status';
import { latestRateLimit } from '../api/rate-limit';
import { DownloadPanel } from './detail/download-panel';
import { pollInterval } from './detail/live-poll';
import { ReviewItems } from './detail/review-items';
import { ChasingSection } from './chasing/chasing-section';
import { BriefPanel } from './brief/brief-panel';

/**
 * One intake (`{APP_URL}/intakes/{id}`, the link the owner's e-mails carry): its client, progress
 * the client brief and its files (brief/), the items with their submitted values and review
 * actions (detail/), and the ZIP download.
 */
export default function IntakePage() {
  const text = useText();
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: ['intake', id],
    queryFn: () => unwrap(api.GET('/v1/intakes/{id}', { params: { path: { id } } })),
    // Client changes appear without a reload, within the hourly request budget (detail/live-poll.ts).
    refetchInterval: (query) => pollInterval(query.state.data?.intake.status, latestRateLimit(), new Date()),
  });
  useDocumentTitle(`${detail.data?.intake.project_name ?? text('intakes.title')} – ${text('app.name')}`);
  const back = (
    <Anchor component={Link} to="/intakes" size="sm">
      ← {text('detail.back')}
    </Anchor>
  );
  if (detail.isPending) return <PageLoader />;
  if (detail.isError)
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <ErrorPanel error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  const { intake, items, progress } = detail.data;
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={1}>{intake.project_name}</Title>
        <Group gap="xs">
          {intake.mode === 'test' && (
            <Badge color="grape" variant="outline">
              {text('detail.test_mode')}
            </Badge>
          )}
          <IntakeStatusBadge status={intake.status} />
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Text size="sm">
            <Text span fw={600}>
              {text('detail.client')}:
            </Text>{' '}
            {intake.client.name ? `${intake.client.name} · ${intake.client.email}` : intake.client.email}
          </Text>
          <Group gap="md">
            <Text size="sm" c="dimmed">
              {text('detail.created', { date: text.date(intake.created_at) })}
            </Text>
            {intake.due_date && (
              <Text size="sm" c="dimmed">
                {text('detail.due', { date: text.date(intake.due_date) })}
              </Text>
            )}
          </Group>
          <Progress.Root size="md" aria-hidden>
            <Progress.Section value={progress.percent} color="teal" />
          </Progress.Root>
          <Text size="sm">{text('intakes.progress', { done: progress.submitted, n: progress.total })}</Text>
        </Stack>
      </Paper>
      <BriefPanel intake={intake} />
      <Title order={2} size="h3">
        {text('detail.items')}
      </Title>
      <ReviewItems intakeId={intake.intake_id} intakeStatus={intake.status} items={items} />
      <DownloadPanel intakeId={intake.intake_id} />
      <ChasingSection intake={intake} />
    </Stack>
  );
}
