import { IntakeWriter, unchanged } from '@intake/application-intakes';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { assertNotArchived } from '@intake/domain-intake';
import { DomainError, notFound, validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';
import { type RequestMeta } from '@intake/kernel';
import { cleanFilename, fileRecord } from '../file-records';
import { FileIntakes } from '../ports/file-intakes.port';
import { type FileRecord } from '../ports/file-store.port';
import { Antivirus } from '../ports/antivirus.port';
import { StagingArea } from '../ports/staging-area.port';
import { briefFileKey } from '../storage-keys';
import { type IncomingFile, uploadError, UploadPipeline } from '../uploads/upload-pipeline';

/** Brief files per intake (docs/contract.md "Client brief": the 11th is 422) and the size of each. */
export const BRIEF_FILES_MAX = 10;
export const BRIEF_FILE_MAX_BYTES = 50 * 1024 * 1024;

export interface AddBriefFileInput {
  principal: Principal;
  intakeId: string;
  file: IncomingFile;
  meta: RequestMeta;
}

function assertBriefRoom(files: FileRecord[]): void {
  if (files.filter((f) => f.kind === 'brief').length >= BRIEF_FILES_MAX) {
    throw validationFailed([
      { path: 'file', message: `cannot be added: an intake has at most ${BRIEF_FILES_MAX} brief files` },
    ]);
  }
}

/**
 * POST /v1/intakes/:id/brief/files: scanned before it is stored. The bytes are staged while they
 * are inspected, the scanner reads the staged copy, and only a clean file reaches storage (an
 * infected one is 422 file_infected and leaves nothing behind).
 */
export class AddBriefFile {
  static readonly inject = [FileIntakes, IntakeWriter, UploadPipeline, StagingArea, Antivirus] as const;

  constructor(
    private readonly intakes: FileIntakes,
    private readonly writer: IntakeWriter,
    private readonly pipeline: UploadPipeline,
    private readonly staging: StagingArea,
    private readonly antivirus: Antivirus,
  ) {}

  async execute({ principal, intakeId, file, meta }: AddBriefFileInput): Promise<FileRecord> {
    const intake = await this.intakes.get(accessOf(principal), intakeId);
    if (!intake) throw notFound('Intake');
    assertNotArchived(intake);
    assertBriefRoom(await this.pipeline.filesOf(intake.id));
    const id = newId('briefFile');
    const storageKey = briefFileKey(intake.id, id);
    const limit = await this.pipeline.limitFor(intake.account_id, BRIEF_FILE_MAX_BYTES);
    const inspection = await this.pipeline.inspect(file, limit);
    const staged = await this.staging.stage(inspection.body).catch((error: unknown) => {
      throw uploadError(error, limit);
    });
    try {
      const facts = inspection.facts();
      const verdict = await this.antivirus.scan(staged.read());
      if (!verdict.clean) {
        throw new DomainError('unprocessable', 'The file failed the virus scan and was not stored.', {
          reason: 'file_infected',
          details: [{ path: 'file', message: 'failed the virus scan' }],
        });
      }
      await this.pipeline.put(storageKey, staged.read(), limit, facts.mime);
      const filename = cleanFilename(file.filename, facts.extension, facts.converted);
      let record: FileRecord | undefined;
      try {
        await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
          action: 'intake.brief_file_added',
          summary: { file_id: id, size: facts.size },
          decide: async (locked, items, now) => {
            assertBriefRoom(await this.pipeline.filesOf(locked.id));
            const base = { id, account_id: locked.account_id, intake_id: locked.id, kind: 'brief' as const };
            record = fileRecord(
              { ...base, item_key: null, filename, storage_key: storageKey },
              facts,
              { status: 'clean', scannedAt: now },
              now,
            );
            await this.pipeline.admit(record);
            return unchanged(locked, items);
          },
        });
      } catch (error) {
        await this.pipeline.removeObjects([{ storage_key: storageKey }]);
        throw error;
      }
      if (!record) throw new Error('the brief file was committed without its record');
      return record;
    } finally {
      await staged.discard();
    }
  }
}
