import { type FormEvent, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../api/client';
import { useMe } from '../auth/session';
import { type MessageKey } from '../i18n/catalogues/en';
import { Pager } from '../ui/pager';
import { useText } from '../i18n/use-text';
import { abilitiesOf } from '../team/roles';
import { ConfirmAction } from '../ui/confirm-action';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { ShownOnce } from '../ui/shown-once';
import {
  canRetry,
  deliveryPage,
  deliveryPageCount,
  emptyWebhookForm,
  refusedFields,
  toggleEvent,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEvent,
  type WebhookFormat,
  type WebhookFormProblems,
  type WebhookFormValues,
  webhookFormProblems,
} from './webhook-form';

type Endpoint = components['schemas']['WebhookEndpointView'];
type Delivery = components['schemas']['DeliveryView'];

const WEBHOOKS = ['webhooks'];
const deliveriesKey = (endpointId: string) => ['webhook-deliveries', endpointId];

const EVENT_LABEL: Readonly<Record<WebhookEvent, MessageKey>> = {
  'item.submitted': 'webhooks.event_item_submitted',
  'intake.completed': 'webhooks.event_intake_completed',
  'client.viewed': 'webhooks.event_client_viewed',
  'chase.bounced': 'webhooks.event_chase_bounced',
  'intake.stalled': 'webhooks.event_intake_stalled',
  'intake.overdue': 'webhooks.event_intake_overdue',
  'intake.archived': 'webhooks.event_intake_archived',
};

const FORMAT_LABEL: Readonly<Record<WebhookFormat, MessageKey>> = {
  raw: 'webhooks.format_raw',
  slack: 'webhooks.format_slack',
  discord: 'webhooks.format_discord',
};

const DELIVERY_STATUS: Readonly<Record<Delivery['status'], [MessageKey, string]>> = {
  pending: ['webhooks.delivery_pending', 'blue'],
  delivered: ['webhooks.delivery_delivered', 'green'],
  failed: ['webhooks.delivery_failed', 'red'],
};

/**
 * The webhook endpoints (`/webhooks`): the list, registering one (its signing secret shown once),
 * deleting with confirmation, and each endpoint's deliveries with retry and a test event. Anyone
 * on the team reads; changing is the owner's (the API refuses a member's session).
 */
export default function WebhooksPage() {
  const text = useText();
  useDocumentTitle(`${text('webhooks.title')} – ${text('app.name')}`);
  const me = useMe();
  const { manageWebhooks } = abilitiesOf(me.data?.role);
  const webhooks = useQuery({ queryKey: WEBHOOKS, queryFn: () => unwrap(api.GET('/v1/webhooks')) });
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS });
    },
  });

  return (
    <Stack gap="md">
      <Title order={1}>{text('webhooks.title')}</Title>
      <Text size="sm" c="dimmed">
        {text('webhooks.intro')}
      </Text>
      {manageWebhooks ? (
        <NewEndpoint />
      ) : (
        me.data && (
          <Alert color="blue" role="status">
            {text('webhooks.read_only')}
          </Alert>
        )
      )}
      <Title order={2} size="h3">
        {text('webhooks.list_title')}
      </Title>
      {webhooks.isPending && <PageLoader />}
      {webhooks.isError && <ErrorPanel error={webhooks.error} onRetry={() => void webhooks.refetch()} />}
      {webhooks.data &&
        (webhooks.data.webhooks.length === 0 ? (
          <Paper withBorder p="lg">
            <Text>{text('webhooks.none_yet')}</Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" className="plain-list" aria-label={text('webhooks.list_title')}>
            {webhooks.data.webhooks.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                manage={manageWebhooks}
                onDelete={() => {
                  remove.reset();
                  setDeleting(endpoint);
                }}
              />
            ))}
          </Stack>
        ))}
      <ConfirmAction
        opened={deleting !== null}
        title={text('webhooks.delete_title')}
        confirmLabel={text('webhooks.delete_confirm')}
        cancelLabel={text('webhooks.cancel')}
        closeLabel={text('webhooks.close')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {deleting ? text('webhooks.delete_text', { url: deleting.url }) : ''}
      </ConfirmAction>
    </Stack>
  );
}

