import { MailTransport } from '@intake/application-mail';
import { type Principal } from '@intake/domain-accounts';
import { addItems } from '@intake/domain-intake';
import { parseItemDefinitions } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { intakeState, itemState, mailRecipients, newItemRecord } from '../model/intake-state';
import { type IntakeRecord, type ItemRecord } from '../model/records';
import { PortalLinks } from '../ports/portal-links';
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
  clientNotified: boolean;
}

/** POST /v1/intakes/:id/items: appends items; the client of a sent live intake is told by e-mail. */
export class AddItems {
  static readonly inject = [IntakeWriter, MailTransport, PortalLinks] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly mail: MailTransport,
    private readonly links: PortalLinks,
  ) {}

  async execute({ principal, intakeId, items: inputs, meta }: AddItemsInput): Promise<AddedItems> {
    const parsed = parseItemDefinitions(inputs, 'items');
    if (!parsed.definitions) throw validationFailed(parsed.details);
    const definitions = parsed.definitions;
    let added: ItemRecord[] = [];
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
    });
    const notify =
      result.intake.mode === 'live' &&
      ['sent', 'in_progress', 'completed'].includes(result.intake.status) &&
      added.some((i) => i.assignee === 'client');
    const clientNotified = notify && (await this.notify(result.intake, added));
    return { intake: result.intake, added, clientNotified };
  }

  /**
   * Sent after the commit to every address not retired by a bounce; a failure, or nobody left to
   * write to, is reported as clientNotified: false, the items stay.
   */
  private async notify(intake: IntakeRecord, items: ItemRecord[]): Promise<boolean> {
    const to = mailRecipients(intake);
    if (to.length === 0) return false;
    try {
      await this.mail.send({
        to,
        subject: `${intake.project_name}: more items requested`,
        text:
          `Hello ${intake.client_name},\n\nwe need a few more things for ${intake.project_name}:\n\n` +
          items
            .filter((i) => i.assignee === 'client')
            .map((i) => `- ${i.label}`)
            .join('\n') +
          `\n\nAdd them here: ${this.links.of(intake)}\n`,
      });
      return true;
    } catch {
      return false;
    }
  }
}
