import { IntakeWriter, unchanged } from '@intake/application-intakes';
import { type RequestMeta } from '@intake/kernel';
import { changeAsClient } from './client-change';
import { clientItem, clientView, type PortalView } from './client-view';

export const CLIENT_NOTE_MAX = 2000;

export interface SetItemNoteInput {
  slug: string;
  key: string;
  /** null clears it. */
  note: string | null;
  meta: RequestMeta;
}

/** PUT /portal/v1/:slug/items/:key/note: the client's note on an item. */
export class SetItemNote {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  async execute({ slug, key, note, meta }: SetItemNoteInput): Promise<PortalView> {
    const result = await changeAsClient(this.writer, slug, meta, {
      action: 'item.client_note',
      summary: { item_key: key },
      decide: (intake, items) => {
        clientItem(items, key);
        return unchanged(
          intake,
          items.map((i) => (i.key === key ? { ...i, client_note: note } : i)),
        );
      },
    });
    return clientView(result);
  }
}
