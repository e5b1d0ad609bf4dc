import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../../api/client';
import { errorMessageKey } from '../../api/error-message';
import { ApiFailure } from '../../api/failures';
import { useText } from '../../i18n/use-text';
import { ErrorPanel } from '../../ui/feedback';
import { briefFilesProblem, uploadBriefFile, uploadErrorKey } from '../brief/brief';
import { BriefFields } from '../brief/brief-fields';
import { ChasingSection } from './chasing-section';
import { ClientSection } from './client-section';
import {
  createRequestOf,
  emptyForm,
  type FormProblems,
  formProblems,
  newIdempotencyKey,
  type IntakeFormValues,
  problemsOfRefusal,
  withTemplate,
} from './intake-form';
import { InvitationSection } from './invitation-section';
import { draftOf, emptyItem, type ItemDraft, type ItemProblems, itemsProblems } from './item-builder';
import { ItemsSection } from './items-section';
import { TemplatePicker } from './template-picker';
import { saveIntake, SavedAsDraft, type UploadState } from './save-intake';
import { useProblemText } from './use-problem-text';

type Template = components['schemas']['TemplateView'];

interface Refusal {
  form: FormProblems;
  items: Record<string, ItemProblems>;
  /** Details that name no field on this page: the refusal is shown as a whole too. */
  unplaced: number;
}
const NO_REFUSAL: Refusal = { form: {}, items: {}, unplaced: 0 };

interface SaveAttempt {
  send: boolean;
  /** After a failed upload: leave the failed files out and go on. */
  skipFailed?: boolean;
}

/** The draft an attempt left when a brief file was not uploaded or the intake not sent. */
interface Draft {
  failure: SavedAsDraft;
  send: boolean;
}

/**
 * A new intake (`/intakes/new`): from a template or from nothing, the items, the client, the
 * reminders, the client brief with its files and the invitation, checked as typed by the API's
 * rules; saved as a draft or sent, then the intake's own page. A refusal's details are shown next
 * to the fields they name. Brief files are uploaded after the intake is created, each with its
 * progress, and the intake is sent only once they are all in (new/save-intake.ts); when one fails
 * the intake stays a draft and the page says so.
 */
