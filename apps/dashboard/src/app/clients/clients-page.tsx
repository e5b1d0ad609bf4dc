import { useEffect, useState } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { LANGUAGE_NAMES } from '../i18n/languages';
import { isLanguage } from '@intake/domain-messages';
import { Pager } from '../ui/pager';
import { useText } from '../i18n/use-text';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import {
  type ClientFilters,
  clientFiltersOf,
  clientPageCount,
  clientParamsOf,
  clientsQueryOf,
  intakesOfClient,
} from './clients';

type Client = components['schemas']['ClientEntryView'];

/** The account's clients (from their intakes), most intakes first: search, pages of 20, each linked to its intakes. */
export default function ClientsPage() {
  const text = useText();
  useDocumentTitle(`${text('clients.title')} – ${text('app.name')}`);
  const [params, setParams] = useSearchParams();
  const filters = clientFiltersOf(params);
  const change = (next: Partial<ClientFilters>) =>
    setParams(clientParamsOf({ ...filters, page: 1, ...next }), { replace: !('page' in next) });
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== filters.q) change({ q: debounced });
  }, [debounced]);

  const clients = useQuery({
    queryKey: ['clients', clientsQueryOf(filters)],
    queryFn: () => unwrap(api.GET('/v1/clients', { params: { query: clientsQueryOf(filters) } })),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{text('clients.title')}</Title>
      <div role="search" aria-label={text('clients.search_label')}>
        <TextInput
          type="search"
          label={text('clients.search')}
          placeholder={text('clients.search_placeholder')}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </div>
      {clients.isPending && <PageLoader />}
      {clients.isError && <ErrorPanel error={clients.error} onRetry={() => void clients.refetch()} />}
      {clients.data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {text('clients.count', { n: clients.data.total })}
          </Text>
          {clients.data.clients.length === 0 ? (
            <Paper withBorder p="lg">
              <Text>{text(filters.q.trim() ? 'clients.none_match' : 'clients.none_yet')}</Text>
            </Paper>
          ) : (
            <Stack gap="sm" component="ul" className="plain-list">
              {clients.data.clients.map((client) => (
                <ClientRow key={client.email} client={client} />
              ))}
            </Stack>
          )}
          <Pager
            label={text('clients.pages')}
            total={clientPageCount(clients.data.total)}
            value={filters.page}
            onChange={(page) => change({ page })}
          />
        </>
      )}
    </Stack>
  );
}

function ClientRow({ client }: { client: Client }) {
  const text = useText();
  return (
    <Paper component="li" withBorder p="md" radius="md" data-client-email={client.email}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {client.name ?? client.email}
          </Text>
          {isLanguage(client.language) && (
            <Badge variant="light" color="gray">
              {LANGUAGE_NAMES[client.language]}
            </Badge>
          )}
        </Group>
        {client.name && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {client.email}
          </Text>
        )}
        {client.phone && (
          <Text size="sm" c="dimmed">
            {client.phone}
          </Text>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component={Link} to={intakesOfClient(client.email)} size="sm">
            {text('clients.intakes', { n: client.intake_count })}
          </Anchor>
          <Text size="xs" c="dimmed">
            {text('clients.last_intake', { date: text.date(client.last_intake_at) })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
