import { type AccessContext } from '@intake/domain-accounts';
import { itemNotFound } from '@intake/domain-intake';
import { notFound } from '@intake/errors';
import { FileIntakes } from '../ports/file-intakes.port';
import { FileStore } from '../ports/file-store.port';
import { type FileLink, FileLinks } from './file-links';

export interface GetItemFileInput {
  access: AccessContext;
  intakeId: string;
  key: string;
  fileId: string;
}

/** GET /v1/intakes/:id/items/:key/files/:fileId: a signed URL to redirect to; 422 while pending or infected. */
export class GetItemFile {
  static readonly inject = [FileIntakes, FileStore, FileLinks] as const;

  constructor(
    private readonly intakes: FileIntakes,
    private readonly files: FileStore,
    private readonly links: FileLinks,
  ) {}

  async execute({ access, intakeId, key, fileId }: GetItemFileInput): Promise<FileLink> {
    if (!(await this.intakes.get(access, intakeId))) throw notFound('Intake');
    if (!(await this.intakes.items(intakeId)).some((i) => i.key === key)) throw itemNotFound(key);
    return this.links.of(await this.files.get(intakeId, fileId), 'upload', key);
  }
}