export default function NewIntakePage() {
  const text = useText();
  useDocumentTitle(`${text('new_intake.title')} – ${text('app.name')}`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [values, setValues] = useState<IntakeFormValues>(emptyForm);
  const [items, setItemsState] = useState<readonly ItemDraft[]>(() => [emptyItem()]);
  const [templateId, setTemplateId] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [focusRequest, setFocusRequest] = useState(0);
  const [briefFiles, setBriefFilesState] = useState<readonly File[]>([]);
  const [uploads, setUploads] = useState<readonly (UploadState | undefined)[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  // One key for this page: a double click or a retry after a lost answer creates one intake, not two.
  const [idempotencyKey] = useState(() => newIdempotencyKey());
  const show = useProblemText(attempted);

  const templates = useQuery({
    queryKey: ['templates'],
    queryFn: () => unwrap(api.GET('/v1/templates')),
    staleTime: 60_000,
  });
  const folders = useQuery({
    queryKey: ['folders'],
    queryFn: () => unwrap(api.GET('/v1/folders')),
    staleTime: 5 * 60_000,
  });

  const checked = useMemo(() => ({ form: formProblems(values), items: itemsProblems(items) }), [values, items]);
  const filesProblem = briefFilesProblem(briefFiles);
  const formShown: FormProblems = { ...checked.form, ...refusal.form };
  const itemsShown: Record<string, ItemProblems> = { ...checked.items.items };
  for (const [id, problems] of Object.entries(refusal.items)) itemsShown[id] = { ...itemsShown[id], ...problems };
  const problemCount =
    Object.keys(formShown).length +
    Object.values(itemsShown).reduce((sum, problems) => sum + Object.keys(problems).length, 0) +
    (checked.items.list ? 1 : 0) +
    (filesProblem ? 1 : 0);

  const create = useMutation({
    mutationFn: ({ send, skipFailed }: SaveAttempt) =>
      saveIntake(
        {
          create: (sendNow) =>
            unwrap(
              api.POST('/v1/intakes', {
                body: createRequestOf(values, items, sendNow),
                params: { header: { 'Idempotency-Key': `${idempotencyKey}-${sendNow ? 'send' : 'draft'}` } },
              }),
            ),
          upload: (intakeId, file: File, onProgress) => uploadBriefFile(intakeId, file, { onProgress }),
          send: (intakeId) => unwrap(api.POST('/v1/intakes/{id}/send', { params: { path: { id: intakeId } } })),
        },
        {
          send,
          files: briefFiles,
          intakeId: draft?.failure.intakeId,
          states: uploads.map((state) => state ?? { status: 'waiting', percent: 0 }),
          skipFailed,
          onState: (index, state) =>
            setUploads((all) => {
              const next = [...all];
              next[index] = state;
              return next;
            }),
        },
      ),
    onSuccess: async (intakeId) => {
      await queryClient.invalidateQueries({ queryKey: ['intakes'] });
      void navigate(`/intakes/${intakeId}`);
    },
    onError: (error, attempt) => {
      if (error instanceof SavedAsDraft) {
        setDraft({ failure: error, send: attempt.send });
        void queryClient.invalidateQueries({ queryKey: ['intakes'] });
        return;
      }
      // Nothing was created: no file was uploaded either.
      setUploads([]);
      if (!(error instanceof ApiFailure)) return;
      const placed = problemsOfRefusal(error.envelope, items);
      setRefusal({ form: placed.form, items: placed.items, unplaced: placed.unplaced });
      if (placed.placed > 0) setFocusRequest((n) => n + 1);
    },
  });
  const refusedInPlace =
    refusal.unplaced === 0 && (Object.keys(refusal.form).length > 0 || Object.keys(refusal.items).length > 0);
  // Once the intake exists (a draft), the form cannot save it again: the draft's alert carries on.
  const locked = create.isPending || draft !== null;
  const setBriefFiles = (files: readonly File[]) => {
    setBriefFilesState(files);
    setUploads([]);
    forgetRefusal();
  };

  // Any change answers a refusal: its marks and its message go until the next attempt.
  const forgetRefusal = () => {
    setRefusal(NO_REFUSAL);
    if (create.isError) create.reset();
  };
  const change = (next: Partial<IntakeFormValues>) => {
    setValues((previous) => ({ ...previous, ...next }));
    forgetRefusal();
  };
  const setItems = (update: (all: readonly ItemDraft[]) => readonly ItemDraft[]) => {
    setItemsState(update);
    forgetRefusal();
  };
  const pickTemplate = (template: Template | undefined) => {
    setTemplateId(template?.id ?? '');
    setItemsState(template ? template.items.map(draftOf) : [emptyItem()]);
    setValues((previous) => (template ? withTemplate(previous, template) : previous));
    forgetRefusal();
  };

  // After a failed attempt the first marked field takes the focus (keyboard and screen-reader users land on it).
  useEffect(() => {
    if (focusRequest === 0) return;
    const field = document.querySelector<HTMLElement>('[data-new-intake] [aria-invalid="true"]');
    field?.focus();
  }, [focusRequest]);

  const submit = (send: boolean) => {
    setAttempted(true);
    const found =
      Object.keys(checked.form).length +
      Object.keys(checked.items.items).length +
      (checked.items.list ? 1 : 0) +
      (filesProblem ? 1 : 0);
    if (found > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setUploads(briefFiles.map(() => ({ status: 'waiting', percent: 0 })));
    create.mutate({ send });
  };
  const carryOn = (attempt: SaveAttempt) => {
    create.reset();
    create.mutate(attempt);
  };
  const fileName = (index: number) => briefFiles[index]?.name ?? '';

  return (
    <Stack gap="lg" data-new-intake>
      <Anchor component={Link} to="/intakes" size="sm">
        ← {text('detail.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{text('new_intake.title')}</Title>
        <Text size="sm" c="dimmed">
          {text('new_intake.intro')}
        </Text>
      </Stack>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack gap="xl">
          {templates.isError && <ErrorPanel error={templates.error} onRetry={() => void templates.refetch()} />}
          {(templates.data?.templates.length ?? 0) > 0 && (
            <Stack gap="sm" component="section" aria-labelledby="new-intake-start">
              <Title order={2} size="h3" id="new-intake-start">
                {text('new_intake.section_start')}
              </Title>
              <TemplatePicker templates={templates.data?.templates ?? []} value={templateId} onPick={pickTemplate} />
            </Stack>
          )}
          <ClientSection
            values={values}
            change={change}
            problems={formShown}
            show={show}
            folders={folders.data?.folders ?? []}
          />
          <Divider />
          <BriefFields
            text={values.clientBrief}
            onText={(clientBrief) => change({ clientBrief })}
            textProblem={show(formShown.client_brief)}
            files={briefFiles}
            onFiles={setBriefFiles}
            filesProblem={filesProblem}
            uploads={uploads}
            locked={locked}
          />
          <Divider />
          <ItemsSection
            items={items}
            setItems={setItems}
            problems={itemsShown}
            listProblem={checked.items.list}
            show={show}
          />
          <Divider />
          <ChasingSection values={values} change={change} problems={formShown} show={show} />
          <Divider />
          <InvitationSection values={values} change={change} problems={formShown} show={show} />

          {attempted && problemCount > 0 && (
            <Alert color="red" role="alert">
              {text('new_intake.fix_problems', { n: problemCount })}
            </Alert>
          )}
          {create.isError && !refusedInPlace && !(create.error instanceof SavedAsDraft) && (
            <ErrorPanel error={create.error} />
          )}
          {draft && (
            <Alert
              color="orange"
              title={text('brief.draft.title')}
              role="alert"
              data-saved-draft={draft.failure.intakeId}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{text(draft.send ? 'brief.draft.not_sent' : 'brief.draft.saved')}</Text>
                {draft.failure.failed.length > 0 && (
                  <>
                    <Text size="sm">{text('brief.draft.failed_files')}</Text>
                    <List size="sm" spacing={2}>
                      {draft.failure.failed.map(({ index, error }) => (
                        <List.Item key={index}>
                          {fileName(index)}: {text(uploadErrorKey(error))}
                        </List.Item>
                      ))}
                    </List>
                  </>
                )}
                {draft.failure.sendFailure !== undefined && (
                  <Text size="sm">
                    {text('brief.draft.send_failed', { reason: text(errorMessageKey(draft.failure.sendFailure)) })}
                  </Text>
                )}
                <Group gap="xs">
                  <Button
                    size="sm"
                    loading={create.isPending && !create.variables?.skipFailed}
                    disabled={create.isPending}
                    onClick={() => carryOn({ send: draft.send })}
                  >
                    {text('brief.draft.retry')}
                  </Button>
                  {draft.send && draft.failure.failed.length > 0 && (
                    <Button
                      size="sm"
                      variant="default"
                      loading={create.isPending && create.variables?.skipFailed === true}
                      disabled={create.isPending}
                      onClick={() => carryOn({ send: true, skipFailed: true })}
                    >
                      {text('brief.draft.send_without')}
                    </Button>
                  )}
                  {/* A button's white face: a link's blue on the alert's orange tint is under 4.5:1. */}
                  <Button component={Link} to={`/intakes/${draft.failure.intakeId}`} size="sm" variant="default">
                    {text('brief.draft.open')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Group gap="sm">
            <Button
              type="button"
              variant="default"
              loading={!draft && create.isPending && create.variables.send === false}
              disabled={locked}
              onClick={() => submit(false)}
            >
              {text('new_intake.save_draft')}
            </Button>
            <Button
              type="button"
              loading={!draft && create.isPending && create.variables.send === true}
              disabled={locked}
              onClick={() => submit(true)}
            >
              {text('new_intake.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
