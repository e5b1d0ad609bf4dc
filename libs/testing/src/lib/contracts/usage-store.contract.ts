import { type AccountStore, type UsageStore } from '@intake/application-accounts';
import { type UnitOfWork } from '@intake/kernel';
import { sampleAccount } from './account-records';

export interface UsageStoreFixture {
  usage: UsageStore;
  accounts: AccountStore;
  uow: UnitOfWork;
  /** Sets an account's counters of a period (the intake and SMS paths count into them). */
  record(accountId: string, period: string, counts: { intakes_created: number; sms_sent: number }): Promise<void>;
  /** Adds bought SMS credits to the account's balance (the billing path does). */
  grantCredits(accountId: string, credits: number): Promise<void>;
  teardown(): Promise<void>;
}

/**
 * The behaviour every UsageStore must have: an account's counters of one period, zero when none;
 * SMS credits taken while below the limit, never past it (concurrently either), with the caller's
 * unit of work, and given back never below zero.
 */
export function describeUsageStoreContract(name: string, setup: () => Promise<UsageStoreFixture>): void {
  describe(`UsageStore contract: ${name}`, () => {
    let f: UsageStoreFixture;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    const account = async () => {
      const record = sampleAccount();
      await f.accounts.createAccount(record);
      return record.id;
    };

    it('answers zeros for a period without counters', async () => {
      expect(await f.usage.get(await account(), '2026-05')).toEqual({
        intakes_created: 0,
        sms_sent: 0,
        sms_from_credits: 0,
        sms_credits: 0,
      });
    });

    it('spends bought credits once the monthly limit is reached, and gives them back first', async () => {
      const accountId = await account();
      const other = await account();
      await f.grantCredits(accountId, 2);
      await f.grantCredits(other, 5);
      expect(await f.usage.takeSmsCredit(accountId, '2026-05', 1)).toBe(true); // the month's one
      expect(await f.usage.takeSmsCredit(accountId, '2026-05', 1)).toBe(true); // bought
      expect(await f.usage.takeSmsCredit(accountId, '2026-05', 1)).toBe(true); // bought
      expect(await f.usage.takeSmsCredit(accountId, '2026-05', 1)).toBe(false);
      expect(await f.usage.get(accountId, '2026-05')).toEqual({
        intakes_created: 0,
        sms_sent: 1,
        sms_from_credits: 2,
        sms_credits: 0,
      });
      await f.usage.returnSmsCredit(accountId, '2026-05');
      expect(await f.usage.get(accountId, '2026-05')).toMatchObject({
        sms_sent: 1,
        sms_from_credits: 1,
        sms_credits: 1,
      });
      expect(await f.usage.get(accountId, '2026-06')).toMatchObject({ sms_sent: 0, sms_credits: 1 }); // kept across months
      expect(await f.usage.get(other, '2026-05')).toMatchObject({ sms_credits: 5 });
    });

    it('never lets concurrent callers spend more bought credits than the balance', async () => {
      const accountId = await account();
      await f.grantCredits(accountId, 3);
      const taken = await Promise.all(
        Array.from({ length: 6 }, () => f.uow.run(() => f.usage.takeSmsCredit(accountId, '2026-05', 1))),
      );
      expect(taken.filter(Boolean)).toHaveLength(4);
      expect(await f.usage.get(accountId, '2026-05')).toMatchObject({
        sms_sent: 1,
        sms_from_credits: 3,
        sms_credits: 0,
      });
    });

    it("answers the account's counters of the period asked for, and no other's", async () => {
      const accountId = await account();
      const other = await account();
      await f.record(accountId, '2026-05', { intakes_created: 7, sms_sent: 2 });
      await f.record(accountId, '2026-04', { intakes_created: 3, sms_sent: 0 });
      await f.record(other, '2026-05', { intakes_created: 1, sms_sent: 1 });
      expect(await f.usage.get(accountId, '2026-05')).toMatchObject({ intakes_created: 7, sms_sent: 2 });
      expect(await f.usage.get(accountId, '2026-04')).toMatchObject({ intakes_created: 3, sms_sent: 0 });
      expect(await f.usage.get(other, '2026-05')).toMatchObject({ intakes_created: 1, sms_sent: 1 });
      expect(await f.usage.get(other, '2026-04')).toMatchObject({ intakes_created: 0, sms_sent: 0 });
    });

    it('takes SMS credits while fewer than the limit are counted, and refuses the next without counting it', async () => {
      const accountId = await account();
      const other = await account();
      await f.record(accountId, '2026-05', { intakes_created: 4, sms_sent: 1 });
      expect(await f.usage.takeSmsCredit(accountId, '2026-05', 3)).toBe(true);
      expect(await f.usage.takeSmsCredit(accountId, '2026-05', 3)).toBe(true);
      expect(await f.usage.takeSmsCredit(accountId, '2026-05', 3)).toBe(false);
      expect(await f.usage.get(accountId, '2026-05')).toMatchObject({ intakes_created: 4, sms_sent: 3 });
      expect(await f.usage.takeSmsCredit(accountId, '2026-06', 3)).toBe(true); // a new month, a new counter
      expect(await f.usage.get(accountId, '2026-06')).toMatchObject({ intakes_created: 0, sms_sent: 1 });
      expect(await f.usage.get(other, '2026-05')).toMatchObject({ intakes_created: 0, sms_sent: 0 });
    });

    it('takes nothing with a limit of 0', async () => {
      const accountId = await account();
      expect(await f.usage.takeSmsCredit(accountId, '2026-05', 0)).toBe(false);
      expect(await f.usage.get(accountId, '2026-05')).toMatchObject({ intakes_created: 0, sms_sent: 0 });
    });

    it('never lets concurrent callers take more credits than the limit', async () => {
      const accountId = await account();
      const taken = await Promise.all(
        Array.from({ length: 6 }, () => f.uow.run(() => f.usage.takeSmsCredit(accountId, '2026-05', 4))),
      );
      expect(taken.filter(Boolean)).toHaveLength(4);
      expect((await f.usage.get(accountId, '2026-05')).sms_sent).toBe(4);
    });

    it("takes a credit with the caller's unit of work: undone when it fails", async () => {
      const accountId = await account();
      await expect(
        f.uow.run(async () => {
          expect(await f.usage.takeSmsCredit(accountId, '2026-05', 2)).toBe(true);
          throw new Error('the chase could not be recorded');
        }),
      ).rejects.toThrow('the chase could not be recorded');
      expect((await f.usage.get(accountId, '2026-05')).sms_sent).toBe(0);
    });

    it('gives a credit back, never below zero', async () => {
      const accountId = await account();
      await f.record(accountId, '2026-05', { intakes_created: 0, sms_sent: 1 });
      await f.usage.returnSmsCredit(accountId, '2026-05');
      await f.usage.returnSmsCredit(accountId, '2026-05');
      await f.usage.returnSmsCredit(accountId, '2026-04');
      expect(await f.usage.get(accountId, '2026-05')).toMatchObject({ intakes_created: 0, sms_sent: 0 });
      expect(await f.usage.get(accountId, '2026-04')).toMatchObject({ intakes_created: 0, sms_sent: 0 });
    });
  });
}
