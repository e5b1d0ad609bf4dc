import { type Clock, type RequestMeta, type UnitOfWork } from '@intake/kernel';
import { itemNotFound, progressOf, proposeWaiver, submitItem } from '@intake/domain-intake';
import { isFileType, validateItemValue } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { type IntakeService } from '../intakes/intake.service';
import { type IntakeStore } from '../intakes/intake.store';
import { intakeState } from '../intakes/intake-views';
import { type IntakeRecord, type ItemRecord } from '../intakes/records';
import { type FileRecord, type FileStore } from '../files/files';
import { asPortalError, assertPortalSlug, noSuchPortal } from './portal-link';

/** client.viewed fires at most once per intake in this window (the portal is reloaded often). */
export const CLIENT_VIEWED_WINDOW_SECONDS = 3600;
export const CLIENT_NOTE_MAX = 2000;

export interface PortalView {
  intake: IntakeRecord;
  /** Client items only: owner items, decisions and notes never reach the client. */
  items: ItemRecord[];
  /** Uploads to those items and the brief files. */
  files: FileRecord[];
}

/** The client's side of an intake, reached through the portal link's slug. */
export class PortalService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: IntakeService,
    private readonly store: IntakeStore,
    private readonly files: FileStore,
    private readonly clock: Clock,
  ) {}

  /** GET /portal/v1/:slug: sets client_last_seen, and emits client.viewed once per window. */
  async view(slug: string): Promise<PortalView> {
    assertPortalSlug(slug);
    return this.uow.run(async () => {
      const intake = await this.store.getBySlug(slug);
      if (!intake) throw noSuchPortal();
      const now = this.clock.now();
      const previous = await this.store.markSeen(intake.id, now);
      if (!previous || now.getTime() - new Date(previous).getTime() >= CLIENT_VIEWED_WINDOW_SECONDS * 1000) {
        await this.intakes.emitClientViewed(intake, now);
      }
      const items = (await this.store.items(intake.id)).filter((i) => i.assignee === 'client');
      return {
        intake: { ...intake, client_last_seen: now },
        items,
        files: clientFiles(await this.files.ofIntake(intake.id), items),
      };
    });
  }

  /** PUT /portal/v1/:slug/items/:key: a value item's answer, validated against its definition. */
  async submitValue(slug: string, key: string, value: unknown, meta: RequestMeta): Promise<PortalView> {
    return this.clientChange(slug, meta, 'item.submitted', key, (intake, items, now) => {
      const item = clientItem(items, key);
      if (isFileType(item.type)) {
        throw validationFailed([{ path: 'value', message: 'files are uploaded to this item, not sent as a value' }]);
      }
      const details = validateItemValue(item, value, 'value');
      if (details.length > 0) throw validationFailed(details);
      const state = intakeState(intake, items);
      const withValue = {
        ...state,
        items: state.items.map((i) => (i.key === key ? { ...i, record: { ...i.record, value } } : i)),
      };
      return submitItem(withValue, key, now);
    });
  }

  /** POST /portal/v1/:slug/items/:key/waiver: the client asks to skip an item; the owner decides. */
  async proposeWaiver(slug: string, key: string, reason: string, meta: RequestMeta): Promise<PortalView> {
    return this.clientChange(slug, meta, 'item.waiver_proposed', key, (intake, items, now) => {
      clientItem(items, key);
      return proposeWaiver(intakeState(intake, items), key, reason, now);
    });
  }

  /** PUT /portal/v1/:slug/items/:key/note: the client's note on an item (null clears it). */
  async setNote(slug: string, key: string, note: string | null, meta: RequestMeta): Promise<PortalView> {
    return this.clientChange(slug, meta, 'item.client_note', key, (intake, items) => {
      clientItem(items, key);
      const changed = items.map((i) => (i.key === key ? { ...i, client_note: note } : i));
      return { intake: intakeState(intake, changed), events: [] };
    });
  }

  private async clientChange(
    slug: string,
    meta: RequestMeta,
    action: string,
    key: string,
    decide: Parameters<IntakeService['changeBySlug']>[2]['decide'],
  ): Promise<PortalView> {
    assertPortalSlug(slug);
    try {
      const result = await this.intakes.changeBySlug(slug, meta, { action, summary: { item_key: key }, decide });
      return clientView(result);
    } catch (error) {
      // The intake lookup's "Intake was not found" would tell the client nothing new, but say it the portal's way.
      throw asPortalError(error);
    }
  }
}

function clientItem(items: ItemRecord[], key: string): ItemRecord {
  const item = items.find((i) => i.key === key && i.assignee === 'client');
  if (!item) throw itemNotFound(key);
  return item;
}

/** The client's part of an intake: client items, their files and the brief files. */
export function clientView(detail: { intake: IntakeRecord; items: ItemRecord[]; files: FileRecord[] }): PortalView {
  const items = detail.items.filter((i) => i.assignee === 'client');
  return { intake: detail.intake, items, files: clientFiles(detail.files, items) };
}

function clientFiles(files: FileRecord[], clientItems: ItemRecord[]): FileRecord[] {
  const keys = new Set(clientItems.map((i) => i.key));
  return files.filter((f) => f.kind === 'brief' || (f.item_key !== null && keys.has(f.item_key)));
}

export const portalProgress = (items: ItemRecord[]) => progressOf(items);
