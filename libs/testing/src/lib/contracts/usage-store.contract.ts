import { type AccountStore, type UsageStore } from '@intake/application-accounts';
import { sampleAccount } from './account-records';

export interface UsageStoreFixture {
  usage: UsageStore;
  accounts: AccountStore;
  /** Sets an account's counters of a period (the intake and SMS paths count into them). */
  record(accountId: string, period: string, counts: { intakes_created: number; sms_sent: number }): Promise<void>;
  teardown(): Promise<void>;
}

/** The behaviour every UsageStore must have: an account's counters of one period, zero when none. */
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
      expect(await f.usage.get(await account(), '2026-05')).toEqual({ intakes_created: 0, sms_sent: 0 });
    });

    it("answers the account's counters of the period asked for, and no other's", async () => {
      const accountId = await account();
      const other = await account();
      await f.record(accountId, '2026-05', { intakes_created: 7, sms_sent: 2 });
      await f.record(accountId, '2026-04', { intakes_created: 3, sms_sent: 0 });
      await f.record(other, '2026-05', { intakes_created: 1, sms_sent: 1 });
      expect(await f.usage.get(accountId, '2026-05')).toEqual({ intakes_created: 7, sms_sent: 2 });
      expect(await f.usage.get(accountId, '2026-04')).toEqual({ intakes_created: 3, sms_sent: 0 });
      expect(await f.usage.get(other, '2026-05')).toEqual({ intakes_created: 1, sms_sent: 1 });
      expect(await f.usage.get(other, '2026-04')).toEqual({ intakes_created: 0, sms_sent: 0 });
    });
  });
}
