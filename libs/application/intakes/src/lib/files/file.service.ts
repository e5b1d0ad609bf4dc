// eslint-disable-next-line no-restricted-imports -- staging moves behind a port with the files context's use cases
import { createReadStream, createWriteStream } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- (as above)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { type AccountStore } from '@intake/application-accounts';
import {
  type Antivirus,
  type ByteStream,
  type FileInspector,
  type Inspection,
  type ObjectStorage,
  type ScanQueue,
  SIGNED_URL_SECONDS,
} from '@intake/application-files';
import { type Clock, type RequestMeta } from '@intake/kernel';
import { type AccessContext, accessOf, planOf, type Principal } from '@intake/domain-accounts';
import { assertNotArchived, discardAnswer, itemNotFound, submitItem, type Transition } from '@intake/domain-intake';
import { CONSTRAINT_MAXIMUMS, isFileType, validateFileSet, validateUploadedFile } from '@intake/domain-items';
import { DomainError, type ErrorDetail, validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';
import { type IntakeDetail, type IntakeService, intakeFilesPrefix } from '../intakes/intake.service';
import { type IntakeStore } from '../intakes/intake.store';
import { intakeState, type IntakeItem } from '../intakes/intake-views';
import { type IntakeRecord, type ItemRecord } from '../intakes/records';
import { asPortalError, assertPortalSlug, noSuchPortal } from '../portal/portal-link';
import { cleanFilename, type FileRecord, type FileStore, fileFacts, fileRecord } from './files';

/** An item's max_bytes when its definition sets none. */
export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Brief files per intake (SPEC.md: the 11th is 422) and the size of each. */
export const BRIEF_FILES_MAX = 10;
export const BRIEF_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** An upload as the HTTP layer hands it over: the client's file name and the streaming body. */
export interface IncomingFile {
  filename: string;
  body: ByteStream;
}

/** A URL to redirect to, minted for one servable file. */
export interface FileLink {
  url: string;
  file: FileRecord;
}

const storageQuotaExceeded = (limit: number) =>
  new DomainError('quota_exceeded', `The plan includes ${limit} bytes of file storage and they are used up.`, {
    reason: 'storage',
    params: { limit },
  });

/** Pending or infected files are never served (SPEC.md: 422 unprocessable). */
export function assertServable(file: FileRecord): void {
  if (file.av_status === 'pending') {
    throw new DomainError('unprocessable', 'The file is still being scanned for viruses; try again shortly.', {
      reason: 'file_scan_pending',
    });
  }
  if (file.av_status === 'infected') {
    throw new DomainError('unprocessable', 'The file failed the virus scan and is never served.', {
      reason: 'file_infected',
    });
  }
}

const fileNotFound = () => new DomainError('not_found', 'The file was not found.', { reason: 'file_not_found' });

/**
 * Files: the client's uploads to file items (portal), the owner's brief files, and downloads of
 * both through signed URLs. Bytes stream from the request through the inspector into storage;
 * the row (and with it the account's storage use) is written only once the object is complete,
 * and an object whose row could not be written is removed again.
 */
export class FileService {
  constructor(
    private readonly intakes: IntakeService,
    private readonly store: IntakeStore,
    private readonly files: FileStore,
    private readonly accounts: AccountStore,
    private readonly storage: ObjectStorage,
    private readonly inspector: FileInspector,
    private readonly antivirus: Antivirus,
    private readonly scans: ScanQueue,
    private readonly clock: Clock,
  ) {}

  /* ------------------------------------------------------------------ client (portal) */

  /** POST /portal/v1/:slug/items/:key/files: adds an upload; the scan follows (av_status pending). */
  async upload(slug: string, key: string, incoming: IncomingFile, meta: RequestMeta): Promise<FileRecord> {
    assertPortalSlug(slug);
    const intake = await this.store.getBySlug(slug);
    if (!intake) throw noSuchPortal();
    assertNotArchived(intake);
    const item = uploadableItem(await this.store.items(intake.id), key);
    const itemMax = item.constraints.max_bytes ?? DEFAULT_MAX_FILE_BYTES;
    // A full file_list is refused before the upload is read (and again under the lock).
    assertRoomFor(
      item,
      (await this.files.ofIntake(intake.id)).filter((f) => f.item_key === key),
    );

    const id = newId('file');
    const storageKey = `${intakeFilesPrefix(intake.id)}files/${id}`;
    const { facts, filename } = await this.streamToStorage(storageKey, incoming, itemMax, intake.account_id);
    const record = fileRecord(
      {
        id,
        account_id: intake.account_id,
        intake_id: intake.id,
        kind: 'upload',
        item_key: key,
        filename,
        storage_key: storageKey,
      },
      facts,
      this.antivirus.driver === 'none'
        ? { status: 'clean', scannedAt: this.clock.now() }
        : { status: 'pending', scannedAt: null },
      this.clock.now(),
    );
    let replaced: FileRecord[] = [];
    try {
      const details = validateUploadedFile(item, fileFacts(record));
      if (details.length > 0) throw validationFailed(details);
      await this.portalChange(
        slug,
        meta,
        'item.file_uploaded',
        { item_key: key, file_id: id, size: record.size, checksum_sha256: record.checksum_sha256 },
        async (locked, items, now) => {
          const current = uploadableItem(items, key);
          const existing = (await this.files.ofIntake(locked.id)).filter((f) => f.item_key === key);
          assertRoomFor(current, existing);
          if (current.type !== 'file_list') {
            // file and image items hold one file: a new upload replaces the old one.
            replaced = await this.files.delete(existing.map((f) => f.id));
          }
          await this.reserve(locked.account_id, record.size);
          await this.files.insert(record);
          return unsubmitted(locked, items, key, now);
        },
      );
    } catch (error) {
      await this.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
    await this.removeObjects(replaced);
    // A scan that cannot be queued now is found by the scheduler's sweep a minute later.
    if (record.av_status === 'pending') await this.scans.enqueue(record.id).catch(() => undefined);
    return record;
  }

  /** DELETE /portal/v1/:slug/items/:key/files/:fileId. A submitted item goes back to pending. */
  async remove(slug: string, key: string, fileId: string, meta: RequestMeta): Promise<void> {
    assertPortalSlug(slug);
    let removed: FileRecord[] = [];
    await this.portalChange(
      slug,
      meta,
      'item.file_removed',
      { item_key: key, file_id: fileId },
      async (intake, items, now) => {
        uploadableItem(items, key);
        const file = await this.files.get(intake.id, fileId);
        if (!file || file.kind !== 'upload' || file.item_key !== key) throw fileNotFound();
        removed = await this.files.delete([file.id]);
        return unsubmitted(intake, items, key, now);
      },
    );
    await this.removeObjects(removed);
  }

  /** POST /portal/v1/:slug/items/:key/submit: the uploaded files, with the count rules checked. */
  async submit(slug: string, key: string, meta: RequestMeta): Promise<IntakeDetail> {
    assertPortalSlug(slug);
    return this.portalChange(slug, meta, 'item.submitted', { item_key: key }, async (intake, items, now) => {
      const item = uploadableItem(items, key);
      const files = (await this.files.ofIntake(intake.id)).filter((f) => f.item_key === key);
      const details: ErrorDetail[] = files.flatMap((f, i) =>
        f.av_status === 'infected'
          ? [{ path: `files[${i}]`, message: 'failed the virus scan: remove it and upload another' }]
          : [],
      );
      details.push(...validateFileSet(item, files.map(fileFacts)));
      if (details.length > 0) throw validationFailed(details);
      const result = submitItem(intakeState(intake, items), key, now);
      return {
        ...result,
        events: result.events.map((e) => (e.type === 'item.submitted' ? { ...e, file_count: files.length } : e)),
      };
    });
  }

  /** GET /portal/v1/:slug/brief/files/:fileId: a brief file for the client. */
  async briefLinkForClient(slug: string, fileId: string): Promise<FileLink> {
    assertPortalSlug(slug);
    const intake = await this.store.getBySlug(slug);
    if (!intake) throw noSuchPortal();
    const file = await this.files.get(intake.id, fileId);
    if (!file || file.kind !== 'brief') throw fileNotFound();
    return this.link(file);
  }

  /* ------------------------------------------------------------------ owner */

  /** GET /v1/intakes/:id/items/:key/files/:fileId: 302 to a signed URL; 422 while pending or infected. */
  async itemFileLink(access: AccessContext, intakeId: string, key: string, fileId: string): Promise<FileLink> {
    const { items } = await this.intakes.detail(access, intakeId);
    if (!items.some((i) => i.key === key)) {
      throw itemNotFound(key);
    }
    const file = await this.files.get(intakeId, fileId);
    if (!file || file.kind !== 'upload' || file.item_key !== key) throw fileNotFound();
    return this.link(file);
  }

  /** GET /v1/intakes/:id/brief/files/:fileId/url. */
  async briefLink(access: AccessContext, intakeId: string, fileId: string): Promise<FileLink> {
    await this.intakes.detail(access, intakeId);
    const file = await this.files.get(intakeId, fileId);
    if (!file || file.kind !== 'brief') throw fileNotFound();
    return this.link(file);
  }

  /**
   * POST /v1/intakes/:id/brief/files: scanned before it is stored. The bytes go to a temporary
   * file while they are inspected, the scanner reads that, and only a clean file reaches storage.
   */
  async addBriefFile(
    principal: Principal,
    intakeId: string,
    incoming: IncomingFile,
    meta: RequestMeta,
  ): Promise<FileRecord> {
    const { intake, files } = await this.intakes.detail(accessOf(principal), intakeId);
    assertNotArchived(intake);
    assertBriefRoom(files);
    const id = newId('briefFile');
    const storageKey = `${intakeFilesPrefix(intake.id)}brief/${id}`;
    const staging = await mkdtemp(join(tmpdir(), 'intake-brief-'));
    try {
      const path = join(staging, 'upload');
      const limit = await this.uploadLimit(intake.account_id, BRIEF_FILE_MAX_BYTES);
      const inspection = await this.inspect(incoming, limit);
      await pipeline(Readable.from(inspection.body), createWriteStream(path)).catch((error: unknown) => {
        throw limitError(error, limit);
      });
      const facts = inspection.facts();
      const verdict = await this.antivirus.scan(createReadStream(path));
      if (!verdict.clean) {
        throw new DomainError('unprocessable', 'The file failed the virus scan and was not stored.', {
          reason: 'file_infected',
          details: [{ path: 'file', message: 'failed the virus scan' }],
        });
      }
      await this.storage.put(storageKey, createReadStream(path), { maxBytes: limit.bytes, contentType: facts.mime });
      const now = this.clock.now();
      const record = fileRecord(
        {
          id,
          account_id: intake.account_id,
          intake_id: intake.id,
          kind: 'brief',
          item_key: null,
          filename: cleanFilename(incoming.filename, facts.extension, facts.converted),
          storage_key: storageKey,
        },
        facts,
        { status: 'clean', scannedAt: now },
        now,
      );
      try {
        await this.intakes.change(principal, intakeId, meta, {
          action: 'intake.brief_file_added',
          summary: { file_id: id, size: record.size },
          decide: async (locked, items) => {
            assertBriefRoom(await this.files.ofIntake(locked.id));
            await this.reserve(locked.account_id, record.size);
            await this.files.insert(record);
            return { intake: intakeState(locked, items), events: [] };
          },
        });
      } catch (error) {
        await this.storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
      return record;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** DELETE /v1/intakes/:id/brief/files/:fileId: releases the storage. */
  async removeBriefFile(principal: Principal, intakeId: string, fileId: string, meta: RequestMeta): Promise<void> {
    let removed: FileRecord[] = [];
    await this.intakes.change(principal, intakeId, meta, {
      action: 'intake.brief_file_removed',
      summary: { file_id: fileId },
      decide: async (intake, items) => {
        const file = await this.files.get(intake.id, fileId);
        if (!file || file.kind !== 'brief') throw fileNotFound();
        removed = await this.files.delete([file.id]);
        return { intake: intakeState(intake, items), events: [] };
      },
    });
    await this.removeObjects(removed);
  }

  /* ------------------------------------------------------------------ helpers */

  private async link(file: FileRecord): Promise<FileLink> {
    assertServable(file);
    const url = await this.storage.signedUrl(file.storage_key, {
      filename: file.filename,
      contentType: file.mime,
      expiresInSeconds: SIGNED_URL_SECONDS,
    });
    return { url, file };
  }

  /** Streams an upload through the inspector into storage under the item's and the quota's limits. */
  private async streamToStorage(
    storageKey: string,
    incoming: IncomingFile,
    itemMax: number,
    accountId: string,
  ): Promise<{ facts: ReturnType<Inspection['facts']>; filename: string }> {
    const limit = await this.uploadLimit(accountId, itemMax);
    try {
      const inspection = await this.inspect(incoming, limit);
      await this.storage.put(storageKey, inspection.body, { maxBytes: limit.bytes, contentType: inspection.mime });
      const facts = inspection.facts();
      return { facts, filename: cleanFilename(incoming.filename, facts.extension, facts.converted) };
    } catch (error) {
      throw limitError(error, limit);
    }
  }

  private inspect(incoming: IncomingFile, limit: UploadLimit): Promise<Inspection> {
    return this.inspector.inspect(incoming.body, limit.bytes, incoming.filename).catch((error: unknown) => {
      throw limitError(error, limit);
    });
  }

  /** The most an upload may be: the file's own limit, or what is left of the storage quota. */
  private async uploadLimit(accountId: string, fileMax: number): Promise<UploadLimit> {
    const account = await this.accounts.getAccount(accountId);
    const quota = planOf(account?.plan ?? 'free').quotas.storage_bytes;
    const left = quota - (account?.storage_bytes_used ?? 0);
    if (left <= 0) throw storageQuotaExceeded(quota);
    return left < fileMax ? { bytes: left, byQuota: true, quota } : { bytes: fileMax, byQuota: false, quota };
  }

  /** Inside the transaction: the account's row is locked, and the file must still fit the quota. */
  private async reserve(accountId: string, size: number): Promise<void> {
    const account = await this.accounts.getAccount(accountId);
    const quota = planOf(account?.plan ?? 'free').quotas.storage_bytes;
    const used = await this.files.storageUsedForUpdate(accountId);
    if (used + size > quota) throw storageQuotaExceeded(quota);
  }

  private portalChange(
    slug: string,
    meta: RequestMeta,
    action: string,
    summary: Record<string, unknown>,
    decide: (intake: IntakeRecord, items: ItemRecord[], now: Date) => Promise<Transition<IntakeItem>>,
  ): Promise<IntakeDetail> {
    return this.intakes.changeBySlug(slug, meta, { action, summary, decide }).catch((error: unknown) => {
      throw asPortalError(error);
    });
  }

  private async removeObjects(files: FileRecord[]): Promise<void> {
    for (const file of files) await this.storage.delete(file.storage_key).catch(() => undefined);
  }
}

interface UploadLimit {
  bytes: number;
  /** The quota, not the file's limit, is what stops the upload: 402 rather than 422. */
  byQuota: boolean;
  quota: number;
}

function limitError(error: unknown, limit: UploadLimit): unknown {
  if (limit.byQuota && error instanceof DomainError && error.reason === 'file.too_large') {
    return storageQuotaExceeded(limit.quota);
  }
  return error;
}

function assertBriefRoom(files: FileRecord[]): void {
  if (files.filter((f) => f.kind === 'brief').length >= BRIEF_FILES_MAX) {
    throw validationFailed([
      { path: 'file', message: `cannot be added: an intake has at most ${BRIEF_FILES_MAX} brief files` },
    ]);
  }
}

/** A file_list takes files up to its max_count; file and image items replace their one file. */
function assertRoomFor(item: ItemRecord, existing: FileRecord[]): void {
  if (item.type !== 'file_list') return;
  const max = item.constraints.max_count ?? CONSTRAINT_MAXIMUMS.max_count;
  if (existing.length >= max) {
    throw validationFailed([{ path: 'file', message: `cannot be added: the item takes at most ${max} files` }]);
  }
}

/** A client file item that still takes uploads: not approved, not waived. */
function uploadableItem(items: ItemRecord[], key: string): ItemRecord {
  const item = items.find((i) => i.key === key && i.assignee === 'client');
  if (!item) throw itemNotFound(key);
  if (!isFileType(item.type)) {
    throw validationFailed([{ path: 'file', message: `is not accepted: item "${key}" takes a value, not files` }]);
  }
  if (item.status === 'approved' || item.status === 'waived') {
    throw new DomainError('conflict', `The item is already ${item.status}.`, { reason: `item_${item.status}` });
  }
  return item;
}

/** Files of a submitted item changed: it is no longer submitted until the client submits again. */
function unsubmitted(intake: IntakeRecord, items: ItemRecord[], key: string, now: Date): Transition<IntakeItem> {
  const state = intakeState(intake, items);
  const item = items.find((i) => i.key === key);
  return item?.status === 'submitted' ? discardAnswer(state, key, now) : { intake: state, events: [] };
}
