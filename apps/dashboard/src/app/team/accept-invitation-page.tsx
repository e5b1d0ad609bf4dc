import { type FormEvent, useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { csrfToken } from '../api/csrf';
import { ApiFailure } from '../api/failures';
import { HOME } from '../auth/next';
import { meQuery } from '../auth/session';
import { PASSWORD_MIN_LENGTH } from '../auth/sign-up-form';
import { useText } from '../i18n/use-text';
import { AuthLayout } from '../pages/auth-layout';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { type AcceptProblems, acceptProblems, type AcceptValues, invitationToken } from './team-forms';

/** The token is unknown, used or expired: nothing on this page can help, a new invitation can. */
const isInvalidInvitation = (error: unknown) =>
  error instanceof ApiFailure && error.envelope?.reason === 'invitation_invalid';

/**
 * `{APP_URL}/accept-invitation?token=…`, the link of a team invitation e-mail, without a session:
 * the invitee chooses their name and password, joins as a member and is signed in. Someone
 * already signed in (another user, perhaps the owner testing the link) is asked to sign out first,
 * since the invitation creates a new user.
 */
export default function AcceptInvitationPage() {
  const text = useText();
  const [params] = useSearchParams();
  const token = invitationToken(params);
  const signedIn = csrfToken(document.cookie) !== undefined;
  // A stale cookie answers 401 here: no session, so the form, not the "session ended" redirect.
  const me = useQuery({ ...meQuery, enabled: signedIn, meta: { signingIn: true } });

  let body;
  if (!token) body = <InvalidInvitation />;
  else if (signedIn && me.isPending) body = <PageLoader />;
  else if (signedIn && me.data) body = <SignedInAlready name={me.data.user.name} email={me.data.user.email} />;
  else body = <AcceptForm token={token} />;
  return (
    <AuthLayout title={text('team.accept_title')} intro={text('team.accept_intro')}>
      {body}
    </AuthLayout>
  );
}

function InvalidInvitation({ error }: { error?: unknown }) {
  const text = useText();
  return (
    <Stack gap="sm">
      {error ? (
        <ErrorPanel error={error} />
      ) : (
        <Alert color="red" role="alert">
          {text('team.accept_no_token')}
        </Alert>
      )}
      <Text size="sm">
        <Anchor component={Link} to="/sign-in">
          {text('team.accept_sign_in_link')}
        </Anchor>
      </Text>
    </Stack>
  );
}

function SignedInAlready({ name, email }: { name: string; email: string }) {
  const text = useText();
  const signOut = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/auth/logout')),
    meta: { signingOut: true },
    // A full load of this same address: nothing of the previous session stays in memory.
    onSuccess: () => window.location.reload(),
  });
  return (
    <Stack gap="sm">
      <Alert color="yellow" role="status">
        {text('team.accept_signed_in', { name, email })}
      </Alert>
      {signOut.isError && <ErrorPanel error={signOut.error} />}
      <Group gap="xs">
        <Button loading={signOut.isPending} onClick={() => signOut.mutate()}>
          {text('team.accept_sign_out')}
        </Button>
        <Button component={Link} to={HOME} variant="default">
          {text('team.accept_stay')}
        </Button>
      </Group>
    </Stack>
  );
}

function AcceptForm({ token }: { token: string }) {
  const text = useText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<AcceptValues>({ name: '', password: '' });
  const [problems, setProblems] = useState<AcceptProblems>({});
  const signIn = useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      unwrap(api.POST('/v1/auth/login', { body: credentials })),
    meta: { signingIn: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      void navigate(HOME, { replace: true });
    },
  });
  const accept = useMutation({
    mutationFn: (body: AcceptValues) => unwrap(api.POST('/v1/auth/accept-invitation', { body: { ...body, token } })),
    meta: { signingIn: true },
    onSuccess: ({ user }, body) => signIn.mutate({ email: user.email, password: body.password }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = acceptProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) accept.mutate({ name: values.name.trim(), password: values.password });
  };

  if (accept.isError && isInvalidInvitation(accept.error)) return <InvalidInvitation error={accept.error} />;
  if (accept.isSuccess)
    // Joined; signing in is under way, or failed (then the sign-in page does it by hand).
    return (
      <Stack gap="sm">
        <Alert color="green" role="status">
          {text('team.accept_joined', { account: accept.data.account.name })}
        </Alert>
        {signIn.isError ? (
          <>
            <ErrorPanel error={signIn.error} context="login" />
            <Anchor component={Link} to="/sign-in" size="sm">
              {text('team.accept_sign_in_link')}
            </Anchor>
          </>
        ) : (
          <PageLoader />
        )}
      </Stack>
    );
  const field = (name: keyof AcceptValues) => ({
    name,
    value: values[name],
    error: problems[name] ? text(problems[name], { n: PASSWORD_MIN_LENGTH }) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
    },
  });
  return (
    <>
      {accept.isError && <ErrorPanel error={accept.error} />}
      <form method="post" noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label={text('auth.name')} autoComplete="name" required {...field('name')} />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': text('auth.show_password') }}
            label={text('auth.password')}
            description={text('auth.password_hint', { n: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <Button type="submit" loading={accept.isPending || signIn.isPending}>
            {text('team.accept_submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
