import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  ColorInput,
  Fieldset,
  Group,
  NativeSelect,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { useMe } from '../auth/session';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { useText } from '../i18n/use-text';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import {
  accountProblems,
  type AccountProblems,
  type AccountValues,
  NAME_MAX,
  NOTIFICATION_FIELDS,
  patchOf,
  problemsOfFailure,
  valuesOf,
} from './account-form';
import { accountQuery } from './account-query';

type AccountAnswer = components['schemas']['AccountResponse'];

/** The IANA time zones the browser knows, with the account's own first kept even if it does not. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** The account's settings: names, language and time zone, the owner's e-mails, thank-you mails, branding. */
export default function SettingsPage() {
  const text = useText();
  useDocumentTitle(`${text('settings.title')} – ${text('app.name')}`);
  const account = useQuery(accountQuery);
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{text('settings.title')}</Title>
      {account.isPending && <PageLoader />}
      {account.isError && <ErrorPanel error={account.error} onRetry={() => void account.refetch()} />}
      {account.data && <SettingsForm account={account.data.account} />}
    </Stack>
  );
}

/** The form; when the stored account changes (saved here, or elsewhere and refetched) it shows that. */
function SettingsForm({ account }: { account: components['schemas']['AccountView'] }) {
  const text = useText();
  const initial = useMemo(() => valuesOf(account), [account]);
  const me = useMe();
  const owner = me.data?.role === 'owner';
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<AccountProblems>({});
  const [notice, setNotice] = useState<'saved' | 'unchanged' | null>(null);
  const zones = useMemo(() => timeZones(initial.default_timezone), [initial.default_timezone]);

  const save = useMutation({
    mutationFn: (patch: ReturnType<typeof patchOf>) => unwrap(api.PATCH('/v1/account', { body: patch })),
    onSuccess: (answer) => {
      setNotice('saved');
      queryClient.setQueryData(accountQuery.queryKey, (old: AccountAnswer | undefined) =>
        old ? { ...old, account: answer.account } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
    onError: (failure) => setProblems(problemsOfFailure(failure)),
  });
  useEffect(() => setValues(initial), [initial]);

  const set = <Field extends keyof AccountValues>(field: Field, value: AccountValues[Field]) => {
    setValues((old) => ({ ...old, [field]: value }));
    setNotice(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = accountProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const patch = patchOf(initial, values);
    if (Object.keys(patch).length === 0) return setNotice('unchanged');
    save.reset();
    save.mutate(patch);
  };
  const problem = (field: keyof AccountProblems) => {
    const key = problems[field];
    return key ? text(key, { n: NAME_MAX }) : undefined;
  };
  // A failure the fields do not explain (no field named, or not a validation failure) is shown as a whole.
  const unexplained = save.isError && Object.keys(problemsOfFailure(save.error)).length === 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!owner && <Alert color="blue">{text('settings.owner_only')}</Alert>}
        <Fieldset legend={text('settings.general')} disabled={!owner}>
          <Stack gap="sm">
            <TextInput
              label={text('settings.name')}
              description={text('settings.name_hint')}
              value={values.name}
              maxLength={NAME_MAX}
              required
              error={problem('name')}
              onChange={(event) => set('name', event.currentTarget.value)}
            />
            <TextInput
              label={text('settings.sender_name')}
              description={text('settings.sender_name_hint')}
              value={values.sender_name}
              maxLength={NAME_MAX}
              error={problem('sender_name')}
              onChange={(event) => set('sender_name', event.currentTarget.value)}
            />
            <NativeSelect
              label={text('settings.language')}
              description={text('settings.language_hint')}
              value={values.default_language}
              data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
              onChange={(event) =>
                set('default_language', event.currentTarget.value as AccountValues['default_language'])
              }
            />
            <Select
              label={text('settings.timezone')}
              description={text('settings.timezone_hint')}
              data={zones}
              value={values.default_timezone}
              searchable
              allowDeselect={false}
              nothingFoundMessage={text('settings.timezone_none')}
              error={problem('default_timezone')}
              onChange={(zone) => zone && set('default_timezone', zone)}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={text('settings.notifications')} disabled={!owner}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {text('settings.notifications_hint')}
            </Text>
            {NOTIFICATION_FIELDS.map((field) => (
              <Switch
                key={field}
                label={text(`settings.${field}`)}
                checked={values[field]}
                onChange={(event) => set(field, event.currentTarget.checked)}
              />
            ))}
            <Switch
              label={text('settings.send_thank_you')}
              description={text('settings.send_thank_you_hint')}
              checked={values.send_thank_you}
              onChange={(event) => set('send_thank_you', event.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={text('settings.branding')} disabled={!owner}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {text('settings.branding_hint')}
            </Text>
            <TextInput
              label={text('settings.display_name')}
              value={values.display_name}
              maxLength={NAME_MAX}
              error={problem('display_name')}
              onChange={(event) => set('display_name', event.currentTarget.value)}
            />
            <ColorInput
              label={text('settings.accent_color')}
              description={text('settings.accent_color_hint')}
              format="hex"
              withEyeDropper={false}
              value={values.accent_color}
              error={problem('accent_color')}
              onChange={(colour) => set('accent_color', colour)}
            />
            <TextInput
              type="url"
              label={text('settings.logo_url')}
              description={text('settings.logo_url_hint')}
              placeholder="https://"
              value={values.logo_url}
              maxLength={2048}
              error={problem('logo_url')}
              onChange={(event) => set('logo_url', event.currentTarget.value)}
            />
          </Stack>
        </Fieldset>

        {unexplained && <ErrorPanel error={save.error} />}
        {save.isError && !unexplained && (
          <Text c="red.8" size="sm" role="alert">
            {text('settings.fix_fields')}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!owner}>
            {text('settings.save')}
          </Button>
          <Text size="sm" role="status" c={notice === 'saved' ? 'teal.9' : undefined}>
            {notice === 'saved' ? text('settings.saved') : notice === 'unchanged' ? text('settings.unchanged') : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
