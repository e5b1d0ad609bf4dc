import { Suspense } from 'react';
import { Anchor, AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { NavLink as RouterNavLink, Outlet } from 'react-router';
import { api, unwrap } from '../api/client';
import { appBase } from '../page-meta';
import { useMe } from '../auth/session';
import { useText } from '../i18n/use-text';
import { LanguagePicker } from '../ui/language-picker';
import { ErrorPanel, PageLoader } from '../ui/feedback';

/** The signed-in frame: header (menu, language, sign-out), navigation, and the page. */
export function Shell() {
  const text = useText();
  const [opened, { toggle, close }] = useDisclosure(false);
  const me = useMe();
  const signOut = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/auth/logout')),
    meta: { signingOut: true },
    // A full page load, not a route change: it drops everything the page held in memory, and no
    // guard of the signed-in pages (which sees the cleared cookie) can redirect in between.
    onSuccess: () => window.location.replace(`${appBase()}/sign-in?signed_out=1`),
  });
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Anchor href="#main" className="skip-link">
          {text('app.skip_to_content')}
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={text('nav.menu')} />
            {/* On a phone the header keeps the menu, the language and sign-out; the name would push them out. */}
            <Text fw={700} truncate visibleFrom="xs">
              {text('app.name')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguagePicker />
            <Button size="xs" variant="default" loading={signOut.isPending} onClick={() => signOut.mutate()}>
              {text('nav.sign_out')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      {/* The current page's link filled: white on the primary colour keeps AA contrast, hovered too. */}
      <AppShell.Navbar p="xs" component="nav" aria-label={text('nav.label')}>
        <NavLink component={RouterNavLink} to="/intakes" label={text('nav.intakes')} variant="filled" onClick={close} />
        <NavLink component={RouterNavLink} to="/clients" label={text('clients.nav')} variant="filled" onClick={close} />
        <NavLink component={RouterNavLink} to="/folders" label={text('folders.nav')} variant="filled" onClick={close} />
        <NavLink
          component={RouterNavLink}
          to="/templates"
          label={text('templates.nav')}
          variant="filled"
          onClick={close}
        />
        <NavLink
          component={RouterNavLink}
          to="/webhooks"
          label={text('webhooks.nav')}
          variant="filled"
          onClick={close}
        />
        <NavLink component={RouterNavLink} to="/keys" label={text('keys.nav')} variant="filled" onClick={close} />
        <NavLink component={RouterNavLink} to="/team" label={text('team.nav')} variant="filled" onClick={close} />
        <NavLink component={RouterNavLink} to="/billing" label={text('usage.nav')} variant="filled" onClick={close} />
        <NavLink component={RouterNavLink} to="/audit" label={text('audit.nav')} variant="filled" onClick={close} />
        <NavLink
          component={RouterNavLink}
          to="/settings"
          label={text('settings.nav')}
          variant="filled"
          onClick={close}
        />
        {me.data && (
          <Text size="xs" c="dimmed" mt="auto" p="xs">
            {text('nav.signed_in_as', { name: me.data.user.name, account: me.data.account.name })}
          </Text>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {signOut.isError && <ErrorPanel error={signOut.error} />}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
