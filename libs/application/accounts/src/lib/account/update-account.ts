import { actorOf, type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { type AccountPatch, type AccountRecord, AccountStore } from '../ports';

export interface UpdateAccountInput {
  principal: Principal;
  patch: AccountPatch;
  meta: RequestMeta;
}

/** PATCH /v1/account (owner or admin key, checked at the edge): at least one field (400 no_fields). */
export class UpdateAccount {
  static readonly inject = [UnitOfWork, AccountStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, patch, meta }: UpdateAccountInput): Promise<AccountRecord> {
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
}
