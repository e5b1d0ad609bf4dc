import {
  type IntakeRecord,
  type IntakeState,
  type ItemRecord,
  type ItemState,
  itemNotFound,
  NO_WAIVER,
  overdueAt,
  purgeAt,
  type Transition,
} from '@intake/domain-intake';
import { isDecisionType, type ItemDefinition } from '@intake/domain-items';

/** A stored item seen by the state machines, carrying its record along. */
export type IntakeItem = ItemState & { record: ItemRecord };

/** The state-machine view of stored items. */
export function itemState(item: ItemRecord): IntakeItem {
  return {
    record: item,
    key: item.key,
    assignee: item.assignee,
    required: item.required,
    decision: item.assignee === 'owner' && isDecisionType(item.type),
    status: item.status,
    submitted_at: item.submitted_at,
    approved_at: item.approved_at,
    revision_note: item.revision_note,
    revision_count: item.revision_count,
    waiver: item.waiver,
    received_outside: item.received_outside,
    received_outside_note: item.received_outside_note,
    answered: item.value !== null && item.value !== undefined,
    decided_by: item.decided_by,
  };
}

export function intakeState(intake: IntakeRecord, items: ItemRecord[]): IntakeState<IntakeItem> {
  return {
    status: intake.status,
    sent_at: intake.sent_at,
    completed_at: intake.completed_at,
    stalled_at: intake.stalled_at,
    items: items.map(itemState),
  };
}

/**
 * The times an intake's other fields determine, kept by the write path on every change so that
 * they never disagree with them: `purge_at` from the retention settings, the completion and the
 * first delivery; `overdue_at` from the due date in the client's time zone.
 */
export function withDerivedTimes(intake: IntakeRecord): IntakeRecord {
  return {
    ...intake,
    purge_at: purgeAt(intake, intake),
    overdue_at: overdueAt(intake.due_date, intake.client_timezone),
  };
}

/** Writes a transition's outcome back onto the stored records (and the times they determine). */
export function applyState(
  intake: IntakeRecord,
  state: IntakeState<IntakeItem>,
): { intake: IntakeRecord; items: ItemRecord[] } {
  return {
    intake: withDerivedTimes({
      ...intake,
      status: state.status,
      sent_at: state.sent_at,
      completed_at: state.completed_at,
      stalled_at: state.stalled_at,
    }),
    items: state.items.map((s) => ({
      ...s.record,
      status: s.status,
      submitted_at: s.submitted_at,
      approved_at: s.approved_at,
      revision_note: s.revision_note,
      revision_count: s.revision_count,
      waiver: s.waiver,
      received_outside: s.received_outside,
      received_outside_note: s.received_outside_note,
      decided_by: s.decided_by,
      value: s.answered ? s.record.value : null,
    })),
  };
}

/** A fresh, unanswered item from a definition. */
export function newItemRecord(intakeId: string, d: ItemDefinition, position: number): ItemRecord {
  return {
    intake_id: intakeId,
    ...d,
    position,
    status: 'pending',
    value: null,
    submitted_at: null,
    approved_at: null,
    revision_note: null,
    revision_count: 0,
    waiver: NO_WAIVER,
    client_note: null,
    owner_note: null,
    received_outside: false,
    received_outside_note: null,
    decided_by: d.proposed ? 'agent' : null,
  };
}

/** A change that leaves the state as it is (settings, notes, files): no transition, no event. */
export function unchanged(intake: IntakeRecord, items: ItemRecord[]): Transition<IntakeItem> {
  return { intake: intakeState(intake, items), events: [] };
}

/** The state with one item's value replaced (an answer about to be submitted). */
export function withValue(state: IntakeState<IntakeItem>, key: string, value: unknown): IntakeState<IntakeItem> {
  return { ...state, items: state.items.map((i) => (i.key === key ? { ...i, record: { ...i.record, value } } : i)) };
}

/** The item of that key, or 404 item_not_found. */
export function itemOf(items: ItemRecord[], key: string): ItemRecord {
  const item = items.find((i) => i.key === key);
  if (!item) throw itemNotFound(key);
  return item;
}

/** An item's definition, as the catalogue parses and checks it. */
export const definitionOf = (item: ItemRecord): ItemDefinition => ({
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

/** Reminders go out only for sent or in-progress intakes that are not stalled and not on `off`. */
export function stillChasing(intake: IntakeRecord): boolean {
  return (
    (intake.status === 'sent' || intake.status === 'in_progress') &&
    !intake.stalled_at &&
    intake.chase_schedule !== 'off'
  );
}

/** The addresses an intake's e-mails go to: the client's and every `also_notify` one, less retired (bounced) ones. */
export function mailRecipients(intake: IntakeRecord): string[] {
  return [
    ...(intake.client_bounced_at ? [] : [intake.client_email]),
    ...intake.also_notify.filter((r) => !r.bounced_at).map((r) => r.email),
  ];
}
