import { useState } from 'react';
import { Anchor, Badge, Button, FileInput, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../../api/client';
import { useText } from '../../i18n/use-text';
import { ConfirmAction } from '../../ui/confirm-action';
import { ErrorPanel } from '../../ui/feedback';
import { formatBytes } from '../detail/download';
import { type UploadState } from '../new/save-intake';
import {
  BRIEF_LIMITS,
  type BriefFile,
  briefFileHref,
  briefFilesProblem,
  briefLength,
  briefOf,
  briefTextProblem,
  scanStatusOf,
  uploadBriefFile,
} from './brief';
import { PLACEHOLDER_STYLES } from './brief-styles';
import { UploadProgress } from './upload-progress';

type Intake = components['schemas']['IntakeView'];

// Filled shade 9 (white text, above 5:1) and gray's light badge: AA contrast for the badge's text.
const STATUS_BADGE = {
  clean: { color: 'teal.9', variant: 'filled' },
  pending: { color: 'gray', variant: 'light' },
  infected: { color: 'red.9', variant: 'filled' },
} as const;

/**
 * The intake's client brief on its page: the text the client reads at the top of the portal and
 * the brief files (name, size, scan status, a link through the signed-URL route), with editing the
 * text (PATCH client_brief), adding a file with its upload's progress, and deleting one after a
 * confirmation. An archived intake shows them read-only.
 */
export function BriefPanel({ intake }: { intake: Intake }) {
  const text = useText();
  const queryClient = useQueryClient();
  const id = intake.intake_id;
  const archived = intake.status === 'archived';
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['intake', id] });
  const files = intake.brief_files;

  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [chosen, setChosen] = useState<File | null>(null);
  const [upload, setUpload] = useState<{ name: string; state: UploadState } | null>(null);
  const [deleting, setDeleting] = useState<BriefFile | null>(null);

  const save = useMutation({
    mutationFn: (brief: string | null) =>
      unwrap(api.PATCH('/v1/intakes/{id}', { params: { path: { id } }, body: { client_brief: brief } })),
    onSuccess: async () => {
      setEditing(false);
      await refresh();
    },
  });
  const add = useMutation({
    mutationFn: (file: File) =>
      uploadBriefFile(id, file, {
        onProgress: (percent) => setUpload({ name: file.name, state: { status: 'uploading', percent } }),
      }),
    onMutate: (file) => setUpload({ name: file.name, state: { status: 'uploading', percent: 0 } }),
    onSuccess: async (_stored, file) => {
      setUpload({ name: file.name, state: { status: 'done', percent: 100 } });
      setChosen(null);
      await refresh();
    },
    onError: (error, file) => setUpload({ name: file.name, state: { status: 'failed', percent: 0, error } }),
  });
  const remove = useMutation({
    mutationFn: (fileId: string) =>
      unwrap(api.DELETE('/v1/intakes/{id}/brief/files/{fileId}', { params: { path: { id, fileId } } })),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  const textProblem = briefTextProblem(draft);
  const fileProblem = chosen ? briefFilesProblem([chosen], files.length) : undefined;
  const room = files.length < BRIEF_LIMITS.filesMax;
  const startEditing = () => {
    setDraft(intake.client_brief ?? '');
    setAttempted(false);
    save.reset();
    setEditing(true);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="brief-title" data-brief>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={2} size="h3" id="brief-title">
            {text('brief.title')}
          </Title>
          {!archived && !editing && (
            <Button variant="default" size="sm" onClick={startEditing}>
              {text('brief.edit')}
            </Button>
          )}
        </Group>
        {editing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setAttempted(true);
              if (!textProblem) save.mutate(briefOf(draft));
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={text('brief.text_label')}
                description={`${text('brief.text_hint')} ${text('brief.counter', {
                  count: briefLength(draft),
                  max: BRIEF_LIMITS.textMaxChars,
                })}`}
                autosize
                minRows={3}
                maxRows={12}
                value={draft}
                error={textProblem ? text(textProblem.key, textProblem.params) : undefined}
                onChange={(event) => setDraft(event.currentTarget.value)}
                data-autofocus
              />
              {save.isError && <ErrorPanel error={save.error} />}
              <Group gap="xs">
                <Button type="submit" loading={save.isPending} disabled={attempted && !!textProblem}>
                  {text('brief.save')}
                </Button>
                <Button variant="default" disabled={save.isPending} onClick={() => setEditing(false)}>
                  {text('brief.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : intake.client_brief ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-brief-text>
            {intake.client_brief}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {text('brief.none')}
          </Text>
        )}

        <Title order={3} size="h4">
          {text('brief.files_title')}
        </Title>
        {files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text('brief.no_files')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" className="plain-list">
            {files.map((file) => {
              const status = scanStatusOf(file.av_status);
              return (
                <Paper component="li" key={file.id} withBorder p="xs" radius="md" data-brief-file={file.filename}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      {status === 'clean' ? (
                        <Anchor
                          href={briefFileHref(id, file.id)}
                          target="_blank"
                          rel="noopener noreferrer"
                          size="sm"
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {file.filename}
                        </Anchor>
                      ) : (
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {file.filename}
                        </Text>
                      )}
                      <Group gap="xs">
                        <Text size="xs" c="dimmed">
                          {formatBytes(file.size, text.language)}
                        </Text>
                        <Badge variant={STATUS_BADGE[status].variant} color={STATUS_BADGE[status].color}>
                          {text(`brief.status.${status}`)}
                        </Badge>
                      </Group>
                    </Stack>
                    {!archived && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={text('brief.delete_label', { name: file.filename })}
                        onClick={() => {
                          remove.reset();
                          setDeleting(file);
                        }}
                      >
                        {text('brief.delete')}
                      </Button>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}

        {!archived &&
          (room ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (chosen && !fileProblem) add.mutate(chosen);
              }}
            >
              <Stack gap="xs">
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <FileInput
                    label={text('brief.add_label')}
                    description={text('brief.add_hint')}
                    placeholder={text('brief.file_placeholder')}
                    styles={PLACEHOLDER_STYLES}
                    value={chosen}
                    disabled={add.isPending}
                    onChange={(file) => {
                      setChosen(file);
                      setUpload(null);
                    }}
                    error={fileProblem ? text(fileProblem.key, fileProblem.params) : undefined}
                    style={{ flex: '1 1 16rem' }}
                  />
                  <Button type="submit" loading={add.isPending} disabled={!chosen || !!fileProblem}>
                    {text('brief.add')}
                  </Button>
                </Group>
                {upload && <UploadProgress name={upload.name} state={upload.state} />}
              </Stack>
            </form>
          ) : (
            <Text size="sm" c="dimmed">
              {text('brief.full', { max: BRIEF_LIMITS.filesMax })}
            </Text>
          ))}
      </Stack>
      <ConfirmAction
        opened={deleting !== null}
        title={text('brief.delete_title', { name: deleting?.filename ?? '' })}
        confirmLabel={text('brief.delete_confirm')}
        cancelLabel={text('brief.cancel')}
        closeLabel={text('brief.close')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      >
        {text('brief.delete_text')}
      </ConfirmAction>
    </Paper>
  );
}
