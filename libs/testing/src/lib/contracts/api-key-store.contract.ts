import { type AccountStore, type ApiKeyStore } from '@intake/application-accounts';
import { sampleAccount, sampleApiKey, sampleTokenHash } from './account-records';

export interface ApiKeyStoreFixture {
  keys: ApiKeyStore;
  /** The store of the accounts the keys belong to. */
  accounts: AccountStore;
  teardown(): Promise<void>;
}

const AT = new Date('2026-05-01T10:00:00.000Z');
const later = (seconds: number) => new Date(AT.getTime() + seconds * 1000);

/** The behaviour every ApiKeyStore must have: keys per account, found by hash, revoked once. */
export function describeApiKeyStoreContract(name: string, setup: () => Promise<ApiKeyStoreFixture>): void {
  describe(`ApiKeyStore contract: ${name}`, () => {
    let f: ApiKeyStoreFixture;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    const account = async (plan: 'free' | 'agency' = 'free') => {
      const record = sampleAccount({ plan });
      await f.accounts.createAccount(record);
      return record.id;
    };

    it('gives a key back as created, within its account only', async () => {
      const accountId = await account();
      const key = sampleApiKey(accountId, {
        mode: 'test',
        scopes: ['admin', 'secrets:read'],
        created_by_user_id: null,
      });
      await f.keys.create(key);
      expect(await f.keys.get(accountId, key.id)).toEqual(key);
      expect(await f.keys.get(await account(), key.id)).toBeUndefined();
      expect(await f.keys.get(accountId, 'key_unknown')).toBeUndefined();
    });

    it("lists the account's keys newest first, ties by id descending, revoked ones too", async () => {
      const accountId = await account();
      const suffix = accountId.slice(4, 12).toLowerCase();
      const keys = [
        sampleApiKey(accountId, { id: `key_a${suffix}`, created_at: later(0) }),
        sampleApiKey(accountId, { id: `key_b${suffix}`, created_at: later(60) }),
        sampleApiKey(accountId, { id: `key_c${suffix}`, created_at: later(0), revoked_at: later(30) }),
      ];
      for (const key of keys) await f.keys.create(key);
      await f.keys.create(sampleApiKey(await account()));
      expect((await f.keys.list(accountId)).map((k) => k.id.slice(0, 5))).toEqual(['key_b', 'key_c', 'key_a']);
      expect(await f.keys.list('acc_unknown')).toEqual([]);
    });

    it("finds a key by its token hash with its account's plan, revoked or not", async () => {
      const accountId = await account('agency');
      const key = sampleApiKey(accountId);
      await f.keys.create(key);
      expect(await f.keys.findByTokenHash(Buffer.from(key.token_hash))).toEqual({ ...key, plan: 'agency' });
      await f.keys.revoke(accountId, key.id, later(10));
      expect(await f.keys.findByTokenHash(key.token_hash)).toEqual({ ...key, revoked_at: later(10), plan: 'agency' });
      expect(await f.keys.findByTokenHash(sampleTokenHash())).toBeUndefined();
    });

    it('refuses a second key with the same token hash', async () => {
      const accountId = await account();
      const key = sampleApiKey(accountId);
      await f.keys.create(key);
      await expect(f.keys.create(sampleApiKey(accountId, { token_hash: key.token_hash }))).rejects.toThrow();
      expect(await f.keys.list(accountId)).toHaveLength(1);
    });

    it('revokes a key once, and only within its account', async () => {
      const accountId = await account();
      const key = sampleApiKey(accountId);
      await f.keys.create(key);
      expect(await f.keys.revoke(await account(), key.id, later(5))).toBe(false);
      expect((await f.keys.get(accountId, key.id))?.revoked_at).toBeNull();
      expect(await f.keys.revoke(accountId, key.id, later(10))).toBe(true);
      expect(await f.keys.revoke(accountId, key.id, later(20))).toBe(false);
      expect((await f.keys.get(accountId, key.id))?.revoked_at).toEqual(later(10));
      expect(await f.keys.revoke(accountId, 'key_unknown', later(20))).toBe(false);
    });

    it('records use at most once a minute', async () => {
      const accountId = await account();
      const key = sampleApiKey(accountId);
      const other = sampleApiKey(accountId);
      await f.keys.create(key);
      await f.keys.create(other);
      const lastUsed = async () => (await f.keys.get(accountId, key.id))?.last_used_at;
      await f.keys.touch(key.id, later(0));
      expect(await lastUsed()).toEqual(later(0));
      await f.keys.touch(key.id, later(59));
      expect(await lastUsed()).toEqual(later(0));
      await f.keys.touch(key.id, later(60)); // a minute exactly: as AuthenticateApiKey decides
      expect(await lastUsed()).toEqual(later(60));
      await f.keys.touch(key.id, later(61));
      expect(await lastUsed()).toEqual(later(60));
      expect((await f.keys.get(accountId, other.id))?.last_used_at).toBeNull();
      await f.keys.touch('key_unknown', later(61));
    });

    it('keeps no reference to what it was given or handed out', async () => {
      const accountId = await account();
      const key = sampleApiKey(accountId);
      await f.keys.create(key);
      key.scopes.push('admin');
      const [listed] = await f.keys.list(accountId);
      listed?.scopes.push('secrets:read');
      expect((await f.keys.get(accountId, key.id))?.scopes).toEqual(['intakes:read', 'intakes:write']);
    });
  });
}
