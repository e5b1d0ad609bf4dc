import { actorOf, type Principal } from '@intake/domain-accounts';
import { DomainError, notFound } from '@intake/errors';
import { AuditRecorder, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { AccountStore } from '../ports/account-store.port';

export interface RemoveMemberInput {
  principal: Principal;
  userId: string;
  meta: RequestMeta;
}

/** DELETE /v1/team/members/:userId (owner only): their sessions end with them; the owner cannot go. */
export class RemoveMember {
  static readonly inject = [UnitOfWork, AccountStore, AuditRecorder] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly audit: AuditRecorder,
  ) {}

  async execute({ principal, userId, meta }: RemoveMemberInput): Promise<void> {
    await this.uow.run(async () => {
      const user = await this.accounts.getUser(principal.accountId, userId);
      if (!user) throw notFound('Team member');
      if (user.role === 'owner') {
        throw new DomainError('invalid_request', 'The account owner cannot be removed.', {
          reason: 'cannot_remove_owner',
        });
      }
      await this.accounts.deleteUser(principal.accountId, userId);
      await this.audit.record(principal.accountId, actorOf(principal), 'team.member_removed', userId, meta, {
        email: user.email,
      });
    });
  }
}