function EndpointCard({ endpoint, manage, onDelete }: { endpoint: Endpoint; manage: boolean; onDelete: () => void }) {
  const text = useText();
  const queryClient = useQueryClient();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const sendTest = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/webhooks/{id}/test', { params: { path: { id: endpoint.id } } })),
    onSuccess: async () => {
      setShowDeliveries(true);
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) });
    },
  });
  const deliveriesId = `deliveries-${endpoint.id}`;
  return (
    <Paper component="li" withBorder p="md" radius="md" data-endpoint-id={endpoint.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {endpoint.url}
          </Text>
          <Group gap="xs">
            <Badge c="dark.8" variant="outline" color={endpoint.mode === 'live' ? 'blue' : 'grape'}>
              {text(endpoint.mode === 'live' ? 'webhooks.mode_live' : 'webhooks.mode_test')}
            </Badge>
            <Badge c="dark.8" variant="light" color={endpoint.active ? 'green' : 'gray'}>
              {text(endpoint.active ? 'webhooks.active' : 'webhooks.inactive')}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">
          {text('webhooks.format')}: {text(FORMAT_LABEL[endpoint.format])}
        </Text>
        <Text size="sm">
          {text('webhooks.events')}: {endpoint.events.map((event) => text(EVENT_LABEL[event])).join(', ')}
        </Text>
        <Text size="sm" c="dimmed">
          {text('webhooks.created', { date: text.dateTime(endpoint.created_at) })}
        </Text>
        {!endpoint.active && (
          <Text size="sm" c="dimmed">
            {text('webhooks.inactive_hint')}
          </Text>
        )}
        {sendTest.isError && <ErrorPanel error={sendTest.error} />}
        {sendTest.isSuccess && (
          <Text size="sm" role="status">
            {text('webhooks.test_queued')}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            aria-expanded={showDeliveries}
            aria-controls={deliveriesId}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            {text(showDeliveries ? 'webhooks.hide_deliveries' : 'webhooks.show_deliveries')}
          </Button>
          {manage && endpoint.active && (
            <Button size="xs" variant="default" loading={sendTest.isPending} onClick={() => sendTest.mutate()}>
              {text('webhooks.send_test')}
            </Button>
          )}
          {manage && (
            <Button size="xs" color="red" onClick={onDelete}>
              {text('webhooks.delete')}
            </Button>
          )}
        </Group>
        <div id={deliveriesId}>{showDeliveries && <Deliveries endpoint={endpoint} manage={manage} />}</div>
      </Stack>
    </Paper>
  );
}

/** An endpoint's last 100 deliveries, newest first, ten a page; retry for those not delivered. */
function Deliveries({ endpoint, manage }: { endpoint: Endpoint; manage: boolean }) {
  const text = useText();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    queryKey: deliveriesKey(endpoint.id),
    queryFn: () => unwrap(api.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id: endpoint.id } } })),
  });
  const retry = useMutation({
    mutationFn: (deliveryId: string) =>
      unwrap(
        api.POST('/v1/webhooks/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { id: endpoint.id, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) }),
  });
  if (deliveries.isPending) return <PageLoader />;
  if (deliveries.isError) return <ErrorPanel error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  const all = deliveries.data.deliveries;
  const shown = deliveryPage(all, page);
  return (
    <Stack gap="xs" mt="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {text('webhooks.deliveries')}
        </Title>
        <Button size="xs" variant="default" loading={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
          {text('webhooks.refresh')}
        </Button>
      </Group>
      {retry.isError && <ErrorPanel error={retry.error} />}
      {all.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text('webhooks.no_deliveries')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" className="plain-list" aria-label={text('webhooks.deliveries')}>
          {shown.rows.map((delivery) => {
            const [statusKey, color] = DELIVERY_STATUS[delivery.status];
            return (
              <Paper component="li" key={delivery.id} withBorder p="xs" radius="sm" data-delivery-id={delivery.id}>
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {text(EVENT_LABEL[delivery.event])}
                    </Text>
                    <Badge c="dark.8" color={color} variant="light" data-status={delivery.status}>
                      {text(statusKey)}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    {text('webhooks.attempts', { attempts: delivery.attempts })} ·{' '}
                    {delivery.response_code !== null
                      ? text('webhooks.response_code', { code: delivery.response_code })
                      : text('webhooks.no_response')}
                  </Text>
                  {delivery.error && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {text('webhooks.delivery_error', { error: delivery.error })}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {text('webhooks.queued_at', { date: text.dateTime(delivery.created_at) })}
                    {delivery.delivered_at
                      ? ` · ${text('webhooks.delivered_at', { date: text.dateTime(delivery.delivered_at) })}`
                      : ''}
                    {delivery.next_retry_at
                      ? ` · ${text('webhooks.next_retry_at', { date: text.dateTime(delivery.next_retry_at) })}`
                      : ''}
                  </Text>
                  {manage && canRetry(delivery, endpoint) && (
                    <Group>
                      <Button
                        size="xs"
                        variant="default"
                        loading={retry.isPending && retry.variables === delivery.id}
                        onClick={() => retry.mutate(delivery.id)}
                      >
                        {text('webhooks.retry')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Pager
        label={text('webhooks.delivery_pages')}
        total={deliveryPageCount(all.length)}
        value={shown.page}
        onChange={setPage}
        size="sm"
      />
    </Stack>
  );
}

/** The form for a new endpoint, and its signing secret once registered (until dismissed). */
function NewEndpoint() {
  const text = useText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<WebhookFormValues>(emptyWebhookForm);
  const [problems, setProblems] = useState<WebhookFormProblems>({});
  const register = useMutation({
    mutationFn: (body: components['schemas']['RegisterWebhookRequest']) => unwrap(api.POST('/v1/webhooks', { body })),
    onSuccess: async () => {
      setValues(emptyWebhookForm());
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = webhookFormProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0)
      register.mutate({ url: values.url.trim(), events: [...values.events], format: values.format, mode: values.mode });
  };
  const refused = refusedFields(register.error);
  // The secret lives only in the mutation's result: reset() drops it for good.
  const created = register.data;
  if (created)
    return (
      <ShownOnce
        title={text('webhooks.created_title')}
        label={text('webhooks.secret_label', { url: created.url })}
        value={created.secret}
        texts={{
          warning: text('webhooks.shown_once_warning'),
          copy: text('webhooks.copy'),
          copied: text('webhooks.copied'),
          done: text('webhooks.shown_once_done'),
        }}
        onDismiss={() => register.reset()}
      />
    );
  const urlProblem = problems.url
    ? text(problems.url)
    : refused.includes('url')
      ? text('webhooks.url_refused')
      : undefined;
  const eventsProblem = problems.events
    ? text(problems.events)
    : refused.includes('events')
      ? text('webhooks.events_required')
      : undefined;
  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={submit} aria-labelledby="new-webhook-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="new-webhook-title">
            {text('webhooks.new_title')}
          </Title>
          {register.isError && <ErrorPanel error={register.error} />}
          <TextInput
            label={text('webhooks.url')}
            description={text('webhooks.url_hint')}
            type="url"
            required
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            value={values.url}
            error={urlProblem}
            onChange={(event) => {
              const url = event.currentTarget.value;
              setValues((previous) => ({ ...previous, url }));
            }}
          />
          <Stack
            gap={6}
            role="group"
            aria-labelledby="new-webhook-events"
            aria-describedby={eventsProblem ? 'new-webhook-events-error' : undefined}
          >
            <Text size="sm" fw={500} id="new-webhook-events">
              {text('webhooks.events')}
            </Text>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox
                key={event}
                label={text(EVENT_LABEL[event])}
                description={event}
                checked={values.events.includes(event)}
                onChange={(change) => {
                  const checked = change.currentTarget.checked;
                  setValues((previous) => ({ ...previous, events: toggleEvent(previous.events, event, checked) }));
                }}
              />
            ))}
            {eventsProblem && (
              <Text size="sm" c="var(--mantine-color-error)" id="new-webhook-events-error">
                {eventsProblem}
              </Text>
            )}
          </Stack>
          <NativeSelect
            label={text('webhooks.format')}
            value={values.format}
            data={WEBHOOK_FORMATS.map((format) => ({ value: format, label: text(FORMAT_LABEL[format]) }))}
            onChange={(event) => {
              const format = WEBHOOK_FORMATS.find((each) => each === event.currentTarget.value) ?? 'raw';
              setValues((previous) => ({ ...previous, format }));
            }}
          />
          <Radio.Group
            label={text('webhooks.mode')}
            value={values.mode}
            onChange={(mode) => setValues((previous) => ({ ...previous, mode: mode === 'test' ? 'test' : 'live' }))}
          >
            <Stack gap={6} mt={4}>
              <Radio value="live" label={text('webhooks.mode_live')} description={text('webhooks.mode_live_hint')} />
              <Radio value="test" label={text('webhooks.mode_test')} description={text('webhooks.mode_test_hint')} />
            </Stack>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={register.isPending}>
              {text('webhooks.register')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
