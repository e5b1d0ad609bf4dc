import { type SchedulerPass } from '@intake/application-scheduling';
import { FileStore } from '../ports/file-store.port';
import { ScanFile } from './scan-file';

/** A pending file whose queued scan has not happened after this long is scanned by the sweep. */
export const SCAN_SWEEP_AFTER_SECONDS = 60;
const SWEEP_BATCH = 20;

/**
 * The scheduler pass `files.scan_sweep`: scans what the queue missed, pending files older than the
 * sweep delay and not waiting for a retry, a batch at a time. One file's failure does not stop the
 * others; the first is rethrown at the end so the pass reports it.
 */
export class SweepScans implements SchedulerPass {
  static readonly inject = [FileStore, ScanFile] as const;

  readonly name = 'files.scan_sweep';

  constructor(
    private readonly files: FileStore,
    private readonly scan: ScanFile,
  ) {}

  async run(now: Date): Promise<number> {
    const before = new Date(now.getTime() - SCAN_SWEEP_AFTER_SECONDS * 1000);
    const ids = await this.files.pendingScan(before, now, SWEEP_BATCH);
    let scanned = 0;
    let failure: unknown;
    for (const id of ids) {
      try {
        if ((await this.scan.execute(id, now)) !== 'skipped') scanned++;
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return scanned;
  }
}
