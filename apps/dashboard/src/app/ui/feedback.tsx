import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { errorMessageKey, supportReference } from '../api/error-message';
import { useText } from '../i18n/use-text';

export function PageLoader() {
  const text = useText();
  return (
    <Center py="xl">
      <Loader aria-label={text('app.loading')} />
    </Center>
  );
}

/**
 * A failure as a sentence in the language shown (never a raw code), with the request id to quote
 * to support when the server itself failed, and a retry when there is something to retry.
 */
export function ErrorPanel({ error, context, onRetry }: { error: unknown; context?: string; onRetry?: () => void }) {
  const text = useText();
  const reference = supportReference(error);
  return (
    <Alert
      color="red"
      title={text('error.title')}
      role="alert"
      // Mantine's red title on its tint is below AA contrast (about 4:1); red 9 is above 4.5:1.
      styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text(errorMessageKey(error, context))}</Text>
        {reference && (
          <Text size="xs" c="dimmed">
            {text('error.reference', { id: reference })}
          </Text>
        )}
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {text('app.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
