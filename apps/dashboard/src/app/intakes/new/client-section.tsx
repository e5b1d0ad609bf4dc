import { ActionIcon, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { components } from '@intake/sdk-types';
import { useText } from '../../i18n/use-text';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { CLIENT_LANGUAGES, FORM_LIMITS, type FormProblems, type IntakeFormValues, type Recipient } from './intake-form';
import { type Problem } from './item-builder';

type Folder = components['schemas']['FolderView'];

interface Props {
  values: IntakeFormValues;
  change: (next: Partial<IntakeFormValues>) => void;
  problems: FormProblems;
  show: (problem: Problem | undefined) => string | undefined;
  folders: readonly Folder[];
}

let recipientCounter = 0;

/** The project's name, who the client is, who else hears of it, the due date and the folder. */
export function ClientSection({ values, change, problems, show, folders }: Props) {
  const text = useText();
  const input = (name: keyof IntakeFormValues) => ({
    value: values[name] as string,
    onChange: (event: { currentTarget: { value: string } }) => change({ [name]: event.currentTarget.value }),
  });
  const recipients = values.alsoNotify;
  const setRecipient = (index: number, next: Partial<Recipient>) =>
    change({ alsoNotify: recipients.map((recipient, at) => (at === index ? { ...recipient, ...next } : recipient)) });
  return (
    <Stack gap="sm" component="section" aria-labelledby="new-intake-client">
      <Title order={2} size="h3" id="new-intake-client">
        {text('new_intake.section_client')}
      </Title>
      <TextInput
        label={text('new_intake.project_name')}
        required
        error={show(problems.project_name)}
        {...input('projectName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={text('new_intake.client_email')}
          type="email"
          autoComplete="off"
          required
          error={show(problems['client.email'])}
          {...input('clientEmail')}
        />
        <TextInput
          label={text('new_intake.client_name')}
          autoComplete="off"
          required
          error={show(problems['client.name'])}
          {...input('clientName')}
        />
        <TextInput
          label={text('new_intake.client_phone')}
          description={text('new_intake.client_phone_hint')}
          type="tel"
          autoComplete="off"
          error={show(problems['client.phone'])}
          {...input('clientPhone')}
        />
        <NativeSelect
          label={text('new_intake.client_language')}
          data={[
            { value: '', label: text('new_intake.language_default') },
            ...CLIENT_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
          ]}
          error={show(problems['client.language'])}
          {...input('clientLanguage')}
        />
        <TextInput
          label={text('new_intake.client_timezone')}
          description={text('new_intake.client_timezone_hint')}
          placeholder="Europe/Prague"
          error={show(problems['client.timezone'])}
          {...input('clientTimezone')}
        />
        <TextInput
          label={text('new_intake.due_date')}
          type="date"
          error={show(problems.due_date)}
          {...input('dueDate')}
        />
        <NativeSelect
          label={text('new_intake.folder')}
          data={[
            { value: '', label: text('intakes.folder_none') },
            ...folders.map((folder) => ({ value: folder.id, label: folder.name })),
          ]}
          error={show(problems.folder_id)}
          {...input('folderId')}
        />
      </SimpleGrid>

      <Title order={3} size="h4">
        {text('new_intake.also_notify')}
      </Title>
      <Text size="sm" c="dimmed">
        {text('new_intake.also_notify_hint', { n: FORM_LIMITS.recipientsMax })}
      </Text>
      {show(problems['client.also_notify']) && (
        <Text size="sm" c="red.8" role="alert">
          {show(problems['client.also_notify'])}
        </Text>
      )}
      {recipients.map((recipient, index) => (
        <Group key={recipient.id} align="flex-start" gap="xs" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1 }}>
            <TextInput
              label={text('new_intake.recipient_email', { number: index + 1 })}
              type="email"
              autoComplete="off"
              value={recipient.email}
              error={show(problems[`client.also_notify.${index}.email`])}
              onChange={(event) => setRecipient(index, { email: event.currentTarget.value })}
            />
            <TextInput
              label={text('new_intake.recipient_name', { number: index + 1 })}
              autoComplete="off"
              value={recipient.name}
              error={show(problems[`client.also_notify.${index}.name`])}
              onChange={(event) => setRecipient(index, { name: event.currentTarget.value })}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={text('new_intake.recipient_remove', { number: index + 1 })}
            onClick={() => change({ alsoNotify: recipients.filter((_, at) => at !== index) })}
          >
            <span aria-hidden>✕</span>
          </ActionIcon>
        </Group>
      ))}
      <div>
        <Button
          variant="light"
          size="xs"
          disabled={recipients.length >= FORM_LIMITS.recipientsMax}
          onClick={() =>
            change({ alsoNotify: [...recipients, { id: `recipient-${++recipientCounter}`, email: '', name: '' }] })
          }
        >
          {text('new_intake.recipient_add')}
        </Button>
      </div>
    </Stack>
  );
}
