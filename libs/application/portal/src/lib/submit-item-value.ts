import { IntakeWriter, intakeState, sealSecret, withValue } from '@intake/application-intakes';
import { submitItem } from '@intake/domain-intake';
import { isFileType, validateItemValue } from '@intake/domain-items';
import { validationFailed } from '@intake/errors';
import { type RequestMeta, SecretBox } from '@intake/kernel';
import { changeAsClient } from './client-change';
import { clientItem, clientView, type PortalView } from './client-view';

export interface SubmitItemValueInput {
  slug: string;
  key: string;
  value: unknown;
  meta: RequestMeta;
}

/**
 * PUT /portal/v1/:slug/items/:key: a value item's answer, validated against its definition (422
 * with details). A secret is sealed before it is stored: the database only ever holds it encrypted.
 */
export class SubmitItemValue {
  static readonly inject = [IntakeWriter, SecretBox] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly box: SecretBox,
  ) {}

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
        const stored = item.type === 'secret' ? sealSecret(this.box, value as string) : value;
        return submitItem(withValue(intakeState(intake, items), key, stored), key, now);
      },
    });
    return clientView(result);
  }
}
