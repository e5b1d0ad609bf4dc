import { type Readable } from 'node:stream';
import { AccountStore } from '@intake/application-accounts';
import { ObjectStorage } from '@intake/application-files';
import { type IntakeFile, IntakeFiles, type IntakeRecord, IntakeStore, type ItemRecord } from '@intake/application-intakes';
import { accessOf, actorOf, hasScope, type Principal } from '@intake/domain-accounts';
import { resolveLanguage } from '@intake/domain-messages';
import { DomainError, notFound } from '@intake/errors';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { Collections } from '../collect/collections';
import { ItemSecrets } from '../ports/item-secrets.port';
import { ReportPdf } from '../ports/report-pdf.port';
import { revealWindowStart } from '../secrets/reveal-window';
import { SecretReleases } from '../secrets/secret-releases';
import { downloadFilename } from './download-name';
import { downloadContents, type SkippedFile } from './download-preflight';
import { type ReportFile, type ReportSecret, renderMarkdown, reportDocument } from './download-report';
import { DownloadSettings } from './download-settings';
import { evidenceManifest, type ManifestFile } from './evidence-manifest';
import { reportTranslator } from './report-text';
import { ZipEntryNames } from './zip-entry-names';
import { ZipStream } from './zip-stream';

export interface DownloadIntakeInput {
  principal: Principal;
  intakeId: string;
  /** Reveal secret values in podklady.pdf, consuming their one-time release. */
  includeSecrets: boolean;
  meta: RequestMeta;
}

/** A download under way: its name and bytes, and how to stop it. */
export interface IntakeDownload {
  filename: string;
  /** The ZIP, produced as it is read. */
  stream: Readable;
  /** The client went away: closes the open storage stream and the ZIP; nothing more is read. */
  abort(): void;
  /** Storage streams open right now (0 or 1). */
  readonly openSources: number;
}

export const REPORT_MD = 'podklady.md';
export const REPORT_PDF = 'podklady.pdf';
export const MANIFEST_JSON = 'manifest.json';

/**
 * May this caller have secret values in a download? The account owner's session, or a key with
 * `secrets:read` or `admin` (SPEC.md "Authentication" 7).
 */
export const maySeeSecretsInDownload = (principal: Principal): boolean =>
  principal.kind === 'session' ? principal.role === 'owner' : hasScope(principal.scopes, 'secrets:read');

/**
 * GET /v1/intakes/:id/download: the intake as one ZIP, streamed from object storage. Refused up
 * front: `include_secrets` for anyone else than the owner's session or a key with secrets:read
 * (403 secrets_owner_only), another account's intake (404), more bytes than DOWNLOAD_MAX_BYTES
 * (413 download_too_large, the preflight's rule). Then, audited `intake.downloaded`, the ZIP
 * holds one folder per item with its clean uploads (entry names from ZipEntryNames), and, after
 * the last of them, podklady.md, manifest.json and podklady.pdf. Only when the files are all
 * written are secrets released (include_secrets; each audited `item.secret_revealed` via
 * `download`) and `delivered_at` recorded, in one unit of work: a client that goes away before
 * consumes no secret.
 */
