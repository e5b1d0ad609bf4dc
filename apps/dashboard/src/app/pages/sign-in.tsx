import { type FormEvent, useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { meQuery } from '../auth/session';
import { safeNext } from '../auth/next';
import { useText } from '../i18n/use-text';
import { ErrorPanel } from '../ui/feedback';
import { AuthLayout } from './auth-layout';

/**
 * An ordinary form (e-mail and password fields with their autocomplete names), so password
 * managers fill and save it. Back to the page that sent here (`next`), or the intakes.
 */
export default function SignInPage() {
  const text = useText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/auth/login', { body: { email, password } })),
    meta: { signingIn: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  const signUpLink = params.get('next') ? `/sign-up?next=${encodeURIComponent(params.get('next') ?? '')}` : '/sign-up';
  return (
    <AuthLayout title={text('auth.sign_in_title')} intro={text('auth.sign_in_intro')}>
      {params.get('expired') && !signIn.isError && (
        <Alert color="yellow" role="status">
          {text('auth.session_expired')}
        </Alert>
      )}
      {params.get('signed_out') && !signIn.isError && (
        <Alert color="blue" role="status">
          {text('auth.signed_out')}
        </Alert>
      )}
      {signIn.isError && <ErrorPanel error={signIn.error} context="login" />}
      <form method="post" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={text('auth.email')}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': text('auth.show_password') }}
            label={text('auth.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={signIn.isPending}>
            {text('auth.sign_in')}
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        {text('auth.no_account')}{' '}
        <Anchor component={Link} to={signUpLink}>
          {text('auth.sign_up_link')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
