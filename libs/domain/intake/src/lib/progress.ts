import { type IntakeState, type ItemState } from './model';

/** What progress reads of an item (list rows carry no more than this). */
export type ProgressItem = Pick<ItemState, 'key' | 'assignee' | 'required' | 'status'>;

export interface Progress {
  submitted: number;
  total: number;
  outstanding: number;
  percent: number;
}

/**
 * Which client items count towards progress: not waived, and either required or touched (an
 * optional item the client never answered does not hold the intake back).
 */
function counts(item: ProgressItem): boolean {
  if (item.assignee !== 'client' || item.status === 'waived') return false;
  return item.required || item.status !== 'pending';
}

const isOutstanding = (item: ProgressItem) => item.status === 'pending' || item.status === 'needs_revision';

/**
 * progress.total excludes waived items and untouched optional items, so `percent` is 100 exactly
 * when nothing counted is outstanding, which is exactly when the intake completes.
 */
export function progressOf(items: readonly ProgressItem[]): Progress {
  const counted = items.filter(counts);
  const outstanding = counted.filter(isOutstanding).length;
  const submitted = counted.length - outstanding;
  const percent = counted.length === 0 ? 100 : outstanding === 0 ? 100 : Math.floor((submitted * 100) / counted.length);
  return { submitted, total: counted.length, outstanding, percent };
}

/** Owner items (tasks and decisions) still to tick off; waived ones drop out. */
export function ownerTasksOf(items: readonly ProgressItem[]): { done: number; total: number } {
  const owned = items.filter((item) => item.assignee === 'owner' && item.status !== 'waived');
  return { done: owned.filter((item) => item.status === 'approved').length, total: owned.length };
}

/** Keys of required client items still waiting on the client (pending or needs revision). */
export function missingItemKeys(items: readonly ProgressItem[]): string[] {
  return items.filter((i) => i.assignee === 'client' && i.required && isOutstanding(i)).map((i) => i.key);
}

/** No counted client item is outstanding. */
export function allClientWorkDone(intake: Pick<IntakeState, 'items'>): boolean {
  return progressOf(intake.items).outstanding === 0;
}
