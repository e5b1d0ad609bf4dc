import { Module } from '@nestjs/common';
import {
  Collections,
  CollectResults,
  DownloadHandover,
  DownloadIntake,
  DownloadReports,
  DownloadSettings,
  DownloadSources,
  GetDownloadPreflight,
  ReportPdf,
  ResultFiles,
  RevealSecret,
  SecretReleases,
} from '@intake/application-results';
import { APP_CONFIG, type AppConfig } from '@intake/config';
import { useCase } from '@intake/http';
import { IntakeClock } from '@intake/kernel';
import { PdfKitReportPdf } from '@intake/pdf-report';
import { DownloadsController } from './downloads.controller';
import { ResultsController } from './results.controller';
import { SecretsController } from './secrets.controller';

/**
 * The results context in the api: collecting what the client sent. The stores come from
 * ResultsPersistenceModule and IntakesPersistenceModule, the SecretBox from SecretBoxModule (all
 * global).
 */
@Module({
  controllers: [ResultsController, SecretsController, DownloadsController],
  providers: [
    {
      provide: DownloadSettings,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new DownloadSettings(config.downloadMaxBytes),
    },
    useCase(IntakeClock),
    useCase(SecretReleases),
    useCase(ResultFiles),
    useCase(Collections),
    useCase(RevealSecret),
    useCase(CollectResults),
    useCase(GetDownloadPreflight),
    { provide: ReportPdf, useClass: PdfKitReportPdf },
    useCase(DownloadSources),
    useCase(DownloadHandover),
    useCase(DownloadReports),
    useCase(DownloadIntake),
  ],
})
export class ResultsModule {}
