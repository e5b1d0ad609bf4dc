import {
  type GivenPortal,
  givenAccount,
  givenAnswer,
  givenPortal,
  InMemoryContext,
  META,
  storedItem,
} from '@intake/testing';
import { PurgeExpiredSecrets } from './purge-expired-secrets';
import { RevealSecret } from './reveal-secret';
import { REVEAL_WINDOW_DAYS } from './reveal-window';

const SECRET = 'hunter2-žluťoučký';
const DAY = 24 * 60 * 60;
const ITEMS = [
  { key: 'password', type: 'secret', label: 'Hosting password' },
  { key: 'token', type: 'secret', label: 'API token', required: false },
  { key: 'tagline', type: 'text', label: 'Tagline' },
];

describe('RevealSecret and the purge of expired secrets', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;

  const submit = (key: string, value: string) => givenAnswer(context, portal, key, value);
  const reveal = (key = 'password', principal = portal.owner, intakeId = portal.intakeId) =>
    context.use(RevealSecret).execute({ principal, intakeId, key, meta: META });

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context, { items: ITEMS });
    await submit('password', SECRET);
  });

  it('reveals the answer once, wiping it, and audits the fact without the value', async () => {
    const submittedAt = context.clock.now();
    context.clock.advance(60);
    expect(await reveal()).toEqual({
      key: 'password',
      value: SECRET,
      first_reveal: true,
      expires_at: new Date(submittedAt.getTime() + REVEAL_WINDOW_DAYS * DAY * 1000),
    });
    expect((await storedItem(context, portal.intakeId, 'password')).value).toBeNull();
    const entry = context.db.auditLog.entries.at(-1);
    expect(entry).toMatchObject({
      action: 'item.secret_revealed',
      target_id: portal.intakeId,
      actor_type: 'user',
      summary: { item_key: 'password', via: 'reveal' },
    });
    expect(JSON.stringify(context.db.auditLog.entries)).not.toContain('hunter2');
  });

  it('answers already_revealed with the time afterwards (200, not an error)', async () => {
    context.clock.advance(60);
    const revealedAt = context.clock.now();
    await reveal();
    context.clock.advance(3600);
    expect(await reveal()).toEqual({
      key: 'password',
      value: null,
      already_revealed: true,
      revealed_at: revealedAt,
      message: expect.stringContaining('already revealed'),
    });
    expect(context.auditActions().filter((a) => a === 'item.secret_revealed')).toHaveLength(1);
  });

  it('takes a new answer after a reveal: revealed once more', async () => {
    await reveal();
    await submit('password', 'second');
    expect(await reveal()).toMatchObject({ value: 'second', first_reveal: true });
  });

  it('past the reveal window: 410 gone, then purged by the scheduler pass (the value wiped)', async () => {
    await submit('token', 'tok-1');
    context.clock.advance(REVEAL_WINDOW_DAYS * DAY + 1);
    await expect(reveal()).rejects.toMatchObject({ code: 'gone' });
    expect(await context.use(PurgeExpiredSecrets).run(context.clock.now())).toBe(2);
    expect((await storedItem(context, portal.intakeId, 'password')).value).toBeNull();
    await expect(reveal()).rejects.toMatchObject({ code: 'gone' });
    await expect(reveal('token')).rejects.toMatchObject({ code: 'gone' });
    expect(await context.use(PurgeExpiredSecrets).run(context.clock.now())).toBe(0);
  });

  it('keeps a value inside the window from the purge', async () => {
    context.clock.advance(REVEAL_WINDOW_DAYS * DAY - 60);
    expect(await context.use(PurgeExpiredSecrets).run(context.clock.now())).toBe(0);
    expect(await reveal()).toMatchObject({ value: SECRET });
  });

  describe('refuses, consuming nothing', () => {
    const stillThere = async () =>
      expect((await storedItem(context, portal.intakeId, 'password')).value).toEqual({
        sealed: expect.any(String),
      });

    it('an answer not sent yet: 409 secret_not_submitted', async () => {
      await expect(reveal('token')).rejects.toMatchObject({ code: 'conflict', reason: 'secret_not_submitted' });
    });

    it('an item that is not a secret: 400 not_secret_item; an unknown item: 404', async () => {
      await expect(reveal('tagline')).rejects.toMatchObject({ code: 'invalid_request', reason: 'not_secret_item' });
      await expect(reveal('nope')).rejects.toMatchObject({ code: 'not_found', reason: 'item_not_found' });
      await stillThere();
    });

    it('another account’s intake: 404', async () => {
      const other = await givenAccount(context);
      await expect(reveal('password', other.owner)).rejects.toMatchObject({ code: 'not_found' });
      await stillThere();
    });

    it('a value that cannot be opened (its key left the ring): the error, and the value stays', async () => {
      const sealed = (await storedItem(context, portal.intakeId, 'password')).value as { sealed: string };
      const altered = { sealed: sealed.sealed.replace(/^v2\.k1\./, 'v2.k0.') };
      const item = context.db.items.rows.find((i) => i.intake_id === portal.intakeId && i.key === 'password');
      if (item) item.value = altered;
      await expect(reveal()).rejects.toThrow(/not in SECRETS_KEY/);
      expect((await storedItem(context, portal.intakeId, 'password')).value).toEqual(altered);
    });
  });
});
