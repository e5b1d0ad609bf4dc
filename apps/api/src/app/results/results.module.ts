import { Module } from '@nestjs/common';
import { Collections, CollectResults, ResultFiles, RevealSecret, SecretReleases } from '@intake/application-results';
import { useCase } from '@intake/http';
import { ResultsController } from './results.controller';
import { SecretsController } from './secrets.controller';

/**
 * The results context in the api: collecting what the client sent. The stores come from
 * ResultsPersistenceModule and IntakesPersistenceModule, the SecretBox from SecretBoxModule (all
 * global).
 */
@Module({
  controllers: [ResultsController, SecretsController],
  providers: [
    useCase(SecretReleases),
    useCase(ResultFiles),
    useCase(Collections),
    useCase(RevealSecret),
    useCase(CollectResults),
  ],
})
export class ResultsModule {}
