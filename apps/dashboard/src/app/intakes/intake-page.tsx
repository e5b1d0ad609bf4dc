import { Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { useText } from '../i18n/use-text';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { IntakeStatusBadge, ItemStatusBadge } from '../ui/status';
import { ChasingSection } from './chasing/chasing-section';

type Item = components['schemas']['ItemView'];

/**
 * One intake (`{APP_URL}/intakes/{id}`, the link the owner's e-mails carry): its client, progress
 * and items with their status. The review actions come on top of this page.
 */
export default function IntakePage() {
  const text = useText();
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: ['intake', id],
    queryFn: () => unwrap(api.GET('/v1/intakes/{id}', { params: { path: { id } } })),
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
      <Title order={2} size="h3">
        {text('detail.items')}
      </Title>
      {items.length === 0 ? (
        <Text>{text('detail.no_items')}</Text>
      ) : (
        <Stack gap="sm" component="ul" className="plain-list">
          {items.map((item) => (
            <ItemRow key={item.key} item={item} />
          ))}
        </Stack>
      )}
      <ChasingSection intake={intake} />
    </Stack>
  );
}

function ItemRow({ item }: { item: Item }) {
  const text = useText();
  return (
    <Paper component="li" withBorder p="md" radius="md" data-item-key={item.key} data-status={item.status}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600}>{item.label}</Text>
          <Text size="xs" c="dimmed">
            {text(item.required ? 'detail.required' : 'detail.optional')}
            {item.submitted_at ? ` · ${text('detail.submitted_at', { date: text.dateTime(item.submitted_at) })}` : ''}
          </Text>
        </Stack>
        <ItemStatusBadge status={item.status} />
      </Group>
    </Paper>
  );
}
