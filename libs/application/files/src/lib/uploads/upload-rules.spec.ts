import { CONSTRAINT_MAXIMUMS } from '@intake/domain-items';
import { type GivenPortal, givenPortal, InMemoryContext } from '@intake/testing';
import { type FileRecord } from '../ports/file-store.port';
import { assertRoomFor, DEFAULT_MAX_FILE_BYTES, unsubmitted, uploadableItem, uploadsOf } from './upload-rules';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

describe('upload rules', () => {
  let portal: GivenPortal;
  const now = new Date('2026-12-01T10:00:00Z');
  const item = (key: string, overrides: Partial<ItemRecord> = {}): ItemRecord => {
    const found = portal.items.find((i) => i.key === key);
    if (!found) throw new Error(`no item ${key}`);
    return { ...found, ...overrides };
  };
  const files = (count: number, key = 'documents') =>
    Array.from({ length: count }, (_, i) => ({ id: `fil_${i}`, item_key: key }) as FileRecord);

  beforeEach(async () => {
    portal = await givenPortal(new InMemoryContext());
  });

  it('lets an item hold up to 100 MiB when it sets no max_bytes', () => {
    expect(DEFAULT_MAX_FILE_BYTES).toBe(100 * 1024 * 1024);
  });

  describe('uploadableItem', () => {
    it.each(['logo', 'documents', 'contract'])('takes uploads to the client file item %s', (key) => {
      expect(uploadableItem(portal.items, key).key).toBe(key);
    });

    it.each(['pending', 'submitted', 'needs_revision'] as const)('takes uploads while the item is %s', (status) => {
      expect(uploadableItem([item('logo', { status })], 'logo').status).toBe(status);
    });

    it.each([
      ['unknown', 'nope'],
      ["an owner's", 'kickoff'],
    ])('has no %s item: 404 item_not_found', (_what, key) => {
      expect(() => uploadableItem(portal.items, key)).toThrow(
        expect.objectContaining({ code: 'not_found', reason: 'item_not_found' }),
      );
    });

    it('refuses files for a value item with 422 on the file', () => {
      expect(() => uploadableItem(portal.items, 'tagline')).toThrow(
        expect.objectContaining({ reason: 'validation_failed', details: [expect.objectContaining({ path: 'file' })] }),
      );
    });

    it.each(['approved', 'waived'] as const)('refuses an %s item with 409 item_%s', (status) => {
      expect(() => uploadableItem([item('logo', { status })], 'logo')).toThrow(
        expect.objectContaining({ code: 'conflict', reason: `item_${status}` }),
      );
    });
  });

  describe('assertRoomFor', () => {
    it('lets a file list grow to its max_count, not beyond', () => {
      expect(() => assertRoomFor(item('documents'), files(2))).not.toThrow();
      expect(() => assertRoomFor(item('documents'), files(3))).toThrow(
        expect.objectContaining({
          reason: 'validation_failed',
          details: [{ path: 'file', message: 'cannot be added: the item takes at most 3 files' }],
        }),
      );
    });

    it('holds a file list without max_count to the largest max_count there is', () => {
      const unbounded = item('documents', { constraints: {} });
      expect(() => assertRoomFor(unbounded, files(CONSTRAINT_MAXIMUMS.max_count - 1))).not.toThrow();
      expect(() => assertRoomFor(unbounded, files(CONSTRAINT_MAXIMUMS.max_count))).toThrow();
    });

    it('always has room in a file or image item: a new upload replaces the old', () => {
      expect(() => assertRoomFor(item('logo'), files(1, 'logo'))).not.toThrow();
      expect(() => assertRoomFor(item('contract'), files(5, 'contract'))).not.toThrow();
    });
  });

  describe('unsubmitted', () => {
    const intake = (overrides: Partial<IntakeRecord> = {}): IntakeRecord => ({ ...portal.intake, ...overrides });

    it('sends a submitted item back to pending, without an event', () => {
      const submitted = item('logo', { status: 'submitted', submitted_at: now });
      const result = unsubmitted(intake({ status: 'in_progress' }), [submitted, item('tagline')], 'logo', now);
      expect(result.events).toEqual([]);
      expect(result.intake.items.find((i) => i.key === 'logo')).toMatchObject({
        status: 'pending',
        submitted_at: null,
        answered: false,
      });
    });

    it('reopens a completed intake whose last submitted item it was', () => {
      const submitted = item('logo', { status: 'submitted', submitted_at: now });
      const result = unsubmitted(intake({ status: 'completed', completed_at: now }), [submitted], 'logo', now);
      expect(result.intake).toMatchObject({ status: 'in_progress', completed_at: null });
      expect(result.events).toEqual([{ type: 'intake.reopened' }]);
    });

    it.each(['pending', 'needs_revision', 'approved'] as const)('leaves a %s item as it is', (status) => {
      const result = unsubmitted(intake(), [item('logo', { status })], 'logo', now);
      expect(result.events).toEqual([]);
      expect(result.intake.items.map((i) => i.status)).toEqual([status]);
    });
  });

  it("uploadsOf picks one item's files", () => {
    const all = [...files(2, 'logo'), ...files(1, 'documents')];
    expect(uploadsOf(all, 'logo')).toHaveLength(2);
    expect(uploadsOf(all, 'documents')).toHaveLength(1);
    expect(uploadsOf(all, 'contract')).toEqual([]);
  });
});
