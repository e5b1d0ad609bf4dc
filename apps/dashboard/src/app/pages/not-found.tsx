import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useText } from '../i18n/use-text';

export default function NotFoundPage() {
  const text = useText();
  useDocumentTitle(`${text('not_found.title')} – ${text('app.name')}`);
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1}>{text('not_found.title')}</Title>
      <Text>{text('not_found.text')}</Text>
      <Anchor component={Link} to="/intakes">
        {text('not_found.home')}
      </Anchor>
    </Stack>
  );
}
