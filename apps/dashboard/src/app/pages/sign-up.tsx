import { type FormEvent, useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { meQuery } from '../auth/session';
import { safeNext } from '../auth/next';
import { PASSWORD_MIN_LENGTH, signUpProblems, type SignUpProblems, type SignUpValues } from '../auth/sign-up-form';
import { useText } from '../i18n/use-text';
import { ErrorPanel } from '../ui/feedback';
import { AuthLayout } from './auth-layout';

/** A new account and its owner; signed in straight away. */
export default function SignUpPage() {
  const text = useText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SignUpValues>({ name: '', account_name: '', email: '', password: '' });
  const [problems, setProblems] = useState<SignUpProblems>({});
  const signUp = useMutation({
    mutationFn: async (body: SignUpValues) => {
      await unwrap(api.POST('/v1/auth/signup', { body }));
      return unwrap(api.POST('/v1/auth/login', { body: { email: body.email, password: body.password } }));
    },
    meta: { signingIn: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = signUpProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) signUp.mutate({ ...values, email: values.email.trim() });
  };
  const field = (name: keyof SignUpValues) => ({
    name,
    value: values[name],
    error: problems[name] ? text(problems[name], { n: PASSWORD_MIN_LENGTH }) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
    },
  });
  return (
    <AuthLayout title={text('auth.sign_up_title')} intro={text('auth.sign_up_intro')}>
      {signUp.isError && <ErrorPanel error={signUp.error} />}
      <form method="post" noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label={text('auth.name')} autoComplete="name" required {...field('name')} />
          <TextInput
            label={text('auth.account_name')}
            autoComplete="organization"
            required
            {...field('account_name')}
          />
          <TextInput label={text('auth.email')} type="email" autoComplete="username" required {...field('email')} />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': text('auth.show_password') }}
            label={text('auth.password')}
            description={text('auth.password_hint', { n: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <Button type="submit" loading={signUp.isPending}>
            {text('auth.create_account')}
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        {text('auth.have_account')}{' '}
        <Anchor
          component={Link}
          to={params.get('next') ? `/sign-in?next=${encodeURIComponent(params.get('next') ?? '')}` : '/sign-in'}
        >
          {text('auth.sign_in_link')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
