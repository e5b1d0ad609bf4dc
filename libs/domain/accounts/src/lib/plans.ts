/**
 * The plans (docs/contract.md "Limits"; the quotas are ours: docs/contexts/accounts.md,
 * "Accounts and access").
 */
export const PLAN_IDS = ['free', 'solo', 'studio', 'agency'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Requests per clock hour, shared by every key and session of the account. */
  requests_per_hour: number;
  /** How often a poller should check an intake's status at most. */
  recommended_poll_interval_seconds: number;
  features: { revisions: boolean; sms: boolean };
  quotas: { intakes_per_month: number; storage_bytes: number; sms_per_month: number };
}

const GiB = 1024 ** 3;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    requests_per_hour: 60,
    recommended_poll_interval_seconds: 300,
    features: { revisions: false, sms: false },
    quotas: { intakes_per_month: 10, storage_bytes: 1 * GiB, sms_per_month: 0 },
  },
  solo: {
    id: 'solo',
    name: 'Solo',
    requests_per_hour: 600,
    recommended_poll_interval_seconds: 30,
    features: { revisions: true, sms: true },
    quotas: { intakes_per_month: 100, storage_bytes: 25 * GiB, sms_per_month: 100 },
  },
  studio: {
    id: 'studio',
    name: 'Studio',
    requests_per_hour: 1_500,
    recommended_poll_interval_seconds: 15,
    features: { revisions: true, sms: true },
    quotas: { intakes_per_month: 500, storage_bytes: 100 * GiB, sms_per_month: 500 },
  },
  agency: {
    id: 'agency',
    name: 'Agency',
    requests_per_hour: 3_000,
    recommended_poll_interval_seconds: 12,
    features: { revisions: true, sms: true },
    quotas: { intakes_per_month: 2_000, storage_bytes: 500 * GiB, sms_per_month: 2_000 },
  },
};

export function planOf(id: string): Plan {
  const plan = (PLANS as Record<string, Plan | undefined>)[id];
  if (!plan) throw new RangeError(`unknown plan ${id}`);
  return plan;
}
