import { type Clock, type UnitOfWork, type WindowCounter, type AuditRecorder, type RequestMeta } from '@intake/kernel';
import { actorOf, normalizeEmail, parseApiKey, type Plan, planOf, type Principal } from '@intake/domain-accounts';
import { fixedWindow } from '@intake/domain-kernel';
import { DomainError } from '@intake/errors';
import { newId } from '@intake/ids';
import { type AccountRecord, type AccountStore, type ApiKeyStore, type SessionStore, type UserRecord } from './ports';
import { burnPasswordCheck, hashPassword, randomSecret, tokenHash, verifyPassword } from './secrets';

export const SESSION_LIFETIME_SECONDS = 14 * 24 * 3600;
/** How often an API key's last_used_at is written at most. */
export const KEY_TOUCH_EVERY_MS = 60_000;
/** Log-in throttling: failed attempts allowed per window, per e-mail address and per client IP. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_EMAIL = 5;
export const LOGIN_FAILURES_PER_IP = 30;

export interface SignUp {
  email: string;
  password: string;
  name: string;
  account_name: string;
}

/** A caller, and the plan of its account (for the hourly limit). */
export interface Authenticated {
  principal: Principal;
  plan: Plan;
}

export interface LoggedIn {
  user: UserRecord;
  account: AccountRecord;
  sessionToken: string;
  csrfToken: string;
  expiresAt: Date;
}

export class AuthService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountStore,
    private readonly sessions: SessionStore,
    private readonly keys: ApiKeyStore,
    private readonly counters: WindowCounter,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async signUp(command: SignUp, meta: RequestMeta): Promise<{ user: UserRecord; account: AccountRecord }> {
    const now = this.clock.now();
    const account: AccountRecord = {
      id: newId('account'),
      name: command.account_name.trim(),
      plan: 'free',
      default_language: 'en',
      default_timezone: 'Europe/Prague',
      sender_name: null,
      storage_bytes_used: 0,
      created_at: now,
      updated_at: now,
    };
    const user: UserRecord = {
      id: newId('user'),
      account_id: account.id,
      email: normalizeEmail(command.email),
      name: command.name.trim(),
      role: 'owner',
      password_hash: await hashPassword(command.password),
      created_at: now,
    };
    await this.uow.run(async () => {
      await this.accounts.createAccount(account);
      if (!(await this.accounts.createUser(user))) throw emailTaken();
      await this.audit.record(
        account.id,
        { type: 'user', id: user.id, mode: null },
        'account.created',
        account.id,
        meta,
        {
          account_name: account.name,
        },
      );
    });
    return { user, account };
  }

  async logIn(email: string, password: string, meta: RequestMeta): Promise<LoggedIn> {
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
      throw new DomainError('unauthorized', 'The e-mail address or password is wrong.');
    }
    await this.counters.reset(emailKey, window);

    const account = await this.accounts.getAccount(user.account_id);
    if (!account) throw new DomainError('unauthorized', 'The e-mail address or password is wrong.');
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

  async logOut(principal: Principal & { kind: 'session' }, sessionToken: string, meta: RequestMeta): Promise<void> {
    await this.uow.run(async () => {
      await this.sessions.revoke(tokenHash(sessionToken), this.clock.now());
      await this.audit.record(principal.accountId, actorOf(principal), 'auth.logged_out', principal.userId, meta);
    });
  }

  /** The principal behind a session cookie and its plan, or undefined (missing, revoked, expired, unknown). */
  async authenticateSession(sessionToken: string): Promise<Authenticated | undefined> {
    const found = await this.sessions.findActive(tokenHash(sessionToken), this.clock.now());
    if (!found) return undefined;
    return {
      plan: planOf(found.plan),
      principal: {
        kind: 'session',
        accountId: found.user.account_id,
        userId: found.user.id,
        role: found.user.role,
        sessionId: found.session.token_hash.toString('hex').slice(0, 16),
      },
    };
  }

  /** The principal behind a bearer API key and its plan, or undefined (malformed, unknown, revoked). */
  async authenticateApiKey(raw: string): Promise<Authenticated | undefined> {
    if (!parseApiKey(raw)) return undefined;
    const key = await this.keys.findByTokenHash(tokenHash(raw));
    if (!key || key.revoked_at) return undefined;
    // last_used_at moves at most once a minute: decided here from the row already read, so the
    // usual request makes no write (and no extra round trip) at all.
    const now = this.clock.now();
    if (!key.last_used_at || now.getTime() - new Date(key.last_used_at).getTime() >= KEY_TOUCH_EVERY_MS) {
      await this.keys.touch(key.id, now);
    }
    return {
      plan: planOf(key.plan),
      principal: { kind: 'api_key', accountId: key.account_id, keyId: key.id, mode: key.mode, scopes: key.scopes },
    };
  }
}

export const emailTaken = () =>
  new DomainError('conflict', 'An account with this e-mail address already exists.', {
    reason: 'email_taken',
    details: [{ path: 'email', message: 'is already registered' }],
  });
