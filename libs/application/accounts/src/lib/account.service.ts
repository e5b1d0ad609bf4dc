import {
  type Clock,
  type AuditEntry,
  type AuditFilter,
  type AuditLog,
  type UnitOfWork,
  type WindowCounter,
  type AuditRecorder,
  type RequestMeta,
} from '@intake/kernel';
import { actorOf, type Plan, planOf, type Principal } from '@intake/domain-accounts';
import { clockHour, usagePeriod } from '@intake/domain-kernel';
import { DomainError, notFound } from '@intake/errors';
import { type AccountPatch, type AccountRecord, type AccountStore, type UsageStore } from './ports';

export interface Usage {
  period: string;
  intakes: { used: number; limit: number };
  storage_bytes: { used: number; limit: number };
  sms_messages: { used: number; limit: number };
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (the top of the hour). */
  resetSeconds: number;
  resetAt: Date;
  allowed: boolean;
}

export class AccountService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly usage: UsageStore,
    private readonly auditLog: AuditLog,
    private readonly audit: AuditRecorder,
    private readonly counters: WindowCounter,
    private readonly clock: Clock,
  ) {}

  async get(accountId: string): Promise<{ account: AccountRecord; plan: Plan }> {
    const account = await this.accounts.getAccount(accountId);
    if (!account) throw notFound('Account');
    return { account, plan: planOf(account.plan) };
  }

  async update(principal: Principal, patch: AccountPatch, meta: RequestMeta): Promise<AccountRecord> {
    const fields = Object.keys(patch).filter((k) => patch[k as keyof AccountPatch] !== undefined);
    if (fields.length === 0) {
      throw new DomainError('invalid_request', 'Give at least one field to change.', { reason: 'no_fields' });
    }
    return this.uow.run(async () => {
      const account = await this.accounts.updateAccount(principal.accountId, patch, this.clock.now());
      await this.audit.record(principal.accountId, actorOf(principal), 'account.updated', principal.accountId, meta, {
        fields: fields.sort(),
      });
      return account;
    });
  }

  async usageOf(accountId: string): Promise<Usage> {
    const { account, plan } = await this.get(accountId);
    const period = usagePeriod(this.clock.now());
    const used = await this.usage.get(accountId, period);
    return {
      period,
      intakes: { used: used.intakes_created, limit: plan.quotas.intakes_per_month },
      storage_bytes: { used: account.storage_bytes_used, limit: plan.quotas.storage_bytes },
      sms_messages: { used: used.sms_sent, limit: plan.quotas.sms_per_month },
    };
  }

  listAudit(
    accountId: string,
    filter: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ entries: AuditEntry[]; total: number }> {
    return this.auditLog.list(accountId, filter, limit, offset);
  }

  /**
   * Counts one request against the account's hourly limit: a fixed clock-hour window, one counter
   * shared by every key and session of the account.
   */
  async consumeRequest(accountId: string, plan: Plan): Promise<RateLimitState> {
    const window = clockHour(this.clock.now());
    const count = await this.counters.increment(`requests:${accountId}`, window);
    return {
      limit: plan.requests_per_hour,
      remaining: Math.max(0, plan.requests_per_hour - count),
      resetSeconds: window.secondsLeft,
      resetAt: window.endsAt,
      allowed: count <= plan.requests_per_hour,
    };
  }
}
