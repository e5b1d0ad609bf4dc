import { type Antivirus, type ObjectStorage, type ScanResult } from '@intake/application-files';
import { type SchedulerPass } from '@intake/application-scheduling';
import { type Clock, type UnitOfWork } from '@intake/kernel';
import { discardAnswer } from '@intake/domain-intake';
import { DomainError } from '@intake/errors';
import { type IntakeService } from '../intakes/intake.service';
import { intakeState } from '../intakes/intake-views';
import { type FileStore } from './files';

/** A pending file whose queued scan has not happened after this long is scanned by the sweep. */
export const SCAN_SWEEP_AFTER_SECONDS = 60;
const SWEEP_BATCH = 20;

export type ScanOutcome = 'clean' | 'infected' | 'skipped';

/** After a failed scan the sweep waits 1, 2, 4 … minutes, at most six hours, before the next. */
export function retryAt(now: Date, attempts: number): Date {
  const seconds = Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
  return new Date(now.getTime() + seconds * 1000);
}

/**
 * Scans uploads through the Antivirus port. Queued scans (one job per upload) do the work; the
 * sweep, a scheduler pass, picks up any upload whose job was lost. A verdict is written only while
 * the file is still pending, so two scanners never disagree. An infected upload is kept for the
 * owner to see, never served; a submitted item that held it goes back to pending so the client
 * is asked for another file.
 */
export class FileScanService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly files: FileStore,
    private readonly storage: ObjectStorage,
    private readonly antivirus: Antivirus,
    private readonly intakes: IntakeService,
    private readonly clock: Clock,
  ) {}

  /** Scans one upload; `now` is the scheduler pass's time when the sweep calls it. */
  async scan(fileId: string, now: Date = this.clock.now()): Promise<ScanOutcome> {
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
    return this.uow.run(async () => {
      if (!(await this.files.recordScan(file.id, 'infected', verdict.signature, now))) return 'skipped';
      if (file.item_key)
        await this.reopenItem(file.account_id, file.intake_id, file.item_key, file.id, verdict.signature);
      return 'infected';
    });
  }

  /**
   * Scans what the queue missed: pending files older than the sweep delay and not waiting for a
   * retry, a batch at a time. One file's failure does not stop the others; the first is rethrown
   * at the end so the pass reports it.
   */
  async sweep(now: Date): Promise<number> {
    const before = new Date(now.getTime() - SCAN_SWEEP_AFTER_SECONDS * 1000);
    const ids = await this.files.pendingScan(before, now, SWEEP_BATCH);
    let scanned = 0;
    let failure: unknown;
    for (const id of ids) {
      try {
        if ((await this.scan(id, now)) !== 'skipped') scanned++;
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return scanned;
  }

  /** The scheduler pass that runs the sweep. */
  asPass(): SchedulerPass {
    return { name: 'files.scan_sweep', run: (now) => this.sweep(now) };
  }

  private async reopenItem(accountId: string, intakeId: string, key: string, fileId: string, signature: string) {
    try {
      await this.intakes.changeAsSystem(accountId, intakeId, {
        action: 'item.file_infected',
        summary: { item_key: key, file_id: fileId, signature },
        decide: (intake, items, now) => {
          const state = intakeState(intake, items);
          const item = items.find((i) => i.key === key);
          return item?.status === 'submitted' ? discardAnswer(state, key, now) : { intake: state, events: [] };
        },
      });
    } catch (error) {
      // An archived intake keeps its items as they are; the file is still marked infected.
      if (!(error instanceof DomainError && error.reason === 'intake_archived')) throw error;
    }
  }
}
