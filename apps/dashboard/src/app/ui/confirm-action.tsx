import { type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorPanel } from './feedback';

/**
 * Asks before a destructive action (Mantine's modal: focus trapped, Escape cancels). Stays open
 * while the action runs and shows its failure; the caller closes it on success.
 */
export function ConfirmAction({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The name of the modal's close (×) button. */
  closeLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': closeLabel }}
      // Locking the page's scroll injects a <style> element without the page's CSP nonce (refused).
      lockScroll={false}
    >
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {error ? <ErrorPanel error={error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
