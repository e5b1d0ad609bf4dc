import { intakeState, type IntakeItem } from '@intake/application-intakes';
import {
  discardAnswer,
  itemNotFound,
  type Transition,
  type IntakeRecord,
  type ItemRecord,
} from '@intake/domain-intake';
import { CONSTRAINT_MAXIMUMS, isFileType } from '@intake/domain-items';
import { DomainError, validationFailed } from '@intake/errors';
import { type FileRecord } from '../ports/file-store.port';

/** An item's max_bytes when its definition sets none. */
export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;

/** A client file item that still takes uploads: not approved, not waived. */
export function uploadableItem(items: ItemRecord[], key: string): ItemRecord {
  const item = items.find((i) => i.key === key && i.assignee === 'client');
  if (!item) throw itemNotFound(key);
  if (!isFileType(item.type)) {
    throw validationFailed([{ path: 'file', message: `is not accepted: item "${key}" takes a value, not files` }]);
  }
  if (item.status === 'approved' || item.status === 'waived') {
    throw new DomainError('conflict', `The item is already ${item.status}.`, { reason: `item_${item.status}` });
  }
  return item;
}

/** A file_list takes files up to its max_count; file and image items replace their one file. */
export function assertRoomFor(item: ItemRecord, existing: FileRecord[]): void {
  if (item.type !== 'file_list') return;
  const max = item.constraints.max_count ?? CONSTRAINT_MAXIMUMS.max_count;
  if (existing.length >= max) {
    throw validationFailed([{ path: 'file', message: `cannot be added: the item takes at most ${max} files` }]);
  }
}

/** Files of a submitted item changed: it is no longer submitted until the client submits again. */
export function unsubmitted(intake: IntakeRecord, items: ItemRecord[], key: string, now: Date): Transition<IntakeItem> {
  const state = intakeState(intake, items);
  const item = items.find((i) => i.key === key);
  return item?.status === 'submitted' ? discardAnswer(state, key, now) : { intake: state, events: [] };
}

export const uploadsOf = (files: FileRecord[], key: string) => files.filter((f) => f.item_key === key);
