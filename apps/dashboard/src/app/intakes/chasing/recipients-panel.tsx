import { type FormEvent, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../../api/client';
import { useText } from '../../i18n/use-text';
import { ErrorPanel } from '../../ui/feedback';

type Intake = components['schemas']['IntakeView'];
type Reinstated = components['schemas']['ReinstateResponse'];

/** Additional recipients an intake may have besides the client. */
export const MAX_ADDITIONAL_RECIPIENTS = 4;

interface Recipient {
  email: string;
  name: string | null;
  bouncedAt: string | null;
  primary: boolean;
}

export const recipientsOf = (intake: Intake): Recipient[] => [
  { email: intake.client.email, name: intake.client.name, bouncedAt: intake.client.client_bounced_at, primary: true },
  ...intake.client.also_notify.map((r) => ({ email: r.email, name: r.name, bouncedAt: r.bounced_at, primary: false })),
];

/**
 * Who gets the intake's e-mails: the client and up to four more addresses, each with its bounce
 * state. A bounced address is reinstated here; additional ones are added and removed.
 */
export function RecipientsPanel({ intake }: { intake: Intake }) {
  const text = useText();
  const queryClient = useQueryClient();
  const id = intake.intake_id;
  const archived = intake.status === 'archived';
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['intake', id] });
  const [removing, setRemoving] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');

  const reinstate = useMutation({
    mutationFn: (address: string) =>
      unwrap(api.POST('/v1/intakes/{id}/recipients/{email}/reinstate', { params: { path: { id, email: address } } })),
    onSuccess: () => refresh(),
  });
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/intakes/{id}/recipients', {
          params: { path: { id } },
          body: { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
        }),
      ),
    onSuccess: async () => {
      setEmail('');
      setName('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (address: string) =>
      unwrap(api.DELETE('/v1/intakes/{id}/recipients/{email}', { params: { path: { id, email: address } } })),
    onSuccess: async () => {
      setRemoving(null);
      await refresh();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reinstate.reset();
    remove.reset();
    add.mutate();
  };
  const room = intake.client.also_notify.length < MAX_ADDITIONAL_RECIPIENTS;

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {text('chasing.recipients.title')}
      </Title>
      <Stack gap="xs" component="ul" className="plain-list">
        {recipientsOf(intake).map((recipient) => (
          <Paper component="li" key={recipient.email} withBorder p="sm" radius="md" data-recipient={recipient.email}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {recipient.name ? `${recipient.name} · ${recipient.email}` : recipient.email}
                </Text>
                <Group gap="xs">
                  {recipient.primary && (
                    <Badge variant="outline" color="gray">
                      {text('chasing.recipients.primary')}
                    </Badge>
                  )}
                  {recipient.bouncedAt ? (
                    <Badge color="red.9" variant="filled">
                      {text('chasing.recipients.bounced', { date: text.date(recipient.bouncedAt) })}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      {text('chasing.recipients.receiving')}
                    </Badge>
                  )}
                </Group>
              </Stack>
              <Group gap="xs">
                {recipient.bouncedAt && (
                  <Button
                    size="xs"
                    variant="light"
                    disabled={archived}
                    loading={reinstate.isPending && reinstate.variables === recipient.email}
                    aria-label={text('chasing.recipients.reinstate_label', { email: recipient.email })}
                    onClick={() => {
                      add.reset();
                      remove.reset();
                      reinstate.mutate(recipient.email);
                    }}
                  >
                    {text('chasing.recipients.reinstate')}
                  </Button>
                )}
                {!recipient.primary && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={archived}
                    aria-label={text('chasing.recipients.remove_label', { email: recipient.email })}
                    onClick={() => setRemoving(recipient.email)}
                  >
                    {text('chasing.recipients.remove')}
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      {reinstate.isSuccess && <ReinstatedNote answer={reinstate.data} />}
      {reinstate.isError && <ErrorPanel error={reinstate.error} />}
      {remove.isError && !removing && <ErrorPanel error={remove.error} />}
      {!archived &&
        (room ? (
          <form onSubmit={submit} aria-label={text('chasing.recipients.add_title')}>
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {text('chasing.recipients.add_hint', { n: MAX_ADDITIONAL_RECIPIENTS })}
              </Text>
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label={text('chasing.recipients.email')}
                  type="email"
                  required
                  maxLength={254}
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  style={{ flex: '1 1 14rem' }}
                />
                <TextInput
                  label={text('chasing.recipients.name')}
                  maxLength={200}
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  style={{ flex: '1 1 10rem' }}
                />
                <Button type="submit" loading={add.isPending}>
                  {text('chasing.recipients.add')}
                </Button>
              </Group>
              {add.isError && <ErrorPanel error={add.error} />}
            </Stack>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            {text('chasing.recipients.full', { n: MAX_ADDITIONAL_RECIPIENTS })}
          </Text>
        ))}
      {/* lockScroll off: the scroll lock adds a <style> element without the page's CSP nonce. */}
      <Modal
        opened={removing !== null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        title={text('chasing.recipients.remove_title')}
        closeButtonProps={{ 'aria-label': text('chasing.close') }}
        lockScroll={false}
      >
        <Stack gap="md">
          <Text size="sm">{text('chasing.recipients.remove_text', { email: removing ?? '' })}</Text>
          {remove.isError && <ErrorPanel error={remove.error} />}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {text('chasing.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => removing && remove.mutate(removing)}>
              {text('chasing.recipients.remove_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ReinstatedNote({ answer }: { answer: Reinstated }) {
  const text = useText();
  return (
    <Alert color={answer.still_chasing ? 'green' : 'yellow'} role="status">
      {text(answer.still_chasing ? 'chasing.recipients.reinstated_chasing' : 'chasing.recipients.reinstated_idle', {
        email: answer.email,
      })}
    </Alert>
  );
}
