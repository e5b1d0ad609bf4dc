import { markReceivedOutside } from '@intake/domain-intake';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export interface MarkReceivedOutsideInput extends ItemCommand {
  note: string | null;
}

/** POST /v1/intakes/:id/items/:key/received-outside: the owner got it some other way. */
export class MarkReceivedOutside {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  execute(input: MarkReceivedOutsideInput): Promise<ChangedIntake> {
    return this.writer.changeItem(input, 'item.received_outside', (state, now) =>
      markReceivedOutside(state, input.key, input.note, now),
    );
  }
}
