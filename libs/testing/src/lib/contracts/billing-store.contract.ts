import { type AccountStore, type BillingStore } from '@intake/application-accounts';
import { type UnitOfWork } from '@intake/kernel';
import { sampleAccount } from './account-records';

export interface BillingStoreFixture {
  billing: BillingStore;
  accounts: AccountStore;
  uow: UnitOfWork;
  teardown(): Promise<void>;
}

const NOW = new Date('2026-11-20T10:00:00.000Z');
const DAY = 86_400_000;

/**
 * The behaviour every BillingStore must have: one customer per account, kept first-come; events
 * recorded once (also concurrently); the subscription state as saved; the plan set with the one it
 * replaced; credits added up; a grace period cleared only once it ended.
 */
export function describeBillingStoreContract(name: string, setup: () => Promise<BillingStoreFixture>): void {
  describe(`BillingStore contract: ${name}`, () => {
    let f: BillingStoreFixture;

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
    let customers = 0;
    const customer = () => `cus_contract_${name.replace(/\W/g, '')}_${++customers}`;

    it('links an account to one customer: a second link keeps the first', async () => {
      const accountId = await account();
      const first = customer();
      expect(await f.billing.get(accountId)).toBeUndefined();
      expect((await f.billing.link(accountId, first, NOW)).customer_id).toBe(first);
      expect((await f.billing.link(accountId, customer(), NOW)).customer_id).toBe(first);
      expect(await f.billing.lockByCustomer(first)).toEqual({
        account_id: accountId,
        customer_id: first,
        subscription: undefined,
        grace_until: null,
      });
      expect(await f.billing.lockByCustomer('cus_nobody')).toBeUndefined();
    });

    it('records an event id once, also when two deliveries race', async () => {
      const accountId = await account();
      const id = `evt_${customer()}`;
      const recorded = await Promise.all(
        [1, 2, 3].map(() => f.uow.run(() => f.billing.recordEvent(id, 'checkout.session.completed', accountId, NOW))),
      );
      expect(recorded.filter(Boolean)).toHaveLength(1);
      expect(await f.billing.recordEvent(id, 'checkout.session.completed', null, NOW)).toBe(false);
    });

    it('keeps the subscription state as saved, sets the plan answering the one it replaced, adds credits', async () => {
      const accountId = await account();
      const cus = customer();
      await f.billing.link(accountId, cus, NOW);
      const state = {
        subscriptionId: 'sub_1',
        subscriptionCreated: new Date(NOW.getTime() - DAY),
        status: 'active',
        plan: 'studio' as const,
        at: NOW,
      };
      await f.billing.saveSubscription(accountId, state);
      expect((await f.billing.get(accountId))?.subscription).toEqual(state);
      expect(await f.billing.setPlan(accountId, 'studio', NOW)).toBe('free');
      expect(await f.billing.setPlan(accountId, 'solo', NOW)).toBe('studio');
      expect((await f.accounts.getAccount(accountId))?.plan).toBe('solo');
      expect(await f.billing.addSmsCredits(accountId, 100)).toBe(100);
      expect(await f.billing.addSmsCredits(accountId, 500)).toBe(600);
    });

    it('clears a grace period only once it ended, and lists the accounts whose period ended', async () => {
      const accountId = await account();
      await f.billing.link(accountId, customer(), NOW);
      const until = new Date(NOW.getTime() + 14 * DAY);
      await f.billing.setGrace(accountId, until);
      expect((await f.billing.get(accountId))?.grace_until).toEqual(until);
      expect(await f.billing.graceEnded(new Date(until.getTime() - 1))).not.toContain(accountId);
      expect(await f.billing.endGrace(accountId, new Date(until.getTime() - 1))).toBe(false);
      expect(await f.billing.graceEnded(until)).toContain(accountId);
      expect(await f.billing.endGrace(accountId, until)).toBe(true);
      expect(await f.billing.endGrace(accountId, until)).toBe(false);
      expect((await f.billing.get(accountId))?.grace_until).toBeNull();
    });
  });
}
