import { actorOf, type BrandingInput, parseBranding, type Principal } from '@intake/domain-accounts';
import { DomainError, validationFailed } from '@intake/errors';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { type AccountPatch, type AccountRecord, AccountStore } from '../ports/account-store.port';

export interface UpdateAccountInput {
  principal: Principal;
  /** The branding as the request gives it: checked and normalised here (422 naming the field). */
  patch: Omit<AccountPatch, 'branding'> & { branding?: BrandingInput | null };
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

  async execute({ principal, patch: request, meta }: UpdateAccountInput): Promise<AccountRecord> {
    const fields = Object.keys(request).filter((k) => request[k as keyof AccountPatch] !== undefined);
    if (fields.length === 0) {
      throw new DomainError('invalid_request', 'Give at least one field to change.', { reason: 'no_fields' });
    }
    const { branding, ...rest } = request;
    const patch: AccountPatch = { ...rest };
    if (branding !== undefined) {
      const parsed = branding === null ? { branding: null, details: undefined } : parseBranding(branding, 'branding');
      if (parsed.details) throw validationFailed(parsed.details);
      patch.branding = parsed.branding;
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
