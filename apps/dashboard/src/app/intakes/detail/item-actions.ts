import type { components } from '@intake/sdk-types';

export type Item = components['schemas']['ItemView'];
export type IntakeStatus = components['schemas']['IntakeView']['status'];
export type Role = components['schemas']['MeResponse']['role'];

/** What the owner can do to one item on the intake page. */
export type ReviewAction =
  | 'approve'
  | 'revision'
  | 'received_outside'
  | 'undo_received_outside'
  | 'waive'
  | 'unwaive'
  | 'waiver_accept'
  | 'waiver_decline'
  | 'decide'
  | 'reveal';

/** The actions that ask before they are done: they discard or send something. */
export const CONFIRMED_ACTIONS: ReadonlySet<ReviewAction> = new Set([
  'revision',
  'waive',
  'unwaive',
  'undo_received_outside',
  'waiver_decline',
  'reveal',
]);

const answered = (item: Item): boolean => item.status === 'submitted' || item.status === 'approved';

/**
 * The actions the API allows on `item` now (its item states and transitions): approve a submitted
 * answer; send a client's submitted or approved answer back for a revision; mark a client item
 * not yet approved or waived as received outside, and undo that mark; waive an item (unless the
 * client's own waiver proposal waits for an answer: accept or decline it) and undo a waiver;
 * settle an owner decision (select or multiselect); reveal a submitted secret (the account
 * owner only). An archived intake can no longer change: only the reveal is left.
 */
export function allowedActions(item: Item, intake: IntakeStatus, role: Role | undefined): ReviewAction[] {
  const actions: ReviewAction[] = [];
  const secretReadable = item.type === 'secret' && role === 'owner' && answered(item);
  if (intake === 'archived') return secretReadable ? ['reveal'] : [];
  const client = item.assignee === 'client';
  if (item.status === 'submitted') actions.push('approve');
  if (client && answered(item) && !item.received_outside) actions.push('revision');
  if (client && item.status !== 'approved' && item.status !== 'waived') actions.push('received_outside');
  if (item.received_outside) actions.push('undo_received_outside');
  if (item.decision && item.status !== 'waived') actions.push('decide');
  if (item.status === 'waived') actions.push('unwaive');
  else if (item.waiver.state === 'pending') actions.push('waiver_accept', 'waiver_decline');
  else actions.push('waive');
  if (secretReadable) actions.push('reveal');
  return actions;
}
