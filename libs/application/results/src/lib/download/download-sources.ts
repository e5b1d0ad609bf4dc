import { AccountStore } from '@intake/application-accounts';
import { type IntakeFile, IntakeFiles } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { type Language, resolveLanguage } from '@intake/domain-messages';
import { DomainError, notFound } from '@intake/errors';
import { downloadContents, type SkippedFile } from './download-preflight';
import { DownloadSettings } from './download-settings';
import { ResultIntakes } from '../ports/result-intakes.port';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** What one download holds, read before its first byte. */
export interface DownloadPlan {
  intake: IntakeRecord;
  /** In the intake's order. */
  items: ItemRecord[];
  /** The clean uploads, by item in the intake's order, each item's oldest first. */
  files: IntakeFile[];
  skipped: SkippedFile[];
  bytes: number;
  /** The reports' language and time zone: the account's (the reports are for its team). */
  language: Language;
  timeZone: string;
}

/**
 * Reads what a download of an intake holds: 404 for one the caller may not see, 413
 * `download_too_large` when its uploads add up to more than DOWNLOAD_MAX_BYTES (the preflight's
 * rule).
 */
export class DownloadSources {
  static readonly inject = [ResultIntakes, IntakeFiles, AccountStore, DownloadSettings] as const;

  constructor(
    private readonly intakes: ResultIntakes,
    private readonly files: IntakeFiles,
    private readonly accounts: AccountStore,
    private readonly settings: DownloadSettings,
  ) {}

  async plan(access: AccessContext, intakeId: string): Promise<DownloadPlan> {
    const intake = await this.intakes.get(access, intakeId);
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
    const ordered = [...items].sort((a, b) => a.position - b.position);
    return {
      intake,
      items: ordered,
      files: inItemOrder(included, ordered),
      skipped,
      bytes,
      language: resolveLanguage(account?.default_language),
      timeZone: account?.default_timezone ?? 'UTC',
    };
  }
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
