import { DynamicModule, Module } from '@nestjs/common';
import { Antivirus, ScanQueue } from '@intake/application-files';
import { ClamdAntivirus, NoAntivirus } from './clamd.antivirus';
import { BullScanQueue } from './bullmq.scan-queue';

export type AntivirusSettings = { driver: 'none' } | { driver: 'clamd'; host: string; port: number };

/** The Antivirus port (clamd, or none in development) and the scan queue on BullMQ (needs QueueModule). */
@Module({})
export class AntivirusModule {
  static forRoot(settings: AntivirusSettings): DynamicModule {
    return {
      module: AntivirusModule,
      global: true,
      providers: [
        {
          provide: Antivirus,
          useValue: settings.driver === 'clamd' ? new ClamdAntivirus(settings) : new NoAntivirus(),
        },
        { provide: ScanQueue, useClass: BullScanQueue },
      ],
      exports: [Antivirus, ScanQueue],
    };
  }
}
