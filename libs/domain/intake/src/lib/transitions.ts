import { DomainError, type ErrorReason } from '@intake/errors';
import { allClientWorkDone, missingItemKeys } from './progress';
import { type IntakeEvent, type IntakeState, type ItemState, NO_WAIVER, type Transition } from './model';

/* ------------------------------------------------------------------ helpers */

const archived = () =>
  new DomainError('conflict', 'The intake is archived; it can no longer be changed.', { reason: 'intake_archived' });
const conflict = (message: string, reason?: ErrorReason<'conflict'>) =>
  new DomainError('conflict', message, { reason });
const invalid = (message: string, reason: ErrorReason<'invalid_request'>) =>
  new DomainError('invalid_request', message, { reason });

/** 404 with reason item_not_found: the intake (or the caller's part of it) has no such item. */
export const itemNotFound = (key: string) =>
  new DomainError('not_found', `The intake has no item "${key}".`, { reason: 'item_not_found' });

export function assertNotArchived(intake: Pick<IntakeState, 'status'>): void {
  if (intake.status === 'archived') throw archived();
}

function itemOf<I extends ItemState>(intake: IntakeState<I>, key: string): I {
  const item = intake.items.find((candidate) => candidate.key === key);
  if (!item) throw itemNotFound(key);
  return item;
}

function withItem<I extends ItemState>(intake: IntakeState<I>, key: string, change: (item: I) => I): IntakeState<I> {
  return { ...intake, items: intake.items.map((item) => (item.key === key ? change(item) : item)) };
}

/**
 * After client work changed: a sent or in-progress intake whose counted client items are all in
 * completes; a completed one that has outstanding work again reopens.
 */
function settle<I extends ItemState>(intake: IntakeState<I>, now: Date, events: IntakeEvent[]): Transition<I> {
  const done = allClientWorkDone(intake);
  if (done && (intake.status === 'sent' || intake.status === 'in_progress')) {
    return {
      intake: { ...intake, status: 'completed', completed_at: now },
      events: [...events, { type: 'intake.completed' }],
    };
  }
  if (!done && intake.status === 'completed') {
    return {
      intake: { ...intake, status: 'in_progress', completed_at: null },
      events: [...events, { type: 'intake.reopened' }],
    };
  }
  return { intake, events };
}

/* ------------------------------------------------------------------ intake */

/** POST /v1/intakes/:id/send: draft → sent; 409 in any other status. */
export function send<I extends ItemState>(intake: IntakeState<I>, now: Date): Transition<I> {
  assertNotArchived(intake);
  if (intake.status !== 'draft')
    throw conflict(`Only a draft can be sent; this intake is ${intake.status}.`, 'not_draft');
  return { intake: { ...intake, status: 'sent', sent_at: now }, events: [{ type: 'intake.sent' }] };
}

/** POST /v1/intakes/:id/archive: any status but archived → archived. Nothing is deleted. */
export function archive<I extends ItemState>(intake: IntakeState<I>): Transition<I> {
  assertNotArchived(intake);
  return { intake: { ...intake, status: 'archived' }, events: [{ type: 'intake.archived' }] };
}

/** New items (POST /v1/intakes/:id/items) may reopen a completed intake. */
export function addItems<I extends ItemState>(intake: IntakeState<I>, items: I[], now: Date): Transition<I> {
  assertNotArchived(intake);
  const keys = new Set(intake.items.map((item) => item.key));
  const duplicate = items.find((item) => keys.has(item.key));
  if (duplicate) throw conflict(`The intake already has an item "${duplicate.key}".`, 'item_exists');
  return settle({ ...intake, items: [...intake.items, ...items] }, now, []);
}

/** An item whose definition changed so that its answer was discarded goes back to pending. */
export function discardAnswer<I extends ItemState>(intake: IntakeState<I>, key: string, now: Date): Transition<I> {
  assertNotArchived(intake);
  itemOf(intake, key);
  const next = withItem(intake, key, (item) => ({
    ...item,
    status: item.status === 'waived' ? item.status : 'pending',
    answered: false,
    submitted_at: null,
    approved_at: null,
  }));
  return settle(next, now, []);
}

/* ------------------------------------------------------------------ client (portal) */

/**
 * The client submits an item in the portal: pending, needs_revision or (a correction before
 * approval) submitted → submitted. The first submission moves a sent intake to in_progress.
 */
