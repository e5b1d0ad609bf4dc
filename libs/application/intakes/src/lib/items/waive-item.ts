import { waive } from '@intake/domain-intake';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export interface WaiveItemInput extends ItemCommand {
  reason: string | null;
}

/** POST /v1/intakes/:id/items/:key/waive: the owner no longer needs the item. */
export class WaiveItem {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  execute(input: WaiveItemInput): Promise<ChangedIntake> {
    return this.writer.changeItem(input, 'item.waived', (state, now) => waive(state, input.key, input.reason, now));
  }
}
