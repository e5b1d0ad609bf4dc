import { unwaive } from '@intake/domain-intake';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export type UnwaiveItemInput = ItemCommand;

/** DELETE /v1/intakes/:id/items/:key/waive: the item is needed again. */
export class UnwaiveItem {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  execute(input: UnwaiveItemInput): Promise<ChangedIntake> {
    return this.writer.changeItem(input, 'item.unwaived', (state, now) => unwaive(state, input.key, now));
  }
}
