import { useEffect, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { Pager } from '../ui/pager';
import { useText } from '../i18n/use-text';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { IntakeStatusBadge, intakeStatusKey } from '../ui/status';
import {
  filtersOf,
  INTAKE_MODES,
  INTAKE_STATUSES,
  type IntakeMode,
  type ListFilters,
  listQueryOf,
  pageCount,
  paramsOf,
  percent,
} from './list-filters';

type ListedIntake = components['schemas']['ListIntakeView'];

/** The intakes, newest first: search, status and folder filters, pages of 20, progress per intake. */
export default function IntakesPage() {
  const text = useText();
  useDocumentTitle(`${text('intakes.title')} – ${text('app.name')}`);
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const change = (next: Partial<ListFilters>) =>
    setParams(paramsOf({ ...filters, page: 1, ...next }), { replace: 'page' in next ? false : true });

  // The search box types freely; the list follows 300 ms after the last key.
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== filters.q) change({ q: debounced });
    // Only a new search term changes the address (not the other filters changing meanwhile).
  }, [debounced]);

  const intakes = useQuery({
    queryKey: ['intakes', listQueryOf(filters)],
    queryFn: () => unwrap(api.GET('/v1/intakes', { params: { query: listQueryOf(filters) } })),
    placeholderData: keepPreviousData,
  });
  const folders = useQuery({
    queryKey: ['folders'],
    queryFn: () => unwrap(api.GET('/v1/folders')),
    staleTime: 5 * 60_000,
  });
  const filtered = Boolean(filters.q || filters.status || filters.folder || filters.mode || filters.client);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{text('intakes.title')}</Title>
        <Group gap="sm">
          <SegmentedControl
            aria-label={text('review.mode_label')}
            value={filters.mode || 'all'}
            data={[
              { value: 'all', label: text('review.mode_all') },
              ...INTAKE_MODES.map((mode) => ({ value: mode, label: text(`review.mode_${mode}`) })),
            ]}
            onChange={(value) => change({ mode: value === 'all' ? '' : (value as IntakeMode) })}
          />
          <Button component={Link} to="/intakes/new">
            {text('new_intake.button')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="search" aria-label={text('intakes.filters')}>
        <TextInput
          type="search"
          label={text('intakes.search')}
          placeholder={text('intakes.search_placeholder')}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <NativeSelect
          label={text('intakes.status')}
          value={filters.status}
          data={[
            { value: '', label: text('intakes.status_all') },
            ...INTAKE_STATUSES.map((status) => ({ value: status, label: text(intakeStatusKey(status)) })),
          ]}
          onChange={(event) => change({ status: event.currentTarget.value as ListFilters['status'] })}
        />
        <NativeSelect
          label={text('intakes.folder')}
          value={filters.folder}
          data={[
            { value: '', label: text('intakes.folder_all') },
            { value: 'none', label: text('intakes.folder_none') },
            ...(folders.data?.folders ?? []).map((folder) => ({ value: folder.id, label: folder.name })),
          ]}
          onChange={(event) => change({ folder: event.currentTarget.value })}
        />
      </SimpleGrid>
      {filters.client && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{text('clients.filtered_by', { email: filters.client })}</Text>
          <Button size="compact-sm" variant="default" onClick={() => change({ client: '' })}>
            {text('clients.all_clients')}
          </Button>
        </Group>
      )}

      {intakes.isPending && <PageLoader />}
      {intakes.isError && <ErrorPanel error={intakes.error} onRetry={() => void intakes.refetch()} />}
      {intakes.data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {text('intakes.count', { n: intakes.data.total })}
          </Text>
          {intakes.data.intakes.length === 0 ? (
            <Paper withBorder p="lg">
              <Stack gap="sm" align="flex-start">
                <Text>{text(filtered ? 'intakes.none_match' : 'intakes.none_yet')}</Text>
                {filtered && (
                  <Button
                    variant="light"
                    onClick={() => {
                      setSearch('');
                      setParams(new URLSearchParams());
                    }}
                  >
                    {text('intakes.clear_filters')}
                  </Button>
                )}
              </Stack>
            </Paper>
          ) : (
            <Stack gap="sm" component="ul" className="plain-list">
              {intakes.data.intakes.map((intake) => (
                <IntakeRow key={intake.intake_id} intake={intake} />
              ))}
            </Stack>
          )}
          <Pager
            label={text('intakes.pages')}
            total={pageCount(intakes.data.total)}
            value={filters.page}
            onChange={(page) => change({ page })}
          />
        </>
      )}
    </Stack>
  );
}

function IntakeRow({ intake }: { intake: ListedIntake }) {
  const text = useText();
  const { submitted, total } = intake.progress;
  const progress = text('intakes.progress', { done: submitted, n: total });
  return (
    <Paper component="li" withBorder p="md" radius="md" data-intake-id={intake.intake_id} data-mode={intake.mode}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/intakes/${intake.intake_id}`} fw={600}>
            {intake.project_name}
          </Anchor>
          <Group gap="xs">
            {intake.mode === 'test' && (
              <Badge color="grape" variant="outline">
                {text('detail.test_mode')}
              </Badge>
            )}
            <IntakeStatusBadge status={intake.status} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {intake.client.name ? `${intake.client.name} · ${intake.client.email}` : intake.client.email}
        </Text>
        <Progress.Root size="md" aria-hidden>
          <Progress.Section value={percent(submitted, total)} color="teal" />
        </Progress.Root>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{progress}</Text>
          <Text size="xs" c="dimmed">
            {text('intakes.created', { date: text.date(intake.created_at) })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
