import { type ChangedIntake, fileFacts, intakeState, IntakeWriter } from '@intake/application-intakes';
import { changeAsClient } from '@intake/application-portal';
import { submitItem } from '@intake/domain-intake';
import { validateFileSet } from '@intake/domain-items';
import { type ErrorDetail, validationFailed } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { FileStore } from '../ports/file-store.port';
import { uploadableItem, uploadsOf } from './upload-rules';

export interface SubmitFilesInput {
  slug: string;
  key: string;
  meta: RequestMeta;
}

/**
 * POST /portal/v1/:slug/items/:key/submit: the uploaded files, with the count rules checked and no
 * infected file left; item.submitted carries the file count.
 */
export class SubmitFiles {
  static readonly inject = [IntakeWriter, FileStore] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly files: FileStore,
  ) {}

  execute({ slug, key, meta }: SubmitFilesInput): Promise<ChangedIntake> {
    return changeAsClient(this.writer, slug, meta, {
      action: 'item.submitted',
      summary: { item_key: key },
      decide: async (intake, items, now) => {
        const item = uploadableItem(items, key);
        const files = uploadsOf(await this.files.ofIntake(intake.id), key);
        const details: ErrorDetail[] = files.flatMap((f, i) =>
          f.av_status === 'infected'
            ? [{ path: `files[${i}]`, message: 'failed the virus scan: remove it and upload another' }]
            : [],
        );
        details.push(...validateFileSet(item, files.map(fileFacts)));
        if (details.length > 0) throw validationFailed(details);
        const result = submitItem(intakeState(intake, items), key, now);
        return {
          ...result,
          events: result.events.map((e) => (e.type === 'item.submitted' ? { ...e, file_count: files.length } : e)),
        };
      },
    });
  }
}
