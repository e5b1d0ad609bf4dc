import { useState } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { useMe } from '../auth/session';
import { type MessageKey } from '../i18n/catalogues/en';
import { useText } from '../i18n/use-text';
import { accountQuery } from '../settings/account-query';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import {
  billingProblemKey,
  checkoutReturnOf,
  formatBytes,
  formatCount,
  formatPrice,
  meterColor,
  percentOf,
  type PricedPlan,
  type SmsPack,
  smsPacksOf,
  upgradesFrom,
} from './usage';

/** The plan, this month's usage against its quotas, and the payment provider's checkout and portal. */
export default function BillingPage() {
  const text = useText();
  useDocumentTitle(`${text('usage.title')} – ${text('app.name')}`);
  const [params, setParams] = useSearchParams();
  const checkout = checkoutReturnOf(params);
  const account = useQuery(accountQuery);
  const usage = useQuery({ queryKey: ['usage'], queryFn: () => unwrap(api.GET('/v1/usage')) });
  const pricing = useQuery({
    queryKey: ['pricing'],
    queryFn: () => unwrap(api.GET('/pricing.json')),
    staleTime: 60 * 60_000,
  });

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{text('usage.title')}</Title>
      {checkout && (
        <Alert
          color={checkout === 'success' ? 'teal' : 'gray'}
          role="status"
          title={text(checkout === 'success' ? 'usage.checkout_success_title' : 'usage.checkout_cancelled_title')}
          withCloseButton={false}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">
              {text(checkout === 'success' ? 'usage.checkout_success' : 'usage.checkout_cancelled')}
            </Text>
            <CloseButton
              aria-label={text('usage.dismiss')}
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            />
          </Group>
        </Alert>
      )}

      {(account.isPending || usage.isPending) && <PageLoader />}
      {account.isError && <ErrorPanel error={account.error} onRetry={() => void account.refetch()} />}
      {usage.isError && <ErrorPanel error={usage.error} onRetry={() => void usage.refetch()} />}

      {account.data && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-heading">
          <Stack gap={4}>
            <Title order={2} size="h3" id="plan-heading">
              {text('usage.plan', { plan: account.data.plan.name })}
            </Title>
            <Text size="sm" c="dimmed">
              {text('usage.requests_per_hour', { n: account.data.plan.requests_per_hour })}
            </Text>
            <Text size="sm" c="dimmed">
              {text(account.data.plan.features.revisions ? 'usage.revisions_yes' : 'usage.revisions_no')}
              {' · '}
              {text(account.data.plan.features.sms ? 'usage.sms_yes' : 'usage.sms_no')}
            </Text>
          </Stack>
        </Paper>
      )}

      {usage.data && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="usage-heading">
          <Stack gap="md">
            <Title order={2} size="h3" id="usage-heading">
              {text('usage.this_period', { period: usage.data.period })}
            </Title>
            <Meter
              label={text('usage.intakes')}
              used={usage.data.intakes.used}
              limit={usage.data.intakes.limit}
              format={(n) => formatCount(n, text.language)}
            />
            <Meter
              label={text('usage.storage')}
              used={usage.data.storage_bytes.used}
              limit={usage.data.storage_bytes.limit}
              format={(n) => formatBytes(n, text.language)}
            />
            <Meter
              label={text('usage.sms')}
              used={usage.data.sms_messages.used}
              limit={usage.data.sms_messages.limit}
              format={(n) => formatCount(n, text.language)}
            />
            <Text size="sm" c="dimmed">
              {text('usage.sms_credits', { n: usage.data.sms_credits.balance })}
            </Text>
          </Stack>
        </Paper>
      )}

      {account.data && (
        <Billing
          current={account.data.plan.id}
          plans={pricing.data?.plans ?? []}
          smsPacks={smsPacksOf(pricing.data?.sms_credit_packs ?? [], account.data.plan.features.sms)}
          pricingError={pricing.error}
        />
      )}
    </Stack>
  );
}

function Meter({
  label,
  used,
  limit,
  format,
}: {
  label: string;
  used: number;
  limit: number;
  format: (n: number) => string;
}) {
  const text = useText();
  const percent = percentOf(used, limit);
  const amount = text('usage.used_of', { used: format(used), limit: format(limit) });
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm">{amount}</Text>
      </Group>
      <Progress value={percent} color={meterColor(used, limit)} size="lg" aria-label={label} />
    </Stack>
  );
}

