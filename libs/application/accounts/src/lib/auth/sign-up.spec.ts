import { InMemoryContext, META } from '@intake/testing';
import { hashPassword, verifyPassword } from '../secrets';
import { SignUp, type SignUpInput } from './sign-up';

// The real cost (scrypt, ~100 ms) is secrets.spec.ts's business; here a hash of the same format at the lowest cost.
jest.mock('../secrets', () => ({
  ...jest.requireActual<typeof import('../secrets')>('../secrets'),
  hashPassword: jest.fn(async (password: string) => (await import('@intake/testing')).quickPasswordHash(password)),
}));

const input = (overrides: Partial<SignUpInput> = {}): SignUpInput => ({
  email: '  Jana.Novakova@Example.CZ ',
  password: 'correct horse battery',
  name: ' Jana ',
  account_name: '  Studio Jana ',
  meta: META,
  ...overrides,
});

describe('SignUp', () => {
  let context: InMemoryContext;
  let signUp: SignUp;

  beforeEach(() => {
    context = new InMemoryContext();
    signUp = context.use(SignUp);
  });

  it('creates an account on the free plan with the default settings, owned by the new user', async () => {
    const { account, user } = await signUp.execute(input());
    const now = context.clock.now();
    expect(account).toEqual({
      id: expect.stringMatching(/^acc_/),
      name: 'Studio Jana',
      plan: 'free',
      default_language: 'en',
      default_timezone: 'Europe/Prague',
      sender_name: null,
      branding: null,
      notify_on_completed: true,
      notify_on_stalled: true,
      notify_on_overdue: true,
      notify_on_bounced: true,
      notify_members: false,
      send_thank_you: true,
      storage_bytes_used: 0,
      created_at: now,
      updated_at: now,
    });
    expect(user).toMatchObject({
      id: expect.stringMatching(/^usr_/),
      account_id: account.id,
      email: 'jana.novakova@example.cz',
      name: 'Jana',
      role: 'owner',
      created_at: now,
    });
    expect(await context.accounts.getAccount(account.id)).toEqual(account);
    expect(await context.accounts.listUsers(account.id)).toEqual([user]);
  });

  it('keeps only a hash of the password, which verifies the password and nothing else', async () => {
    const { user } = await signUp.execute(input());
    expect(hashPassword).toHaveBeenCalledWith('correct horse battery');
    expect(user.password_hash).not.toContain('correct horse battery');
    await expect(verifyPassword('correct horse battery', user.password_hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batter', user.password_hash)).resolves.toBe(false);
  });

  it('records account.created by the new user, with the account name', async () => {
    const { account, user } = await signUp.execute(input());
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        account_id: account.id,
        at: context.clock.now(),
        actor_type: 'user',
        actor_id: user.id,
        actor_mode: null,
        action: 'account.created',
        target_id: account.id,
        ip: META.ip,
        request_id: META.requestId,
        summary: { account_name: 'Studio Jana' },
      }),
    ]);
  });

  it('gives every sign-up an account of its own', async () => {
    const first = await signUp.execute(input());
    const second = await signUp.execute(input({ email: 'petr@example.com' }));
    expect(second.account.id).not.toBe(first.account.id);
    expect(context.db.accounts.rows).toHaveLength(2);
  });

  it('refuses an address already registered, in any case, with 409 email_taken, writing nothing', async () => {
    await signUp.execute(input());
    const before = { accounts: context.db.accounts.rows.length, users: context.db.users.rows.length };
    const error = signUp.execute(input({ email: 'JANA.novakova@example.cz' }));
    await expect(error).rejects.toMatchObject({
      code: 'conflict',
      reason: 'email_taken',
      message: 'An account with this e-mail address already exists.',
      details: [{ path: 'email', message: 'is already registered' }],
    });
    expect({ accounts: context.db.accounts.rows.length, users: context.db.users.rows.length }).toEqual(before);
    expect(context.auditActions()).toEqual(['account.created']);
  });
});
