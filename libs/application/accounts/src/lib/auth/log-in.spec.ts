import { type UserRecord } from '../ports/account-store.port';
import { givenAccount, givenUser, InMemoryContext, META } from '@intake/testing';
import { burnPasswordCheck, tokenHash } from '../secrets';
import { AuthenticateSession } from './authenticate-session';
import { LOGIN_EMAIL_CEILING } from '@intake/domain-accounts';
import { LogIn, type LogInInput, loginKeys, SESSION_LIFETIME_SECONDS } from './log-in';

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

  describe('throttling without lock-out', () => {
    const from = (ip: string | null): Partial<LogInInput> => ({ meta: { ip, requestId: null } });
    const HOME = from('192.0.2.10');
    const ATTACKER = from('203.0.113.66');
    const refusal = (attempted: Promise<unknown>) =>
      attempted.then(
        () => 'logged in',
        (e: unknown) => e,
      );
    const throttled = (seconds: number) => ({
      code: 'rate_limited',
      reason: 'login_throttled',
      retryAfterSeconds: seconds,
      message: `Too many failed log-in attempts; try again in ${seconds} seconds.`,
    });

    it('lets one address fail 5 times on an e-mail, then refuses even the right password there for a minute', async () => {
      await fail(4, ATTACKER);
      context.clock.advance(100);
      await fail(1, { email: ' JANA@example.com', ...ATTACKER });
      context.clock.advance(20);
      await expect(attempt(ATTACKER)).rejects.toMatchObject(throttled(40));
      expect(sessions()).toBe(0);
      expect(context.auditActions()).toEqual([]);
      context.clock.advance(40);
      await expect(attempt(ATTACKER)).resolves.toMatchObject({ user: { id: jana.id } });
    });

    it('doubles the wait with each further failure, up to an hour', async () => {
      await fail(5, ATTACKER);
      const waits: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const refused = await refusal(attempt({ password: 'wrong password', ...ATTACKER }));
        const wait = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
        waits.push(wait);
        context.clock.advance(wait);
        await fail(1, ATTACKER);
      }
      expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    });

    it('THE LOCK-OUT TEST: 100 failures from another address, and more from 20 others, never keep the owner out of theirs', async () => {
      let failures = 0;
      while (failures < 100) {
        const refused = await refusal(attempt({ password: `guess ${failures}`, ...ATTACKER }));
        if ((refused as { code?: string }).code === 'rate_limited') {
          context.clock.advance((refused as { retryAfterSeconds: number }).retryAfterSeconds);
        } else failures += 1;
      }
      for (let i = 0; i < 20; i += 1) await fail(5, from(`198.51.100.${i}`));
      await expect(attempt({ password: 'guess', ...ATTACKER })).rejects.toMatchObject({ reason: 'login_throttled' });
      await expect(attempt(HOME)).resolves.toMatchObject({ user: { id: jana.id } });
      await expect(attempt(from('2001:db8::1'))).resolves.toMatchObject({ user: { id: jana.id } });
    });

    it('decides before the password is checked, and alike for an unknown e-mail address', async () => {
      const nobody = { email: 'nobody@example.com', ...ATTACKER };
      await fail(5, nobody);
      await fail(5, ATTACKER);
      expect(burnPasswordCheck).toHaveBeenCalledTimes(5);
      context.clock.advance(1);
      const unknown = await refusal(attempt(nobody));
      expect(burnPasswordCheck).toHaveBeenCalledTimes(5);
      const known = await refusal(attempt(ATTACKER));
      expect(known).toEqual(unknown);
      expect(known).toMatchObject(throttled(59));
    });

    it('lets a client address fail 50 times across e-mail addresses; then it waits, other addresses go on', async () => {
      for (let i = 0; i < 50; i += 1)
        await attempt({ email: `guess${i}@example.com`, ...ATTACKER }).catch(() => undefined);
      await expect(attempt({ email: 'guess99@example.com', ...ATTACKER })).rejects.toMatchObject(throttled(60));
      await expect(attempt(ATTACKER)).rejects.toMatchObject(throttled(60));
      await expect(attempt(HOME)).resolves.toBeDefined();
    });

    it('counts an IPv6 client by its /64: a new address in it is the same client', async () => {
      for (let i = 0; i < 5; i += 1) await fail(1, from(`2001:db8:1:2::${i + 1}`));
      await expect(attempt(from('2001:db8:1:2:ffff::9'))).rejects.toMatchObject({ reason: 'login_throttled' });
      await expect(attempt(from('2001:db8:1:3::1'))).resolves.toBeDefined();
    });

    it("clears the (e-mail, address) tally when it logs in, not the address's", async () => {
      await fail(4, HOME);
      await attempt(HOME);
      await fail(4, HOME);
      await expect(attempt(HOME)).resolves.toBeDefined();
      // The address has failed 8 times; 42 more (on other e-mails) reach its 50.
      for (let i = 0; i < 42; i += 1) await attempt({ email: `guess${i}@example.com`, ...HOME }).catch(() => undefined);
      await expect(attempt(HOME)).rejects.toMatchObject({ reason: 'login_throttled' });
    });

    it('counts a call without a client address as one unknown client, with no address tally', async () => {
      for (let i = 0; i < 60; i += 1)
        await attempt({ email: `guess${i}@example.com`, ...from(null) }).catch(() => undefined);
      await expect(attempt(from(null))).resolves.toBeDefined();
      await fail(5, from(null));
      await expect(attempt(from(null))).rejects.toMatchObject({ reason: 'login_throttled' });
      await expect(attempt(HOME)).resolves.toBeDefined();
    });

    it('beyond 1,000 failures of the e-mail, slows every failing address; a fresh one still gets in', async () => {
      const keys = loginKeys('jana@example.com', null);
      for (let i = 0; i < LOGIN_EMAIL_CEILING.failures - 1; i += 1) {
        await context.failures.record(keys.email, context.clock.now(), LOGIN_EMAIL_CEILING.forgetAfterSeconds);
      }
      await fail(1, HOME); // the 1,000th
      await expect(attempt(HOME)).rejects.toMatchObject(throttled(60));
      await expect(attempt(from('192.0.2.11'))).resolves.toBeDefined();
      context.clock.advance(3600);
      await fail(1, HOME);
      await expect(attempt(HOME)).resolves.toBeDefined();
    });

    it('keeps no e-mail address in clear in a key', async () => {
      await fail(1, ATTACKER);
      const keys = context.failures.keys();
      expect(keys).toHaveLength(3);
      expect(keys.join(' ')).not.toMatch(/jana|example/i);
      expect(keys).toContain(`login:address:203.0.113.66`);
    });
  });

  it('names the tallies by the hashed, normalised address and the client ("unknown" without an address)', () => {
    const hashed = tokenHash('jana@example.com').toString('base64url');
    expect(loginKeys(' Jana@Example.com ', null)).toEqual({
      pair: `login:pair:${hashed}:unknown`,
      email: `login:email:${hashed}`,
    });
    expect(loginKeys('jana@example.com', '203.0.113.66')).toEqual({
      pair: `login:pair:${hashed}:203.0.113.66`,
      address: 'login:address:203.0.113.66',
      email: `login:email:${hashed}`,
    });
  });
});
