import { type ReactNode } from 'react';
import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useText } from '../i18n/use-text';
import { LanguagePicker } from '../ui/language-picker';

/** The frame of the pages before sign-in: the service's name, the language, one card. */
export function AuthLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const text = useText();
  useDocumentTitle(`${title} – ${text('app.name')}`);
  return (
    <Container size={440} py="xl" component="main" id="main">
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{text('app.name')}</Text>
          <LanguagePicker />
        </Group>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {intro}
              </Text>
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
