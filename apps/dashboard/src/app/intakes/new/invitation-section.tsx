import { Alert, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useText } from '../../i18n/use-text';
import { ErrorPanel } from '../../ui/feedback';
import { type FormProblems, type IntakeFormValues } from './intake-form';
import { type Problem } from './item-builder';
import { previewQueryOf } from './preview-query';

interface Props {
  values: IntakeFormValues;
  change: (next: Partial<IntakeFormValues>) => void;
  problems: FormProblems;
  show: (problem: Problem | undefined) => string | undefined;
}

/**
 * The invitation's own subject and opening lines, and a preview of the e-mail the client gets:
 * its sender and subject come from GET /v1/intakes/preview, asked 600 ms after the last change of
 * the project name or the language (each request counts against the hourly limit).
 */
export function InvitationSection({ values, change, problems, show }: Props) {
  const text = useText();
  const [query] = useDebouncedValue(previewQueryOf(values), 600);
  const preview = useQuery({
    queryKey: ['intake-preview', query],
    queryFn: () => unwrap(api.GET('/v1/intakes/preview', { params: { query } })),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const subject = values.subject.trim() || preview.data?.subject;
  const to = values.clientEmail.trim()
    ? values.clientName.trim()
      ? `${values.clientName.trim()} <${values.clientEmail.trim()}>`
      : values.clientEmail.trim()
    : '—';
  return (
    <Stack gap="sm" component="section" aria-labelledby="new-intake-email">
      <Title order={2} size="h3" id="new-intake-email">
        {text('new_intake.section_email')}
      </Title>
      <TextInput
        label={text('new_intake.subject')}
        description={text('new_intake.subject_hint')}
        value={values.subject}
        error={show(problems['email_copy.subject'])}
        onChange={(event) => change({ subject: event.currentTarget.value })}
      />
      <Textarea
        label={text('new_intake.email_intro')}
        autosize
        minRows={2}
        value={values.intro}
        error={show(problems['email_copy.intro'])}
        onChange={(event) => change({ intro: event.currentTarget.value })}
      />
      <Paper
        withBorder
        p="md"
        radius="md"
        component="figure"
        m={0}
        aria-labelledby="new-intake-preview"
        aria-busy={preview.isFetching}
        data-preview
      >
        <Stack gap={6}>
          <Title order={3} size="h5" id="new-intake-preview">
            {text('new_intake.preview')}
          </Title>
          {preview.isError && <ErrorPanel error={preview.error} onRetry={() => void preview.refetch()} />}
          {preview.data && (
            <dl className="preview-fields">
              <dt>{text('new_intake.preview_from')}</dt>
              <dd data-preview-from>{preview.data.from_name}</dd>
              <dt>{text('new_intake.preview_to')}</dt>
              <dd>{to}</dd>
              <dt>{text('new_intake.preview_subject')}</dt>
              <dd data-preview-subject lang={preview.data.language}>
                {subject}
              </dd>
            </dl>
          )}
          {values.intro.trim() && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {values.intro.trim()}
            </Text>
          )}
          {preview.data?.using_fallback_sender_name && (
            <Alert color="gray" variant="light" p="xs">
              <Text size="xs">{text('new_intake.preview_fallback')}</Text>
            </Alert>
          )}
          {preview.isFetching && (
            <Text size="xs" c="dimmed">
              {text('new_intake.preview_updating')}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
