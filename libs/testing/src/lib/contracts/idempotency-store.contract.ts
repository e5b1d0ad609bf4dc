import { at, type IntakeStoresSetup, useIntakeStores } from './intake-stores.fixture';

/** The behaviour every IdempotencyStore must have: live claims win, expired ones are taken over. */
export function describeIdempotencyStoreContract(name: string, setup: IntakeStoresSetup): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const store = () => fixture().idempotency;
    const claimOf = (intakeId: string) => ({ request_hash: `hash-of-${intakeId}`, intake_id: intakeId });

    it('finds a claim until the moment it expires, and no claim of a key never used', async () => {
      const accountId = await fixture().createAccount();
      expect(await store().claim(accountId, 'key-1', claimOf('in_1'), at(0), at(60))).toBe(true);

      expect(await store().find(accountId, 'key-1', at(0))).toEqual(claimOf('in_1'));
      expect(await store().find(accountId, 'key-1', new Date(at(60).getTime() - 1))).toEqual(claimOf('in_1'));
      expect(await store().find(accountId, 'key-1', at(60))).toBeUndefined();
      expect(await store().find(accountId, 'key-2', at(0))).toBeUndefined();
    });

    it('refuses to claim a key another live claim holds, which stays as it was', async () => {
      const accountId = await fixture().createAccount();
      await store().claim(accountId, 'key-1', claimOf('in_1'), at(0), at(60));

      expect(await store().claim(accountId, 'key-1', claimOf('in_2'), at(10), at(70))).toBe(false);
      expect(await store().claim(accountId, 'key-1', claimOf('in_3'), new Date(at(60).getTime() - 1), at(90))).toBe(
        false,
      );
      expect(await store().find(accountId, 'key-1', at(59))).toEqual(claimOf('in_1'));
      expect(await store().find(accountId, 'key-1', at(60))).toBeUndefined();
    });

    it('takes over an expired claim, with the new expiry', async () => {
      const accountId = await fixture().createAccount();
      await store().claim(accountId, 'key-1', claimOf('in_1'), at(0), at(60));

      expect(await store().claim(accountId, 'key-1', claimOf('in_2'), at(60), at(120))).toBe(true);
      expect(await store().find(accountId, 'key-1', at(61))).toEqual(claimOf('in_2'));
      expect(await store().find(accountId, 'key-1', at(119))).toEqual(claimOf('in_2'));
      expect(await store().find(accountId, 'key-1', at(120))).toBeUndefined();
      expect(await store().claim(accountId, 'key-1', claimOf('in_3'), at(100), at(200))).toBe(false);
    });

    it('keeps each account its own keys', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      await store().claim(accountId, 'shared-key', claimOf('in_1'), at(0), at(60));

      expect(await store().find(otherAccountId, 'shared-key', at(1))).toBeUndefined();
      expect(await store().claim(otherAccountId, 'shared-key', claimOf('in_2'), at(1), at(61))).toBe(true);
      expect(await store().find(otherAccountId, 'shared-key', at(2))).toEqual(claimOf('in_2'));
      expect(await store().find(accountId, 'shared-key', at(2))).toEqual(claimOf('in_1'));
    });

    it('a unit of work that throws takes its claim back', async () => {
      const accountId = await fixture().createAccount();
      await expect(
        fixture().uow.run(async () => {
          await store().claim(accountId, 'key-1', claimOf('in_1'), at(0), at(60));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');

      expect(await store().find(accountId, 'key-1', at(1))).toBeUndefined();
      expect(await store().claim(accountId, 'key-1', claimOf('in_2'), at(1), at(61))).toBe(true);
    });
  });
}
