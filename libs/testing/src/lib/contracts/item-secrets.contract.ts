import { type IntakeStore } from '@intake/application-intakes';
import { type ItemSecrets } from '@intake/application-results';
import { anIntake, anItem, at, present, sessionAccess, T0 } from './intake-stores.fixture';

/** The results context's secret store over one database, with the intake store that writes items. */
export interface ItemSecretsFixture {
  intakes: IntakeStore;
  secrets: ItemSecrets;
  /** Creates an account and returns its id. */
  createAccount(): Promise<string>;
  teardown(): Promise<void>;
}

const sealed = (n: number) => ({ sealed: `v2.k1.${'A'.repeat(16)}.${'B'.repeat(22)}.secret${n}` });

/**
 * The contract of ItemSecrets (issue #14): the one-time release, its reasons for refusing, the
 * purge of values past the reveal window, and a new answer starting afresh.
 */
export function describeItemSecretsContract(name: string, setup: () => Promise<ItemSecretsFixture>): void {
  describe(`ItemSecrets contract (${name})`, () => {
    let f: ItemSecretsFixture;
    let accountId: string;

    beforeAll(async () => {
      f = await setup();
      accountId = await f.createAccount();
    });
    afterAll(async () => {
      await f.teardown();
    });

    /** An intake with a submitted secret `password` (at `submittedAt`), a pending secret `token` and a text `name`. */
    const givenIntake = async (submittedAt = T0, value: unknown = sealed(1)) => {
      const intake = anIntake(accountId);
      await f.intakes.insert(intake, [
        anItem(intake.id, 'password', 0, { type: 'secret', status: 'submitted', value, submitted_at: submittedAt }),
        anItem(intake.id, 'token', 1, { type: 'secret' }),
        anItem(intake.id, 'name', 2, { status: 'submitted', value: 'Alice', submitted_at: submittedAt }),
      ]);
      return intake.id;
    };
    const storedValue = async (intakeId: string, key: string) =>
      present((await f.intakes.items(intakeId)).find((i) => i.key === key)).value;

    it('releases the value once, wipes it, and then answers already_revealed with the time', async () => {
      const id = await givenIntake();
      expect(await f.secrets.release(id, 'password', at(10), T0)).toEqual({
        outcome: 'released',
        sealed: sealed(1).sealed,
        submitted_at: T0,
      });
      expect(await storedValue(id, 'password')).toBeNull();
      expect(await f.secrets.release(id, 'password', at(20), T0)).toEqual({
        outcome: 'already_revealed',
        revealed_at: at(10),
      });
      expect(await f.secrets.states(id)).toEqual([
        { key: 'password', releasable: false, submitted_at: T0, released_at: at(10), purged_at: null },
        { key: 'token', releasable: false, submitted_at: null, released_at: null, purged_at: null },
      ]);
      expect(await storedValue(id, 'name')).toBe('Alice');
      expect(await f.intakes.get(sessionAccess(accountId), id)).toBeDefined();
    });

    it('gives the value to exactly one of 20 concurrent readers', async () => {
      const id = await givenIntake();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () => f.secrets.release(id, 'password', at(5), T0)),
      );
      expect(outcomes.filter((o) => o.outcome === 'released')).toHaveLength(1);
      expect(outcomes.filter((o) => o.outcome === 'already_revealed')).toHaveLength(19);
    });

    it('releases nothing that is not an answered secret', async () => {
      const id = await givenIntake();
      for (const key of ['token', 'name', 'nope']) {
        expect(await f.secrets.release(id, key, at(1), T0)).toEqual({ outcome: 'unanswered' });
      }
      expect(await storedValue(id, 'name')).toBe('Alice');
    });

    it('refuses a value past the reveal window as gone, and the purge wipes it', async () => {
      const id = await givenIntake(T0);
      const fresh = await givenIntake(at(60), sealed(2));
      const released = await givenIntake(T0, sealed(3));
      await f.secrets.release(released, 'password', at(1), T0);
      // The window now starts after the first intake's submission: not yet purged, already gone.
      expect(await f.secrets.release(id, 'password', at(100), at(30))).toEqual({ outcome: 'gone', purged_at: null });
      expect(await storedValue(id, 'password')).toEqual(sealed(1));

      expect(await f.secrets.purgeUnreleased(at(30), at(101), 100, null)).toBeGreaterThanOrEqual(1);
      expect(await storedValue(id, 'password')).toBeNull();
      expect(await storedValue(fresh, 'password')).toEqual(sealed(2));
      expect(await f.secrets.release(id, 'password', at(102), at(30))).toEqual({ outcome: 'gone', purged_at: at(101) });
      expect(await f.secrets.release(released, 'password', at(102), at(30))).toEqual({
        outcome: 'already_revealed',
        revealed_at: at(1),
      });
      expect((await f.secrets.states(id))[0]).toMatchObject({
        releasable: false,
        purged_at: at(101),
        released_at: null,
      });
      expect(await f.secrets.purgeUnreleased(at(30), at(103), 100, null)).toBe(0);
    });

    it('starts afresh when the client answers again after a release', async () => {
      const id = await givenIntake();
      await f.secrets.release(id, 'password', at(1), T0);
      const items = await f.intakes.items(id);
      await f.intakes.saveItems(
        id,
        items.map((i) => (i.key === 'password' ? { ...i, value: sealed(4), submitted_at: at(2) } : i)),
      );
      expect((await f.secrets.states(id))[0]).toMatchObject({ releasable: true, released_at: null });
      expect(await f.secrets.release(id, 'password', at(3), T0)).toMatchObject({
        outcome: 'released',
        sealed: sealed(4).sealed,
      });
      // Saving the item unchanged (another write of the intake) keeps the release.
      await f.intakes.saveItems(id, await f.intakes.items(id));
      expect((await f.secrets.states(id))[0]).toMatchObject({ releasable: false, released_at: at(3) });
    });
  });
}
