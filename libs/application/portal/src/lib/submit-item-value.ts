import { IntakeWriter, intakeState, withValue } from '@intake/application-intakes';
import { submitItem } from '@intake/domain-intake';
import { isFileType, validateItemValue } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { changeAsClient } from './client-change';
import { clientItem, clientView, type PortalView } from './client-view';

export interface SubmitItemValueInput {
  slug: string;
  key: string;
  value: unknown;
  meta: RequestMeta;
}

/** PUT /portal/v1/:slug/items/:key: a value item's answer, validated against its definition (422 with details). */
export class SubmitItemValue {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  async execute({ slug, key, value, meta }: SubmitItemValueInput): Promise<PortalView> {
    const result = await changeAsClient(this.writer, slug, meta, {
      action: 'item.submitted',
      summary: { item_key: key },
      decide: (intake, items, now) => {
        const item = clientItem(items, key);
        if (isFileType(item.type)) {
          throw validationFailed([{ path: 'value', message: 'files are uploaded to this item, not sent as a value' }]);
        }
        const details = validateItemValue(item, value, 'value');
        if (details.length > 0) throw validationFailed(details);
        return submitItem(withValue(intakeState(intake, items), key, value), key, now);
      },
    });
    return clientView(result);
  }
}
