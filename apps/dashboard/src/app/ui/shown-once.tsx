import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/**
 * A credential the API shows exactly once (a new API key, a webhook's signing secret): the value
 * with a copy button and the warning that it will not be shown again. Dismissing it is the caller
 * dropping the value from its state (and the mutation's), so nothing keeps it in memory.
 */
export function ShownOnce({
  title,
  label,
  value,
  texts,
  onDismiss,
}: {
  title: string;
  label: string;
  value: string;
  /** The warning, the copy button before and after copying, and the dismiss button. */
  texts: { warning: string; copy: string; copied: string; done: string };
  onDismiss: () => void;
}) {
  return (
    <Alert
      color="yellow"
      title={title}
      role="region"
      aria-label={title}
      // Mantine's yellow title on its tint is far below AA contrast.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm" fw={600}>
          {texts.warning}
        </Text>
        <Text size="sm">{label}</Text>
        <Code block data-secret style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', maxWidth: '100%' }}>
          {value}
        </Code>
        <Group gap="xs">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
              >
                {copied ? texts.copied : texts.copy}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDismiss}>
            {texts.done}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
