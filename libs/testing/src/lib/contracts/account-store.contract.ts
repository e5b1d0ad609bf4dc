import { type AccountStore, type UserRecord } from '@intake/application-accounts';
import { newId } from '@intake/ids';
import { type UnitOfWork } from '@intake/kernel';
import { sampleAccount, sampleInvitation, sampleTokenHash, sampleUser, storeUser } from './account-records';

export interface AccountStoreFixture {
  accounts: AccountStore;
  /** createUser is called inside a unit of work, as its callers do. */
  uow: UnitOfWork;
  teardown(): Promise<void>;
}

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

/** The behaviour every AccountStore must have: accounts, users (unique e-mails) and invitations. */
export function describeAccountStoreContract(name: string, setup: () => Promise<AccountStoreFixture>): void {
  describe(`AccountStore contract: ${name}`, () => {
    let f: AccountStoreFixture;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    const createUser = (user: UserRecord) => storeUser(f.accounts, f.uow, user);
    const storedAccount = async (overrides = {}) => {
      const account = sampleAccount(overrides);
      await f.accounts.createAccount(account);
      return account;
    };

    describe('accounts', () => {
      it('gives an account back as created; an unknown one is undefined', async () => {
        const account = await storedAccount({ plan: 'studio', sender_name: 'Jana', storage_bytes_used: 5_000_000_000 });
        expect(await f.accounts.getAccount(account.id)).toEqual(account);
        expect(await f.accounts.getAccount('acc_unknown')).toBeUndefined();
      });

      it('refuses a second account with the same id', async () => {
        const account = await storedAccount();
        await expect(f.accounts.createAccount({ ...account, name: 'Other' })).rejects.toThrow();
        expect((await f.accounts.getAccount(account.id))?.name).toBe('Studio');
      });

      it('changes only the fields given, stamps updated_at and returns the result', async () => {
        const account = await storedAccount({ sender_name: 'Jana' });
        const other = await storedAccount();
        const now = new Date('2026-06-01T08:00:00.000Z');
        const updated = await f.accounts.updateAccount(
          account.id,
          { name: 'Renamed', default_language: 'cs', default_timezone: undefined },
          now,
        );
        expect(updated).toEqual({ ...account, name: 'Renamed', default_language: 'cs', updated_at: now });
        expect(await f.accounts.getAccount(account.id)).toEqual(updated);
        expect(await f.accounts.getAccount(other.id)).toEqual(other);
      });

      it('clears the sender name with null', async () => {
        const account = await storedAccount({ sender_name: 'Jana' });
        const updated = await f.accounts.updateAccount(account.id, { sender_name: null }, account.updated_at);
        expect(updated.sender_name).toBeNull();
      });

      it('stores, replaces and clears the branding (issue #29)', async () => {
        const branding = { display_name: 'Studio', accent_color: '#1d4ed8', logo_url: 'https://cdn.example.com/l.png' };
        const account = await storedAccount({ branding });
        expect((await f.accounts.getAccount(account.id))?.branding).toEqual(branding);
        const other = { display_name: null, accent_color: '#000000', logo_url: null };
        expect((await f.accounts.updateAccount(account.id, { branding: other }, account.updated_at)).branding).toEqual(
          other,
        );
        expect((await f.accounts.getAccounts([account.id]))[0]?.branding).toEqual(other);
        expect(
          (await f.accounts.updateAccount(account.id, { branding: null }, account.updated_at)).branding,
        ).toBeNull();
        expect((await f.accounts.getAccount(account.id))?.branding).toBeNull();
      });

      it('stores and changes the notification settings', async () => {
        const account = await storedAccount({ notify_on_overdue: false, notify_members: true });
        expect(await f.accounts.getAccount(account.id)).toMatchObject({
          notify_on_completed: true,
          notify_on_overdue: false,
          notify_members: true,
        });
        const updated = await f.accounts.updateAccount(
          account.id,
          { notify_on_completed: false, notify_on_bounced: false, notify_members: false },
          account.updated_at,
        );
        expect(updated).toEqual({
          ...account,
          notify_on_completed: false,
          notify_on_bounced: false,
          notify_members: false,
        });
      });

      it('stores the thank-you switch (on for a new account) and changes it', async () => {
        const account = await storedAccount();
        expect(await f.accounts.getAccount(account.id)).toMatchObject({ send_thank_you: true });
        const updated = await f.accounts.updateAccount(account.id, { send_thank_you: false }, account.updated_at);
        expect(updated).toEqual({ ...account, send_thank_you: false });
        expect(await f.accounts.getAccount(account.id)).toMatchObject({ send_thank_you: false });
      });

      it('fails to update an account that does not exist', async () => {
        await expect(f.accounts.updateAccount('acc_unknown', { name: 'X' }, new Date())).rejects.toThrow();
      });
    });

    describe('users', () => {
      it('creates a user and finds them by id within the account, and by e-mail in any case', async () => {
        const account = await storedAccount();
        const user = sampleUser(account.id, { role: 'owner' });
        expect(await createUser(user)).toBe(true);
        expect(await f.accounts.getUser(account.id, user.id)).toEqual(user);
        expect(await f.accounts.findUserByEmail(user.email.toUpperCase())).toEqual(user);
        expect(await f.accounts.findUserByEmail('nobody@example.com')).toBeUndefined();
        const other = await storedAccount();
        expect(await f.accounts.getUser(other.id, user.id)).toBeUndefined();
      });

      it('answers false for an e-mail address taken in any case, by any account, and stores nothing', async () => {
        const account = await storedAccount();
        const user = sampleUser(account.id);
        await createUser(user);
        const other = await storedAccount();
        const again = sampleUser(other.id, { email: user.email.toUpperCase() });
        expect(await createUser(again)).toBe(false);
        expect(await f.accounts.listUsers(other.id)).toEqual([]);
        expect(await f.accounts.getUser(other.id, again.id)).toBeUndefined();
      });

      it('a refused e-mail does not spoil the unit of work it happened in', async () => {
        const account = await storedAccount();
        const taken = sampleUser(account.id);
        await createUser(taken);
        const next = sampleUser(account.id, { created_at: minutes(taken.created_at, 1) });
        const answers = await f.uow.run(async () => [
          await f.accounts.createUser(sampleUser(account.id, { email: taken.email })),
          await f.accounts.createUser(next),
        ]);
        expect(answers).toEqual([false, true]);
        expect((await f.accounts.listUsers(account.id)).map((u) => u.id)).toEqual([taken.id, next.id]);
      });

      it("lists the account's users oldest first, ties by id", async () => {
        const account = await storedAccount();
        const at = new Date('2026-05-01T10:00:00.000Z');
        // Ids are primary keys across the whole table: a suffix of the account keeps them unique.
        const suffix = account.id.slice(4, 12).toLowerCase();
        const users = [
          sampleUser(account.id, { id: `usr_b${suffix}`, created_at: at }),
          sampleUser(account.id, { id: `usr_c${suffix}`, created_at: minutes(at, -5) }),
          sampleUser(account.id, { id: `usr_a${suffix}`, created_at: at }),
        ];
        for (const user of users) await createUser(user);
        await createUser(sampleUser((await storedAccount()).id));
        expect((await f.accounts.listUsers(account.id)).map((u) => u.id.slice(0, 5))).toEqual([
          'usr_c',
          'usr_a',
          'usr_b',
        ]);
        expect(await f.accounts.listUsers('acc_unknown')).toEqual([]);
      });

      it('reads many accounts and their owners at once, in account id order (the earliest owner of each)', async () => {
        const stem = newId('account');
        const [b, a, none] = [
          await storedAccount({ id: `${stem}b`, sender_name: 'Petr' }),
          await storedAccount({ id: `${stem}a` }),
          await storedAccount({ id: `${stem}c` }),
        ];
        const at = new Date('2026-05-01T10:00:00.000Z');
        const ownerA = sampleUser(a.id, { role: 'owner', created_at: at });
        const laterOwnerA = sampleUser(a.id, { role: 'owner', created_at: minutes(at, 5) });
        const ownerB = sampleUser(b.id, { role: 'owner' });
        for (const user of [laterOwnerA, sampleUser(a.id, { created_at: minutes(at, -5) }), ownerB, ownerA]) {
          await createUser(user);
        }
        await createUser(sampleUser(none.id)); // a member, no owner

        const wanted = [b.id, 'acc_unknown', none.id, a.id];
        expect(await f.accounts.getAccounts(wanted)).toEqual([a, b, none]);
        expect(await f.accounts.ownersOf(wanted)).toEqual([ownerA, ownerB]);
        expect(await f.accounts.getAccounts([])).toEqual([]);
        expect(await f.accounts.ownersOf([])).toEqual([]);
      });

      it('deletes a user of the account once; never one of another account', async () => {
        const account = await storedAccount();
        const user = sampleUser(account.id);
        await createUser(user);
        const other = await storedAccount();
        expect(await f.accounts.deleteUser(other.id, user.id)).toBe(false);
        expect(await f.accounts.getUser(account.id, user.id)).toEqual(user);
        expect(await f.accounts.deleteUser(account.id, user.id)).toBe(true);
        expect(await f.accounts.deleteUser(account.id, user.id)).toBe(false);
        expect(await f.accounts.getUser(account.id, user.id)).toBeUndefined();
        expect(await f.accounts.findUserByEmail(user.email)).toBeUndefined();
        expect(await createUser({ ...user, id: `${user.id}x` })).toBe(true);
      });
    });

    describe('invitations', () => {
      it('finds an invitation by its token hash only', async () => {
        const account = await storedAccount();
        const invitation = sampleInvitation(account.id);
        await f.accounts.createInvitation(invitation);
        expect(await f.accounts.findInvitation(Buffer.from(invitation.token_hash))).toEqual(invitation);
        expect(await f.accounts.findInvitation(sampleTokenHash())).toBeUndefined();
      });

      it('accepts an open invitation once, recording when', async () => {
        const account = await storedAccount();
        const invitation = sampleInvitation(account.id);
        await f.accounts.createInvitation(invitation);
        const now = minutes(invitation.created_at, 30);
        expect(await f.accounts.acceptInvitation(invitation.id, now)).toBe(true);
        expect(await f.accounts.acceptInvitation(invitation.id, minutes(now, 1))).toBe(false);
        expect((await f.accounts.findInvitation(invitation.token_hash))?.accepted_at).toEqual(now);
        expect(await f.accounts.acceptInvitation('inv_unknown', now)).toBe(false);
      });

      it('refuses to accept an invitation at or after its expiry', async () => {
        const account = await storedAccount();
        const invitation = sampleInvitation(account.id);
        await f.accounts.createInvitation(invitation);
        expect(await f.accounts.acceptInvitation(invitation.id, invitation.expires_at)).toBe(false);
        expect(await f.accounts.acceptInvitation(invitation.id, minutes(invitation.expires_at, 1))).toBe(false);
        expect((await f.accounts.findInvitation(invitation.token_hash))?.accepted_at).toBeNull();
        expect(await f.accounts.acceptInvitation(invitation.id, minutes(invitation.expires_at, -1))).toBe(true);
      });
    });

    it('keeps no reference to what it was given or handed out', async () => {
      const account = await storedAccount();
      const user = sampleUser(account.id);
      await createUser(user);
      user.name = 'Changed by the caller';
      const found = await f.accounts.getAccount(account.id);
      if (!found) throw new Error('no account');
      found.name = 'Changed too';
      const listed = await f.accounts.listUsers(account.id);
      listed.forEach((u) => (u.role = 'owner'));
      expect((await f.accounts.getAccount(account.id))?.name).toBe('Studio');
      expect(await f.accounts.listUsers(account.id)).toEqual([
        expect.objectContaining({ name: 'Jana', role: 'member' }),
      ]);
    });
  });
}
