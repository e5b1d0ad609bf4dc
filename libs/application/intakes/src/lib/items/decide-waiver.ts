import { decideWaiver } from '@intake/domain-intake';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export interface DecideWaiverInput extends ItemCommand {
  accept: boolean;
  note: string | null;
}

/** POST /v1/intakes/:id/items/:key/waive/decision: the owner accepts or rejects the client's waiver proposal. */
export class DecideWaiver {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  execute(input: DecideWaiverInput): Promise<ChangedIntake> {
    return this.writer.changeItem(
      input,
      input.accept ? 'item.waiver_accepted' : 'item.waiver_rejected',
      (state, now) => decideWaiver(state, input.key, input.accept, now),
      input.note ? { note: input.note } : {},
    );
  }
}
