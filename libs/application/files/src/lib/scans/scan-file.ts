import { IntakeWriter } from '@intake/application-intakes';
import { DomainError } from '@intake/errors';
import { Clock, UnitOfWork } from '@intake/kernel';
import { unsubmitted } from '../uploads/upload-rules';
import { Antivirus, type ScanResult } from '../ports/antivirus.port';
import { FileStore } from '../ports/file-store.port';
import { ObjectStorage } from '../ports/object-storage.port';

export type ScanOutcome = 'clean' | 'infected' | 'skipped';

/** After a failed scan the sweep waits 1, 2, 4 … minutes, at most six hours, before the next. */
export function retryAt(now: Date, attempts: number): Date {
  const seconds = Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
  return new Date(now.getTime() + seconds * 1000);
}

/**
 * Scans one stored upload through the Antivirus port (the `scans` queue's job). A verdict is
 * written only while the file is still pending, so two scanners never disagree. An infected upload
 * is kept for the owner to see, never served; a submitted item that held it goes back to pending
 * so that the client is asked for another file. A failed scan is counted and retried later.
 */
export class ScanFile {
  static readonly inject = [UnitOfWork, FileStore, ObjectStorage, Antivirus, IntakeWriter, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly files: FileStore,
    private readonly storage: ObjectStorage,
    private readonly antivirus: Antivirus,
    private readonly writer: IntakeWriter,
    private readonly clock: Clock,
  ) {}

  /** `now` is the scheduler pass's time when the sweep calls it. */
  async execute(fileId: string, now: Date = this.clock.now()): Promise<ScanOutcome> {
    const file = await this.files.byId(fileId);
    if (!file || file.av_status !== 'pending') return 'skipped';
    let verdict: ScanResult;
    try {
      verdict = await this.antivirus.scan(await this.storage.get(file.storage_key));
    } catch (error) {
      const attempts = file.scan_attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await this.files.recordScanFailure(file.id, attempts, message, retryAt(now, attempts));
      throw error;
    }
    if (verdict.clean) return (await this.files.recordScan(file.id, 'clean', null, now)) ? 'clean' : 'skipped';
    const signature = verdict.signature;
    return this.uow.run(async () => {
      if (!(await this.files.recordScan(file.id, 'infected', signature, now))) return 'skipped';
      if (file.item_key) await this.reopenItem(file.account_id, file.intake_id, file.item_key, file.id, signature);
      return 'infected';
    });
  }

  private async reopenItem(accountId: string, intakeId: string, key: string, fileId: string, signature: string) {
    try {
      await this.writer.change(
        { by: 'system', accountId, intakeId },
        { ip: null, requestId: null },
        {
          action: 'item.file_infected',
          summary: { item_key: key, file_id: fileId, signature },
          decide: (intake, items, now) => unsubmitted(intake, items, key, now),
        },
      );
    } catch (error) {
      // An archived intake keeps its items as they are; the file is still marked infected.
      if (!(error instanceof DomainError && error.reason === 'intake_archived')) throw error;
    }
  }
}
