import { type AccountStore, type SessionRecord, type SessionStore } from '@intake/application-accounts';
import { type UnitOfWork } from '@intake/kernel';
import { sampleTokenHash, sampleUser, storeAccountWithUser, storeUser } from './account-records';

export interface SessionStoreFixture {
  sessions: SessionStore;
  /** The store of the accounts and users the sessions belong to. */
  accounts: AccountStore;
  uow: UnitOfWork;
  teardown(): Promise<void>;
}

const AT = new Date('2026-05-01T10:00:00.000Z');
const later = (seconds: number) => new Date(AT.getTime() + seconds * 1000);

/** The behaviour every SessionStore must have: a session is found only while open, with its user. */
export function describeSessionStoreContract(name: string, setup: () => Promise<SessionStoreFixture>): void {
  describe(`SessionStore contract: ${name}`, () => {
    let f: SessionStoreFixture;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    const session = (userId: string, accountId: string): SessionRecord => ({
      token_hash: sampleTokenHash(),
      user_id: userId,
      account_id: accountId,
      created_at: AT,
      expires_at: later(3600),
      revoked_at: null,
    });
    const opened = async (plan: 'free' | 'studio' = 'free') => {
      const { account, user } = await storeAccountWithUser(f.accounts, f.uow, { plan });
      const s = session(user.id, account.id);
      await f.sessions.create(s);
      return { account, user, session: s };
    };

    it("finds an open session with its user and the account's plan", async () => {
      const { user, session: s } = await opened('studio');
      expect(await f.sessions.findActive(Buffer.from(s.token_hash), later(60))).toEqual({
        session: s,
        user,
        plan: 'studio',
      });
      expect(await f.sessions.findActive(sampleTokenHash(), later(60))).toBeUndefined();
    });

    it('finds a session no more from the moment it expires', async () => {
      const { session: s } = await opened();
      expect(await f.sessions.findActive(s.token_hash, later(3599))).toBeDefined();
      expect(await f.sessions.findActive(s.token_hash, later(3600))).toBeUndefined();
    });

    it('refuses a second session with the same token hash', async () => {
      const { account, user, session: s } = await opened();
      await expect(f.sessions.create({ ...session(user.id, account.id), token_hash: s.token_hash })).rejects.toThrow();
    });

    it('revokes one session, leaving the user’s others open', async () => {
      const { account, user, session: first } = await opened();
      const second = session(user.id, account.id);
      await f.sessions.create(second);
      await f.sessions.revoke(first.token_hash, later(60));
      await f.sessions.revoke(sampleTokenHash(), later(60));
      expect(await f.sessions.findActive(first.token_hash, later(61))).toBeUndefined();
      expect(await f.sessions.findActive(second.token_hash, later(61))).toBeDefined();
      await f.sessions.revoke(first.token_hash, later(120));
      expect(await f.sessions.findActive(first.token_hash, later(121))).toBeUndefined();
    });

    it("revokes all of one user's sessions and nobody else's", async () => {
      const { account, user, session: first } = await opened();
      const second = session(user.id, account.id);
      await f.sessions.create(second);
      const colleague = sampleUser(account.id);
      await storeUser(f.accounts, f.uow, colleague);
      const theirs = session(colleague.id, account.id);
      await f.sessions.create(theirs);
      await f.sessions.revokeAllOfUser(user.id, later(60));
      expect(await f.sessions.findActive(first.token_hash, later(61))).toBeUndefined();
      expect(await f.sessions.findActive(second.token_hash, later(61))).toBeUndefined();
      expect(await f.sessions.findActive(theirs.token_hash, later(61))).toBeDefined();
    });

    it('ends the sessions of a deleted user', async () => {
      const { account, user, session: s } = await opened();
      await f.accounts.deleteUser(account.id, user.id);
      expect(await f.sessions.findActive(s.token_hash, later(60))).toBeUndefined();
    });

    it('keeps no reference to what it was given or handed out', async () => {
      const { session: s } = await opened();
      s.expires_at.setTime(later(10).getTime());
      const found = await f.sessions.findActive(s.token_hash, later(60));
      if (!found) throw new Error('no session');
      found.session.expires_at.setTime(later(1).getTime());
      found.user.role = 'owner';
      expect(await f.sessions.findActive(s.token_hash, later(60))).toMatchObject({
        session: { expires_at: later(3600) },
        user: { role: 'member' },
      });
    });
  });
}
