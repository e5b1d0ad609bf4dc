import { assertPortalSlug, noSuchPortal } from '@intake/application-portal';
import { type AccessContext } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { FileIntakes } from '../ports/file-intakes.port';
import { FileStore } from '../ports/file-store.port';
import { type FileLink, FileLinks } from './file-links';

/** Who asks for a brief file: the owner by intake id, or the client by the portal link. */
export type GetBriefFileInput =
  | { by: 'owner'; access: AccessContext; intakeId: string; fileId: string }
  | { by: 'client'; slug: string; fileId: string };

/**
 * GET /v1/intakes/:id/brief/files/:fileId/url (owner) and GET /portal/v1/:slug/brief/files/:fileId
 * (client): a signed URL to redirect to.
 */
export class GetBriefFile {
  static readonly inject = [FileIntakes, FileStore, FileLinks] as const;

  constructor(
    private readonly intakes: FileIntakes,
    private readonly files: FileStore,
    private readonly links: FileLinks,
  ) {}

  async execute(input: GetBriefFileInput): Promise<FileLink> {
    const intakeId = await this.intakeOf(input);
    return this.links.of(await this.files.get(intakeId, input.fileId), 'brief');
  }

  private async intakeOf(input: GetBriefFileInput): Promise<string> {
    if (input.by === 'owner') {
      if (!(await this.intakes.get(input.access, input.intakeId))) throw notFound('Intake');
      return input.intakeId;
    }
    assertPortalSlug(input.slug);
    const intake = await this.intakes.getBySlug(input.slug);
    if (!intake) throw noSuchPortal();
    return intake.id;
  }
}