export class DownloadIntake {
  static readonly inject = [
    UnitOfWork,
    IntakeStore,
    IntakeFiles,
    ObjectStorage,
    AccountStore,
    ItemSecrets,
    SecretReleases,
    Collections,
    ReportPdf,
    DownloadSettings,
    AuditRecorder,
    Clock,
  ] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: IntakeStore,
    private readonly files: IntakeFiles,
    private readonly storage: ObjectStorage,
    private readonly accounts: AccountStore,
    private readonly secrets: ItemSecrets,
    private readonly releases: SecretReleases,
    private readonly collections: Collections,
    private readonly pdf: ReportPdf,
    private readonly settings: DownloadSettings,
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
    const intake = await this.intakes.get(accessOf(principal), intakeId);
    if (!intake) throw notFound('Intake');
    const [items, files, account] = await Promise.all([
      this.intakes.items(intakeId),
      this.files.ofIntake(intakeId),
      this.accounts.getAccount(intake.account_id),
    ]);
    const { included, skipped, bytes } = downloadContents(files);
    if (bytes > this.settings.maxBytes) {
      throw new DomainError(
        'download_too_large',
        `The intake's files add up to ${bytes} bytes, more than the ${this.settings.maxBytes} a download may hold.`,
        { params: { bytes, max_bytes: this.settings.maxBytes } },
      );
    }
    await this.uow.run(() =>
      this.audit.record(intake.account_id, actorOf(principal), 'intake.downloaded', intake.id, meta, {
        files: included.length,
        bytes,
        skipped_files: skipped.length,
        include_secrets: includeSecrets,
      }),
    );
    const zip = new ZipStream();
    const ordered = [...items].sort((a, b) => a.position - b.position);
    this.write(zip, {
      input,
      intake,
      items: ordered,
      files: inItemOrder(included, ordered),
      skipped,
      language: resolveLanguage(account?.default_language),
      timeZone: account?.default_timezone ?? 'UTC',
    });
    return {
      filename: downloadFilename(intake.project_name, intake.id),
      stream: zip.output,
      abort: () => zip.abort(),
      get openSources() {
        return zip.openSources;
      },
    };
  }

  /** Queues every entry; their bytes are produced as the ZIP is read. */
  private write(zip: ZipStream, plan: Plan): void {
    const names = new ZipEntryNames();
    const written: ManifestFile[] = [];
    for (const file of plan.files) {
      const path = names.entry(file.item_key as string, file.filename);
      zip.add(
        path,
        { size: file.size, compress: false, mtime: file.created_at },
        () => this.storage.get(file.storage_key),
        (entry) =>
          written.push({
            path,
            item_key: file.item_key as string,
            filename: file.filename,
            size: entry.size,
            sha256: entry.sha256,
            mime: file.mime,
            submitted_at: file.created_at,
            av_status: 'clean',
          }),
      );
    }
    // The reports follow the files: their hashes are known by then, and the secrets are released
    // only once every file went out.
    let reports: Promise<Reports> | undefined;
    const made = () => (reports ??= this.reports(plan, written));
    const mtime = this.clock.now();
    zip.add(REPORT_MD, { compress: true, mtime }, async () => (await made()).markdown);
    zip.add(MANIFEST_JSON, { compress: true, mtime }, async () => (await made()).manifest);
    zip.add(REPORT_PDF, { compress: true, mtime }, async () => (await made()).pdf);
    zip.end();
  }

  private async reports(plan: Plan, files: ManifestFile[]): Promise<Reports> {
    const now = this.clock.now();
    const secrets = await this.finish(plan, now);
    const document = reportDocument({
      intake: plan.intake,
      items: plan.items,
      files: files.map((f): ReportFile => ({ item_key: f.item_key, path: f.path, size: f.size, sha256: f.sha256 })),
      skipped: plan.skipped,
      secrets,
      generatedAt: now,
      language: plan.language,
      timeZone: plan.timeZone,
    });
    const markdown = Buffer.from(renderMarkdown(document), 'utf8');
    const manifest = evidenceManifest({
      intake_id: plan.intake.id,
      project_name: plan.intake.project_name,
      generated_at: now,
      files,
      markdown,
      skipped_files: plan.skipped,
    });
    const lastLine = reportTranslator(plan.language)('manifest_line', { sha: manifest.sha256 });
    const pdf = await this.pdf.render(document, lastLine);
    return { markdown, manifest: manifest.bytes, pdf };
  }

  /**
   * Every file is out: release the secrets (with include_secrets) and record the delivery, in one
   * unit of work under the intake's row lock; say what became of each secret item.
   */
  private finish(plan: Plan, now: Date): Promise<Map<string, ReportSecret>> {
    const { principal, meta, includeSecrets } = plan.input;
    return this.uow.run(async () => {
      const intake = await this.intakes.getForUpdate(accessOf(principal), plan.intake.id);
      if (!intake) throw notFound('Intake');
      const secrets = new Map<string, ReportSecret>();
      for (const state of await this.secrets.states(intake.id)) {
        if (includeSecrets && state.releasable) {
          const release = await this.releases.release(intake, state.key, { principal, meta, via: 'download' }, now);
          secrets.set(
            state.key,
            release.outcome === 'released'
              ? { state: 'released', value: release.value, at: now }
              : release.outcome === 'already_revealed'
                ? { state: 'revealed', at: release.revealed_at }
                : release.outcome === 'gone'
                  ? { state: 'purged' }
                  : { state: 'unanswered' },
          );
        } else {
          secrets.set(state.key, secretState(state, revealWindowStart(now)));
        }
      }
      await this.collections.deliver(intake, principal, meta, now);
      return secrets;
    });
  }
}

interface Plan {
  input: DownloadIntakeInput;
  intake: IntakeRecord;
  items: ItemRecord[];
  files: IntakeFile[];
  skipped: SkippedFile[];
  language: ReturnType<typeof resolveLanguage>;
  timeZone: string;
}

interface Reports {
  markdown: Buffer;
  manifest: Buffer;
  pdf: Buffer;
}

/** A secret item's state as read without consuming it. */
function secretState(
  state: { releasable: boolean; submitted_at: Date | null; released_at: Date | null; purged_at: Date | null },
  windowStart: Date,
): ReportSecret {
  if (state.released_at) return { state: 'revealed', at: state.released_at };
  if (state.purged_at) return { state: 'purged' };
  if (state.releasable) return state.submitted_at && state.submitted_at >= windowStart ? { state: 'withheld' } : { state: 'purged' };
  return { state: 'unanswered' };
}

/** The uploads by item in the intake's order, each item's oldest first. */
function inItemOrder(files: IntakeFile[], items: ItemRecord[]): IntakeFile[] {
  const position = new Map(items.map((i) => [i.key, i.position]));
  return [...files].sort(
    (a, b) =>
      (position.get(a.item_key as string) ?? Infinity) - (position.get(b.item_key as string) ?? Infinity) ||
      a.created_at.getTime() - b.created_at.getTime(),
  );
}
