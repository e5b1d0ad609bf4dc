import { type AccountRecord, type AccountStore, DEFAULT_NOTIFICATION_SETTINGS } from '@intake/application-accounts';
import { type FileRecord, type FileStore } from '@intake/application-files';
import { type IntakeStore, newItemRecord } from '@intake/application-intakes';
import { DEFAULT_CHASE_SETTINGS, type IntakeRecord } from '@intake/domain-intake';
import { newId, randomToken } from '@intake/ids';
import { type UnitOfWork } from '@intake/kernel';

/** The stores a FileStore test needs: files, and the accounts and intakes they belong to. */
export interface FileStorePorts {
  files: FileStore;
  accounts: AccountStore;
  intakes: IntakeStore;
  uow: UnitOfWork;
}

export interface FileStoreFixture {
  /** The stores, emptied (a fresh set of twins, or the same database with every account gone). */
  empty(): Promise<FileStorePorts>;
  teardown(): Promise<void>;
}

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** An account and an intake with a file item (`logo`) and a file list (`docs`) to put files on. */
async function givenIntake(ports: FileStorePorts): Promise<{ accountId: string; intakeId: string }> {
  const accountId = newId('account');
  const account: AccountRecord = {
    id: accountId,
    name: 'Studio',
    plan: 'free',
    default_language: 'en',
    default_timezone: 'Europe/Prague',
    sender_name: null,
    branding: null,
    ...DEFAULT_NOTIFICATION_SETTINGS,
    storage_bytes_used: 0,
    created_at: T0,
    updated_at: T0,
  };
  await ports.accounts.createAccount(account);
  const intakeId = newId('intake');
  const intake: IntakeRecord = {
    id: intakeId,
    account_id: accountId,
    mode: 'live',
    created_by_key_id: null,
    created_by_user_id: null,
    slug: randomToken(16),
    project_name: 'Website',
    status: 'sent',
    client_email: 'client@example.test',
    client_name: 'Client',
    client_phone: null,
    client_language: 'en',
    client_timezone: 'Europe/Prague',
    client_bounced_at: null,
    client_temporary_bounces: 0,
    also_notify: [],
    email_copy: null,
    branding: null,
    folder_id: null,
    ...DEFAULT_CHASE_SETTINGS,
    send_thank_you: null,
    due_date: null,
    retention_mode: 'days',
    retention_days: 90,
    retention_anonymize: false,
    client_note: null,
    owner_note: null,
    client_brief: null,
    created_at: T0,
    sent_at: T0,
    completed_at: null,
    delivered_at: null,
    anonymized_at: null,
    client_last_seen: null,
    stalled_at: null,
    purge_at: null,
    overdue_at: null,
    test_clock_id: null,
    version: 0,
  };
  const item = (key: string, type: 'image' | 'file_list', position: number) =>
    newItemRecord(
      intakeId,
      {
        key,
        type,
        label: key,
        help: null,
        required: true,
        assignee: 'client',
        constraints: {},
        schema: null,
        options: null,
        pattern: null,
        proposed: null,
      },
      position,
    );
  await ports.intakes.insert(intake, [item('logo', 'image', 0), item('docs', 'file_list', 1)]);
  return { accountId, intakeId };
}

function aFile(
  owner: { accountId: string; intakeId: string },
  overrides: Partial<FileRecord> & { created_at: Date },
): FileRecord {
  const id = overrides.id ?? newId('file');
  return {
    id,
    account_id: owner.accountId,
    intake_id: owner.intakeId,
    kind: 'upload',
    item_key: 'docs',
    filename: 'Smlouva č. 1.pdf',
    mime: 'application/pdf',
    extension: 'pdf',
    size: 1000,
    width: null,
    height: null,
    has_alpha: null,
    checksum_sha256: 'ab'.repeat(32),
    storage_key: `intakes/${owner.intakeId}/files/${id}`,
    av_status: 'pending',
    av_signature: null,
    scanned_at: null,
    scan_attempts: 0,
    ...overrides,
  };
}

