import { undoReceivedOutside } from '@intake/domain-intake';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export type UndoReceivedOutsideInput = ItemCommand;

/** DELETE /v1/intakes/:id/items/:key/received-outside. */
export class UndoReceivedOutside {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  execute(input: UndoReceivedOutsideInput): Promise<ChangedIntake> {
    return this.writer.changeItem(input, 'item.received_outside_undone', (state, now) =>
      undoReceivedOutside(state, input.key, now),
    );
  }
}
