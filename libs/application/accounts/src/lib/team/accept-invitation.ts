import { DomainError } from '@intake/errors';
import { newId } from '@intake/ids';
import { INVITATION_TOKENS } from '@intake/domain-accounts';
import { AuditRecorder, Clock, FailureCounter, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { emailTaken } from '../account-errors';
import { type AccountRecord, AccountStore, type UserRecord } from '../ports/account-store.port';
import { hashPassword, tokenHash } from '../secrets';
import { AddressThrottle } from '../throttling/address-throttle';

export interface AcceptInvitationInput {
  token: string;
  password: string;
  name: string;
  meta: RequestMeta;
}

const invalid = () =>
  new DomainError('invalid_request', 'This invitation is unknown, used or expired.', { reason: 'invitation_invalid' });

const throttled = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', `Too many invalid invitation links; try again in ${retryAfterSeconds} seconds.`, {
    reason: 'invitation_throttled',
    retryAfterSeconds,
  });

/**
 * POST /v1/auth/accept-invitation: a member of the inviting account; each invitation works once.
 * Unknown, used or expired tokens are counted per client address (INVITATION_TOKENS), checked
 * before the token is looked up: 429 invitation_throttled.
 */
export class AcceptInvitation {
  static readonly inject = [UnitOfWork, AccountStore, AuditRecorder, Clock, FailureCounter] as const;
  private readonly guesses: AddressThrottle;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
    failures: FailureCounter,
  ) {
    this.guesses = new AddressThrottle(failures, 'invitation', INVITATION_TOKENS, throttled);
  }

  async execute({ meta, ...input }: AcceptInvitationInput): Promise<{ user: UserRecord; account: AccountRecord }> {
    const now = this.clock.now();
    await this.guesses.check(meta.ip, now);
    const invitation = await this.accounts.findInvitation(tokenHash(input.token));
    if (!invitation || invitation.accepted_at || invitation.expires_at <= now) {
      await this.guesses.record(meta.ip, now);
      throw invalid();
    }
    const user: UserRecord = {
      id: newId('user'),
      account_id: invitation.account_id,
      email: invitation.email,
      name: input.name.trim(),
      role: 'member',
      password_hash: await hashPassword(input.password),
      created_at: now,
    };
    const account = await this.uow.run(async () => {
      if (!(await this.accounts.acceptInvitation(invitation.id, now))) throw invalid();
      if (!(await this.accounts.createUser(user))) throw emailTaken();
      const actor = { type: 'user' as const, id: user.id, mode: null };
      await this.audit.record(invitation.account_id, actor, 'team.member_joined', user.id, meta, {
        invitation_id: invitation.id,
      });
      const found = await this.accounts.getAccount(invitation.account_id);
      if (!found) throw invalid();
      return found;
    });
    return { user, account };
  }
}
