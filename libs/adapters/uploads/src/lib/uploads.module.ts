import { Global, Module } from '@nestjs/common';
import { FileInspector, StagingArea } from '@intake/application-files';
import { StreamingFileInspector } from './streaming.file-inspector';
import { TempDirStagingArea } from './temp-dir.staging-area';

/**
 * The upload pipeline's inspector (sniffing, HEIC → JPEG, size, SHA-256, image facts) and the
 * staging area where brief files wait for their scan.
 */
@Global()
@Module({
  providers: [
    { provide: FileInspector, useClass: StreamingFileInspector },
    { provide: StagingArea, useValue: new TempDirStagingArea() },
  ],
  exports: [FileInspector, StagingArea],
})
export class UploadsModule {}
