import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../../api/client';
import { useText } from '../../i18n/use-text';
import { ErrorPanel } from '../../ui/feedback';

type Intake = components['schemas']['IntakeView'];

/**
 * Archiving, asked first: it closes the intake for good (no unarchive), cancels the reminders
 * still planned and refuses further changes; nothing is deleted and the client can still read it.
 */
export function ArchiveModal({ intake, opened, onClose }: { intake: Intake; opened: boolean; onClose: () => void }) {
  const text = useText();
  const queryClient = useQueryClient();
  const id = intake.intake_id;
  const archive = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/intakes/{id}/archive', { params: { path: { id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['intake', id] });
      await queryClient.invalidateQueries({ queryKey: ['intakes'] });
      onClose();
    },
  });
  // lockScroll off: the scroll lock adds a <style> element without the page's CSP nonce, which the browser refuses.
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text('chasing.archive.title', { project: intake.project_name })}
      closeButtonProps={{ 'aria-label': text('chasing.close') }}
      lockScroll={false}
    >
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {text('chasing.archive.cannot_undo')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{text('chasing.archive.effect_reminders')}</List.Item>
          <List.Item>{text('chasing.archive.effect_changes')}</List.Item>
          <List.Item>{text('chasing.archive.effect_portal')}</List.Item>
          <List.Item>{text('chasing.archive.effect_kept')}</List.Item>
        </List>
        {archive.isError && <ErrorPanel error={archive.error} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {text('chasing.cancel')}
          </Button>
          <Button color="red" loading={archive.isPending} onClick={() => archive.mutate()}>
            {text('chasing.archive.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
