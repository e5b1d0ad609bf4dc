import { type FormEvent, useState } from 'react';
import { Badge, Button, Checkbox, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { useMe } from '../auth/session';
import { type MessageKey } from '../i18n/catalogues/en';
import { type Text as TextFn, useText } from '../i18n/use-text';
import { abilitiesOf, ALL_SCOPES } from '../team/roles';
import { ConfirmAction } from '../ui/confirm-action';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { ShownOnce } from '../ui/shown-once';
import {
  emptyKeyForm,
  impliedByAdmin,
  KEY_NAME_MAX_LENGTH,
  type KeyFormProblems,
  type KeyFormValues,
  keyFormProblems,
  keyHint,
  type Scope,
  scopesToSend,
  toggleScope,
} from './key-form';

type ListedKey = components['schemas']['ApiKeyView'];

const KEYS = ['keys'];

const SCOPE_LABEL: Readonly<Record<Scope, MessageKey>> = {
  admin: 'keys.scope_admin',
  'intakes:read': 'keys.scope_intakes_read',
  'intakes:write': 'keys.scope_intakes_write',
  'secrets:read': 'keys.scope_secrets_read',
};

const SCOPE_HINT: Readonly<Record<Scope, MessageKey>> = {
  admin: 'keys.scope_admin_hint',
  'intakes:read': 'keys.scope_intakes_read_hint',
  'intakes:write': 'keys.scope_intakes_write_hint',
  'secrets:read': 'keys.scope_secrets_read_hint',
};

const shownOnceTexts = (text: TextFn) => ({
  warning: text('keys.shown_once_warning'),
  copy: text('keys.copy'),
  copied: text('keys.copied'),
  done: text('keys.shown_once_done'),
});

/**
 * The account's API keys (`/keys`): the list, a new key (its full value shown once, then dropped
 * from memory), revoking with confirmation. Sessions only, as the API's key endpoints are.
 */
export default function KeysPage() {
  const text = useText();
  useDocumentTitle(`${text('keys.title')} – ${text('app.name')}`);
  const me = useMe();
  const abilities = abilitiesOf(me.data?.role);
  const keys = useQuery({ queryKey: KEYS, queryFn: () => unwrap(api.GET('/v1/keys')) });
  const [revoking, setRevoking] = useState<ListedKey | null>(null);
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/keys/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });

  return (
    <Stack gap="md">
      <Title order={1}>{text('keys.title')}</Title>
      <Text size="sm" c="dimmed">
        {text('keys.intro')}
      </Text>
      <NewKey grantable={abilities.grantableScopes} />
      <Title order={2} size="h3">
        {text('keys.list_title')}
      </Title>
      {keys.isPending && <PageLoader />}
      {keys.isError && <ErrorPanel error={keys.error} onRetry={() => void keys.refetch()} />}
      {keys.data &&
        (keys.data.keys.length === 0 ? (
          <Paper withBorder p="lg">
            <Text>{text('keys.none_yet')}</Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" className="plain-list" aria-label={text('keys.list_title')}>
            {keys.data.keys.map((key) => (
              <KeyRow
                key={key.id}
                apiKey={key}
                onRevoke={
                  abilities.revokeKeys && !key.revoked_at
                    ? () => {
                        revoke.reset();
                        setRevoking(key);
                      }
                    : undefined
                }
              />
            ))}
          </Stack>
        ))}
      <ConfirmAction
        opened={revoking !== null}
        title={text('keys.revoke_title')}
        confirmLabel={text('keys.revoke_confirm')}
        cancelLabel={text('keys.cancel')}
        closeLabel={text('keys.close')}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      >
        {revoking ? text('keys.revoke_text', { name: revoking.name, hint: keyHint(revoking) }) : ''}
      </ConfirmAction>
    </Stack>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ListedKey; onRevoke: (() => void) | undefined }) {
  const text = useText();
  return (
    <Paper component="li" withBorder p="md" radius="md" data-key-id={apiKey.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {apiKey.name}
          </Text>
          <Group gap="xs">
            <Badge c="dark.8" variant="outline" color={apiKey.mode === 'live' ? 'blue' : 'grape'}>
              {text(apiKey.mode === 'live' ? 'keys.mode_live' : 'keys.mode_test')}
            </Badge>
            {apiKey.revoked_at && (
              <Badge c="dark.8" color="red" variant="light">
                {text('keys.revoked')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" ff="monospace">
          {keyHint(apiKey)}
        </Text>
        <Text size="sm">
          {text('keys.scopes')}: {apiKey.scopes.map((scope) => text(SCOPE_LABEL[scope])).join(', ')}
        </Text>
        <Text size="sm" c="dimmed">
          {text('keys.created', { date: text.dateTime(apiKey.created_at) })} ·{' '}
          {apiKey.last_used_at
            ? text('keys.last_used', { date: text.dateTime(apiKey.last_used_at) })
            : text('keys.never_used')}
          {apiKey.revoked_at ? ` · ${text('keys.revoked_at', { date: text.dateTime(apiKey.revoked_at) })}` : ''}
        </Text>
        {onRevoke && (
          <Group>
            <Button size="xs" color="red" onClick={onRevoke}>
              {text('keys.revoke', { name: apiKey.name })}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The form for a new key, and the key itself once created (until dismissed). */
function NewKey({ grantable }: { grantable: readonly Scope[] }) {
  const text = useText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<KeyFormValues>(emptyKeyForm);
  const [problems, setProblems] = useState<KeyFormProblems>({});
  const create = useMutation({
    mutationFn: (body: components['schemas']['CreateKeyRequest']) => unwrap(api.POST('/v1/keys', { body })),
    onSuccess: async () => {
      setValues(emptyKeyForm());
      await queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = keyFormProblems(values, grantable);
    setProblems(found);
    if (Object.keys(found).length === 0)
      create.mutate({ name: values.name.trim(), mode: values.mode, scopes: scopesToSend(values.scopes, grantable) });
  };
  // The created key lives only in the mutation's result: reset() drops it for good.
  const created = create.data;
  if (created)
    return (
      <ShownOnce
        title={text('keys.created_title', { name: created.name })}
        label={text('keys.created_label')}
        value={created.key}
        texts={shownOnceTexts(text)}
        onDismiss={() => create.reset()}
      />
    );
  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={submit} aria-labelledby="new-key-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="new-key-title">
            {text('keys.new_title')}
          </Title>
          {create.isError && <ErrorPanel error={create.error} />}
          <TextInput
            label={text('keys.name')}
            description={text('keys.name_hint')}
            required
            maxLength={KEY_NAME_MAX_LENGTH + 1}
            value={values.name}
            error={problems.name ? text(problems.name) : undefined}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setValues((previous) => ({ ...previous, name }));
            }}
          />
          <Radio.Group
            label={text('keys.mode')}
            value={values.mode}
            onChange={(mode) => setValues((previous) => ({ ...previous, mode: mode === 'test' ? 'test' : 'live' }))}
          >
            <Stack gap={6} mt={4}>
              <Radio value="live" label={text('keys.mode_live')} description={text('keys.mode_live_hint')} />
              <Radio value="test" label={text('keys.mode_test')} description={text('keys.mode_test_hint')} />
            </Stack>
          </Radio.Group>
          <Stack
            gap={6}
            role="group"
            aria-labelledby="new-key-scopes"
            aria-describedby={problems.scopes ? 'new-key-scopes-error' : undefined}
          >
            <Text size="sm" fw={500} id="new-key-scopes">
              {text('keys.scopes')}
            </Text>
            {ALL_SCOPES.map((scope) => {
              const allowed = grantable.includes(scope);
              const implied = impliedByAdmin(values.scopes, scope) && allowed;
              return (
                <Checkbox
                  key={scope}
                  label={text(SCOPE_LABEL[scope])}
                  description={text(allowed ? SCOPE_HINT[scope] : 'keys.scope_owner_only')}
                  checked={values.scopes.includes(scope) || implied}
                  disabled={!allowed || implied}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setValues((previous) => ({ ...previous, scopes: toggleScope(previous.scopes, scope, checked) }));
                  }}
                />
              );
            })}
            {problems.scopes && (
              <Text size="sm" c="var(--mantine-color-error)" id="new-key-scopes-error">
                {text(problems.scopes)}
              </Text>
            )}
          </Stack>
          <Group>
            <Button type="submit" loading={create.isPending}>
              {text('keys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
