import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useText } from '../../i18n/use-text';
import { ErrorPanel } from '../../ui/feedback';
import { type Item } from './item-actions';

/**
 * The one-time reveal of a secret item (the account owner only): a warning first, then the value,
 * shown once and copyable. It is a mutation (POST …/reveal), so TanStack Query never caches it as
 * a query would; the mutation leaves the cache as soon as the dialog closes (gcTime 0, reset).
 */
export function RevealSecret({ intakeId, item }: { intakeId: string; item: Item }) {
  const text = useText();
  const [opened, setOpened] = useState(false);
  const reveal = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/v1/intakes/{id}/items/{key}/reveal', { params: { path: { id: intakeId, key: item.key } } })),
    gcTime: 0,
  });
  const close = () => {
    setOpened(false);
    reveal.reset();
  };
  const answer = reveal.data;
  return (
    <>
      <Button size="xs" variant="light" color="grape" c="grape.9" onClick={() => setOpened(true)}>
        {text('reveal.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={text('reveal.title', { label: item.label })}
        closeButtonProps={{ 'aria-label': text('reveal.close') }}
        // Its scroll lock injects a <style> element without the page's CSP nonce.
        lockScroll={false}
        centered
      >
        <Stack gap="sm">
          {!answer && (
            <>
              <Alert color="orange" variant="light">
                <Text size="sm">{text('reveal.warning')}</Text>
              </Alert>
              {reveal.isError && <ErrorPanel error={reveal.error} context="reveal" />}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={close}>
                  {text('review.cancel')}
                </Button>
                <Button color="grape.9" loading={reveal.isPending} onClick={() => reveal.mutate()}>
                  {text('reveal.confirm')}
                </Button>
              </Group>
            </>
          )}
          {answer && answer.value !== null && (
            <>
              <Text size="sm" fw={600} id={`secret-${item.key}`}>
                {text('reveal.value_label')}
              </Text>
              <Code
                block
                aria-labelledby={`secret-${item.key}`}
                style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {answer.value}
              </Code>
              <Text size="xs" c="dimmed">
                {text('reveal.shown_once')}
              </Text>
              <Group justify="flex-end" gap="xs">
                <CopyButton value={answer.value}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      color={copied ? 'green' : 'grape'}
                      c={copied ? 'green.9' : 'grape.9'}
                      onClick={copy}
                    >
                      {text(copied ? 'reveal.copied' : 'reveal.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button variant="default" onClick={close}>
                  {text('reveal.close')}
                </Button>
              </Group>
            </>
          )}
          {answer && answer.value === null && (
            <>
              <Text size="sm">
                {answer.revealed_at
                  ? text('reveal.already', { date: text.dateTime(answer.revealed_at) })
                  : text('reveal.already_undated')}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {text('reveal.close')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}
