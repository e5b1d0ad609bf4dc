import { IntakeWriter, intakeState } from '@intake/application-intakes';
import { proposeWaiver } from '@intake/domain-intake';
import { type RequestMeta } from '@intake/kernel';
import { changeAsClient } from './client-change';
import { clientItem, clientView, type PortalView } from './client-view';

export interface ProposeWaiverInput {
  slug: string;
  key: string;
  reason: string;
  meta: RequestMeta;
}

/** POST /portal/v1/:slug/items/:key/waiver: the client asks to skip an item; the owner decides. */
export class ProposeWaiver {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  async execute({ slug, key, reason, meta }: ProposeWaiverInput): Promise<PortalView> {
    const result = await changeAsClient(this.writer, slug, meta, {
      action: 'item.waiver_proposed',
      summary: { item_key: key },
      decide: (intake, items, now) => {
        clientItem(items, key);
        return proposeWaiver(intakeState(intake, items), key, reason, now);
      },
    });
    return clientView(result);
  }
}
