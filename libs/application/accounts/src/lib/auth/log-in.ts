import { normalizeEmail } from '@intake/domain-accounts';
import { fixedWindow } from '@intake/domain-kernel';
import { DomainError } from '@intake/errors';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork, WindowCounter } from '@intake/kernel';
import { wrongCredentials } from '../account-errors';
import { type AccountRecord, AccountStore, SessionStore, type UserRecord } from '../ports';
import { burnPasswordCheck, randomSecret, tokenHash, verifyPassword } from '../secrets';

export const SESSION_LIFETIME_SECONDS = 14 * 24 * 3600;
/** Log-in throttling: failed attempts allowed per window, per e-mail address and per client IP. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_EMAIL = 5;
export const LOGIN_FAILURES_PER_IP = 30;

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
 * the same cost whether the address exists or not. Failures are counted per address and per
 * client IP in 15-minute windows (429 login_throttled beyond 5 and 30); a success clears the
 * address's count.
 */
export class LogIn {
  static readonly inject = [UnitOfWork, AccountStore, SessionStore, WindowCounter, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly sessions: SessionStore,
    private readonly counters: WindowCounter,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ email, password, meta }: LogInInput): Promise<LoggedIn> {
    const now = this.clock.now();
    const window = fixedWindow(now, LOGIN_WINDOW_SECONDS);
    const emailKey = `login:email:${normalizeEmail(email)}`;
    const ipKey = meta.ip ? `login:ip:${meta.ip}` : undefined;
    const [byEmail, byIp] = await Promise.all([
      this.counters.read(emailKey, window),
      ipKey ? this.counters.read(ipKey, window) : Promise.resolve(0),
    ]);
    if (byEmail >= LOGIN_FAILURES_PER_EMAIL || byIp >= LOGIN_FAILURES_PER_IP) {
      throw new DomainError(
        'rate_limited',
        `Too many failed log-in attempts; try again in ${window.secondsLeft} seconds.`,
        { reason: 'login_throttled', retryAfterSeconds: window.secondsLeft },
      );
    }

    const user = await this.accounts.findUserByEmail(normalizeEmail(email));
    const valid = user
      ? await verifyPassword(password, user.password_hash)
      : (await burnPasswordCheck(password), false);
    if (!user || !valid) {
      await Promise.all([
        this.counters.increment(emailKey, window),
        ipKey ? this.counters.increment(ipKey, window) : null,
      ]);
      throw wrongCredentials();
    }
    await this.counters.reset(emailKey, window);

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
