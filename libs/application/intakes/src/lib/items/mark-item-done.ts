import { markOwnerItemDone } from '@intake/domain-intake';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export interface MarkItemDoneInput extends ItemCommand {
  done: boolean;
}

/** POST /v1/intakes/:id/items/:key/done: the owner marks an owner item done, or (done: false) not done. */
export class MarkItemDone {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  execute(input: MarkItemDoneInput): Promise<ChangedIntake> {
    return this.writer.changeItem(input, input.done ? 'item.done' : 'item.reopened', (state, now) =>
      markOwnerItemDone(state, input.key, input.done, now),
    );
  }
}