function Billing({
  current,
  plans,
  smsPacks,
  pricingError,
}: {
  current: string;
  plans: readonly PricedPlan[];
  smsPacks: readonly SmsPack[];
  pricingError: unknown;
}) {
  const text = useText();
  const me = useMe();
  const owner = me.data?.role === 'owner';
  // Both answer the payment provider's hosted page: the owner goes there (and comes back to /billing).
  const go = ({ url }: { url: string }) => window.location.assign(url);
  const upgrade = useMutation({
    mutationFn: (plan: 'solo' | 'studio' | 'agency') => unwrap(api.POST('/v1/billing/checkout', { body: { plan } })),
    onSuccess: go,
  });
  const portal = useMutation({ mutationFn: () => unwrap(api.POST('/v1/billing/portal')), onSuccess: go });
  const credits = useMutation({
    mutationFn: (pack: SmsPack) => unwrap(api.POST('/v1/billing/checkout', { body: { sms_credits: pack } })),
    onSuccess: go,
  });
  const [pack, setPack] = useState<SmsPack | undefined>(undefined);
  const chosenPack = pack ?? smsPacks[0];
  const failure = upgrade.error ?? portal.error ?? credits.error;
  const resetAll = () => {
    upgrade.reset();
    portal.reset();
    credits.reset();
  };
  const upgrades = upgradesFrom(current, plans);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="billing-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="billing-heading">
          {text('usage.billing')}
        </Title>
        {!owner && <Text size="sm">{text('usage.owner_only')}</Text>}
        {Boolean(pricingError) && <ErrorPanel error={pricingError} />}
        {upgrades.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: Math.min(upgrades.length, 3) }} spacing="sm">
            {upgrades.map((plan) => (
              <Paper key={plan.id} withBorder p="sm" radius="md" data-plan={plan.id}>
                <Stack gap={6}>
                  <Text fw={700}>{plan.name}</Text>
                  <Text size="sm">
                    {text('usage.per_month', {
                      price: formatPrice(plan.monthly_price.amount, plan.monthly_price.currency, text.language),
                    })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {text('usage.plan_quotas', {
                      intakes: formatCount(plan.quotas.intakes_per_month, text.language),
                      storage: formatBytes(plan.quotas.storage_bytes, text.language),
                    })}
                  </Text>
                  <Button
                    disabled={!owner}
                    loading={upgrade.isPending && upgrade.variables === plan.id}
                    onClick={() => {
                      resetAll();
                      upgrade.mutate(plan.id as 'solo' | 'studio' | 'agency');
                    }}
                  >
                    {text('usage.upgrade', { plan: plan.name })}
                  </Button>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            disabled={!owner}
            loading={portal.isPending}
            onClick={() => {
              resetAll();
              portal.mutate();
            }}
          >
            {text('usage.manage')}
          </Button>
          <Text size="sm" c="dimmed">
            {text('usage.manage_hint')}
          </Text>
        </Group>
        {chosenPack !== undefined && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={text('usage.sms_pack')}
              description={text('usage.sms_pack_hint')}
              value={String(chosenPack)}
              data={smsPacks.map((n) => ({ value: String(n), label: text('usage.sms_pack_option', { n }) }))}
              onChange={(event) => setPack(smsPacks.find((n) => String(n) === event.currentTarget.value))}
            />
            <Button
              variant="light"
              disabled={!owner}
              loading={credits.isPending}
              onClick={() => {
                resetAll();
                credits.mutate(chosenPack);
              }}
            >
              {text('usage.buy_sms')}
            </Button>
          </Group>
        )}
        {Boolean(failure) && <BillingProblem failure={failure} />}
      </Stack>
    </Paper>
  );
}

function BillingProblem({ failure }: { failure: unknown }) {
  const text = useText();
  const key: MessageKey = billingProblemKey(failure);
  return (
    <Alert color="red" role="alert" title={text('usage.billing_failed')}>
      <Text size="sm">{text(key)}</Text>
    </Alert>
  );
}