export function submitItem<I extends ItemState>(intake: IntakeState<I>, key: string, now: Date): Transition<I> {
  assertNotArchived(intake);
  if (intake.status === 'draft') throw conflict('The intake has not been sent yet.', 'not_sent');
  const item = itemOf(intake, key);
  if (item.assignee !== 'client') throw itemNotFound(key);
  if (item.status === 'approved' || item.status === 'waived') {
    throw conflict(`The item is already ${item.status}; it cannot be submitted again.`, `item_${item.status}`);
  }
  let next = withItem(intake, key, (current) => ({
    ...current,
    status: 'submitted' as const,
    submitted_at: now,
    answered: true,
    // A submission answers the item, so a pending waiver proposal lapses.
    waiver: current.waiver.state === 'pending' ? NO_WAIVER : current.waiver,
  }));
  if (next.status === 'sent') next = { ...next, status: 'in_progress' };
  return settle(next, now, [{ type: 'item.submitted', item_key: key }]);
}

/** The client proposes a waiver; the owner decides (decideWaiver). */
export function proposeWaiver<I extends ItemState>(
  intake: IntakeState<I>,
  key: string,
  reason: string,
  now: Date,
): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (item.assignee !== 'client') throw itemNotFound(key);
  if (item.status === 'approved' || item.status === 'waived') {
    throw conflict(`The item is already ${item.status}.`, `item_${item.status}`);
  }
  const next = withItem(intake, key, (current) => ({
    ...current,
    waiver: { state: 'pending' as const, reason, requested_by: 'client' as const, requested_at: now, decided_at: null },
  }));
  return { intake: next, events: [{ type: 'item.waiver_proposed', item_key: key }] };
}

/* ------------------------------------------------------------------ owner */

/** Approving (docs/contract.md "Item status"): submitted → approved; 409 for any other status. */
export function approveItem<I extends ItemState>(intake: IntakeState<I>, key: string, now: Date): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (item.status !== 'submitted')
    throw conflict(`Only a submitted item can be approved; this one is ${item.status}.`, 'item_not_submitted');
  return {
    intake: withItem(intake, key, (c) => ({ ...c, status: 'approved' as const, approved_at: now })),
    events: [{ type: 'item.approved', item_key: key }],
  };
}

/**
 * POST /v1/intakes/:id/revision: submitted or approved → needs_revision, with a note for the
 * client. Not on the free plan (402 plan_required). A completed intake reopens.
 */
export function requestRevision<I extends ItemState>(
  intake: IntakeState<I>,
  key: string,
  note: string,
  revisionsOnPlan: boolean,
  now: Date,
): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (!revisionsOnPlan) {
    throw new DomainError('plan_required', 'Revisions are not included in the Free plan.', {
      reason: 'revisions',
      params: { feature: 'revisions' },
    });
  }
  if (item.assignee !== 'client') throw invalid('Revisions can only be requested for client items.', 'owner_item');
  if (item.status !== 'submitted' && item.status !== 'approved') {
    throw conflict(
      `Only a submitted or approved item can be sent back; this one is ${item.status}.`,
      'item_not_submitted',
    );
  }
  const next = withItem(intake, key, (c) => ({
    ...c,
    status: 'needs_revision' as const,
    revision_note: note,
    revision_count: c.revision_count + 1,
    approved_at: null,
    received_outside: false,
    received_outside_note: null,
  }));
  return settle(next, now, [{ type: 'item.revision_requested', item_key: key, note }]);
}

/** POST …/done: owner items only (client item: 400). Never completes or delivers the intake. */
export function markOwnerItemDone<I extends ItemState>(
  intake: IntakeState<I>,
  key: string,
  done: boolean,
  now: Date,
): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (item.assignee !== 'owner')
    throw invalid('Only owner items can be marked done; this is a client item.', 'client_item');
  if (item.status === 'waived') throw conflict('The item is waived.', 'item_waived');
  const next = withItem(intake, key, (c) => ({
    ...c,
    status: done ? ('approved' as const) : ('pending' as const),
    approved_at: done ? now : null,
  }));
  return { intake: next, events: [{ type: 'item.done', item_key: key, done }] };
}

/**
 * POST …/received-outside: a client item the owner got another way → approved. 400 for owner
 * items, 409 when already approved or waived. May complete the intake.
 */
export function markReceivedOutside<I extends ItemState>(
  intake: IntakeState<I>,
  key: string,
  note: string | null,
  now: Date,
): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (item.assignee !== 'client') throw invalid('Only client items can be marked received outside.', 'owner_item');
  if (item.status === 'approved' || item.status === 'waived')
    throw conflict(`The item is already ${item.status}.`, `item_${item.status}`);
  const next = withItem(intake, key, (c) => ({
    ...c,
    status: 'approved' as const,
    approved_at: now,
    received_outside: true,
    received_outside_note: note,
    waiver: c.waiver.state === 'pending' ? NO_WAIVER : c.waiver,
  }));
  return settle(next, now, [{ type: 'item.received_outside', item_key: key }]);
}

