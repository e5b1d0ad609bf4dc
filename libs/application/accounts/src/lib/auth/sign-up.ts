import { normalizeEmail } from '@intake/domain-accounts';
import { newId } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { emailTaken } from '../account-errors';
import {
  type AccountRecord,
  AccountStore,
  DEFAULT_NOTIFICATION_SETTINGS,
  type UserRecord,
} from '../ports/account-store.port';
import { hashPassword } from '../secrets';

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  account_name: string;
  meta: RequestMeta;
}

/** POST /v1/auth/signup: a new account on the free plan, owned by the new user; 409 email_taken. */
export class SignUp {
  static readonly inject = [UnitOfWork, AccountStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ meta, ...input }: SignUpInput): Promise<{ user: UserRecord; account: AccountRecord }> {
    const now = this.clock.now();
    const account: AccountRecord = {
      id: newId('account'),
      name: input.account_name.trim(),
      plan: 'free',
      default_language: 'en',
      default_timezone: 'Europe/Prague',
      sender_name: null,
      branding: null,
      ...DEFAULT_NOTIFICATION_SETTINGS,
      storage_bytes_used: 0,
      created_at: now,
      updated_at: now,
    };
    const user: UserRecord = {
      id: newId('user'),
      account_id: account.id,
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      role: 'owner',
      password_hash: await hashPassword(input.password),
      created_at: now,
    };
    await this.uow.run(async () => {
      await this.accounts.createAccount(account);
      if (!(await this.accounts.createUser(user))) throw emailTaken();
      const actor = { type: 'user' as const, id: user.id, mode: null };
      await this.audit.record(account.id, actor, 'account.created', account.id, meta, { account_name: account.name });
    });
    return { user, account };
  }
}
