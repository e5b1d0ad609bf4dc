import { type GivenAccount, givenAccount, givenIntake, givenStoredFile, InMemoryContext } from '@intake/testing';
import { ConcurrentDuplicate, IDEMPOTENCY_WINDOW_SECONDS, IntakeIdempotency } from './intake-idempotency';

describe('IntakeIdempotency', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let idempotency: IntakeIdempotency;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    idempotency = context.use(IntakeIdempotency);
  });

  describe('hash', () => {
    it('hashes the same body the same, whatever the order of its fields and its undefined ones', () => {
      const a = idempotency.hash({ project_name: 'P', client: { email: 'a@x.example', name: 'A' }, send: undefined });
      const b = idempotency.hash({ client: { name: 'A', email: 'a@x.example' }, project_name: 'P' });
      expect(a).toBe(b);
      expect(a).toMatch(/^[0-9a-f]{64}$/);
    });

    it('tells apart bodies that differ in a value, a null or the order of a list', () => {
      const hashes = [
        idempotency.hash({ items: [1, 2] }),
        idempotency.hash({ items: [2, 1] }),
        idempotency.hash({ items: [1, 2], due_date: null }),
        idempotency.hash({ items: [1, '2'] }),
        idempotency.hash({ items: [1, 2], nested: { a: 1 } }),
        idempotency.hash({ items: [1, 2], nested: { a: 2 } }),
      ];
      expect(new Set(hashes).size).toBe(hashes.length);
    });
  });

  describe('replay and claim', () => {
    const now = () => context.clock.now();

    it('finds nothing to replay for an unclaimed key', async () => {
      await expect(idempotency.replay(given.liveKey, 'k', 'h', now())).resolves.toBeUndefined();
    });

    it('replays the claimed intake with its items and files for the same body', async () => {
      const { intake, items } = await givenIntake(context, given, { items: [{ key: 'logo', type: 'image' }] });
      const file = await givenStoredFile(context, intake, 'logo');
      await idempotency.claim(given.account.id, 'k', 'h', intake.id, now());
      await expect(idempotency.replay(given.liveKey, 'k', 'h', now())).resolves.toEqual({
        intake,
        items,
        files: [file],
      });
      expect(context.db.idempotency.rows).toEqual([
        {
          account_id: given.account.id,
          key: 'k',
          request_hash: 'h',
          intake_id: intake.id,
          expires_at: new Date(now().getTime() + IDEMPOTENCY_WINDOW_SECONDS * 1000),
        },
      ]);
    });

    it('never replays an intake the caller cannot see: 409 for a test key reusing a live key’s key', async () => {
      const { intake } = await givenIntake(context, given);
      await idempotency.claim(given.account.id, 'k', 'h', intake.id, now());
      await expect(idempotency.replay(given.testKey, 'k', 'h', now())).rejects.toMatchObject({
        code: 'conflict',
        reason: 'idempotency_key_reused',
        message: 'This Idempotency-Key was already used by another API key or mode of this account.',
      });
      await expect(idempotency.replay(given.owner, 'k', 'h', now())).resolves.toMatchObject({ intake });
    });

    it('is 409 idempotency_key_reused for another body, or when the intake is gone', async () => {
      const { intake } = await givenIntake(context, given);
      await idempotency.claim(given.account.id, 'k', 'h', intake.id, now());
      await expect(idempotency.replay(given.liveKey, 'k', 'other', now())).rejects.toMatchObject({
        code: 'conflict',
        reason: 'idempotency_key_reused',
        message: 'This Idempotency-Key was already used with a different request body.',
      });
      context.db.deleteIntake(intake.id);
      await expect(idempotency.replay(given.liveKey, 'k', 'h', now())).rejects.toMatchObject({
        code: 'conflict',
        reason: 'idempotency_key_reused',
        message: 'The intake created with this Idempotency-Key no longer exists.',
      });
    });

    it('forgets a claim after 24 hours and lets a new intake take the key over', async () => {
      const { intake: first } = await givenIntake(context, given);
      const { intake: second } = await givenIntake(context, given);
      await idempotency.claim(given.account.id, 'k', 'h', first.id, now());
      context.clock.advance(IDEMPOTENCY_WINDOW_SECONDS);
      await expect(idempotency.replay(given.liveKey, 'k', 'h', now())).resolves.toBeUndefined();
      await idempotency.claim(given.account.id, 'k', 'h2', second.id, now());
      await expect(idempotency.replay(given.liveKey, 'k', 'h2', now())).resolves.toMatchObject({
        intake: { id: second.id },
      });
      expect(context.db.idempotency.rows).toHaveLength(1);
    });

    it('refuses a second live claim of a key as a concurrent duplicate', async () => {
      const { intake: first } = await givenIntake(context, given);
      const { intake: second } = await givenIntake(context, given);
      await idempotency.claim(given.account.id, 'k', 'h', first.id, now());
      context.clock.advance(IDEMPOTENCY_WINDOW_SECONDS - 1);
      await expect(idempotency.claim(given.account.id, 'k', 'h', second.id, now())).rejects.toBeInstanceOf(
        ConcurrentDuplicate,
      );
      await expect(idempotency.replay(given.liveKey, 'k', 'h', now())).resolves.toMatchObject({
        intake: { id: first.id },
      });
    });

    it('keeps each account’s keys apart', async () => {
      const other = await givenAccount(context);
      const { intake: mine } = await givenIntake(context, given);
      const { intake: theirs } = await givenIntake(context, other);
      await idempotency.claim(given.account.id, 'k', 'h', mine.id, now());
      await idempotency.claim(other.account.id, 'k', 'h', theirs.id, now());
      await expect(idempotency.replay(other.liveKey, 'k', 'h', now())).resolves.toMatchObject({
        intake: { id: theirs.id },
      });
    });
  });
});
