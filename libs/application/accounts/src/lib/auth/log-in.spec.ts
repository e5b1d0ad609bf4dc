import { type UserRecord } from '../ports';
import { givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { burnPasswordCheck, tokenHash } from '../secrets';
import { AuthenticateSession } from './authenticate-session';
import {
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_IP,
  LogIn,
  type LogInInput,
  SESSION_LIFETIME_SECONDS,
} from './log-in';

// An unknown address pays for a dummy real-cost password check; here it is only counted.
jest.mock('../secrets', () => ({
  ...jest.requireActual<typeof import('../secrets')>('../secrets'),
  burnPasswordCheck: jest.fn(() => Promise.resolve()),
}));

const PASSWORD = 'correct horse battery';

describe('LogIn', () => {
  let context: InMemoryContext;
  let logIn: LogIn;
  let jana: UserRecord;

  const attempt = (overrides: Partial<LogInInput> = {}) =>
    logIn.execute({ email: 'jana@example.com', password: PASSWORD, meta: META, ...overrides });
  const fail = (times: number, overrides: Partial<LogInInput> = {}) =>
    Array.from({ length: times }).reduce<Promise<unknown>>(
      (previous) => previous.then(() => attempt({ password: 'wrong password', ...overrides }).catch(() => undefined)),
      Promise.resolve(),
    );
  const sessions = () => context.db.sessions.rows.length;

  beforeEach(async () => {
    jest.mocked(burnPasswordCheck).mockClear();
    context = new InMemoryContext();
    const given = await givenAccount(context);
    jana = (await givenUser(context, given.account.id, { email: 'jana@example.com', password: PASSWORD })).user;
    logIn = context.use(LogIn);
  });

  it('opens a 14-day session for the right address and password, and records auth.logged_in', async () => {
    const result = await attempt({ email: '  JANA@Example.com ' });
    const now = context.clock.now();
    expect(result.user).toEqual(jana);
    expect(result.account.id).toBe(jana.account_id);
    expect(result.expiresAt).toEqual(new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000));
    expect(SESSION_LIFETIME_SECONDS).toBe(14 * 24 * 3600);
    expect(result.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.csrfToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(context.db.sessions.rows).toEqual([
      {
        token_hash: tokenHash(result.sessionToken),
        user_id: jana.id,
        account_id: jana.account_id,
        created_at: now,
        expires_at: result.expiresAt,
        revoked_at: null,
      },
    ]);
    const authenticated = await context.use(AuthenticateSession).execute(result.sessionToken);
    expect(authenticated?.principal).toMatchObject({ kind: 'session', userId: jana.id, role: 'member' });
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        account_id: jana.account_id,
        actor_type: 'user',
        actor_id: jana.id,
        action: 'auth.logged_in',
        target_id: jana.id,
        ip: META.ip,
      }),
    ]);
  });

  it('gives every log-in a session of its own', async () => {
    const first = await attempt();
    const second = await attempt();
    expect(second.sessionToken).not.toBe(first.sessionToken);
    expect(sessions()).toBe(2);
  });

  it('refuses a wrong password with 401, opening no session and recording nothing', async () => {
    await expect(attempt({ password: 'wrong password' })).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'The e-mail address or password is wrong.',
    });
    expect(sessions()).toBe(0);
    expect(context.auditActions()).toEqual([]);
  });

  it('refuses an unknown address with the same 401, after a password check of the same cost', async () => {
    const wrong = await attempt({ password: 'wrong password' }).catch((e: unknown) => e);
    const unknown = await attempt({ email: 'nobody@example.com' }).catch((e: unknown) => e);
    expect(unknown).toEqual(wrong);
    expect(burnPasswordCheck).toHaveBeenCalledTimes(1);
    expect(burnPasswordCheck).toHaveBeenCalledWith(PASSWORD);
    expect(sessions()).toBe(0);
  });

  it('refuses a user whose account is gone like a wrong password', async () => {
    context.db.accounts.rows = [];
    await expect(attempt()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(sessions()).toBe(0);
    expect(context.auditActions()).toEqual([]);
  });

  it('throttles an address after 5 failures in a 15-minute window: 429 login_throttled, even for the right password', async () => {
    expect(LOGIN_FAILURES_PER_EMAIL).toBe(5);
    await fail(4);
    context.clock.advance(100);
    await fail(1, { email: 'JANA@example.com', meta: { ip: '198.51.100.1', requestId: null } });
    await expect(attempt({ meta: { ip: '192.0.2.9', requestId: null } })).rejects.toMatchObject({
      code: 'rate_limited',
      reason: 'login_throttled',
      retryAfterSeconds: 800,
      message: 'Too many failed log-in attempts; try again in 800 seconds.',
    });
    expect(sessions()).toBe(0);
    expect(context.auditActions()).toEqual([]);
  });

  it('lets the address in again once the window is over', async () => {
    await fail(5);
    context.clock.advance(15 * 60);
    await expect(attempt()).resolves.toMatchObject({ user: { id: jana.id } });
  });

  it('throttles a client IP after 30 failures, whichever addresses they tried; other IPs go on', async () => {
    expect(LOGIN_FAILURES_PER_IP).toBe(30);
    for (let i = 0; i < 30; i += 1) {
      await attempt({ email: `guess${i}@example.com` }).catch(() => undefined);
    }
    await expect(attempt()).rejects.toMatchObject({ code: 'rate_limited', reason: 'login_throttled' });
    await expect(attempt({ meta: { ip: '198.51.100.1', requestId: null } })).resolves.toBeDefined();
  });

  it('counts no IP for a call without one', async () => {
    for (let i = 0; i < 40; i += 1) {
      await attempt({ email: `guess${i}@example.com`, meta: { ip: null, requestId: null } }).catch(() => undefined);
    }
    await expect(attempt({ meta: { ip: null, requestId: null } })).resolves.toBeDefined();
    await expect(attempt()).resolves.toBeDefined();
  });

  it("clears the address's failures when it logs in, but not the IP's", async () => {
    await fail(4);
    await attempt();
    await fail(4);
    await expect(attempt()).resolves.toBeDefined();
    // The IP has failed 8 times; 22 more (on other addresses) reach its limit of 30.
    for (let i = 0; i < 22; i += 1) await attempt({ email: `guess${i}@example.com` }).catch(() => undefined);
    await expect(attempt()).rejects.toMatchObject({ reason: 'login_throttled' });
  });
});
