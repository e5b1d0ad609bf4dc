/** Intake and item state, as plain data (docs/contract.md "States and transitions"). */
export const INTAKE_STATUSES = ['draft', 'sent', 'in_progress', 'completed', 'archived'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

export const ITEM_STATUSES = ['pending', 'submitted', 'approved', 'needs_revision', 'waived'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export type Assignee = 'client' | 'owner';

export interface Waiver {
  /** none, pending (the client proposed it; the owner decides), accepted (the item is waived). */
  state: 'none' | 'pending' | 'accepted';
  reason: string | null;
  requested_by: 'client' | 'owner' | null;
  requested_at: Date | null;
  decided_at: Date | null;
}

export const NO_WAIVER: Waiver = {
  state: 'none',
  reason: null,
  requested_by: null,
  requested_at: null,
  decided_at: null,
};

/** What the state machines need to know of an item. Other fields ride along untouched. */
export interface ItemState {
  key: string;
  assignee: Assignee;
  required: boolean;
  /** Owner-assigned select/multiselect: settled by the owner (or proposed by an agent). */
  decision: boolean;
  status: ItemStatus;
  submitted_at: Date | null;
  approved_at: Date | null;
  revision_note: string | null;
  revision_count: number;
  waiver: Waiver;
  received_outside: boolean;
  received_outside_note: string | null;
  /** True when the item holds a value or files. */
  answered: boolean;
  decided_by: 'agent' | 'owner' | null;
}

export interface IntakeState<I extends ItemState = ItemState> {
  status: IntakeStatus;
  sent_at: Date | null;
  completed_at: Date | null;
  stalled_at: Date | null;
  items: I[];
}

/** Events a transition emits; the application layer turns them into webhook payloads and audit entries. */
export type IntakeEvent =
  | { type: 'intake.sent' }
  | { type: 'intake.completed' }
  | { type: 'intake.reopened' }
  | { type: 'intake.archived' }
  | { type: 'intake.stalled'; missing_items: string[] }
  | { type: 'intake.overdue'; due_date: string; outstanding_items: string[] }
  | { type: 'item.submitted'; item_key: string; file_count?: number }
  | { type: 'item.approved'; item_key: string }
  | { type: 'item.revision_requested'; item_key: string; note: string }
  | { type: 'item.waived'; item_key: string }
  | { type: 'item.waiver_proposed'; item_key: string }
  | { type: 'item.waiver_rejected'; item_key: string }
  | { type: 'item.unwaived'; item_key: string }
  | { type: 'item.received_outside'; item_key: string }
  | { type: 'item.received_outside_undone'; item_key: string }
  | { type: 'item.done'; item_key: string; done: boolean }
  | { type: 'item.decided'; item_key: string };

export interface Transition<I extends ItemState = ItemState> {
  intake: IntakeState<I>;
  events: IntakeEvent[];
}
