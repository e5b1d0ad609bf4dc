import { type Readable } from 'node:stream';
import { ObjectStorage } from '@intake/application-files';
import { accessOf, actorOf, hasScope, type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { AuditRecorder, Clock, UnitOfWork } from '@intake/kernel';
import { type HandoverInput } from './download-handover';
import { downloadFilename } from './download-name';
import { type DownloadReportFiles, DownloadReports } from './download-reports';
import { type DownloadPlan, DownloadSources } from './download-sources';
import { type ManifestFile } from './evidence-manifest';
import { ZipEntryNames } from './zip-entry-names';
import { ZipStream } from './zip-stream';

export type DownloadIntakeInput = HandoverInput;

/** A download under way: its name and bytes, and how to stop it. */
export interface IntakeDownload {
  filename: string;
  /** The ZIP, produced as it is read. */
  stream: Readable;
  /** The client went away: closes the open storage stream and the ZIP; nothing more is read. */
  abort(): void;
  /** A chunk of `stream` has been written to the client: its memory may be given back (ZipStream.release). */
  release(chunk: unknown): void;
}

export const REPORT_MD = 'podklady.md';
export const REPORT_PDF = 'podklady.pdf';
export const MANIFEST_JSON = 'manifest.json';

/**
 * May this caller have secret values in a download? The account owner's session, or a key with
 * `secrets:read` or `admin` (docs/contract.md "Authentication").
 */
export const maySeeSecretsInDownload = (principal: Principal): boolean =>
  principal.kind === 'session' ? principal.role === 'owner' : hasScope(principal.scopes, 'secrets:read');

/**
 * GET /v1/intakes/:id/download: the intake as one ZIP, streamed from object storage. Refused up
 * front: `include_secrets` for anyone but the owner's session or a key with secrets:read (403
 * secrets_owner_only), an intake the caller may not see (404), more bytes than
 * DOWNLOAD_MAX_BYTES (413 download_too_large). Then, audited `intake.downloaded`, the ZIP holds
 * one folder per item with its clean uploads (entry names from ZipEntryNames), and after the
 * last of them podklady.md, manifest.json and podklady.pdf (DownloadReports: only then are
 * secrets released and the delivery recorded, so a client that goes away earlier consumes no
 * secret).
 */
export class DownloadIntake {
  static readonly inject = [UnitOfWork, DownloadSources, ObjectStorage, DownloadReports, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sources: DownloadSources,
    private readonly storage: ObjectStorage,
    private readonly reports: DownloadReports,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async start(input: DownloadIntakeInput): Promise<IntakeDownload> {
    const { principal, intakeId, includeSecrets, meta } = input;
    if (includeSecrets && !maySeeSecretsInDownload(principal)) {
      throw new DomainError(
        'forbidden',
        'Secrets in a download need the account owner’s session or an API key with secrets:read.',
        { reason: 'secrets_owner_only' },
      );
    }
    const plan = await this.sources.plan(accessOf(principal), intakeId);
    await this.uow.run(() =>
      this.audit.record(plan.intake.account_id, actorOf(principal), 'intake.downloaded', plan.intake.id, meta, {
        files: plan.files.length,
        bytes: plan.bytes,
        skipped_files: plan.skipped.length,
        include_secrets: includeSecrets,
      }),
    );
    const zip = new ZipStream();
    this.write(zip, input, plan);
    return {
      filename: downloadFilename(plan.intake.project_name, plan.intake.id),
      stream: zip.output,
      abort: () => zip.abort(),
      release: (chunk) => zip.release(chunk),
    };
  }

  /** Queues every entry; their bytes are produced as the ZIP is read. */
  private write(zip: ZipStream, input: DownloadIntakeInput, plan: DownloadPlan): void {
    const names = new ZipEntryNames();
    const written: ManifestFile[] = [];
    for (const file of plan.files) {
      const path = names.entry(file.item_key as string, file.filename);
      const record = (entry: { size: number; sha256: string }) =>
        written.push({
          path,
          item_key: file.item_key as string,
          filename: file.filename,
          size: entry.size,
          sha256: entry.sha256,
          mime: file.mime,
          submitted_at: file.created_at,
          av_status: 'clean',
        });
      zip.add(
        path,
        { size: file.size, compress: false, mtime: file.created_at },
        () => this.storage.get(file.storage_key),
        record,
      );
    }
    // The reports follow the files: their hashes are known by then.
    let reports: Promise<DownloadReportFiles> | undefined;
    const made = () => (reports ??= this.reports.make(input, plan, written));
    const mtime = this.clock.now();
    zip.add(REPORT_MD, { compress: true, mtime }, async () => (await made()).markdown);
    zip.add(MANIFEST_JSON, { compress: true, mtime }, async () => (await made()).manifest);
    zip.add(REPORT_PDF, { compress: true, mtime }, async () => (await made()).pdf);
    zip.end();
  }
}
