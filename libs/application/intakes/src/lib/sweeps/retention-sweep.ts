import { type ClockedPass } from '@intake/application-scheduling';
import { SYSTEM_ACTOR } from '@intake/domain-kernel';
import { AuditRecorder, UnitOfWork } from '@intake/kernel';
import { purgedIntake, purgedItem } from '../model/purge';
import { IntakeFiles, type IntakeFile } from '../ports/intake-files.port';
import { IntakeSweeps, type SweptIntake } from '../ports/intake-sweeps.port';
import { IntakeStore } from '../ports/intake-store.port';
import { IntakeChases } from '../ports/intake-chases.port';
import { systemAccess } from '../write-path/intake-writer';
import { sweepInBatches } from './sweep-in-batches';

/** Intakes purged per transaction. */
export const RETENTION_BATCH = 20;
const SCHEDULER_META = { ip: null, requestId: null } as const;

/**
 * The scheduler pass `intakes.retention`: purges the contents of intakes whose `purge_at` has come
 * (docs/contract.md "Retention": `days` after completion, 90 by default; `on_delivery` 24 hours after results
 * were first collected), in one transaction per batch: the claim, the values and client notes
 * cleared (`purgedIntake`, `purgedItem`; with `anonymize` the client's personal data replaced and
 * the intake no longer chased), the file records deleted (the account's storage use shrinks with
 * them) and the audit entry `intake.purged`. The files' bytes are removed after the commit; a
 * failure there leaves an orphan in the storage, never a file record without its bytes.
 */
export class PurgeExpiredIntakes implements ClockedPass {
  static readonly inject = [UnitOfWork, IntakeSweeps, IntakeStore, IntakeChases, IntakeFiles, AuditRecorder] as const;

  readonly name = 'intakes.retention';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sweeps: IntakeSweeps,
    private readonly intakes: IntakeStore,
    private readonly chases: IntakeChases,
    private readonly files: IntakeFiles,
    private readonly audit: AuditRecorder,
  ) {}

  run(now: Date): Promise<number> {
    return this.runOn(null, now);
  }

  /** The intakes of one test clock (or, with null, those on real time). */
  async runOn(clock: string | null, now: Date): Promise<number> {
    const purged = await sweepInBatches(this.uow, RETENTION_BATCH, {
      claim: (skip) => this.sweeps.claimPurges(now, RETENTION_BATCH, skip, clock),
      handle: (intake) => this.purge(intake, now),
      committed: (removed) => this.files.removeObjects(removed.flatMap((r) => r ?? [])),
    });
    return purged.filter((r) => r !== undefined).length;
  }

  /** The intake's contents purged; the files whose records went, or undefined when it is gone. */
  private async purge({ id, account_id }: SweptIntake, now: Date): Promise<IntakeFile[] | undefined> {
    const intake = await this.intakes.get(systemAccess(account_id), id);
    if (!intake) return undefined;
    const items = await this.intakes.items(id);
    const files = await this.files.ofIntake(id);
    const removed = files.length ? await this.files.deleteRecords(files.map((f) => f.id)) : [];
    const anonymize = intake.retention_anonymize;
    if (!(await this.intakes.update(purgedIntake(intake, now)))) {
      throw new Error(`intake ${id} changed while it was being purged`); // cannot happen under the claim's lock
    }
    await this.intakes.saveItems(
      id,
      items.map((item) => purgedItem(item, anonymize)),
    );
    if (anonymize) {
      // Nobody is left to write to; what the chases recorded of the addresses goes as well.
      await this.chases.cancelScheduledChases(id);
      await this.sweeps.forgetChaseRecipients(id);
    }
    await this.audit.record(account_id, SYSTEM_ACTOR, 'intake.purged', id, SCHEDULER_META, {
      retention: intake.retention_mode,
      purge_at: intake.purge_at?.toISOString() ?? null,
      values: items.filter((i) => i.value !== null && i.value !== undefined).length,
      files: removed.length,
      bytes: removed.reduce((sum, f) => sum + f.size, 0),
      anonymized: anonymize,
    });
    return removed;
  }
}
