import { newId } from '@intake/ids';
import { type AuditEntry, type AuditLog } from '@intake/kernel';

export interface AuditLogFixture {
  auditLog: AuditLog;
  teardown(): Promise<void>;
}

/** An audit entry of an account, as AuditRecorder builds them. */
export const sampleAuditEntry = (accountId: string, action = 'thing.done', overrides: Partial<AuditEntry> = {}) => ({
  id: newId('auditEntry'),
  account_id: accountId,
  at: new Date('2026-05-01T10:00:00.000Z'),
  actor_type: 'user' as const,
  actor_id: 'usr_1',
  actor_mode: null,
  action,
  target_id: null,
  ip: null,
  request_id: null,
  summary: {},
  ...overrides,
});

/** The behaviour every AuditLog must have: append-only, listed newest first, filtered and paged. */
export function describeAuditLogContract(name: string, setup: () => Promise<AuditLogFixture>): void {
  describe(`AuditLog contract: ${name}`, () => {
    let f: AuditLogFixture;
    let account: string;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });
    beforeEach(() => {
      account = newId('account');
    });

    const append = async (action: string, overrides: Partial<AuditEntry> = {}) => {
      const entry = sampleAuditEntry(account, action, overrides);
      await f.auditLog.append(entry);
      return entry;
    };
    const actionsOf = (entries: AuditEntry[]) => entries.map((e) => e.action);

    it('gives back every field of an entry as appended', async () => {
      const byKey = await append('api_key.created', {
        at: new Date('2026-05-01T10:00:00.123Z'),
        actor_type: 'api_key',
        actor_id: 'key_1',
        actor_mode: 'test',
        target_id: 'key_2',
        ip: '203.0.113.7',
        request_id: 'req_1',
        summary: { name: 'CI', scopes: ['admin'], nested: { count: 2, none: null } },
      });
      const bySystem = await append('intake.purged', { actor_type: 'system', actor_id: null });
      const { entries, total } = await f.auditLog.list(account, {}, 10, 0);
      expect(total).toBe(2);
      expect(entries).toEqual([bySystem, byKey]);
    });

    it('stores the summary as JSON: an instant comes back as its ISO text, undefined fields are dropped', async () => {
      await append('x', { summary: { at: new Date('2026-05-01T10:00:00.000Z'), gone: undefined, n: 1 } });
      const [entry] = (await f.auditLog.list(account, {}, 10, 0)).entries;
      expect(entry?.summary).toStrictEqual({ at: '2026-05-01T10:00:00.000Z', n: 1 });
    });

    it('lists newest first in the order of appending, whatever the entries say their time is', async () => {
      await append('first', { at: new Date('2026-05-01T12:00:00.000Z') });
      await append('second', { at: new Date('2026-05-01T08:00:00.000Z') });
      await append('third', { at: new Date('2026-05-01T10:00:00.000Z') });
      expect(actionsOf((await f.auditLog.list(account, {}, 10, 0)).entries)).toEqual(['third', 'second', 'first']);
    });

    it('filters by action, actor and target, together; the total counts every match', async () => {
      await append('a', { actor_id: 'usr_1', target_id: 't1' });
      await append('b', { actor_id: 'usr_1', target_id: 't2' });
      await append('a', { actor_id: 'usr_2', target_id: 't1' });
      await append('a', { actor_id: 'usr_1', target_id: 't2' });
      const list = (filter: Parameters<AuditLog['list']>[1]) => f.auditLog.list(account, filter, 10, 0);
      expect((await list({ action: 'a' })).total).toBe(3);
      expect((await list({ actor: 'usr_1' })).total).toBe(3);
      expect((await list({ target: 't2' })).total).toBe(2);
      const both = await list({ action: 'a', actor: 'usr_1' });
      expect(both.entries.map((e) => e.target_id)).toEqual(['t2', 't1']);
      expect(await list({ action: 'a', actor: 'usr_2', target: 't1' })).toMatchObject({ total: 1 });
      expect(await list({ action: 'c' })).toEqual({ entries: [], total: 0 });
    });

    it('pages with limit and offset; the total is of every matching entry', async () => {
      for (const action of ['1', '2', '3', '4', '5']) await append(action);
      expect(await f.auditLog.list(account, {}, 2, 0)).toMatchObject({ total: 5 });
      expect(actionsOf((await f.auditLog.list(account, {}, 2, 0)).entries)).toEqual(['5', '4']);
      expect(actionsOf((await f.auditLog.list(account, {}, 2, 2)).entries)).toEqual(['3', '2']);
      expect(actionsOf((await f.auditLog.list(account, {}, 2, 4)).entries)).toEqual(['1']);
      expect(await f.auditLog.list(account, {}, 2, 10)).toEqual({ entries: [], total: 5 });
    });

    it("lists only the account's own entries", async () => {
      await append('mine');
      const other = newId('account');
      await f.auditLog.append(sampleAuditEntry(other, 'theirs'));
      expect(actionsOf((await f.auditLog.list(account, {}, 10, 0)).entries)).toEqual(['mine']);
      expect(actionsOf((await f.auditLog.list(other, {}, 10, 0)).entries)).toEqual(['theirs']);
      expect(await f.auditLog.list(newId('account'), {}, 10, 0)).toEqual({ entries: [], total: 0 });
    });

    it('refuses a second entry with the same id, keeping the first', async () => {
      const first = await append('first');
      await expect(f.auditLog.append({ ...first, action: 'second' })).rejects.toThrow();
      expect(actionsOf((await f.auditLog.list(account, {}, 10, 0)).entries)).toEqual(['first']);
    });

    it('keeps no reference to what it was given or handed out', async () => {
      const entry = await append('kept', { summary: { n: 1 } });
      entry.summary['n'] = 2;
      const [listed] = (await f.auditLog.list(account, {}, 10, 0)).entries;
      if (!listed) throw new Error('no entry');
      listed.action = 'changed';
      listed.summary['n'] = 3;
      expect((await f.auditLog.list(account, {}, 10, 0)).entries).toEqual([
        expect.objectContaining({ action: 'kept', summary: { n: 1 } }),
      ]);
    });
  });
}
