import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@intake/sdk-types';
import { api, unwrap } from '../../api/client';
import { errorMessageKey, supportReference } from '../../api/error-message';
import { type MessageKey } from '../../i18n/catalogues/en';
import { useText } from '../../i18n/use-text';
import { RefusedForNow, unwrapWithRetryAfter } from './refusal';
import { browserTimeZone, retryMoment, zonedTime } from './timeline';

type Intake = components['schemas']['IntakeView'];
type Channel = 'email' | 'sms';

/** Manual chases allowed per intake, and per account, in a clock hour (the API enforces them). */
export const MANUAL_CHASES_PER_INTAKE = 1;
export const MANUAL_CHASES_PER_ACCOUNT = 20;

/** Why an intake cannot be chased by hand in its status. */
const BLOCKED: Partial<Record<Intake['status'], MessageKey>> = {
  draft: 'chasing.chase_now.blocked_draft',
  completed: 'chasing.chase_now.blocked_completed',
  archived: 'chasing.chase_now.blocked_archived',
};

/**
 * "Chase now": one extra reminder at once, by e-mail (or SMS when the plan has it and the client a
 * phone number), with the hourly limits said before the owner tries, and a refusal said as a
 * sentence with the time it may be tried again.
 */
export function ChaseNow({ intake }: { intake: Intake }) {
  const text = useText();
  const queryClient = useQueryClient();
  const id = intake.intake_id;
  const account = useQuery({
    queryKey: ['account'],
    queryFn: () => unwrap(api.GET('/v1/account')),
    staleTime: 5 * 60_000,
  });
  const chase = useMutation({
    mutationFn: (channel: Channel) =>
      unwrapWithRetryAfter(api.POST('/v1/intakes/{id}/chase', { params: { path: { id } }, body: { channel } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['intake', id] }),
  });
  const sms = Boolean(account.data?.plan.features.sms && intake.client.phone);
  const blockedKey = BLOCKED[intake.status];
  const blocked = blockedKey ? text(blockedKey) : undefined;

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" id="chase-now-limits">
        {text('chasing.chase_now.limits', { intake: MANUAL_CHASES_PER_INTAKE, account: MANUAL_CHASES_PER_ACCOUNT })}
        {intake.mode === 'test' ? ` ${text('chasing.chase_now.test_mode')}` : ''}
      </Text>
      {blocked && <Text size="sm">{blocked}</Text>}
      <Group gap="xs" wrap="wrap">
        <Button
          disabled={Boolean(blocked)}
          loading={chase.isPending && chase.variables === 'email'}
          aria-describedby="chase-now-limits"
          onClick={() => chase.mutate('email')}
        >
          {text(sms ? 'chasing.chase_now.email' : 'chasing.chase_now.button')}
        </Button>
        {sms && (
          <Button
            variant="light"
            disabled={Boolean(blocked)}
            loading={chase.isPending && chase.variables === 'sms'}
            aria-describedby="chase-now-limits"
            onClick={() => chase.mutate('sms')}
          >
            {text('chasing.chase_now.sms')}
          </Button>
        )}
      </Group>
      {/* An answer no longer applies once the intake cannot be chased (archived meanwhile). */}
      {!blocked && chase.isSuccess && (
        <Alert color="green" role="status">
          {text(chase.data.status === 'skipped' ? 'chasing.chase_now.recorded' : 'chasing.chase_now.queued')}
        </Alert>
      )}
      {!blocked && chase.isError && <ChaseRefusal error={chase.error} />}
    </Stack>
  );
}

/** The refusal as a sentence; for a rate limit also when it may be tried again, in the owner's time. */
function ChaseRefusal({ error }: { error: unknown }) {
  const text = useText();
  const reference = supportReference(error);
  const wait =
    error instanceof RefusedForNow && error.retryAfterSeconds !== undefined
      ? retryMoment(new Date(), error.retryAfterSeconds)
      : undefined;
  return (
    <Alert color="red" title={text('chasing.chase_now.refused')} role="alert">
      <Stack gap={4}>
        <Text size="sm">{text(errorMessageKey(error))}</Text>
        {wait && (
          <Text size="sm">
            {text('chasing.chase_now.retry_at', {
              time: zonedTime(wait.at, browserTimeZone(), text.language).time,
              n: wait.minutes,
            })}
          </Text>
        )}
        {reference && (
          <Text size="xs" c="dimmed">
            {text('error.reference', { id: reference })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
