import { unwaive } from '@intake/domain-intake';
import { intakeState } from '../model/intake-state';
import { type IntakeFile, IntakeFiles } from '../ports/intake-files.port';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export type UnwaiveItemInput = ItemCommand;

/**
 * DELETE /v1/intakes/:id/items/:key/waive: the item is needed again, as if never answered. What the
 * client had submitted goes: the value, the revision note, and the uploaded files, whose records
 * are deleted in the change's transaction and whose bytes are removed once it commits (as the
 * retention sweep does), so a refused or failed change deletes nothing and no stored object is
 * removed while a record still points at it. The audit entry `item.unwaived` counts the files.
 */
export class UnwaiveItem {
  static readonly inject = [IntakeWriter, IntakeFiles] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly files: IntakeFiles,
  ) {}

  async execute({ principal, intakeId, key, meta }: UnwaiveItemInput): Promise<ChangedIntake> {
    let discarded: IntakeFile[] = [];
    const result = await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'item.unwaived',
      summary: { item_key: key },
      decide: async (intake, items, now) => {
        const transition = unwaive(intakeState(intake, items), key, now);
        const uploads = (await this.files.ofIntake(intake.id)).filter((f) => f.item_key === key);
        discarded = uploads.length > 0 ? await this.files.deleteRecords(uploads.map((f) => f.id)) : [];
        return {
          ...transition,
          summary: { files_discarded: discarded.length, bytes_discarded: discarded.reduce((n, f) => n + f.size, 0) },
        };
      },
    });
    await this.files.removeObjects(discarded);
    return result;
  }
}