/** The behaviour every FileStore must have, run against the PostgreSQL store and the in-memory twin. */
export function describeFileStoreContract(name: string, setup: () => Promise<FileStoreFixture>): void {
  describe(`FileStore contract: ${name}`, () => {
    let fixture: FileStoreFixture;
    let ports: FileStorePorts;
    let files: FileStore;
    let owner: { accountId: string; intakeId: string };

    const storageUsed = async (accountId = owner.accountId) =>
      (await ports.accounts.getAccount(accountId))?.storage_bytes_used;

    beforeAll(async () => {
      fixture = await setup();
    }, 60_000);
    afterAll(async () => {
      await fixture?.teardown();
    }, 60_000);
    beforeEach(async () => {
      ports = await fixture.empty();
      files = ports.files;
      owner = await givenIntake(ports);
    });

    it('keeps every field of a file as it was inserted', async () => {
      const image = aFile(owner, {
        item_key: 'logo',
        mime: 'image/png',
        extension: 'png',
        size: 123_456_789_012,
        width: 640,
        height: 480,
        has_alpha: true,
        av_status: 'clean',
        scanned_at: at(5),
        created_at: at(1),
      });
      const brief = aFile(owner, { kind: 'brief', item_key: null, has_alpha: false, created_at: at(2) });
      await files.insert(image);
      await files.insert(brief);
      expect(await files.get(owner.intakeId, image.id)).toEqual(image);
      expect(await files.byId(brief.id)).toEqual(brief);
    });

    it('finds a file only within its own intake, and nothing for an unknown id', async () => {
      const other = await givenIntake(ports);
      const file = aFile(owner, { created_at: at(1) });
      await files.insert(file);
      expect(await files.get(other.intakeId, file.id)).toBeUndefined();
      expect(await files.get(owner.intakeId, 'fil_unknown')).toBeUndefined();
      expect(await files.byId('fil_unknown')).toBeUndefined();
      expect(await files.ofIntake(other.intakeId)).toEqual([]);
    });

    it("lists an intake's uploads and brief files oldest first, then by id", async () => {
      const other = await givenIntake(ports);
      const third = aFile(owner, { created_at: at(30) });
      const first = aFile(owner, { kind: 'brief', item_key: null, created_at: at(10) });
      const [tieA, tieB] = [
        aFile(owner, { id: 'fil_a', created_at: at(20) }),
        aFile(owner, { id: 'fil_b', created_at: at(20) }),
      ];
      for (const file of [third, tieB, aFile(other, { created_at: at(0) }), first, tieA]) await files.insert(file);
      expect((await files.ofIntake(owner.intakeId)).map((f) => f.id)).toEqual([first.id, 'fil_a', 'fil_b', third.id]);
    });

    it('refuses a second file with the same id or the same storage key', async () => {
      const file = aFile(owner, { created_at: at(1) });
      await files.insert(file);
      await expect(files.insert({ ...file, storage_key: `${file.storage_key}-2` })).rejects.toThrow();
      await expect(
        files.insert({ ...aFile(owner, { created_at: at(2) }), storage_key: file.storage_key }),
      ).rejects.toThrow();
      expect(await files.ofIntake(owner.intakeId)).toHaveLength(1);
      expect(await storageUsed()).toBe(1000);
    });

    it('refuses a file of an unknown account, intake or item', async () => {
      await expect(
        files.insert(aFile({ ...owner, accountId: 'acc_unknown' }, { created_at: at(1) })),
      ).rejects.toThrow();
      await expect(files.insert(aFile({ ...owner, intakeId: 'in_unknown' }, { created_at: at(1) }))).rejects.toThrow();
      await expect(files.insert(aFile(owner, { item_key: 'nope', created_at: at(1) }))).rejects.toThrow();
      expect(await files.ofIntake(owner.intakeId)).toEqual([]);
      expect(await storageUsed()).toBe(0);
    });

    it('refuses an upload without an item and a brief file with one', async () => {
      await expect(files.insert(aFile(owner, { kind: 'upload', item_key: null, created_at: at(1) }))).rejects.toThrow();
      await expect(
        files.insert(aFile(owner, { kind: 'brief', item_key: 'docs', created_at: at(1) })),
      ).rejects.toThrow();
      expect(await files.ofIntake(owner.intakeId)).toEqual([]);
    });

    it("counts inserted files in the account's storage use, and deleted ones no more", async () => {
      const other = await givenIntake(ports);
      const [a, b] = [aFile(owner, { size: 300, created_at: at(1) }), aFile(owner, { size: 700, created_at: at(2) })];
      await files.insert(a);
      await files.insert(b);
      await files.insert(aFile(other, { size: 50, created_at: at(3) }));
      expect(await storageUsed()).toBe(1000);
      expect(await ports.uow.run(() => files.storageUsedForUpdate(owner.accountId))).toBe(1000);
      expect(await files.delete([a.id])).toEqual([a]);
      expect(await storageUsed()).toBe(700);
      expect(await files.storageUsedForUpdate(owner.accountId)).toBe(700);
      expect(await storageUsed(other.accountId)).toBe(50);
    });

    it('reports no storage use for an unknown account', async () => {
      expect(await files.storageUsedForUpdate('acc_unknown')).toBe(0);
    });

    it('deletes only the files named, returning them; unknown and already deleted ids are skipped', async () => {
      const a = aFile(owner, { size: 1, created_at: at(1) });
      const b = aFile(owner, { size: 2, created_at: at(2) });
      const c = aFile(owner, { size: 3, created_at: at(3) });
      for (const file of [a, b, c]) await files.insert(file);
      const deleted = await files.delete([c.id, a.id, 'fil_unknown']);
      expect(deleted.map((f) => f.id).sort()).toEqual([a.id, c.id].sort());
      expect(await files.delete([a.id])).toEqual([]);
      expect(await files.delete([])).toEqual([]);
      expect((await files.ofIntake(owner.intakeId)).map((f) => f.id)).toEqual([b.id]);
      expect(await storageUsed()).toBe(2);
    });

    it('undoes an insert, and the storage it counted, when the unit of work fails', async () => {
      const file = aFile(owner, { created_at: at(1) });
      const failed = ports.uow.run(async () => {
        await files.insert(file);
        throw new Error('rolled back');
      });
      await expect(failed).rejects.toThrow('rolled back');
      expect(await files.byId(file.id)).toBeUndefined();
      expect(await storageUsed()).toBe(0);
    });

    it('hands out copies: changing a returned or inserted record changes nothing stored', async () => {
      const file = aFile(owner, { created_at: at(1) });
      await files.insert(file);
      file.filename = 'changed.pdf';
      const read = (await files.get(owner.intakeId, file.id)) as FileRecord;
      read.created_at.setFullYear(2000);
      read.av_status = 'clean';
      expect(await files.byId(file.id)).toMatchObject({
        filename: 'Smlouva č. 1.pdf',
        av_status: 'pending',
        created_at: at(1),
      });
    });

    it('removes the files of a deleted intake, and their storage use', async () => {
      await files.insert(aFile(owner, { size: 10, created_at: at(1) }));
      await files.insert(aFile(owner, { kind: 'brief', item_key: null, size: 20, created_at: at(2) }));
      await ports.intakes.delete({ accountId: owner.accountId, mode: null, createdByKeyId: null }, owner.intakeId);
      expect(await files.ofIntake(owner.intakeId)).toEqual([]);
      expect(await storageUsed()).toBe(0);
    });

    describe('scans', () => {
      it('lists pending files created before the cut-off, oldest first, up to the limit', async () => {
        const other = await givenIntake(ports);
        const pending = [3, 1, 2].map((s) => aFile(s === 2 ? other : owner, { created_at: at(s) }));
        const clean = aFile(owner, { av_status: 'clean', scanned_at: at(0), created_at: at(0) });
        const infected = aFile(owner, { av_status: 'infected', av_signature: 'Eicar', created_at: at(0) });
        const tooNew = aFile(owner, { created_at: at(60) });
        for (const file of [...pending, clean, infected, tooNew]) await files.insert(file);
        const [three, one, two] = pending.map((f) => f.id);
        expect(await files.pendingScan(at(60), at(120), 10)).toEqual([one, two, three]);
        expect(await files.pendingScan(at(60), at(120), 2)).toEqual([one, two]);
        expect(await files.pendingScan(at(2), at(120), 10)).toEqual([one]);
      });

      it('records a failed attempt and holds the file back until its next attempt is due', async () => {
        const file = aFile(owner, { created_at: at(0) });
        await files.insert(file);
        await files.recordScanFailure(file.id, 1, `clamd unreachable ${'x'.repeat(600)}`, at(100));
        expect(await files.byId(file.id)).toMatchObject({ scan_attempts: 1, av_status: 'pending' });
        expect(await files.pendingScan(at(10), at(99), 10)).toEqual([]);
        expect(await files.pendingScan(at(10), at(100), 10)).toEqual([file.id]);
        await files.recordScanFailure(file.id, 2, 'again', at(300));
        expect((await files.byId(file.id))?.scan_attempts).toBe(2);
        expect(await files.pendingScan(at(10), at(200), 10)).toEqual([]);
      });

      it('records a verdict once: only while the file is still pending', async () => {
        const file = aFile(owner, { created_at: at(0) });
        await files.insert(file);
        expect(await files.recordScan(file.id, 'infected', 'Eicar-Test-Signature', at(5))).toBe(true);
        expect(await files.recordScan(file.id, 'clean', null, at(6))).toBe(false);
        expect(await files.byId(file.id)).toMatchObject({
          av_status: 'infected',
          av_signature: 'Eicar-Test-Signature',
          scanned_at: at(5),
        });
        expect(await files.pendingScan(at(10), at(10), 10)).toEqual([]);
        expect(await files.recordScan('fil_unknown', 'clean', null, at(6))).toBe(false);
      });

      it('ignores a failure reported for a file that is no longer pending', async () => {
        const file = aFile(owner, { created_at: at(0) });
        await files.insert(file);
        await files.recordScan(file.id, 'clean', null, at(5));
        await files.recordScanFailure(file.id, 3, 'late', at(100));
        expect(await files.byId(file.id)).toMatchObject({ av_status: 'clean', scan_attempts: 0, scanned_at: at(5) });
      });
    });
  });
}
