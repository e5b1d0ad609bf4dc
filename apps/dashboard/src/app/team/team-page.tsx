import { type FormEvent, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { useMe } from '../auth/session';
import { useText } from '../i18n/use-text';
import { ConfirmAction } from '../ui/confirm-action';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { abilitiesOf } from './roles';
import { type InviteProblems, inviteProblems, type InviteValues, isEmailTaken } from './team-forms';

type Member = components['schemas']['UserView'];
type Invitation = components['schemas']['InvitationCreated'];

const MEMBERS = ['team-members'];

/**
 * The team (`/team`): the account's users with their role; the owner invites by e-mail (the
 * invitee joins as a member) and removes members after confirming. A member sees the list only.
 */
export default function TeamPage() {
  const text = useText();
  useDocumentTitle(`${text('team.title')} – ${text('app.name')}`);
  const me = useMe();
  const { manageTeam } = abilitiesOf(me.data?.role);
  const members = useQuery({ queryKey: MEMBERS, queryFn: () => unwrap(api.GET('/v1/team/members')) });
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useMutation({
    mutationFn: (userId: string) => unwrap(api.DELETE('/v1/team/members/{userId}', { params: { path: { userId } } })),
    onSuccess: async () => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: MEMBERS });
    },
  });

  return (
    <Stack gap="md">
      <Title order={1}>{text('team.title')}</Title>
      <Text size="sm" c="dimmed">
        {text('team.intro')}
      </Text>
      {manageTeam ? (
        <Invite />
      ) : (
        me.data && (
          <Alert color="blue" role="status">
            {text('team.read_only')}
          </Alert>
        )
      )}
      <Title order={2} size="h3">
        {text('team.members_title')}
      </Title>
      {members.isPending && <PageLoader />}
      {members.isError && <ErrorPanel error={members.error} onRetry={() => void members.refetch()} />}
      {members.data && (
        <Stack gap="sm" component="ul" className="plain-list" aria-label={text('team.members_title')}>
          {members.data.members.map((member) => (
            <Paper component="li" key={member.id} withBorder p="md" radius="md" data-user-id={member.id}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {member.name}
                    {member.id === me.data?.user.id ? ` (${text('team.you')})` : ''}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {text('team.joined', { date: text.date(member.created_at) })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Badge c="dark.8" variant="light" color={member.role === 'owner' ? 'violet' : 'gray'}>
                    {text(member.role === 'owner' ? 'team.role_owner' : 'team.role_member')}
                  </Badge>
                  {manageTeam && member.role !== 'owner' && (
                    <Button
                      size="xs"
                      color="red"
                      onClick={() => {
                        remove.reset();
                        setRemoving(member);
                      }}
                    >
                      {text('team.remove', { name: member.name })}
                    </Button>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        {text('team.roles_hint')}
      </Text>
      <ConfirmAction
        opened={removing !== null}
        title={text('team.remove_title')}
        confirmLabel={text('team.remove_confirm')}
        cancelLabel={text('team.cancel')}
        closeLabel={text('team.close')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      >
        {removing ? text('team.remove_text', { name: removing.name, email: removing.email }) : ''}
      </ConfirmAction>
    </Stack>
  );
}

/**
 * The owner's invitation form, and the invitations sent from this page since it opened (the API
 * lists no pending invitations: see the ADR on the team page).
 */
function Invite() {
  const text = useText();
  const [values, setValues] = useState<InviteValues>({ email: '', name: '' });
  const [problems, setProblems] = useState<InviteProblems>({});
  const [sent, setSent] = useState<Invitation[]>([]);
  const invite = useMutation({
    mutationFn: (body: InviteValues) => unwrap(api.POST('/v1/team/invitations', { body })),
    onSuccess: (created) => {
      setSent((previous) => [created, ...previous]);
      setValues({ email: '', name: '' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = inviteProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) invite.mutate({ email: values.email.trim(), name: values.name.trim() });
  };
  const field = (name: keyof InviteValues) => ({
    value: values[name],
    error: problems[name] ? text(problems[name]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
    },
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <form noValidate onSubmit={submit} aria-labelledby="invite-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="invite-title">
              {text('team.invite_title')}
            </Title>
            {invite.isError &&
              (isEmailTaken(invite.error) ? (
                <Alert color="red" role="alert">
                  {text('team.invite_email_taken')}
                </Alert>
              ) : (
                <ErrorPanel error={invite.error} />
              ))}
            <TextInput label={text('team.invite_name')} autoComplete="off" required {...field('name')} />
            <TextInput label={text('team.invite_email')} type="email" autoComplete="off" required {...field('email')} />
            <Text size="sm" c="dimmed">
              {text('team.invite_role')}
            </Text>
            <Group>
              <Button type="submit" loading={invite.isPending}>
                {text('team.invite')}
              </Button>
            </Group>
          </Stack>
        </form>
        {sent.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {text('team.sent_title')}
            </Title>
            <Stack gap={6} component="ul" className="plain-list" aria-label={text('team.sent_title')}>
              {sent.map(({ invitation, email_sent }) => (
                <Paper component="li" key={invitation.id} withBorder p="xs" radius="sm">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {invitation.name} · {invitation.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {text('team.expires', { date: text.dateTime(invitation.expires_at) })}
                  </Text>
                  {!email_sent && (
                    <Text size="sm" c="var(--mantine-color-error)">
                      {text('team.email_not_sent')}
                    </Text>
                  )}
                </Paper>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
