import { discardAnswer, type ItemRecord } from '@intake/domain-intake';
import { isFileType, parseItemDefinition, redefinedAnswer, redefinitionInput } from '@intake/domain-items';
import { DomainError, validationFailed } from '@intake/errors';
import { SecretBox } from '@intake/kernel';
import { definitionOf, intakeState, itemOf } from '../model/intake-state';
import { openedValue } from '../model/sealed-secret';
import { fileFacts, type IntakeFile, IntakeFiles } from '../ports/intake-files.port';
import { type ChangedIntake, type Decision, type ItemCommand, IntakeWriter } from '../write-path/intake-writer';

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

export interface UpdateItemInput extends ItemCommand {
  patch: ItemPatch;
}

const FIELDS = ['type', 'label', 'help', 'required', 'constraints', 'owner_note'] as const;

/**
 * PATCH /v1/intakes/:id/items/:key. The client's answer is judged by the new definition with the
 * rules of a portal submission (`redefinedAnswer`), whatever changed, the type included: an answer
 * still valid is kept (a select's choice as a list of one when the item becomes a multiselect, and
 * back), one that is not is 409 item_answer_would_be_discarded and nothing changes; with
 * discard_submitted_value it is cleared, uploaded files included. Uploads never submitted are no
 * answer: they stay while the item still takes files and go when it no longer does.
 */
export class UpdateItem {
  static readonly inject = [IntakeWriter, IntakeFiles, SecretBox] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly files: IntakeFiles,
    private readonly box: SecretBox,
  ) {}

  async execute({ principal, intakeId, key, patch, meta }: UpdateItemInput): Promise<ChangedIntake> {
    if (!FIELDS.some((f) => patch[f] !== undefined)) {
      throw new DomainError('invalid_request', 'Give at least one field to change.', { reason: 'no_fields' });
    }
    let discarded: IntakeFile[] = [];
    const result = await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'item.updated',
      target: intakeId,
      summary: { item_key: key, fields: FIELDS.filter((f) => patch[f] !== undefined) },
      decide: async (intake, items, now): Promise<Decision> => {
        const item = itemOf(items, key);
        const uploads = (await this.files.ofIntake(intake.id)).filter((f) => f.item_key === key);
        const { changed, keeps } = redefined(item, patch, uploads, this.box);
        const state = intakeState(
          intake,
          items.map((i) => (i.key === key ? changed : i)),
        );
        if (keeps) {
          if (!isFileType(changed.type) && uploads.length > 0) {
            discarded = await this.files.deleteRecords(uploads.map((f) => f.id));
          }
          return { intake: state, events: [] };
        }
        discarded = await this.files.deleteRecords(uploads.map((f) => f.id));
        return discardAnswer(state, key, now);
      },
    });
    await this.files.removeObjects(discarded);
    return result;
  }
}

/** The item under its new definition, and whether the client's answer survives it (else 409 unless discarding). */
function redefined(
  item: ItemRecord,
  patch: ItemPatch,
  uploads: IntakeFile[],
  box: SecretBox,
): { changed: ItemRecord; keeps: boolean } {
  const current = definitionOf(item);
  // Only the fields the caller gave (a DTO carries the others as undefined).
  const definitionPatch = Object.fromEntries(
    Object.entries(patch).filter(
      ([field, value]) => value !== undefined && field !== 'owner_note' && field !== 'discard_submitted_value',
    ),
  );
  const parsed = parseItemDefinition({ ...redefinitionInput(current, definitionPatch), key: item.key }, 'item');
  if (!parsed.definition) {
    throw validationFailed(parsed.details.map((d) => ({ ...d, path: d.path.replace(/^item\./, '') })));
  }
  const next = parsed.definition;
  // Uploads answer the item once submitted (a revision or a waiver keeps them so); before that
  // they are a draft the submission will check.
  const submittedFiles = isFileType(item.type) && item.submitted_at !== null ? uploads.map(fileFacts) : [];
  // A secret's answer is judged in the clear, in memory only; it stays sealed in the record.
  const answer = item.type === 'secret' ? openedValue(box, item.value) : item.value;
  const outcome = redefinedAnswer(current, next, answer, submittedFiles);
  if (outcome.outcome === 'misfit' && !patch.discard_submitted_value) {
    throw new DomainError(
      'item_answer_would_be_discarded',
      'The client already answered this item and the change would invalidate the answer. Repeat with discard_submitted_value: true to clear it.',
      { params: { item_key: item.key }, details: outcome.details },
    );
  }
  const keeps = outcome.outcome !== 'misfit';
  const changed: ItemRecord = {
    ...item,
    ...next,
    owner_note: patch.owner_note === undefined ? item.owner_note : patch.owner_note,
    value: outcome.outcome === 'kept' && item.type !== 'secret' ? outcome.value : keeps ? item.value : null,
  };
  return { changed, keeps };
}
