import { approveItem } from '@intake/domain-intake';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export interface ApproveItemInput extends ItemCommand {
  note: string | null;
}

/** POST /v1/intakes/:id/items/:key/approve: a submitted item becomes approved; 409 from any other status. */
export class ApproveItem {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  execute(input: ApproveItemInput): Promise<ChangedIntake> {
    return this.writer.changeItem(
      input,
      'item.approved',
      (state, now) => approveItem(state, input.key, now),
      input.note ? { note: input.note } : {},
    );
  }
}
