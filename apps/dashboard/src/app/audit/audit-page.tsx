import { type FormEvent, useEffect, useState } from 'react';
import {
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { Pager } from '../ui/pager';
import { useText } from '../i18n/use-text';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import {
  type AuditFilters,
  auditFiltersOf,
  auditPageCount,
  auditParamsOf,
  auditQueryOf,
  FILTER_MAX,
  isFiltered,
  KNOWN_ACTIONS,
  NO_FILTERS,
  summaryLines,
} from './audit-filters';

type AuditEntry = components['schemas']['AuditEntryView'];

/** Who did what on the account, newest first: filters by action, actor and target kept in the address, pages of 50. */
export default function AuditPage() {
  const text = useText();
  useDocumentTitle(`${text('audit.title')} – ${text('app.name')}`);
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersOf(params);
  const [draft, setDraft] = useState(filters);
  // Back and forward change the address: the form follows it.
  useEffect(() => setDraft(filters), [params.toString()]);
  const go = (next: AuditFilters) => setParams(auditParamsOf(next));

  const entries = useQuery({
    queryKey: ['audit', auditQueryOf(filters)],
    queryFn: () => unwrap(api.GET('/v1/audit', { params: { query: auditQueryOf(filters) } })),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...draft, page: 1 });
  };

  return (
    <Stack gap="md">
      <Title order={1}>{text('audit.title')}</Title>
      <Text size="sm" c="dimmed">
        {text('audit.intro')}
      </Text>
      <form onSubmit={submit} role="search" aria-label={text('audit.filters')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Autocomplete
              label={text('audit.action')}
              description={text('audit.action_hint')}
              data={[...KNOWN_ACTIONS]}
              value={draft.action}
              maxLength={FILTER_MAX}
              onChange={(action) => setDraft({ ...draft, action })}
            />
            <TextInput
              label={text('audit.actor')}
              description={text('audit.actor_hint')}
              value={draft.actor}
              maxLength={FILTER_MAX}
              onChange={(event) => setDraft({ ...draft, actor: event.currentTarget.value })}
            />
            <TextInput
              label={text('audit.target')}
              description={text('audit.target_hint')}
              value={draft.target}
              maxLength={FILTER_MAX}
              onChange={(event) => setDraft({ ...draft, target: event.currentTarget.value })}
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit">{text('audit.apply')}</Button>
            {isFiltered(filters) && (
              <Button variant="default" onClick={() => go(NO_FILTERS)}>
                {text('audit.clear')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>

      {entries.isPending && <PageLoader />}
      {entries.isError && <ErrorPanel error={entries.error} onRetry={() => void entries.refetch()} />}
      {entries.data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {text('audit.count', { n: entries.data.total })}
          </Text>
          {entries.data.entries.length === 0 ? (
            <Paper withBorder p="lg">
              <Text>{text(isFiltered(filters) ? 'audit.none_match' : 'audit.none_yet')}</Text>
            </Paper>
          ) : (
            <Stack gap="sm" component="ul" className="plain-list">
              {entries.data.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} onFilter={(next) => go({ ...filters, ...next, page: 1 })} />
              ))}
            </Stack>
          )}
          <Pager
            label={text('audit.pages')}
            total={auditPageCount(entries.data.total)}
            value={filters.page}
            onChange={(page) => go({ ...filters, page })}
          />
        </>
      )}
    </Stack>
  );
}

function EntryRow({ entry, onFilter }: { entry: AuditEntry; onFilter: (next: Partial<AuditFilters>) => void }) {
  const text = useText();
  const { actor } = entry;
  const lines = summaryLines(entry.summary);
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-audit-action={entry.action}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor
            component="button"
            type="button"
            fw={600}
            onClick={() => onFilter({ action: entry.action })}
            aria-label={text('audit.only_action', { action: entry.action })}
          >
            {entry.action}
          </Anchor>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.at}>{text.dateTime(entry.at)}</time>
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray">
            {text(`audit.actor_${actor.type}`)}
          </Badge>
          {actor.mode === 'test' && (
            <Badge variant="light" color="orange">
              {text('audit.test_mode')}
            </Badge>
          )}
          {actor.id && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              ff="monospace"
              onClick={() => onFilter({ actor: actor.id ?? '' })}
              aria-label={text('audit.only_actor', { actor: actor.id })}
            >
              {actor.id}
            </Anchor>
          )}
        </Group>
        {entry.target_id && (
          <Text size="sm">
            {text('audit.target_is')}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              ff="monospace"
              onClick={() => onFilter({ target: entry.target_id ?? '' })}
              aria-label={text('audit.only_target', { target: entry.target_id })}
            >
              {entry.target_id}
            </Anchor>
          </Text>
        )}
        {lines.length > 0 && (
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {lines.join('\n')}
          </Code>
        )}
        {entry.ip && (
          <Text size="xs" c="dimmed">
            {text('audit.ip', { ip: entry.ip })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
