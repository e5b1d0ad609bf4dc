import { type FormEvent, useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { useText } from '../i18n/use-text';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import {
  emptyItem,
  FORM_ITEM_TYPES,
  type FormItemType,
  hasProblems,
  itemKey,
  type ItemValues,
  keyOf,
  LIMITS,
  needsOptions,
  problemsOfFailure,
  templateBodyOf,
  templateProblems,
  type TemplateProblems,
  type TemplateValues,
} from './template-form';

type Template = components['schemas']['TemplateView'];
const templatesKey = ['templates'] as const;

/** Saved intake templates: the list, and a form for a new one (the API lists and creates templates). */
export default function TemplatesPage() {
  const text = useText();
  useDocumentTitle(`${text('templates.title')} – ${text('app.name')}`);
  const templates = useQuery({ queryKey: templatesKey, queryFn: () => unwrap(api.GET('/v1/templates')) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Template | null>(null);

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" gap="sm">
        <Title order={1}>{text('templates.title')}</Title>
        {!creating && (
          <Button
            onClick={() => {
              setCreated(null);
              setCreating(true);
            }}
          >
            {text('templates.new')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {text('templates.intro')}
      </Text>
      {created && (
        <Alert color="teal" role="status" title={text('templates.created', { name: created.name })}>
          <Text size="sm">
            {text('templates.created_hint')} <Code>{created.slug}</Code>
          </Text>
        </Alert>
      )}
      {creating && (
        <TemplateForm
          onDone={(template) => {
            setCreating(false);
            setCreated(template);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {templates.isPending && <PageLoader />}
      {templates.isError && <ErrorPanel error={templates.error} onRetry={() => void templates.refetch()} />}
      {templates.data &&
        (templates.data.templates.length === 0 ? (
          <Paper withBorder p="lg">
            <Text>{text('templates.none_yet')}</Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" className="plain-list" aria-label={text('templates.list')}>
            {templates.data.templates.map((template) => (
              <TemplateRow key={template.id} template={template} />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}

function TemplateRow({ template }: { template: Template }) {
  const text = useText();
  return (
    <Paper component="li" withBorder p="md" radius="md" data-template-slug={template.slug}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{template.name}</Text>
          <Text size="xs" c="dimmed">
            {text('templates.created_on', { date: text.date(template.created_at) })}
          </Text>
        </Group>
        <Text size="sm">
          {text('templates.slug')} <Code>{template.slug}</Code>
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {text('templates.item_count', { n: template.items.length })}
          {': '}
          {template.items.map((item) => item.label).join(', ')}
        </Text>
      </Stack>
    </Paper>
  );
}

function TemplateForm({ onDone, onCancel }: { onDone: (template: Template) => void; onCancel: () => void }) {
  const text = useText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TemplateValues>({ name: '', items: [emptyItem()] });
  const [problems, setProblems] = useState<TemplateProblems>({ items: [{}] });
  const create = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/templates', { body: templateBodyOf(values) })),
    onSuccess: ({ template }) => {
      void queryClient.invalidateQueries({ queryKey: templatesKey });
      onDone(template);
    },
    onError: (failure) => setProblems(problemsOfFailure(failure, values.items.length)),
  });
  const setItem = (index: number, change: Partial<ItemValues>) =>
    setValues((old) => ({
      ...old,
      items: old.items.map((item, at) => (at === index ? { ...item, ...change } : item)),
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = templateProblems(values);
    setProblems(found);
    if (!hasProblems(found)) create.mutate();
  };
  const apiExplained = create.isError && hasProblems(problemsOfFailure(create.error, values.items.length));
  const say = (key: TemplateProblems['name']) => (key ? text(key) : undefined);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="new-template">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="new-template">
            {text('templates.new')}
          </Title>
          <TextInput
            label={text('templates.name')}
            required
            value={values.name}
            maxLength={LIMITS.nameMax + 20}
            error={say(problems.name)}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setValues((old) => ({ ...old, name }));
            }}
          />
          {values.items.map((item, index) => (
            <Fieldset key={index} legend={text('templates.item_legend', { n: index + 1 })}>
              <Stack gap="sm">
                <TextInput
                  label={text('templates.item_label')}
                  required
                  value={item.label}
                  maxLength={LIMITS.labelMax + 20}
                  error={say(problems.items[index]?.label)}
                  onChange={(event) => setItem(index, { label: event.currentTarget.value })}
                />
                <NativeSelect
                  label={text('templates.item_type')}
                  value={item.type}
                  data={FORM_ITEM_TYPES.map((type) => ({ value: type, label: text(`templates.type_${type}`) }))}
                  onChange={(event) => setItem(index, { type: event.currentTarget.value as FormItemType })}
                />
                {needsOptions(item.type) && (
                  <Textarea
                    label={text('templates.item_options')}
                    description={text('templates.item_options_hint')}
                    autosize
                    minRows={3}
                    value={item.options}
                    error={say(problems.items[index]?.options)}
                    onChange={(event) => setItem(index, { options: event.currentTarget.value })}
                  />
                )}
                <Textarea
                  label={text('templates.item_help')}
                  autosize
                  minRows={1}
                  value={item.help}
                  error={say(problems.items[index]?.help)}
                  onChange={(event) => setItem(index, { help: event.currentTarget.value })}
                />
                <TextInput
                  label={text('templates.item_key')}
                  description={text('templates.item_key_hint', { key: itemKey(item) || '—' })}
                  placeholder={keyOf(item.label)}
                  value={item.key}
                  maxLength={64}
                  error={say(problems.items[index]?.key)}
                  onChange={(event) => setItem(index, { key: event.currentTarget.value })}
                />
                <Group justify="space-between" gap="sm">
                  <Switch
                    label={text('templates.item_required')}
                    checked={item.required}
                    onChange={(event) => setItem(index, { required: event.currentTarget.checked })}
                  />
                  {values.items.length > 1 && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={text('templates.remove_item_named', { n: index + 1 })}
                      onClick={() => {
                        setValues((old) => ({ ...old, items: old.items.filter((_, at) => at !== index) }));
                        setProblems((old) => ({ ...old, items: old.items.filter((_, at) => at !== index) }));
                      }}
                    >
                      {text('templates.remove_item')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Fieldset>
          ))}
          {problems.form && (
            <Text c="red.8" size="sm" role="alert">
              {text(problems.form)}
            </Text>
          )}
          <Group gap="sm">
            <Button
              variant="default"
              disabled={values.items.length >= LIMITS.items}
              onClick={() => {
                setValues((old) => ({ ...old, items: [...old.items, emptyItem()] }));
                setProblems((old) => ({ ...old, items: [...old.items, {}] }));
              }}
            >
              {text('templates.add_item')}
            </Button>
          </Group>
          {create.isError && !apiExplained && <ErrorPanel error={create.error} />}
          {create.isError && apiExplained && (
            <Text c="red.8" size="sm" role="alert">
              {text('templates.fix_fields')}
            </Text>
          )}
          <Group gap="sm">
            <Button type="submit" loading={create.isPending}>
              {text('templates.save')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {text('templates.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
