import { Global, Module } from '@nestjs/common';
import { FileInspector } from '@intake/application-files';
import { StreamingFileInspector } from './streaming-file-inspector';

/** The upload pipeline's inspector (sniffing, HEIC → JPEG, size, SHA-256, image facts). */
@Global()
@Module({
  providers: [{ provide: FileInspector, useClass: StreamingFileInspector }],
  exports: [FileInspector],
})
export class UploadsModule {}
