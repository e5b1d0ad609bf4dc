import { type FormEvent, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { useText } from '../i18n/use-text';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { FOLDER_NAME_MAX, folderNameProblem, folderProblemKey } from './folders';

type Folder = components['schemas']['FolderView'];

const foldersKey = ['folders'] as const;

/** The account's folders (one level): create, rename, delete (its intakes become Unfiled). */
export default function FoldersPage() {
  const text = useText();
  useDocumentTitle(`${text('folders.title')} – ${text('app.name')}`);
  const folders = useQuery({ queryKey: foldersKey, queryFn: () => unwrap(api.GET('/v1/folders')) });
  const [deleting, setDeleting] = useState<Folder | null>(null);

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{text('folders.title')}</Title>
      <Text size="sm" c="dimmed">
        {text('folders.intro')}
      </Text>
      <CreateFolder />
      {folders.isPending && <PageLoader />}
      {folders.isError && <ErrorPanel error={folders.error} onRetry={() => void folders.refetch()} />}
      {folders.data &&
        (folders.data.folders.length === 0 ? (
          <Paper withBorder p="lg">
            <Text>{text('folders.none_yet')}</Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" className="plain-list" aria-label={text('folders.list')}>
            {folders.data.folders.map((folder) => (
              <FolderRow key={folder.id} folder={folder} onDelete={() => setDeleting(folder)} />
            ))}
          </Stack>
        ))}
      <DeleteFolder folder={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function CreateFolder() {
  const text = useText();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (folderName: string) => unwrap(api.POST('/v1/folders', { body: { name: folderName } })),
    onSuccess: () => {
      setName('');
      void queryClient.invalidateQueries({ queryKey: foldersKey });
    },
    onError: (failure) => setProblem(text(folderProblemKey(failure))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = folderNameProblem(name);
    setProblem(found ? text(found, { n: FOLDER_NAME_MAX }) : undefined);
    if (!found) create.mutate(name.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={text('folders.new_name')}
          value={name}
          maxLength={FOLDER_NAME_MAX + 20}
          error={problem}
          style={{ flex: '1 1 14rem' }}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblem(undefined);
          }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={create.isPending}>
          {text('folders.create')}
        </Button>
      </Group>
    </form>
  );
}

function FolderRow({ folder, onDelete }: { folder: Folder; onDelete: () => void }) {
  const text = useText();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(folder.name);
  const [problem, setProblem] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: (newName: string) =>
      unwrap(api.PATCH('/v1/folders/{id}', { params: { path: { id: folder.id } }, body: { name: newName } })),
    onSuccess: () => {
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: foldersKey });
    },
    onError: (failure) => setProblem(text(folderProblemKey(failure))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = folderNameProblem(name);
    setProblem(found ? text(found, { n: FOLDER_NAME_MAX }) : undefined);
    if (found) return;
    if (name.trim() === folder.name) return setEditing(false);
    rename.mutate(name.trim());
  };

  return (
    <Paper component="li" withBorder p="sm" radius="md" data-folder-id={folder.id}>
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <TextInput
              label={text('folders.rename_label', { name: folder.name })}
              value={name}
              maxLength={FOLDER_NAME_MAX + 20}
              error={problem}
              data-autofocus
              autoFocus
              onChange={(event) => {
                setName(event.currentTarget.value);
                setProblem(undefined);
              }}
            />
            <Group gap="xs">
              <Button type="submit" size="xs" loading={rename.isPending}>
                {text('folders.save')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setEditing(false);
                  setName(folder.name);
                  setProblem(undefined);
                }}
              >
                {text('folders.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600}>{folder.name}</Text>
            <Anchor component={Link} to={`/intakes?folder=${encodeURIComponent(folder.id)}`} size="sm">
              {text('folders.intake_count', { n: folder.intake_count })}
            </Anchor>
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              aria-label={text('folders.rename_named', { name: folder.name })}
              onClick={() => setEditing(true)}
            >
              {text('folders.rename')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={text('folders.delete_named', { name: folder.name })}
              onClick={onDelete}
            >
              {text('folders.delete')}
            </Button>
          </Group>
        </Group>
      )}
    </Paper>
  );
}

/** Asks first: the folder goes, its intakes stay (Unfiled), nothing is sent to anyone. */
function DeleteFolder({ folder, onClose }: { folder: Folder | null; onClose: () => void }) {
  const text = useText();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/folders/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      onClose();
      void queryClient.invalidateQueries({ queryKey: foldersKey });
      void queryClient.invalidateQueries({ queryKey: ['intakes'] });
    },
  });
  return (
    <Modal
      opened={folder !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={folder ? text('folders.delete_title', { name: folder.name }) : ''}
      closeButtonProps={{ 'aria-label': text('folders.cancel') }}
      // Locking the page's scroll injects a style element without the page's CSP nonce (blocked).
      lockScroll={false}
      centered
    >
      {folder && (
        <Stack gap="md">
          <Text size="sm">
            {folder.intake_count > 0
              ? text('folders.delete_with_intakes', { n: folder.intake_count })
              : text('folders.delete_empty')}
          </Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {text(folderProblemKey(remove.error))}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {text('folders.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(folder.id)}>
              {text('folders.delete_confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
