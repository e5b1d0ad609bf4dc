import { type Principal } from '@intake/domain-accounts';
import { addItems, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { parseItemDefinitions } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { intakeState, itemState, mailRecipients, newItemRecord } from '../model/intake-state';
import { IntakeChases } from '../ports/intake-chases.port';
import { notifyingChase } from '../write-path/chases';
import { IntakeWriter } from '../write-path/intake-writer';

export interface AddItemsInput {
  principal: Principal;
  intakeId: string;
  items: unknown[];
  meta: RequestMeta;
}

export interface AddedItems {
  intake: IntakeRecord;
  added: ItemRecord[];
  /** A live intake's client (and additional recipients not bounced) will be told of the new items. */
  clientNotified: boolean;
}

/**
 * POST /v1/intakes/:id/items: appends items. When client items are added to an intake the client
 * has (sent, in progress or completed; a required one reopens a completed intake), the mail telling them is queued
 * in the same transaction as a chase of kind `items_added` naming the new client items, and the
 * scheduler sends it like any chase: in the client's language, from the account's sender name with
 * the owner's reply-to, to every address not retired by a bounce. A test intake's is recorded
 * `skipped`; with every address bounced nothing is queued and `clientNotified` is false.
 */
export class AddItems {
  static readonly inject = [IntakeWriter, IntakeChases] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly chases: IntakeChases,
  ) {}

  async execute({ principal, intakeId, items: inputs, meta }: AddItemsInput): Promise<AddedItems> {
    const parsed = parseItemDefinitions(inputs, 'items');
    if (!parsed.definitions) throw validationFailed(parsed.details);
    const definitions = parsed.definitions;
    let added: ItemRecord[] = [];
    let clientNotified = false;
    const result = await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'items.added',
      summary: { keys: definitions.map((d) => d.key) },
      decide: (intake, items, now) => {
        const existing = new Set(items.map((i) => i.key));
        const clashes = definitions.flatMap((d, index) =>
          existing.has(d.key) ? [{ path: `items[${index}].key`, message: 'is already an item of this intake' }] : [],
        );
        if (clashes.length > 0) throw validationFailed(clashes);
        added = definitions.map((d, index) => newItemRecord(intake.id, d, items.length + index));
        return addItems(intakeState(intake, items), added.map(itemState), now);
      },
      after: async (intake, now) => {
        const forClient = added.filter((i) => i.assignee === 'client').map((i) => i.key);
        const working = intake.status === 'sent' || intake.status === 'in_progress' || intake.status === 'completed';
        if (!working || forClient.length === 0 || mailRecipients(intake).length === 0) return;
        await this.chases.insertChase(notifyingChase(intake, 'items_added', now, forClient));
        clientNotified = intake.mode === 'live';
      },
    });
    return { intake: result.intake, added, clientNotified };
  }
}
