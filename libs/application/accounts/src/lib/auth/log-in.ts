import {
  LOGIN_ADDRESS,
  LOGIN_EMAIL_CEILING,
  LOGIN_PAIR,
  loginThrottleDecision,
  normalizeEmail,
} from '@intake/domain-accounts';
import { clientAddress, NO_FAILURES } from '@intake/domain-kernel';
import { DomainError } from '@intake/errors';
import { AuditRecorder, Clock, FailureCounter, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { wrongCredentials } from '../account-errors';
import { type AccountRecord, AccountStore, type UserRecord } from '../ports/account-store.port';
import { SessionStore } from '../ports/session-store.port';
import { burnPasswordCheck, randomSecret, tokenHash, verifyPassword } from '../secrets';

export const SESSION_LIFETIME_SECONDS = 14 * 24 * 3600;

/**
 * The keys of a log-in's failure tallies: the e-mail address only as a hash (never in clear in
 * Redis or a log), the client by clientAddress (an IPv6 client by its /64). A call without a
 * client address (none over HTTP) is counted as the client "unknown", with no address tally.
 */
export function loginKeys(email: string, ip: string | null): { pair: string; address?: string; email: string } {
  const hashed = tokenHash(normalizeEmail(email)).toString('base64url');
  const client = ip ? clientAddress(ip) : 'unknown';
  return {
    pair: `login:pair:${hashed}:${client}`,
    ...(ip ? { address: `login:address:${client}` } : {}),
    email: `login:email:${hashed}`,
  };
}

export interface LogInInput {
  email: string;
  password: string;
  meta: RequestMeta;
}

export interface LoggedIn {
  user: UserRecord;
  account: AccountRecord;
  sessionToken: string;
  csrfToken: string;
  expiresAt: Date;
}

/**
 * POST /v1/auth/login: a session for the right e-mail address and password; 401 otherwise, with
 * the same cost whether the address exists or not. Throttled without lock-out (ADR 0013;
 * docs/security.md, "Design notes: throttling without lock-out"): failures are tallied per
 * (e-mail, client address), per client address and per e-mail, and loginThrottleDecision says
 * whether an attempt may be made, before the password is looked at and alike for unknown e-mails
 * (429 login_throttled with Retry-After).
 * Someone failing from another address never stops the owner at theirs. A success clears the
 * (e-mail, client address) tally.
 */
export class LogIn {
  static readonly inject = [UnitOfWork, AccountStore, SessionStore, FailureCounter, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly sessions: SessionStore,
    private readonly failures: FailureCounter,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ email, password, meta }: LogInInput): Promise<LoggedIn> {
    const now = this.clock.now();
    const keys = loginKeys(email, meta.ip);
    const [pair, address, byEmail] = await Promise.all([
      this.failures.read(keys.pair),
      keys.address ? this.failures.read(keys.address) : undefined,
      this.failures.read(keys.email),
    ]);
    const decision = loginThrottleDecision({ pair, address: address ?? NO_FAILURES, email: byEmail }, now);
    if (!decision.allowed) {
      throw new DomainError(
        'rate_limited',
        `Too many failed log-in attempts; try again in ${decision.retryAfterSeconds} seconds.`,
        { reason: 'login_throttled', retryAfterSeconds: decision.retryAfterSeconds },
      );
    }

    const user = await this.accounts.findUserByEmail(normalizeEmail(email));
    const valid = user
      ? await verifyPassword(password, user.password_hash)
      : (await burnPasswordCheck(password), false);
    if (!user || !valid) {
      await Promise.all([
        this.failures.record(keys.pair, now, LOGIN_PAIR.forgetAfterSeconds),
        keys.address ? this.failures.record(keys.address, now, LOGIN_ADDRESS.forgetAfterSeconds) : null,
        this.failures.record(keys.email, now, LOGIN_EMAIL_CEILING.forgetAfterSeconds),
      ]);
      throw wrongCredentials();
    }
    await this.failures.clear(keys.pair);

    const account = await this.accounts.getAccount(user.account_id);
    if (!account) throw wrongCredentials();
    const sessionToken = randomSecret(32);
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
    await this.uow.run(async () => {
      await this.sessions.create({
        token_hash: tokenHash(sessionToken),
        user_id: user.id,
        account_id: account.id,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
      });
      await this.audit.record(account.id, { type: 'user', id: user.id, mode: null }, 'auth.logged_in', user.id, meta);
    });
    return { user, account, sessionToken, csrfToken: randomSecret(24), expiresAt };
  }
}
