import { type AccountStore } from '@intake/application-accounts';
import { type RequestMeta } from '@intake/kernel';
import { type MailTransport } from '@intake/application-mail';
import { planOf, type Principal } from '@intake/domain-accounts';
import {
  addItems,
  answerDecision,
  approveItem,
  decideWaiver,
  discardAnswer,
  itemNotFound,
  markOwnerItemDone,
  markReceivedOutside,
  requestRevision,
  undoReceivedOutside,
  unwaive,
  waive,
} from '@intake/domain-intake';
import {
  answerStillValid,
  isFileType,
  type ItemDefinition,
  parseItemDefinition,
  parseItemDefinitions,
  validateItemValue,
} from '@intake/domain-items';
import { type ObjectStorage } from '@intake/application-files';
import { DomainError, notFound, validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';
import { type FileRecord, type FileStore, fileFacts } from '../files/files';
import { type IntakeStore } from './intake.store';
import { type IntakeService } from './intake.service';
import { intakeState, itemState, newItemRecord } from './intake-views';
import { type IntakeRecord, type ItemRecord } from './records';

/** Fields of an item definition PATCH /v1/intakes/:id/items/:key may change. */
export interface ItemPatch {
  type?: string;
  label?: string;
  help?: string | null;
  required?: boolean;
  constraints?: Record<string, unknown> | null;
  owner_note?: string | null;
  discard_submitted_value?: boolean;
}

const definitionOf = (item: ItemRecord): ItemDefinition => ({
  key: item.key,
  type: item.type,
  label: item.label,
  help: item.help,
  required: item.required,
  assignee: item.assignee,
  constraints: item.constraints,
  schema: item.schema,
  options: item.options,
  pattern: item.pattern,
  proposed: item.proposed,
});

const itemOf = (items: ItemRecord[], key: string): ItemRecord => {
  const item = items.find((i) => i.key === key);
  if (!item) throw itemNotFound(key);
  return item;
};

/** The owner's work on items: review, revisions, waivers, decisions, marks and definition changes. */
export class ItemService {
  constructor(
    private readonly intakes: IntakeService,
    private readonly store: IntakeStore,
    private readonly accounts: AccountStore,
    private readonly mail: MailTransport,
    private readonly files: FileStore,
    private readonly storage: ObjectStorage,
  ) {}

  approve(principal: Principal, id: string, key: string, note: string | null, meta: RequestMeta) {
    return this.intakes.change(principal, id, meta, {
      action: 'item.approved',
      summary: { item_key: key, ...(note ? { note } : {}) },
      decide: (intake, items, now) => approveItem(intakeState(intake, items), key, now),
    });
  }

  /** POST /v1/intakes/:id/revision: back to the client with a note; a revision chase notifies them (not in test mode). */
  async requestRevision(
    principal: Principal,
    id: string,
    key: string,
    note: string,
    meta: RequestMeta,
  ): Promise<{ clientNotified: boolean }> {
    const account = await this.accounts.getAccount(principal.accountId);
    if (!account) throw notFound('Account');
    let notified = false;
    await this.intakes.change(principal, id, meta, {
      action: 'item.revision_requested',
      summary: { item_key: key },
      decide: (intake, items, now) =>
        requestRevision(intakeState(intake, items), key, note, planOf(account.plan).features.revisions, now),
      after: async (intake, now) => {
        notified = intake.mode === 'live';
        await this.store.insertChase({
          id: newId('chase'),
          intake_id: intake.id,
          channel: 'email',
          kind: 'revision',
          status: notified ? 'scheduled' : 'skipped',
          scheduled_at: now,
          sent_at: null,
          attempt_no: 0,
          missing_items_count: null,
          error: notified ? null : 'test mode: nothing is sent to the client',
          created_at: now,
        });
      },
    });
    return { clientNotified: notified };
  }

  markDone(principal: Principal, id: string, key: string, done: boolean, meta: RequestMeta) {
    return this.intakes.change(principal, id, meta, {
      action: done ? 'item.done' : 'item.reopened',
      summary: { item_key: key },
      decide: (intake, items, now) => markOwnerItemDone(intakeState(intake, items), key, done, now),
    });
  }

  markReceivedOutside(principal: Principal, id: string, key: string, note: string | null, meta: RequestMeta) {
    return this.intakes.change(principal, id, meta, {
      action: 'item.received_outside',
      summary: { item_key: key },
      decide: (intake, items, now) => markReceivedOutside(intakeState(intake, items), key, note, now),
    });
  }

  undoReceivedOutside(principal: Principal, id: string, key: string, meta: RequestMeta) {
    return this.intakes.change(principal, id, meta, {
      action: 'item.received_outside_undone',
      summary: { item_key: key },
      decide: (intake, items, now) => undoReceivedOutside(intakeState(intake, items), key, now),
    });
  }

  /** POST …/answer (sessions only): the owner settles a decision item; the value must be among its options. */
  answer(principal: Principal, id: string, key: string, value: unknown, meta: RequestMeta) {
    return this.intakes.change(principal, id, meta, {
      action: 'item.answered',
      summary: { item_key: key },
      decide: (intake, items, now) => {
        const item = itemOf(items, key);
        const state = intakeState(intake, items);
        if (state.items.find((i) => i.key === key)?.decision) {
          const details = validateItemValue(definitionOf(item), value, 'value');
          if (details.length > 0) throw validationFailed(details);
        }
        const withValue = {
          ...state,
          items: state.items.map((i) => (i.key === key ? { ...i, record: { ...i.record, value } } : i)),
        };
        return answerDecision(withValue, key, now);
      },
    });
  }

  waive(principal: Principal, id: string, key: string, reason: string | null, meta: RequestMeta) {
    return this.intakes.change(principal, id, meta, {
      action: 'item.waived',
      summary: { item_key: key },
      decide: (intake, items, now) => waive(intakeState(intake, items), key, reason, now),
    });
  }

  decideWaiver(principal: Principal, id: string, key: string, accept: boolean, note: string | null, meta: RequestMeta) {
    return this.intakes.change(principal, id, meta, {
      action: accept ? 'item.waiver_accepted' : 'item.waiver_rejected',
      summary: { item_key: key, ...(note ? { note } : {}) },
      decide: (intake, items, now) => decideWaiver(intakeState(intake, items), key, accept, now),
    });
  }

  unwaive(principal: Principal, id: string, key: string, meta: RequestMeta) {
    return this.intakes.change(principal, id, meta, {
      action: 'item.unwaived',
      summary: { item_key: key },
      decide: (intake, items, now) => unwaive(intakeState(intake, items), key, now),
    });
  }

  /** POST /v1/intakes/:id/items: appends items; a sent live intake's client is told by e-mail. */
  async add(
    principal: Principal,
    id: string,
    inputs: unknown[],
    meta: RequestMeta,
  ): Promise<{ intake: IntakeRecord; added: ItemRecord[]; clientNotified: boolean }> {
    const parsed = parseItemDefinitions(inputs, 'items');
    if (!parsed.definitions) throw validationFailed(parsed.details);
    const definitions = parsed.definitions;
    let added: ItemRecord[] = [];
    const result = await this.intakes.change(principal, id, meta, {
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
    const clientNotified = notify && (await this.notifyNewItems(result.intake, added));
    return { intake: result.intake, added, clientNotified };
  }

  private async notifyNewItems(intake: IntakeRecord, items: ItemRecord[]): Promise<boolean> {
    try {
      await this.mail.send({
        to: [intake.client_email, ...intake.also_notify.filter((r) => !r.bounced_at).map((r) => r.email)],
        subject: `${intake.project_name}: more items requested`,
        text:
          `Hello ${intake.client_name},\n\nwe need a few more things for ${intake.project_name}:\n\n` +
          items
            .filter((i) => i.assignee === 'client')
            .map((i) => `- ${i.label}`)
            .join('\n') +
          `\n\nAdd them here: ${this.intakes.portalUrl(intake)}\n`,
      });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * PATCH /v1/intakes/:id/items/:key. When the client already answered and the new definition
   * would invalidate the answer: 409 item_answer_would_be_discarded, nothing changed; with
   * discard_submitted_value the answer is cleared. A change that keeps the answer valid keeps it.
   */
  async update(principal: Principal, id: string, key: string, patch: ItemPatch, meta: RequestMeta) {
    const fields = ['type', 'label', 'help', 'required', 'constraints', 'owner_note'] as const;
    if (!fields.some((f) => patch[f] !== undefined)) {
      throw new DomainError('invalid_request', 'Give at least one field to change.', { reason: 'no_fields' });
    }
    let discardedFiles: FileRecord[] = [];
    const result = await this.intakes.change(principal, id, meta, {
      action: 'item.updated',
      target: id,
      summary: { item_key: key, fields: fields.filter((f) => patch[f] !== undefined) },
      decide: async (intake, items, now) => {
        const item = itemOf(items, key);
        const current = definitionOf(item);
        // Uploads count as an answer once submitted; before that the rules are checked at submit.
        const submitted = item.status === 'submitted' || item.status === 'approved';
        const uploads = isFileType(item.type)
          ? (await this.files.ofIntake(intake.id)).filter((f) => f.item_key === key)
          : [];
        // Only the fields the caller gave (a DTO carries the others as undefined).
        const definitionPatch = Object.fromEntries(
          Object.entries(patch).filter(
            ([field, value]) => value !== undefined && field !== 'owner_note' && field !== 'discard_submitted_value',
          ),
        );
        const parsed = parseItemDefinition({ ...current, ...definitionPatch, key }, 'item');
        if (!parsed.definition)
          throw validationFailed(parsed.details.map((d) => ({ ...d, path: d.path.replace(/^item\./, '') })));
        const next = parsed.definition;
        const answered = isFileType(item.type)
          ? submitted && uploads.length > 0
          : item.value !== null && item.value !== undefined;
        const keeps = !answered || answerStillValid(current, next, item.value, uploads.map(fileFacts));
        if (!keeps && !patch.discard_submitted_value) {
          throw new DomainError(
            'item_answer_would_be_discarded',
            'The client already answered this item and the change would invalidate the answer. Repeat with discard_submitted_value: true to clear it.',
            {
              params: { item_key: key },
            },
          );
        }
        const changed: ItemRecord = {
          ...item,
          ...next,
          owner_note: patch.owner_note === undefined ? item.owner_note : patch.owner_note,
          value: keeps ? item.value : null,
        };
        const state = intakeState(
          intake,
          items.map((i) => (i.key === key ? changed : i)),
        );
        if (keeps) return { intake: state, events: [] };
        discardedFiles = await this.files.delete(uploads.map((f) => f.id));
        return discardAnswer(state, key, now);
      },
    });
    for (const file of discardedFiles) await this.storage.delete(file.storage_key).catch(() => undefined);
    return result;
  }
}
