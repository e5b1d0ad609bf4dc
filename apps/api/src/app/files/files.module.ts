import { Module } from '@nestjs/common';
import {
  AddBriefFile,
  FileLinks,
  GetBriefFile,
  GetItemFile,
  RemoveBriefFile,
  RemoveFile,
  SubmitFiles,
  UploadFile,
  UploadPipeline,
} from '@intake/application-files';
import { PortalGuessing } from '@intake/application-portal';
import { useCase } from '@intake/http';
import { IntakesModule } from '../intakes/intakes.module';
import { PortalFilesController } from './portal-files.controller';
import { FilesController } from './files.controller';
import { IntakeFilesController } from './intake-files.controller';

/**
 * The files context in the api: the client's uploads (portal), the owner's brief files, and
 * downloads through signed URLs. Storage, antivirus, inspector and staging come from their
 * adapters' global modules; the scans themselves run in the scheduler.
 */
@Module({
  imports: [IntakesModule],
  controllers: [PortalFilesController, IntakeFilesController, FilesController],
  providers: [
    useCase(UploadPipeline),
    useCase(FileLinks),
    useCase(UploadFile),
    useCase(RemoveFile),
    useCase(SubmitFiles),
    useCase(AddBriefFile),
    useCase(RemoveBriefFile),
    useCase(GetItemFile),
    useCase(GetBriefFile),
    // Guessing portal links is counted the same on every portal route (PortalThrottle).
    useCase(PortalGuessing),
  ],
})
export class FilesModule {}
