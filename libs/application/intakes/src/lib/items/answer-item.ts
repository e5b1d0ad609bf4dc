import { answerDecision } from '@intake/domain-intake';
import { validateItemValue } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { definitionOf, intakeState, itemOf, withValue } from '../model/intake-state';
import { type ChangedIntake, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

export interface AnswerItemInput extends ItemCommand {
  value: unknown;
}

/**
 * POST /v1/intakes/:id/items/:key/answer (sessions only): the owner settles a decision item; the
 * value must be valid for the item (among its options).
 */
export class AnswerItem {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  execute({ principal, intakeId, key, value, meta }: AnswerItemInput): Promise<ChangedIntake> {
    return this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'item.answered',
      summary: { item_key: key },
      decide: (intake, items, now) => {
        const item = itemOf(items, key);
        const state = intakeState(intake, items);
        if (state.items.find((i) => i.key === key)?.decision) {
          const details = validateItemValue(definitionOf(item), value, 'value');
          if (details.length > 0) throw validationFailed(details);
        }
        return answerDecision(withValue(state, key, value), key, now);
      },
    });
  }
}