/** DELETE …/received-outside: 404 if never marked; the item waits for the client again; a completed intake reopens. */
export function undoReceivedOutside<I extends ItemState>(
  intake: IntakeState<I>,
  key: string,
  now: Date,
): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (!item.received_outside) {
    throw new DomainError('not_found', 'The item was not marked as received outside.', {
      reason: 'not_received_outside',
    });
  }
  const next = withItem(intake, key, (c) => ({
    ...c,
    status: c.answered ? ('submitted' as const) : ('pending' as const),
    approved_at: null,
    received_outside: false,
    received_outside_note: null,
  }));
  return settle(next, now, [{ type: 'item.received_outside_undone', item_key: key }]);
}

/** POST …/answer: the owner settles a decision item → approved, decided by the owner. */
export function answerDecision<I extends ItemState>(intake: IntakeState<I>, key: string, now: Date): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (!item.decision)
    throw invalid('Only decision items (owner select or multiselect) take an answer.', 'not_decision_item');
  if (item.status === 'waived') throw conflict('The item is waived.', 'item_waived');
  const next = withItem(intake, key, (c) => ({
    ...c,
    status: 'approved' as const,
    approved_at: now,
    answered: true,
    decided_by: 'owner' as const,
  }));
  return { intake: next, events: [{ type: 'item.decided', item_key: key }] };
}

/** POST …/waive: the owner closes any item. May complete the intake. */
export function waive<I extends ItemState>(
  intake: IntakeState<I>,
  key: string,
  reason: string | null,
  now: Date,
): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (item.status === 'waived') throw conflict('The item is already waived.', 'item_waived');
  const next = withItem(intake, key, (c) => ({
    ...c,
    status: 'waived' as const,
    waiver: {
      state: 'accepted' as const,
      reason: reason ?? (c.waiver.state === 'pending' ? c.waiver.reason : null),
      requested_by: c.waiver.state === 'pending' ? c.waiver.requested_by : ('owner' as const),
      requested_at: c.waiver.state === 'pending' ? c.waiver.requested_at : now,
      decided_at: now,
    },
  }));
  return settle(next, now, [{ type: 'item.waived', item_key: key }]);
}

/** POST …/waive/decision: accept (→ waived) or reject (pending flag cleared, chased again); 409 without a pending proposal. */
export function decideWaiver<I extends ItemState>(
  intake: IntakeState<I>,
  key: string,
  accept: boolean,
  now: Date,
): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (item.waiver.state !== 'pending') throw conflict('The item has no pending waiver proposal.', 'no_waiver_pending');
  if (accept) return waive(intake, key, null, now);
  return {
    intake: withItem(intake, key, (c) => ({ ...c, waiver: NO_WAIVER })),
    events: [{ type: 'item.waiver_rejected', item_key: key }],
  };
}

/** DELETE …/waive: waived → pending; value, submission and revision note are discarded; a completed intake reopens. */
export function unwaive<I extends ItemState>(intake: IntakeState<I>, key: string, now: Date): Transition<I> {
  assertNotArchived(intake);
  const item = itemOf(intake, key);
  if (item.status !== 'waived') throw conflict('The item is not waived.', 'item_not_waived');
  const next = withItem(intake, key, (c) => ({
    ...c,
    status: 'pending' as const,
    answered: false,
    submitted_at: null,
    approved_at: null,
    revision_note: null,
    waiver: NO_WAIVER,
    received_outside: false,
    received_outside_note: null,
    decided_by: null,
  }));
  return settle(next, now, [{ type: 'item.unwaived', item_key: key }]);
}

/* ------------------------------------------------------------------ stalled */

/** Chasing stops and `intake.stalled` fires once this many reminders were sent without completion. */
export function reachedMaxReminders(remindersSent: number, maxReminders: number | 'unlimited'): boolean {
  return maxReminders !== 'unlimited' && remindersSent >= maxReminders;
}

/**
 * max_reminders reminders went out without completion: chasing stops (`stalled_at`) and
 * `intake.stalled` fires with the missing items. Only a chased intake that has not stalled yet
 * stalls; anything else is left as it is, without an event.
 */
export function stall<I extends ItemState>(intake: IntakeState<I>, now: Date): Transition<I> {
  if ((intake.status !== 'sent' && intake.status !== 'in_progress') || intake.stalled_at !== null) {
    return { intake, events: [] };
  }
  return {
    intake: { ...intake, stalled_at: now },
    events: [{ type: 'intake.stalled', missing_items: missingItemKeys(intake.items) }],
  };
}

/**
 * A new max_reminders (PATCH): raising it above the reminders already sent (or to unlimited)
 * clears `stalled_at` and resumes chasing; anything else leaves a stalled intake stalled.
 */
export function afterMaxRemindersChange(
  stalledAt: Date | null,
  remindersSent: number,
  maxReminders: number | 'unlimited',
): { stalled_at: Date | null; resume: boolean } {
  if (stalledAt && !reachedMaxReminders(remindersSent, maxReminders)) return { stalled_at: null, resume: true };
  return { stalled_at: stalledAt, resume: false };
}
